import {
  Inject,
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DomainError } from '@reelscout/domain';
import { jobsConfig } from '../config';
import { toDomainError } from '../common/errors/error-envelope';
import { fromStoredBody } from '../idempotency/idempotency.service';
import { ProvidersService } from '../providers/providers.service';
import { JobRepository } from '../repositories/job.repository';
import { JobAttempts } from './job-attempts';
import { JobQueue, type QueueMessage } from './job-queue';
import { attemptOf, JobSettlement, usageOfRow } from './job-settlement';
import { transition } from './job-state';
import { OperationCatalog } from './operation-catalog';

/**
 * Runs queued jobs (async calls and recovered ones) when `JOBS_WORKER` is on: operations on the
 * light queue on JOBS_CONCURRENCY slots, those on the heavy queue (their contracts say which) on
 * JOBS_HEAVY_SLOTS. On SIGTERM it stops
 * fetching, lets running jobs finish within JOBS_SHUTDOWN_GRACE_MS and puts the rest back in
 * the queue (their holds voided), so another worker runs them.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly queue: JobQueue,
    private readonly jobs: JobRepository,
    private readonly catalog: OperationCatalog,
    private readonly attempts: JobAttempts,
    private readonly settlement: JobSettlement,
    private readonly providers: ProvidersService,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.worker) return;
    const handle = (message: QueueMessage) => this.handle(message);
    await this.queue.consume('jobs-light', this.config.concurrency, handle);
    await this.queue.consume('jobs-heavy', this.config.heavySlots, handle);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stopConsuming();
    await this.attempts.drain(this.config.shutdownGraceMs);
  }

  /** One queue message: runs its job if it is still queued (a canceled or started one is skipped). */
  async handle(message: QueueMessage): Promise<void> {
    // Draining: the job stays queued; its used-up message is sent again by a sweeper.
    if (this.attempts.draining) return;
    const row = await this.jobs.claim(message.jobId, transition('queued', 'claim'));
    if (!row) return;
    const attempt = attemptOf(row);
    try {
      if (!this.catalog.has(row.operation)) {
        throw new DomainError('internal_error', `No worker can run ${row.operation} jobs.`);
      }
      const runnable = this.catalog.runnable(row.operation, row.mode, fromStoredBody(row.request));
      this.providers.requireConfigured(row.mode, ...runnable.requires);
      await this.attempts.run(attempt, runnable, {});
    } catch (error) {
      this.logger.error({ err: error, jobId: row.id }, 'could not run a queued job');
      // Re-read: the attempt may have placed a hold of its own (a recovered job), to void now.
      const now = await this.jobs.findById(row.id);
      if (now?.status === 'running' && now.attempt === attempt.attempt) {
        const failed = { kind: 'failed' as const, error: toDomainError(error) };
        await this.settlement.end(attemptOf(now), failed, usageOfRow(now));
      }
    }
  }
}
