import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type Micros, type Mode, type UsageSource } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';
import { toErrorBody } from '../common/errors/error-envelope';
import { toStoredBody } from '../idempotency/idempotency.service';
import { BillingService, type CaptureResult } from '../ledger/billing.service';
import {
  JobRepository,
  type JobErrorEnding,
  type JobRow,
  type SettlementUsage,
} from '../repositories/job.repository';
import { JobEvents } from './job-events';
import { JobQueue } from './job-queue';

/** One attempt of a running job: what is needed to end it. */
export interface AttemptJob {
  id: string;
  attempt: number;
  accountId: string;
  mode: Mode;
  keyId: string | null;
  subject: string | null;
  operation: string;
  requestId: string;
  idempotencyKey: string | null;
  holdId: string | null;
  holdAmount: Micros;
  /** Where the call came from (its usage record says it); absent: `api`. */
  source?: UsageSource;
}

export function attemptOf(row: JobRow): AttemptJob {
  return {
    id: row.id,
    attempt: row.attempt,
    accountId: row.account_id,
    mode: row.mode,
    keyId: row.key_id,
    subject: row.subject,
    operation: row.operation,
    requestId: row.request_id,
    idempotencyKey: row.idempotency_key,
    holdId: row.hold_id,
    holdAmount: Number(row.hold_amount),
    source: row.source,
  };
}

/** How an attempt ended. */
export type Ending =
  | { kind: 'succeeded'; body: unknown; chargeMicros: Micros }
  | { kind: 'failed'; error: DomainError }
  | { kind: 'canceled' };

export interface Settled {
  /** The HTTP status the synchronous call answers with. */
  httpStatus: number;
  /** A succeeded job's charge and the balance after it; null for a failed or canceled one. */
  captured: CaptureResult | null;
  /** A webhook event of this ending waits to be published. */
  eventsPending: boolean;
  /** The call's usage record was written with its charge, by the ending's own statement. */
  usageRecorded: boolean;
}

export function canceledError(): DomainError {
  return new DomainError(
    'job_canceled',
    'This job was canceled before it finished; nothing was charged.',
  );
}

/**
 * Ends jobs, exactly once. A job's ending is one statement (see JobRepository): the row, fenced
 * by its attempt, is ended with its result or error, its hold captured or voided, the ledger
 * entry appended, and its webhook event marked pending (the job row is the outbox; the
 * publisher writes the deliveries). A job recovered elsewhere cannot be ended (or charged) by
 * the attempt it replaced, and no two statements can disagree about what happened.
 */
@Injectable()
export class JobSettlement {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobRepository,
    private readonly billing: BillingService,
    private readonly queue: JobQueue,
    private readonly events: JobEvents,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  private retentionSeconds(): number {
    return this.config.get('JOBS_RESULT_RETENTION_HOURS', { infer: true }) * 3600;
  }

  /**
   * Ends a running attempt; null when the attempt no longer holds the job (nothing settled).
   * `manager`: inside a caller's transaction (the sweeper's, which holds the row's lock).
   * `usage`: a succeeded call's usage record, written with its charge when the charge is
   * captured (`usageRecorded`); otherwise whoever answers for the call records it.
   */
  async end(
    job: AttemptJob,
    ending: Ending,
    manager?: EntityManager,
    usage?: SettlementUsage,
  ): Promise<Settled | null> {
    const settled =
      ending.kind === 'succeeded'
        ? await this.endSucceeded(job, ending, manager, usage)
        : await this.endWithoutCharge(job, ending, manager);
    if (settled?.eventsPending) this.events.kick();
    return settled;
  }

