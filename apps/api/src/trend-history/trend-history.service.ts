import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  judgeTrend,
  trendDays,
  utcDay,
  type Market,
  type Mode,
  type TrendJudgement,
  type TrendKind,
  type TrendSource,
} from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { trendsConfig } from '../config';
import type { TrendChartEntry } from '../providers/provider.types';
import { TrendCollectionRepository } from '../repositories/trend-collection.repository';
import { TrendItemRepository, type TrendItemRow } from '../repositories/trend-item.repository';
import {
  TrendObservationRepository,
  type TrendObservationRow,
  type TrendObservationWrite,
} from '../repositories/trend-observation.repository';

export type TrendScope = { mode: Mode; market: Market; kind: TrendKind };

/** One item's days in a window, as a trends call returns them. */
export interface StoredTrend {
  id: string;
  item: TrendItemRow | null;
  /** One point per day of the `2 × window` days, oldest first; null: no observation. */
  history: { date: string; value: number | null }[];
  /** The rank on `asOf` (null: not ranked that day). */
  rank: number | null;
  /** Rank `window` days before `asOf` minus rank on `asOf` (positive: climbed); null if unknown. */
  rankChange: number | null;
  source: TrendSource;
}

/** What one sound's history says, for music's suggestions. */
export interface SoundStage extends TrendJudgement {
  window: number;
  asOf: string;
}

/**
 * The trend history store (docs/trends.md): writes a chart's observations idempotently (one per
 * item, day, market and kind), reads the days a trends call answers for, judges a few sounds for
 * music, and deletes what is older than `HISTORY_RETENTION_DAYS`.
 */
