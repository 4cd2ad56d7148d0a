import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  isMarket,
  namespacedIdFor,
  OUTLIER_MULTIPLE,
  parseCreatorRef,
  SCAN_MAX_REELS,
  watchStepMs,
  type CreatorPostListView,
  type CreatorSnapshotListView,
  type DeletedWatchView,
  type Mode,
  type UsageSource,
  type WatchInterval,
  type WatchKind,
  type WatchListView,
  type WatchSort,
  type WatchStatus,
  type WatchView,
} from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { watchesConfig } from '../config';
import { ENDED_WITHOUT_DELIVERY } from '../execution/job-state';
import { ProvidersService } from '../providers/providers.service';
import { CreatorTrackingRepository } from '../repositories/creator-tracking.repository';
import {
  WatchRepository,
  type StoredCreator,
  type WatchRow,
  type WatchScope,
} from '../repositories/watch.repository';
import type { AnyWatchRunBody } from './creator-run.operation';
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
  kind?: WatchKind;
  query?: string;
  creator?: string;
  outlier_multiple?: number;
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
  outlier_multiple?: number;
}

/** The fields only one kind of watch takes: sent for the other kind they are a 400. */
const NICHE_ONLY = ['query', 'limit', 'sort', 'min_outlier_score'] as const;
const CREATOR_ONLY = ['creator', 'outlier_multiple'] as const;

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
    private readonly providers: ProvidersService,
    private readonly tracking: CreatorTrackingRepository,
  ) {}

  async create(creator: WatchCreator, input: NewWatchInput): Promise<WatchView> {
    const kind = input.kind ?? 'niche';
    for (const field of kind === 'creator' ? NICHE_ONLY : CREATOR_ONLY) {
      if (input[field] !== undefined) {
        throw new DomainError('invalid_request', `${field} is not a field of a ${kind} watch.`, {
          param: field,
        });
      }
    }
    // A creator is looked up before anything is stored: an unknown or private one is a 404.
    const found = kind === 'creator' ? await this.findCreator(creator.mode, input) : undefined;
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
          query: found ? `@${found.handle ?? found.sec_uid}` : input.query!,
          market: found ? found.market : (input.market ?? 'auto'),
          limit: input.limit ?? SCAN_MAX_REELS,
          interval: input.interval,
          minOutlierScore: input.min_outlier_score ?? null,
          sort: input.sort ?? null,
          nextRunAt: new Date(now.getTime() + watchStepMs(input.interval)),
          now,
          ...(found
            ? {
                creator: {
                  creator: found,
                  outlierMultiple: input.outlier_multiple ?? OUTLIER_MULTIPLE.default,
                },
              }
            : {}),
        },
        manager,
      );
    });
    return this.get({ accountId: creator.accountId, mode: creator.mode }, id);
  }

  /** The creator `input` names, as the mode's provider finds it: 404 when unknown or private. */
  private async findCreator(mode: Mode, input: NewWatchInput): Promise<StoredCreator> {
    if (input.creator === undefined) {
      throw new DomainError('invalid_request', 'creator is required for a creator watch.', {
        param: 'creator',
      });
    }
    const market = isMarket(input.market) ? input.market : undefined;
    const ref = parseCreatorRef(input.creator, market);
    this.providers.requireConfigured(mode, 'videoData');
    const profile = await this.providers.creatorsFor(mode).profile(ref);
    if (!profile) {
      throw new DomainError(
        'not_found',
        'No public creator found for this profile link or handle (unknown, private or deleted).',
        { param: 'creator' },
      );
    }
    return {
      market: profile.market,
      handle: profile.handle,
      name: profile.name,
      url: profile.url,
      sec_uid: profile.secUid,
    };
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
    const field = current.kind === 'creator' ? 'min_outlier_score' : 'outlier_multiple';
    if (input[field] !== undefined) {
      throw new DomainError(
        'invalid_request',
        `${field} is not a field of a ${current.kind} watch.`,
        { param: field },
      );
    }
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
        outlierMultiple: input.outlier_multiple,
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

  /**
   * A creator watch's follower history, oldest first, within `from`–`to` (free). `limit` and
   * `starting_after` (the `at` of the previous page's last snapshot) page it.
   */
  async snapshots(
    scope: WatchScope,
    id: string,
    query: { from?: string; to?: string; limit?: number; starting_after?: string },
  ): Promise<CreatorSnapshotListView> {
    const watch = await this.ownedCreatorWatch(scope, id);
    const limit = query.limit ?? 10;
    const rows = await this.tracking.snapshots(
      watch.id,
      {
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        after: query.starting_after ? new Date(query.starting_after) : undefined,
        limit: limit + 1,
      },
      ENDED_WITHOUT_DELIVERY,
    );
    return { object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit };
  }

  /** A creator watch's posts, newest first (free); `starting_after` is a post's `id`. */
  async posts(
    scope: WatchScope,
    id: string,
    page: { limit?: number; starting_after?: string },
  ): Promise<CreatorPostListView> {
    const watch = await this.ownedCreatorWatch(scope, id);
    const market = watch.creator!.market;
    const limit = page.limit ?? 10;
    const after = page.starting_after?.replace(/^network_b:/, '');
    const rows = await this.tracking.posts(
      watch.id,
      { after, limit: limit + 1 },
      ENDED_WITHOUT_DELIVERY,
    );
    if (!rows) {
      throw new DomainError(
        'invalid_request',
        'starting_after must be one of this watch’s posts.',
        {
          param: 'starting_after',
        },
      );
    }
    return {
      object: 'list',
      data: rows.slice(0, limit).map(({ post_id, ...post }) => ({
        id: namespacedIdFor(market, post_id),
        ...post,
      })),
      has_more: rows.length > limit,
    };
  }

  private async ownedCreatorWatch(scope: WatchScope, id: string): Promise<WatchRow> {
    const watch = await this.owned(scope, id);
    if (watch.kind !== 'creator') {
      throw new DomainError('invalid_request', 'Only a creator watch has snapshots and posts.', {
        param: 'id',
      });
    }
    return watch;
  }

  /** The body of a run of the scope's watch, as the watch is now. */
  async runBody(scope: WatchScope, id: string): Promise<AnyWatchRunBody> {
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
    start: (body: AnyWatchRunBody) => Promise<T>,
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

/**
 * What a run of this watch does, stored as its job's request: a niche watch's scan, or a creator
 * watch's creator.
 */
export function runBodyOf(row: WatchRow): AnyWatchRunBody {
  if (row.kind === 'creator') {
    return {
      kind: 'creator',
      watch_id: row.id,
      creator: row.creator!,
      outlier_multiple: roundMultiple(row.outlier_multiple!),
    };
  }
  return {
    watch_id: row.id,
    query: row.query,
    market: row.market,
    limit: row.reel_limit,
    ...(row.sort ? { sort: row.sort } : {}),
    ...(row.min_outlier_score === null ? {} : { min_outlier_score: Number(row.min_outlier_score) }),
  };
}

/** `real` keeps about seven digits: 1.2 comes back as 1.2000000476…; this gives 1.2 again. */
export function roundMultiple(value: number): number {
  return Math.round(Number(value) * 1000) / 1000;
}
