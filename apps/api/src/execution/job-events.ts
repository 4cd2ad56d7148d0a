import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { JobView, WebhookEventType } from '@reelscout/domain';
import { jobsConfig } from '../config';
import { fromStoredBody } from '../idempotency/idempotency.service';
import { JobAggregate, type JobRow } from './job-aggregate';
import { WebhookOutbox, type JobEventType } from '../webhooks/webhook-outbox';
import { toJobView } from './job-view';
import { OperationCatalog } from './operation-catalog';

/** Ended jobs published per transaction; a backlog goes on in the next round at once. */
const BATCH = 100;

/** How soon after a job ends here its event is written (jobs ending meanwhile share the round). */
const KICK_DELAY_MS = 20;

const EVENT: Record<string, JobEventType> = {
  succeeded: 'job.succeeded',
  failed: 'job.failed',
  canceled: 'job.canceled',
};

/**
 * Publishes ended jobs' webhook events. The statement that ends a job marks its event pending on
 * the job row itself (the outbox), so an ending and its event can never disagree; this turns
 * pending events into webhook deliveries (one per subscribed endpoint, `WebhookOutbox.enqueue`)
 * and clears them, in one transaction, with `SKIP LOCKED` so publishers on several workers share
 * the work. Runs where background work runs (`JOBS_WORKER`): soon after a job ends in this
 * process, and every WEBHOOK_POLL_INTERVAL_MS for jobs ended elsewhere.
 */
@Injectable()
export class JobEvents implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly enabled: boolean;
  private readonly pollMs: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobAggregate,
    private readonly outbox: WebhookOutbox,
    private readonly catalog: OperationCatalog,
    @Inject(jobsConfig.KEY) config: ConfigType<typeof jobsConfig>,
  ) {
    this.enabled = config.worker;
    jobs.onEventsPending(() => this.kick());
    this.pollMs = config.eventPollIntervalMs;
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.stopped = false;
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** A job ended here: publish its event soon (no-op where background work does not run). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(KICK_DELAY_MS);
  }

  /** Publishes pending events until none are left (bounded); how many jobs it published. */
  async publishPending(maxRounds = 20): Promise<number> {
    let published = 0;
    for (let round = 0; round < maxRounds; round++) {
      const { count, deliveries } = await this.publishBatch();
      published += count;
      if (deliveries > 0) this.outbox.kick();
      if (count < BATCH) break;
    }
    return published;
  }

  private publishBatch(): Promise<{ count: number; deliveries: number }> {
    return this.dataSource.transaction(async (manager) => {
      const pending = await this.jobs.lockEventsPending(BATCH, manager);
      let deliveries = 0;
      for (const row of pending) {
        if (!EVENT[row.status]) continue;
        const view = toJobView(row);
        const events: { type: WebhookEventType; data: object }[] = [
          { type: EVENT[row.status], data: view },
        ];
        if (row.status === 'succeeded') events.push(...this.contractEvents(row, view));
        for (const { type, data } of events) {
          deliveries += await this.outbox.enqueue(manager, {
            accountId: row.account_id,
            mode: row.mode,
            type,
            data,
          });
        }
      }
      if (pending.length > 0) {
        await this.jobs.eventsPublished(
          pending.map((p) => p.id),
          manager,
        );
      }
      return { count: pending.length, deliveries };
    });
  }

  /** The events a succeeded job's contract adds (a watch's run: `watch.new_reels`). */
  private contractEvents(row: JobRow, view: JobView): { type: WebhookEventType; data: object }[] {
    if (!this.catalog.has(row.operation)) return [];
    const contract = this.catalog.contractFor(row.operation, fromStoredBody(row.request));
    return contract.events?.(view) ?? [];
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), ms);
    this.timer.unref();
  }

  private run(): void {
    if (this.stopped || this.running) return;
    this.again = false;
    this.running = this.publishPending()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'publishing job events failed'))
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.again ? KICK_DELAY_MS : this.pollMs);
      });
  }
}
