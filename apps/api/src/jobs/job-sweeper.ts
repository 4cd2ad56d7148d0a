import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';
import { JobRepository, type JobRow } from '../repositories/job.repository';
import { UsageService } from '../usage/usage.service';
import { attemptOf, JobSettlement } from './job-settlement';

/** Rows one sweep handles per kind: a backlog drains over several sweeps, each one short. */
const BATCH = 50;

/** A dead attempt is retried once from the start; a job whose second attempt dies fails. */
const MAX_ATTEMPTS = 2;

/**
 * Recovers what a dead process left behind, on every worker (rows are locked with SKIP LOCKED,
 * so sweepers on several instances never take the same job):
 * - a running job whose heartbeat stopped (its process was killed): its hold voided, then
 *   retried once from the start, or failed (or canceled, when that was asked for);
 * - a queued job that waited longer than JOBS_MAX_QUEUE_MS: failed with 504 `timeout`;
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
    private readonly jobs: JobRepository,
    private readonly settlement: JobSettlement,
    private readonly usage: UsageService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.get('JOBS_WORKER', { infer: true })) return;
    this.timer = setInterval(
      () => {
        if (this.sweeping) return;
        this.sweeping = this.sweep()
          .then(() => undefined)
          .catch((error: unknown) => this.logger.warn({ err: error }, 'job sweep failed'))
          .finally(() => (this.sweeping = undefined));
      },
      this.config.get('JOBS_SWEEP_INTERVAL_MS', { infer: true }),
    );
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One sweep; what it did. */
  async sweep(): Promise<{ recovered: number; failed: number; expired: number; purged: number }> {
    const { recovered, failed } = await this.recoverStale();
    const expired = await this.expireQueued();
    const purged = await this.jobs.purgeResults(500);
    if (recovered + failed + expired > 0) {
      this.logger.warn({ recovered, failed, expired }, 'recovered jobs of dead workers');
    }
    return { recovered, failed, expired, purged };
  }

  private recoverStale(): Promise<{ recovered: number; failed: number }> {
    const staleSeconds = this.config.get('JOBS_STALE_AFTER_MS', { infer: true }) / 1000;
    return this.dataSource.transaction(async (manager) => {
      const rows = await this.jobs.lockStale(staleSeconds, BATCH, manager);
      let recovered = 0;
      let failed = 0;
      for (const row of rows) {
        const attempt = attemptOf(row);
        if (row.cancel_requested_at) {
          await this.settlement.end(attempt, { kind: 'canceled' }, manager);
          this.recordUsage(row, 409, 'job_canceled');
          failed++;
        } else if (row.attempt < MAX_ATTEMPTS) {
          await this.settlement.requeue(attempt, manager);
          recovered++;
        } else {
          const error = new DomainError(
            'internal_error',
            'The worker running this job stopped before it finished, twice; nothing was charged.',
          );
          await this.settlement.end(attempt, { kind: 'failed', error }, manager);
          this.recordUsage(row, error.status, error.code);
          failed++;
        }
      }
      return { recovered, failed };
    });
  }

  private expireQueued(): Promise<number> {
    const maxSeconds = this.config.get('JOBS_MAX_QUEUE_MS', { infer: true }) / 1000;
    return this.dataSource.transaction(async (manager) => {
      const rows = await this.jobs.lockExpiredQueued(maxSeconds, BATCH, manager);
      for (const row of rows) {
        const error = new DomainError(
          'timeout',
          `This job waited in the queue longer than ${Math.round(maxSeconds)} s and was not run; nothing was charged.`,
        );
        await this.settlement.endQueued(row, 'failed', error, manager);
        this.recordUsage(row, error.status, error.code);
      }
      return rows.length;
    });
  }

  private recordUsage(row: JobRow, status: number, errorCode: string): void {
    void this.usage.record({
      requestId: row.request_id,
      accountId: row.account_id,
      keyId: row.key_id,
      mode: row.mode,
      subject: row.subject,
      operation: row.operation,
      market: null,
      status,
      errorCode,
      charged: 0,
      durationMs: 0,
    });
  }
}