@Injectable()
export class TrendHistoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly observations: TrendObservationRepository,
    private readonly items: TrendItemRepository,
    private readonly collections: TrendCollectionRepository,
    private readonly clock: Clock,
    @Inject(trendsConfig.KEY) private readonly config: ConfigType<typeof trendsConfig>,
  ) {}

  /** Today, UTC, by the app's clock. */
  today(): string {
    return utcDay(this.clock.now());
  }

  /**
   * Stores what a chart (or a call that read counts anyway) says today: each item's details, its
   * points (a curve or days' gains, none after today) and, for an item that gives only a running
   * total, today's gain over the latest earlier day's total. Writing the same again changes
   * nothing. How many observations it wrote.
   */
  async record(scope: TrendScope, entries: readonly TrendChartEntry[]): Promise<number> {
    const today = this.today();
    const unique = [...new Map(entries.map((entry) => [entry.id, entry])).values()];
    if (unique.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      const totals = await this.items.upsert(
        scope,
        today,
        unique.map((entry) => ({
          itemId: entry.id,
          title: entry.title,
          author: entry.author,
          url: entry.url,
          coverUrl: entry.coverUrl,
          commercial: entry.commercial,
          rankChange: entry.rankChange,
          // A total is a gain's base only where the points do not already say the day's value.
          total: entry.points ? null : entry.total,
        })),
        this.clock.now(),
        manager,
      );
      const totalOf = new Map(totals.map((row) => [row.item_id, row]));
      const rows: TrendObservationWrite[] = [];
      for (const entry of unique) {
        if (entry.points) {
          for (const point of entry.points) {
            if (point.day > today || !(point.value >= 0)) continue;
            rows.push({
              itemId: entry.id,
              day: point.day,
              value: point.value,
              rank: point.day === today ? entry.rank : null,
              source: entry.source,
            });
          }
          continue;
        }
        const total = totalOf.get(entry.id);
        if (total && total.total !== null && total.base_total !== null) {
          rows.push({
            itemId: entry.id,
            day: today,
            value: Math.max(0, total.total - total.base_total),
            rank: entry.rank,
            source: 'counts',
          });
        }
      }
      // Stable order: concurrent writers of one chart lock its rows in the same order.
      rows.sort((a, b) => (a.day + a.itemId < b.day + b.itemId ? -1 : 1));
      await this.observations.upsert(scope, rows, manager);
      return rows.length;
    });
  }

  /** The latest day with an observation, not after today; null on a store with none. */
  latestDay(scope: TrendScope): Promise<string | null> {
    return this.observations.latestDay(scope, this.today());
  }

  /**
   * Every item observed in the `2 × window` days ending at `asOf`, with its history (read on
   * `manager` when given: a caller inside a transaction needs no second connection).
   */
  async window(
    scope: TrendScope,
    asOf: string,
    window: number,
    manager?: EntityManager,
  ): Promise<StoredTrend[]> {
    const days = trendDays(asOf, window);
    const rows = await this.observations.inDays(scope, days[0], asOf, manager);
    return storedTrends(rows, days, window);
  }

  /**
   * Some items' histories in the `2 × window` days ending at `asOf`: a range of the item index
   * per item, so it reads `ids.length × 2 × window` rows at most. Items with no observation in
   * those days are left out.
   */
  async itemsWindow(
    scope: TrendScope,
    ids: readonly string[],
    asOf: string,
    window: number,
  ): Promise<StoredTrend[]> {
    const days = trendDays(asOf, window);
    const rows = await this.observations.ofItems(scope, ids, days[0], asOf);
    return storedTrends(rows, days, window);
  }

  /** The stored details of some items. */
  async details(scope: TrendScope, ids: readonly string[]): Promise<Map<string, TrendItemRow>> {
    const rows = await this.items.getMany(scope, ids);
    return new Map(rows.map((row) => [row.item_id, row]));
  }

  /**
   * The stage of each sound among `ids` that has history in the 7-day window ending today (the
   * rule of docs/trends.md); sounds without any observation in its 14 days are left out.
   */
  async soundStages(
    mode: Mode,
    market: Market,
    ids: readonly string[],
  ): Promise<Map<string, SoundStage>> {
    const window = 7;
    const asOf = this.today();
    const days = trendDays(asOf, window);
    const rows = await this.observations.ofItems(
      { mode, market, kind: 'sounds' },
      ids,
      days[0],
      asOf,
    );
    const byItem = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const map = byItem.get(row.item_id) ?? new Map<string, number>();
      map.set(row.day, row.value);
      byItem.set(row.item_id, map);
    }
    const stages = new Map<string, SoundStage>();
    for (const [id, byDay] of byItem) {
      const judged = judgeTrend(
        days.map((day) => byDay.get(day) ?? null),
        window,
      );
      stages.set(id, { ...judged, window, asOf });
    }
    return stages;
  }

  /** Deletes history older than `HISTORY_RETENTION_DAYS`; how many observations went. */
  async prune(): Promise<number> {
    const now = this.clock.now();
    const cutoff = utcDay(new Date(now.getTime() - this.config.retentionDays * 86_400_000));
    let deleted = 0;
    for (;;) {
      const batch = await this.observations.deleteBefore(cutoff);
      deleted += batch;
      if (batch === 0) break;
    }
    await this.collections.deleteBefore(cutoff);
    await this.items.deleteUnseenSince(new Date(`${cutoff}T00:00:00Z`));
    return deleted;
  }
}

/** Observations of the `2 × window` `days`, grouped into one history per item. */
function storedTrends(
  rows: readonly TrendObservationRow[],
  days: readonly string[],
  window: number,
): StoredTrend[] {
  const byItem = new Map<string, TrendObservationRow[]>();
  for (const row of rows) {
    const list = byItem.get(row.item_id) ?? [];
    list.push(row);
    byItem.set(row.item_id, list);
  }
  const asOf = days[days.length - 1];
  const before = days[window - 1];
  return [...byItem.entries()].map(([id, list]) => {
    const byDay = new Map(list.map((row) => [row.day, row]));
    const rank = byDay.get(asOf)?.rank ?? null;
    const earlier = byDay.get(before)?.rank ?? null;
    const latest = list.reduce((a, b) => (a.day > b.day ? a : b));
    return {
      id,
      item: null,
      history: days.map((date) => ({ date, value: byDay.get(date)?.value ?? null })),
      rank,
      rankChange: rank !== null && earlier !== null ? earlier - rank : null,
      source: latest.source,
    };
  });
}
