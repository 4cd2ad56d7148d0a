import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  WATCH_PAUSE_REASONS,
  watchSlot,
  type WatchPauseReason,
} from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { watchesConfig } from '../config';
import { ExecutionService } from '../execution/execution.service';
import { JobQueue } from '../execution/job-queue';
import { WatchRunRepository } from '../repositories/watch-run.repository';
import { WatchRepository, type ClaimedWatch } from '../repositories/watch.repository';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { runOperationOf } from './creator-run.operation';
import { runBodyOf } from './watches.service';
import { watchView } from './watch-views';
import { recordWatchRun, recordWatchSlotLag } from '../common/observability/observe';

/** pg-boss's cron: every minute, the finest it has; a slot's run starts within about a minute. */
export const WATCH_TICK_CRON = '* * * * *';
/** Watches one tick claims at most; a larger backlog goes on at the next tick. */
export const WATCH_TICK_BATCH = 500;

/** What one claimed watch came to. */
export type SlotOutcome = 'queued' | 'paused' | 'skipped';

class Refused extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

/**
 * Runs watches on their slots (docs/architecture.md §5, docs/watches.md), on pg-boss's own
 * scheduler: one schedule ticks every minute, one worker handles each tick, and the tick claims
 * the due watches one at a time, each in one transaction that locks the row (`SKIP LOCKED`:
 * instances ticking at once take different watches), opens the run's scan job with its hold and
 * queue message through ExecutionService, records the slot (unique per watch) and moves the
 * watch to its next slot after now. So a slot runs once whatever the number of instances, and
 * slots missed while nothing ran collapse into one run. A run that cannot pay pauses its watch
 * and emits `watch.paused` in the same transaction; so does a watch whose key can no longer run
 * scans.
 */
@Injectable()
export class WatchScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Watches');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly watches: WatchRepository,
    private readonly runs: WatchRunRepository,
    private readonly execution: ExecutionService,
    private readonly queue: JobQueue,
    private readonly outbox: WebhookOutbox,
    @Inject(watchesConfig.KEY) private readonly config: ConfigType<typeof watchesConfig>,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.worker) return;
    await this.queue.every('watch-tick', WATCH_TICK_CRON, async () => {
      await this.tick();
    });
  }

  /** Runs every watch due now (at most a batch); what each came to, in order. */
  async tick(): Promise<SlotOutcome[]> {
    const outcomes: SlotOutcome[] = [];
    for (let i = 0; i < WATCH_TICK_BATCH; i++) {
      const outcome = await this.runOneDue();
      if (!outcome) break;
      recordWatchRun(outcome);
      outcomes.push(outcome);
    }
    if (outcomes.includes('paused')) this.outbox.kick();
    return outcomes;
  }

  /** Claims one due watch and starts its slot's run; null when none is due. */
  private runOneDue(): Promise<SlotOutcome | null> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const watch = await this.watches.claimDue(now, manager);
      if (!watch) return null;
      recordWatchSlotLag(watch.next_run_at, now);
      const { slotAt, nextRunAt } = watchSlot(watch.next_run_at, now, watch.run_interval);
      const scope = { accountId: watch.account_id, mode: watch.mode };
      // An account without API access runs nothing: its keys get 403 and its dashboard cannot
      // reach its watches, so a run now would spend credit it cannot control.
      if (!watch.api_access) return this.pause(watch, 'access_revoked', now, manager);
      // A dashboard watch runs under the account; another needs a working key of its line.
      const dashboard = watch.key_id === null && watch.source === 'dashboard';
      if (!dashboard && watch.run_key_id === null) {
        return this.pause(watch, 'key_unusable', now, manager);
      }
      let jobId: string;
      try {
        // A savepoint: a refused hold aborts its statement, and the pause below must still run.
        jobId = await manager.transaction(async (inner) => {
          const body = runBodyOf(watch);
          const started = await this.execution.enqueue(
            runOperationOf(body),
            {
              accountId: watch.account_id,
              mode: watch.mode,
              keyId: watch.run_key_id,
              subject: watch.subject,
              source: watch.source,
              // A scheduled run has no Idempotency-Key and reads no jobs: no key line applies.
              confinedTo: null,
            },
            body,
            inner,
            `watch_${watch.id}_${slotAt.toISOString()}`,
          );
          if ('refused' in started) throw new Refused(started.refused);
          return started.jobId;
        });
      } catch (thrown) {
        if (!(thrown instanceof Refused)) throw thrown;
        const code = thrown.error.code as WatchPauseReason;
        if (thrown.error.status === 402) {
          return this.pause(
            watch,
            WATCH_PAUSE_REASONS.includes(code) ? code : 'insufficient_credit',
            now,
            manager,
          );
        }
        // Nothing the watch can change (a live provider not configured): this slot is skipped.
        this.logger.warn({ watchId: watch.id, code: thrown.error.code }, 'watch slot skipped');
        await this.watches.update(scope, watch.id, { nextRunAt }, now, manager);
        return 'skipped';
      }
      await this.runs.record({ watchId: watch.id, jobId, slotAt, now }, manager);
      // A run asked for by hand keeps its gap from this one too.
      await this.watches.update(
        scope,
        watch.id,
        { nextRunAt, lastJobId: jobId, lastRunAt: now },
        now,
        manager,
      );
      return 'queued';
    });
  }

  /** Pauses the watch for `reason` and writes its `watch.paused` event, in `manager`'s transaction. */
  private async pause(
    watch: ClaimedWatch,
    reason: WatchPauseReason,
    now: Date,
    manager: EntityManager,
  ): Promise<SlotOutcome> {
    const scope = { accountId: watch.account_id, mode: watch.mode };
    await this.watches.update(
      scope,
      watch.id,
      { status: 'paused', statusReason: reason },
      now,
      manager,
    );
    const paused: ClaimedWatch = {
      ...watch,
      status: 'paused',
      status_reason: reason,
      updated_at: now,
    };
    await this.outbox.enqueue(manager, {
      accountId: watch.account_id,
      mode: watch.mode,
      type: 'watch.paused',
      data: watchView(paused),
    });
    this.logger.log({ watchId: watch.id, reason }, 'watch paused');
    return 'paused';
  }
}
