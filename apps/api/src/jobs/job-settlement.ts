import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, formatUsd, type Micros, type Mode } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';
import { toErrorBody } from '../common/errors/error-envelope';
import { IdempotencyService, toStoredBody } from '../idempotency/idempotency.service';
import { BillingService, type CaptureResult } from '../ledger/billing.service';
import { JobRepository, type JobEnding, type JobRow } from '../repositories/job.repository';
import { WebhookOutbox, type JobEventType } from '../webhooks/webhook-outbox';
import { JobQueue } from './job-queue';
import { toJobView } from './job-view';

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
  };
}

/** How an attempt ended. */
export type Ending =
  | { kind: 'succeeded'; body: unknown; chargeMicros: Micros }
  | { kind: 'failed'; error: DomainError }
  | { kind: 'canceled' };

export interface Settled {
  row: JobRow;
  captured: CaptureResult | null;
  /** Webhook deliveries the ending wrote. */
  deliveries: number;
}

const EVENT: Record<'succeeded' | 'failed' | 'canceled', JobEventType> = {
  succeeded: 'job.succeeded',
  failed: 'job.failed',
  canceled: 'job.canceled',
};

export function canceledError(): DomainError {
  return new DomainError(
    'job_canceled',
    'This job was canceled before it finished; nothing was charged.',
  );
}

/**
 * Ends jobs, exactly once: in one transaction the job row is ended (fenced by its attempt), its
 * hold captured or voided, the Idempotency-Key's response stored and the webhook deliveries
 * written (an outbox). Either all of it happens or none: a job recovered elsewhere cannot be
 * ended (or charged) by the attempt it replaced.
 */
@Injectable()
export class JobSettlement {
  private readonly logger = new Logger('Jobs');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobRepository,
    private readonly billing: BillingService,
    private readonly idempotency: IdempotencyService,
    private readonly outbox: WebhookOutbox,
    private readonly queue: JobQueue,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  private retentionSeconds(): number {
    return this.config.get('JOBS_RESULT_RETENTION_HOURS', { infer: true }) * 3600;
  }

  /** Ends a running attempt; null when the attempt no longer holds the job (nothing settled). */
  async end(job: AttemptJob, ending: Ending, outer?: EntityManager): Promise<Settled | null> {
    const run = async (manager: EntityManager): Promise<Settled> => {
      let captured: CaptureResult | null = null;
      let jobEnding: JobEnding;
      const hold = job.holdId
        ? { id: job.holdId, accountId: job.accountId, mode: job.mode, amount: job.holdAmount }
        : null;
      if (ending.kind === 'succeeded') {
        if (!hold) throw new Error('a succeeded attempt without a hold');
        captured = await this.billing.capture(
          hold,
          ending.chargeMicros,
          { operation: job.operation, requestId: job.requestId },
          manager,
        );
        jobEnding = {
          status: 'succeeded',
          httpStatus: 200,
          result: toStoredBody(ending.body),
          error: null,
          charged: captured.charged,
          balanceAfter: captured.balance,
          retentionSeconds: this.retentionSeconds(),
        };
      } else {
        if (hold) await this.billing.void(hold, manager);
        const error = ending.kind === 'canceled' ? canceledError() : ending.error;
        jobEnding = this.errorEnding(ending.kind, error, job.requestId);
      }
      const row = await this.jobs.finish(job.id, job.attempt, jobEnding, manager);
      if (!row) throw new Superseded();
      const deliveries = await this.afterEnd(row, captured, manager);
      return { row, captured, deliveries };
    };
    // Inside a caller's transaction (the sweeper's, which holds the row's lock) or in its own.
    const settled = outer
      ? await run(outer)
      : await this.dataSource.transaction(run).catch((error: unknown) => {
          if (error instanceof Superseded) return null;
          throw error;
        });
    if (settled?.deliveries) this.outbox.kick();
    return settled;
  }

  /** Ends a job that never started (canceled in the queue, or expired there); null if it had. */
  async endQueued(
    job: Pick<JobRow, 'id' | 'request_id' | 'hold_id'>,
    kind: 'canceled' | 'failed',
    error: DomainError,
    manager?: EntityManager,
  ): Promise<JobRow | null> {
    const run = async (m: EntityManager) => {
      const ended = await this.jobs.finishQueued(
        job.id,
        this.errorEnding(kind, error, job.request_id),
        m,
      );
      if (!ended) return null;
      if (job.hold_id) await this.billing.void({ id: job.hold_id }, m);
      const deliveries = await this.afterEnd(ended, null, m);
      return { ended, deliveries };
    };
    const done = manager ? await run(manager) : await this.dataSource.transaction(run);
    if (done?.deliveries) this.outbox.kick();
    return done?.ended ?? null;
  }

  /**
   * Puts a running attempt's job back in the queue (shutdown, or a dead attempt's recovery): its
   * hold is voided and the next attempt places a new one. Whether it did.
   */
  async requeue(job: AttemptJob, manager?: EntityManager): Promise<boolean> {
    const run = async (m: EntityManager) => {
      if (!(await this.jobs.requeue(job.id, job.attempt, m))) return false;
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
  ): JobEnding {
    return {
      status: kind,
      httpStatus: error.status,
      result: null,
      error: toStoredBody(toErrorBody(error, requestId)),
      charged: 0,
      balanceAfter: null,
      retentionSeconds: this.retentionSeconds(),
    };
  }

  /**
   * In the ending transaction: the Idempotency-Key's response and the webhook deliveries (how
   * many).
   */
  private async afterEnd(
    row: JobRow,
    captured: CaptureResult | null,
    manager: EntityManager,
  ): Promise<number> {
    const view = toJobView(row);
    if (row.idempotency_key) {
      const scope = { accountId: row.account_id, mode: row.mode, key: row.idempotency_key };
      await this.idempotency.finish(
        scope,
        row.status === 'succeeded'
          ? {
              status: 200,
              body: view.result,
              headers: {
                'x-service-charged-usd': formatUsd(captured!.charged),
                'x-service-balance-usd': formatUsd(captured!.balance),
                'x-job-id': view.id,
              },
            }
          : { status: row.http_status!, body: view.error, headers: { 'x-job-id': view.id } },
        manager,
      );
    }
    const type = EVENT[row.status as keyof typeof EVENT];
    const deliveries = await this.outbox.enqueue(manager, {
      accountId: row.account_id,
      mode: row.mode,
      type,
      data: view,
    });
    this.logger.debug({ jobId: row.id, status: row.status }, 'job ended');
    return deliveries;
  }
}

/** The attempt no longer holds its job: roll the ending back. */
class Superseded extends Error {}
