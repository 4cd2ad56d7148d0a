import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { jobsConfig } from '../config';
import { attemptOf, JobAggregate, usageOfRow } from './job-aggregate';
import { JobQueue } from './job-queue';

/** Rows one sweep handles per kind: a backlog drains over several sweeps, each one short. */
const BATCH = 50;

/**
 * A dead attempt is retried once from the start; a job whose retry dies too fails. Attempts
 * ended by a shutdown (put back in the queue on purpose) do not count.
 */
const MAX_RECOVERIES = 1;

/**
 * Recovers what a dead process left behind, on every worker (rows are locked with SKIP LOCKED,
 * so sweepers on several instances never take the same job):
 * - a running job whose heartbeat stopped (its process was killed): its hold voided, then
 *   retried once from the start, or failed (or canceled, when that was asked for);
 * - a queued job that waited longer than JOBS_MAX_QUEUE_MS: failed with 504 `timeout`;
 * - a queued job whose queue message was used up without starting it: sent again;
 * - results past their retention: purged (the rows stay, for usage).
 * Holds of dead calls are also voided by the ledger's reaper; a job's hold is settled here first.
 */
@Injectable()
export class JobSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobAggregate,
    private readonly queue: JobQueue,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.worker) return;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.sweep()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'job sweep failed'))
        .finally(() => (this.sweeping = undefined));
    }, this.config.sweepIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One sweep; what it did. */
  async sweep(): Promise<{
    recovered: number;
    failed: number;
    expired: number;
    resent: number;
    purged: number;
  }> {
    const { recovered, failed } = await this.recoverStale();
    const expired = await this.expireQueued();
    const resent = await this.resendLostMessages();
    const purged = await this.jobs.purgeResults(500);
    if (recovered + failed + expired + resent > 0) {
      this.logger.warn({ recovered, failed, expired, resent }, 'recovered jobs of dead workers');
    }
    return { recovered, failed, expired, resent, purged };
  }

  /** Each dead job in its own transaction: one failing row does not hold the others back. */
  private async recoverStale(): Promise<{ recovered: number; failed: number }> {
    const staleSeconds = this.config.staleAfterMs / 1000;
    let recovered = 0;
    let failed = 0;
    for (let i = 0; i < BATCH; i++) {
      const done = await this.dataSource.transaction(async (manager) => {
        const [row] = await this.jobs.lockStale(staleSeconds, 1, manager);
        if (!row) return null;
        const attempt = attemptOf(row);
        if (row.cancel_requested_at) {
          await this.jobs.cancel(attempt, usageOfRow(row), manager);
          return 'ended';
        }
        if (row.recoveries < MAX_RECOVERIES) {
          await this.jobs.requeue(attempt, { recovery: true, manager });
          return 'requeued';
        }
        const error = new DomainError(
          'internal_error',
          'The worker running this job stopped before it finished, twice; nothing was charged.',
        );
        await this.jobs.fail(attempt, error, usageOfRow(row), manager);
        return 'ended';
      });
      if (!done) break;
      if (done === 'ended') failed++;
      else recovered++;
    }
    return { recovered, failed };
  }

  private async expireQueued(): Promise<number> {
    const maxSeconds = this.config.maxQueueMs / 1000;
    let expired = 0;
    for (let i = 0; i < BATCH; i++) {
      const error = new DomainError(
        'timeout',
        `This job waited in the queue longer than ${Math.round(maxSeconds)} s and was not run; nothing was charged.`,
      );
      const row = await this.dataSource.transaction(async (manager) => {
        const [locked] = await this.jobs.lockExpiredQueued(maxSeconds, 1, manager);
        if (!locked) return null;
        await this.jobs.expire(locked, error, manager);
        return locked;
      });
      if (!row) break;
      expired++;
    }
    return expired;
  }

  /**
   * Queued jobs whose message can no longer start them (used up by a worker that died before
   * starting the job, or never sent) get a new one; the queue says which, through its API.
   */
  private resendLostMessages(): Promise<number> {
    const staleSeconds = this.config.staleAfterMs / 1000;
    return this.dataSource.transaction(async (manager) => {
      const queued = await this.jobs.lockQueuedOlderThan(staleSeconds, BATCH, manager);
      let resent = 0;
      for (const job of queued) {
        if (await this.queue.messageAlive(job.operation, job.queue_message_id, staleSeconds)) {
          continue;
        }
        await this.jobs.resend(job, manager);
        resent++;
      }
      return resent;
    });
  }
}
