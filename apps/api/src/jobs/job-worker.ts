import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DomainError } from '@reelscout/domain';
import type { Environment } from '../config/environment';
import { toDomainError } from '../common/errors/error-envelope';
import { fromStoredBody } from '../idempotency/idempotency.service';
import { ProvidersService } from '../providers/providers.service';
import { JobRepository } from '../repositories/job.repository';
import { JobExecutor } from './job-executor';
import { JobQueue, type QueueMessage } from './job-queue';
import { attemptOf, JobSettlement } from './job-settlement';
import { JobUsage } from './job-usage';
import { OperationRegistry } from './operation-registry';

/**
 * Runs queued jobs (async calls and recovered ones) when `JOBS_WORKER` is on: assist and scan
 * on JOBS_CONCURRENCY slots, playbook and music on JOBS_HEAVY_SLOTS. On SIGTERM it stops
 * fetching, lets running jobs finish within JOBS_SHUTDOWN_GRACE_MS and puts the rest back in
 * the queue (their holds voided), so another worker runs them.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly queue: JobQueue,
    private readonly jobs: JobRepository,
    private readonly registry: OperationRegistry,
    private readonly executor: JobExecutor,
    private readonly settlement: JobSettlement,
    private readonly providers: ProvidersService,
    private readonly usage: JobUsage,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.get('JOBS_WORKER', { infer: true })) return;
    const handle = (message: QueueMessage) => this.handle(message);
    await this.queue.consume(
      'jobs-light',
      this.config.get('JOBS_CONCURRENCY', { infer: true }),
      handle,
    );
    await this.queue.consume(
      'jobs-heavy',
      this.config.get('JOBS_HEAVY_SLOTS', { infer: true }),
      handle,
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stopConsuming();
    await this.executor.drain(this.config.get('JOBS_SHUTDOWN_GRACE_MS', { infer: true }));
  }

  /** One queue message: runs its job if it is still queued (a canceled or started one is skipped). */
  async handle(message: QueueMessage): Promise<void> {
    // Draining: the job stays queued; its used-up message is sent again by a sweeper.
    if (this.executor.draining) return;
    const row = await this.jobs.start(message.jobId);
    if (!row) return;
    const attempt = attemptOf(row);
    try {
      this.providers.requireConfigured(row.mode, ...(this.registry.requires(row.operation) ?? []));
      const runnable = this.registry.runnableByName(
        row.operation,
        row.mode,
        fromStoredBody(row.request),
      );
      if (!runnable) {
        throw new DomainError('internal_error', `No worker can run ${row.operation} jobs.`);
      }
      await this.executor.run(attempt, runnable, { usageByJob: () => true });
    } catch (error) {
      this.logger.error({ err: error, jobId: row.id }, 'could not run a queued job');
      // Re-read: the attempt may have placed a hold of its own (a recovered job), to void now.
      const now = await this.jobs.findById(row.id);
      if (now?.status === 'running' && now.attempt === attempt.attempt) {
        const failure = toDomainError(error);
        const ended = await this.settlement.end(attemptOf(now), { kind: 'failed', error: failure });
        if (ended) {
          this.usage.record(attempt, { status: failure.status, errorCode: failure.code });
        }
      }
    }
  }
}