  private async endSucceeded(
    job: AttemptJob,
    ending: Extract<Ending, { kind: 'succeeded' }>,
    manager?: EntityManager,
    usage?: SettlementUsage,
  ): Promise<Settled | null> {
    const charge = ending.chargeMicros;
    if (!Number.isSafeInteger(charge) || charge < 0 || charge > job.holdAmount) {
      throw new RangeError(`charge ${charge} is outside [0, ${job.holdAmount}]`);
    }
    const done = await this.jobs.settleSuccess(
      job,
      {
        result: toStoredBody(ending.body),
        charge,
        operation: job.operation,
        requestId: job.requestId,
        retentionSeconds: this.retentionSeconds(),
        usage,
      },
      manager,
    );
    if (!done.ended) return null;
    const { eventsPending, usageRecorded } = done;
    if (done.captured) {
      const captured = { charged: charge, balance: Number(done.balance) };
      return { httpStatus: 200, captured, eventsPending, usageRecorded };
    }
    // Its hold was reaped (the attempt outlived its deadline and margin): charge directly, only
    // if the credit is still there; otherwise the call is free.
    const captured = await this.billing.chargeWithoutHold(job, charge, {
      holdId: job.holdId!, // a succeeded attempt always ran under a hold
      operation: job.operation,
      requestId: job.requestId,
      onCharged: (result, m) => this.jobs.setCharge(job.id, result.charged, result.balance, m),
    });
    return { httpStatus: 200, captured, eventsPending, usageRecorded: false };
  }

  private async endWithoutCharge(
    job: AttemptJob,
    ending: Exclude<Ending, { kind: 'succeeded' }>,
    manager?: EntityManager,
  ): Promise<Settled | null> {
    const error = ending.kind === 'canceled' ? canceledError() : ending.error;
    const ended = await this.jobs.settleWithoutCharge(
      job,
      this.errorEnding(ending.kind, error, job.requestId),
      manager,
    );
    return ended.ended
      ? {
          httpStatus: error.status,
          captured: null,
          eventsPending: ended.eventsPending,
          usageRecorded: false,
        }
      : null;
  }

  /**
   * How this attempt ended the job, read back (an ending that committed unheard); null when the
   * job is not ended by this attempt. A succeeded job whose direct charge did not land (its hold
   * had been reaped) is charged now. `usage`: as given to the ending (`end`), whose statement
   * wrote the usage record if it captured the hold.
   */
  async endedBy(job: AttemptJob, ending: Ending, usage?: SettlementUsage): Promise<Settled | null> {
    const row = await this.jobs.findById(job.id);
    if (!row || row.attempt !== job.attempt || !row.finished_at) return null;
    if (row.status !== 'succeeded') {
      return {
        httpStatus: row.http_status ?? 500,
        captured: null,
        eventsPending: false,
        usageRecorded: false,
      };
    }
    const usageRecorded =
      usage !== undefined && row.hold_id !== null && (await this.billing.holdCaptured(row.hold_id));
    const captured =
      row.charged === null
        ? await this.billing.chargeWithoutHold(
            job,
            ending.kind === 'succeeded' ? ending.chargeMicros : 0,
            {
              holdId: job.holdId!,
              operation: job.operation,
              requestId: job.requestId,
              onCharged: (result, m) =>
                this.jobs.setCharge(job.id, result.charged, result.balance, m),
            },
          )
        : { charged: Number(row.charged), balance: Number(row.balance_after ?? 0) };
    return { httpStatus: 200, captured, eventsPending: false, usageRecorded };
  }

  /** Ends a job that never started (canceled in the queue, or expired there); false if it had. */
  async endQueued(
    job: Pick<JobRow, 'id' | 'request_id'>,
    kind: 'canceled' | 'failed',
    error: DomainError,
    manager?: EntityManager,
  ): Promise<boolean> {
    const ending = this.errorEnding(kind, error, job.request_id);
    const ended = manager
      ? await this.jobs.endQueued(job.id, ending, manager)
      : await this.dataSource.transaction((m) => this.jobs.endQueued(job.id, ending, m));
    if (ended.eventsPending) this.events.kick();
    return ended.ended;
  }

  /**
   * Puts a running attempt's job back in the queue (shutdown, or a dead attempt's recovery, which
   * `recovery` counts): its hold is voided and the next attempt places a new one. Whether it did.
   */
  async requeue(job: AttemptJob, manager?: EntityManager, recovery = false): Promise<boolean> {
    const run = async (m: EntityManager) => {
      if (!(await this.jobs.requeue(job.id, job.attempt, m, recovery))) return false;
      if (job.holdId) await this.billing.void({ id: job.holdId }, m);
      await this.queue.send(m, job.operation, job.id);
      return true;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  private errorEnding(
    kind: 'failed' | 'canceled',
    error: DomainError,
    requestId: string,
  ): JobErrorEnding {
    return {
      status: kind,
      httpStatus: error.status,
      error: toStoredBody(toErrorBody(error, requestId)),
      retentionSeconds: this.retentionSeconds(),
    };
  }
}
