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
import { attemptOf, JobAggregate, usageOfRow, type JobRow } from './job-aggregate';
import { JobAttempts } from './job-attempts';
import { JobQueue } from './job-queue';
import { OperationCatalog } from './operation-catalog';
import type { QueueClass } from './operation.contract';
import { SlotShares } from './slot-shares';
import { observeQueuedAttempt } from '../common/observability/observe';

/**
 * How long one wake-up keeps claiming: a slot that ended a job claims the next one at once (its
 * account's share is free again, and no message may be left for that job), but a wake-up ends
 * after this, well within the 15 min its queue message may stay active.
 */
const CLAIM_LOOP_MS = 300_000;

/** One queue's slots on this worker: who holds them, and the turn of its claims. */
interface Lane {
  shares: SlotShares;
  /** Claims of one lane run one at a time, so its counts are exact when the next one reads them. */
  turn: Promise<unknown>;
}

/**
 * Runs queued jobs (async calls and recovered ones) when `JOBS_WORKER` is on: operations on the
 * light queue on JOBS_CONCURRENCY slots, those on the heavy queue (their contracts say which) on
 * JOBS_HEAVY_SLOTS.
 *
 * A queue message is a wake-up, one per queued job: the slot it wakes claims the fair next job
 * of its queue (SlotShares, JobAggregate.claim), not necessarily the message's own, which
 * then stays queued for a later wake-up. The slot claims again each time it ends a job, so a
 * backlog drains at the speed of the work even when its messages were spent on claims that found
 * nothing; the sweeper sends a message again for a queued job whose message is gone.
 *
 * On SIGTERM it stops fetching, lets running jobs finish within JOBS_SHUTDOWN_GRACE_MS and puts
 * the rest back in the queue (their holds voided), so another worker runs them.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly lanes: Record<QueueClass, Lane>;

  constructor(
    private readonly queue: JobQueue,
    private readonly jobs: JobAggregate,
    private readonly catalog: OperationCatalog,
    private readonly attempts: JobAttempts,
    private readonly providers: ProvidersService,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
  ) {
    const lane = (slots: number): Lane => ({
      shares: new SlotShares(slots, config.accountShare, config.testShare),
      turn: Promise.resolve(),
    });
    this.lanes = { light: lane(config.concurrency), heavy: lane(config.heavySlots) };
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.worker) return;
    await this.queue.consume('jobs-light', this.config.concurrency, () => this.handle('light'));
    await this.queue.consume('jobs-heavy', this.config.heavySlots, () => this.handle('heavy'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stopConsuming();
    await this.attempts.drain(this.config.shutdownGraceMs);
  }

  /** One wake-up of a slot of `queue`: runs the fair next job, and the next, while there is one. */
  async handle(queue: QueueClass): Promise<void> {
    const since = Date.now();
    // Draining: jobs stay queued; their used-up messages are sent again by a sweeper.
    while (!this.attempts.draining && Date.now() - since < CLAIM_LOOP_MS) {
      const row = await this.claimNext(queue);
      if (!row) return;
      try {
        await observeQueuedAttempt(row, queue, () => this.runClaimed(row));
      } finally {
        this.lanes[queue].shares.give(row.account_id, row.mode);
      }
    }
  }

  /** The fair next job of `queue`, claimed, and counted as held by its account. */
  private claimNext(queue: QueueClass): Promise<JobRow | null> {
    const lane = this.lanes[queue];
    const claimed = lane.turn.then(async () => {
      const scope = { operations: this.catalog.operationsOn(queue), ...lane.shares.exclusions() };
      const row = await this.jobs.claim(scope);
      if (row) lane.shares.take(row.account_id, row.mode);
      return row;
    });
    lane.turn = claimed.catch(() => undefined);
    return claimed;
  }

  private async runClaimed(row: JobRow): Promise<void> {
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
        await this.jobs.fail(attemptOf(now), toDomainError(error), usageOfRow(now));
      }
    }
  }
}
