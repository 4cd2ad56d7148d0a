import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  SCAN_MAX_REELS,
  watchStepMs,
  type DeletedWatchView,
  type Mode,
  type UsageSource,
  type WatchInterval,
  type WatchListView,
  type WatchSort,
  type WatchStatus,
  type WatchView,
} from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { watchesConfig } from '../config';
import { WatchRepository, type WatchRow, type WatchScope } from '../repositories/watch.repository';
import type { WatchRunBody } from './watch-run.service';
import { watchView } from './watch-views';

export type { WatchScope };

/** Who creates a watch: a key (its runs are that key's calls), or the dashboard (no key). */
export interface WatchCreator {
  accountId: string;
  mode: Mode;
  keyId: string | null;
  subject: string | null;
  source: UsageSource;
}

export interface NewWatchInput {
  query: string;
  market?: 'auto' | 'network_a' | 'network_b';
  limit?: number;
  interval: WatchInterval;
  min_outlier_score?: number;
  sort?: WatchSort;
}

export interface WatchChangesInput {
  status?: WatchStatus;
  interval?: WatchInterval;
  min_outlier_score?: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new DomainError('not_found', 'No such watch.', { param: 'id' });

/**
 * The rules of watches (docs/watches.md), for both fronts (an API key, scoped to its account and
 * mode; the dashboard, to its account): the cap per account and mode, pausing and resuming, and
 * the body of a run. An id outside the scope, or not an id, is 404 like one that does not exist.
 */
@Injectable()
export class WatchesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly watches: WatchRepository,
    @Inject(watchesConfig.KEY) private readonly config: ConfigType<typeof watchesConfig>,
    private readonly clock: Clock,
  ) {}

  async create(creator: WatchCreator, input: NewWatchInput): Promise<WatchView> {
    const max = this.config.maxPerMode;
    const id = randomUUID();
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const count = await this.watches.countForCreate(creator.accountId, creator.mode, manager);
      if (count >= max) {
        throw new DomainError(
          'resource_limit_reached',
          `This account already has ${count} ${creator.mode}-mode watches, the most allowed (${max}); delete one first.`,
          { param: 'watches' },
        );
      }
      await this.watches.create(
        {
          id,
          accountId: creator.accountId,
          mode: creator.mode,
          keyId: creator.keyId,
          source: creator.source,
          subject: creator.subject,
          query: input.query,
          market: input.market ?? 'auto',
          limit: input.limit ?? SCAN_MAX_REELS,
          interval: input.interval,
          minOutlierScore: input.min_outlier_score ?? null,
          sort: input.sort ?? null,
          nextRunAt: new Date(now.getTime() + watchStepMs(input.interval)),
          now,
        },
        manager,
      );
    });
    return this.get({ accountId: creator.accountId, mode: creator.mode }, id);
  }

  async list(
    scope: WatchScope,
    page: { limit?: number; starting_after?: string },
  ): Promise<WatchListView> {
    const limit = page.limit ?? 10;
    let after: WatchRow | null = null;
    if (page.starting_after) {
      after = UUID.test(page.starting_after)
        ? await this.watches.getById(scope, page.starting_after)
        : null;
      if (!after) {
        throw new DomainError('invalid_request', 'starting_after must be one of your watches.', {
          param: 'starting_after',
        });
      }
    }
    const rows = await this.watches.list(scope, { limit: limit + 1, startingAfter: after });
    return {
      object: 'list',
      data: rows.slice(0, limit).map(watchView),
      has_more: rows.length > limit,
    };
  }

  async get(scope: WatchScope, id: string): Promise<WatchView> {
    return watchView(await this.owned(scope, id));
  }

  /**
   * Pausing stops its runs; resuming (or a new interval) puts the next run an interval from now,
   * so a watch paused for a week does not run at once for the slots it slept through.
   */
  async update(scope: WatchScope, id: string, input: WatchChangesInput): Promise<WatchView> {
    const current = await this.owned(scope, id);
    const now = this.clock.now();
    const interval = input.interval ?? current.run_interval;
    const resumed = input.status === 'active' && current.status === 'paused';
    const changed = await this.watches.update(
      scope,
      current.id,
      {
        status: input.status,
        statusReason: input.status === undefined ? undefined : null,
        interval: input.interval,
        minOutlierScore: input.min_outlier_score,
        nextRunAt:
          resumed || input.interval !== undefined
            ? new Date(now.getTime() + watchStepMs(interval))
            : undefined,
      },
      now,
    );
    if (!changed) throw notFound();
    return this.get(scope, current.id);
  }

  async delete(scope: WatchScope, id: string): Promise<DeletedWatchView> {
    const current = await this.owned(scope, id);
    if (!(await this.watches.delete(scope, current.id))) throw notFound();
    return { id: current.id, object: 'watch', deleted: true };
  }

  /** The body of a run of the scope's watch, as the watch is now. */
  async runBody(scope: WatchScope, id: string): Promise<WatchRunBody> {
    return runBodyOf(await this.owned(scope, id));
  }

  /**
   * A run asked for by hand (`POST /v1/watches/{id}/run`, the dashboard's): refused with 429
   * `rate_limited` and `Retry-After` within `WATCHES_MIN_RUN_GAP_S` of the watch's previous run,
   * before anything is held or scanned. A run costs us a whole scan and charges only new reels,
   * so without a gap a loop of runs would buy scans for nothing (docs/watches.md). `start` opens
   * the run; when it is refused before its job opened (`opened()` false: a 402, a 400, a 503),
   * it did no work and the gap it took is given back.
   */
  async runByHand<T>(
    scope: WatchScope,
    id: string,
    start: (body: WatchRunBody) => Promise<T>,
    opened: () => boolean,
  ): Promise<T> {
    const body = await this.runBody(scope, id);
    const now = this.clock.now();
    const gapMs = this.config.minRunGapMs;
    const take = await this.watches.takeManualRun(scope, id, now, gapMs);
    if (!take) throw notFound();
    if (!take.taken) {
      const seconds = Math.max(
        1,
        Math.ceil((take.lastRunAt.getTime() + gapMs - now.getTime()) / 1000),
      );
      throw new DomainError(
        'rate_limited',
        `This watch ran less than ${Math.round(gapMs / 1000)} seconds ago; run it again in ${seconds} seconds.`,
        { headers: { 'Retry-After': String(seconds) } },
      );
    }
    try {
      return await start(body);
    } catch (thrown) {
      if (!opened()) await this.watches.giveBackManualRun(id, now, take.previous);
      throw thrown;
    }
  }

  private async owned(scope: WatchScope, id: string): Promise<WatchRow> {
    const row = UUID.test(id) ? await this.watches.getById(scope, id) : null;
    if (!row) throw notFound();
    return row;
  }
}

/** What a run of this watch scans for, stored as its job's request. */
export function runBodyOf(row: WatchRow): WatchRunBody {
  return {
    watch_id: row.id,
    query: row.query,
    market: row.market,
    limit: row.reel_limit,
    ...(row.sort ? { sort: row.sort } : {}),
    ...(row.min_outlier_score === null ? {} : { min_outlier_score: Number(row.min_outlier_score) }),
  };
}
