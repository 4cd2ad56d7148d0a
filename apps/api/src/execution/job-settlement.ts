import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type Micros, type Mode, type UsageSource } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { toErrorBody } from '../common/errors/error-envelope';
import { jobsConfig } from '../config';
import { toStoredBody } from '../idempotency/idempotency.service';
import type { ErrorEnding, UsageFacts } from '../ledger/job-ledger.service';
import { LedgerRepository } from '../repositories/ledger.repository';
import { JobRepository, type JobRow } from '../repositories/job.repository';
import { JobEvents } from './job-events';
import { JobQueue } from './job-queue';
import { transition, type JobEvent } from './job-state';
import { observeSettlement, recordQueuedEnding } from '../common/observability/observe';

/** One attempt of a running job: what is needed to settle it. */
export interface JobAttempt {
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

export function attemptOf(row: JobRow): JobAttempt {
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

/** The state machine's event that settles an ending. */
const EVENT_OF: Record<Ending['kind'], JobEvent> = {
  succeeded: 'succeed',
  failed: 'fail',
  canceled: 'cancel',
};

export interface Settled {
  /** The HTTP status the synchronous call answers with. */
  httpStatus: number;
  /** A succeeded job's charge and the balance after it; null for a failed or canceled one. */
  captured: { charged: Micros; balance: Micros } | null;
}

export function canceledError(): DomainError {
  return new DomainError(
    'job_canceled',
    'This job was canceled before it finished; nothing was charged.',
  );
}

/** A dead call's usage: no market, its time from arrival to its end. */
export function usageOfRow(row: Pick<JobRow, 'created_at'>): UsageFacts {
  return { market: null, durationMs: Date.now() - row.created_at.getTime() };
}

/**
 * Settles jobs, exactly once: each ending is one statement of the ledger (LedgerRepository), which
 * moves the job out of `running` (or `queued`) as the state machine says, settles its hold,
 * appends the ledger entry, writes the call's usage record and marks its webhook event pending
 * (the job row is the outbox; JobEvents publishes it). A job recovered elsewhere cannot be
 * settled by the attempt it replaced, and no two statements can disagree about what happened.
 */
@Injectable()
export class JobSettlement {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobRepository,
    private readonly ledger: LedgerRepository,
    private readonly queue: JobQueue,
    private readonly events: JobEvents,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
  ) {}

  private retentionSeconds(): number {
    return this.config.resultRetentionHours * 3600;
  }

  /**
   * Settles a running attempt; null when the attempt no longer holds the job (nothing settled).
   * `manager`: inside a caller's transaction (the sweeper's, which holds the row's lock).
   */
  end(
    job: JobAttempt,
    ending: Ending,
    usage: UsageFacts,
    manager?: EntityManager,
  ): Promise<Settled | null> {
    return observeSettlement(job, ending, usage, () => this.settle(job, ending, usage, manager));
  }

  private async settle(
    job: JobAttempt,
    ending: Ending,
    usage: UsageFacts,
    manager?: EntityManager,
  ): Promise<Settled | null> {
    const move = transition('running', EVENT_OF[ending.kind]);
    let settled: Settled | null;
    let eventsPending: boolean;
    if (ending.kind === 'succeeded') {
      const charge = ending.chargeMicros;
      // The one check of a charge: whole micros, within the hold it captures.
      if (!Number.isSafeInteger(charge) || charge < 0 || charge > job.holdAmount) {
        throw new RangeError(`charge ${charge} is not whole micros within the hold`);
      }
      const done = await this.ledger.settleSuccess(
        job,
        move,
        {
          charge,
          result: toStoredBody(ending.body),
          retentionSeconds: this.retentionSeconds(),
          usage,
        },
        manager,
      );
      eventsPending = done.eventsPending;
      settled = !done.ended
        ? null
        : done.captured
          ? { httpStatus: 200, captured: { charged: charge, balance: Number(done.balance) } }
          : await this.chargeReaped(job, charge, usage);
    } else {
      const error = ending.kind === 'canceled' ? canceledError() : ending.error;
      const done = await this.ledger.settleWithoutCharge(
        job,
        move,
        this.errorEnding(error, job.requestId),
        usage,
        manager,
      );
      eventsPending = done.eventsPending;
      settled = done.ended ? { httpStatus: error.status, captured: null } : null;
    }
    if (eventsPending) this.events.kick();
    return settled;
  }

  /**
   * How this attempt settled the job, read back (a settlement that committed unheard); null
   * when the job is not ended by this attempt. A success whose late charge did not land (its
   * hold had been reaped) is charged now.
   */
  async endedBy(job: JobAttempt, ending: Ending, usage: UsageFacts): Promise<Settled | null> {
    const row = await this.jobs.findById(job.id);
    if (!row || row.attempt !== job.attempt || !row.finished_at) return null;
    if (row.status !== 'succeeded') return { httpStatus: row.http_status ?? 500, captured: null };
    if (row.charged !== null) {
      return {
        httpStatus: 200,
        captured: { charged: Number(row.charged), balance: Number(row.balance_after ?? 0) },
      };
    }
    return this.chargeReaped(job, ending.kind === 'succeeded' ? ending.chargeMicros : 0, usage);
  }

  /** Settles a job that never started (canceled or expired in the queue); false if it had. */
  async endQueued(
    row: JobRow,
    event: Extract<JobEvent, 'cancel' | 'expire'>,
    error: DomainError,
    manager?: EntityManager,
  ): Promise<boolean> {
    const done = await this.ledger.settleWithoutCharge(
      { id: row.id, attempt: null, accountId: row.account_id, mode: row.mode },
      transition('queued', event),
      this.errorEnding(error, row.request_id),
      usageOfRow(row),
      manager,
    );
    if (done.eventsPending) this.events.kick();
    if (done.ended) recordQueuedEnding(row, event);
    return done.ended;
  }

  /**
   * Puts a running attempt's job back in the queue with a new message (a shutdown, or a dead
   * attempt's recovery, which `recovery` counts): its hold is voided and the next attempt places
   * a new one. Whether it did.
   */
  async requeue(job: JobAttempt, manager?: EntityManager, recovery = false): Promise<boolean> {
    const run = async (m: EntityManager) => {
      if (!(await this.ledger.requeue(job, transition('running', 'requeue'), recovery, m))) {
        return false;
      }
      await this.queue.send(m, job.operation, job.id);
      return true;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /** The late charge of a success whose hold the reaper voided (free when there is no room). */
  private async chargeReaped(job: JobAttempt, charge: Micros, usage: UsageFacts): Promise<Settled> {
    const charged = await this.ledger.chargeReapedHold(job, charge, usage);
    if (charged) return { httpStatus: 200, captured: charged };
    // Settled by an earlier try that committed unheard: what it recorded stands.
    const row = (await this.jobs.findById(job.id))!;
    return {
      httpStatus: 200,
      captured: { charged: Number(row.charged ?? 0), balance: Number(row.balance_after ?? 0) },
    };
  }

  private errorEnding(error: DomainError, requestId: string): ErrorEnding {
    return {
      httpStatus: error.status,
      error: toStoredBody(toErrorBody(error, requestId)),
      errorCode: error.code,
      retentionSeconds: this.retentionSeconds(),
    };
  }
}
