import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  compareTrends,
  judgeTrend,
  TREND_WINDOWS,
  type TrendStage,
  type TrendWindow,
} from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock/clock';
import {
  TrendRankingRepository,
  type TrendRankingPage,
  type TrendRankingWrite,
} from '../repositories/trend-ranking.repository';
import { TrendHistoryService, type TrendScope } from './trend-history.service';

/**
 * The ranked trends table (docs/architecture.md §"Trends"): every item of a market, kind and
 * window judged once by the stage rule (`judgeTrend`) for the latest day, and placed in both
 * sorts (`compareTrends`), so a call reads one page instead of judging the whole window. A
 * ranking is rebuilt when its day or the store's revision (raised by every observation write)
 * moved on: right after a collection, or by the first call that finds it stale, under a lock so
 * concurrent calls judge once.
 */
@Injectable()
export class TrendRankingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rankings: TrendRankingRepository,
    private readonly history: TrendHistoryService,
    private readonly clock: Clock,
  ) {}

  /** Rebuilds every window's ranking of a scope that is stale (after a collection wrote). */
  async refreshAll(scope: TrendScope): Promise<void> {
    const asOf = await this.history.latestDay(scope);
    if (asOf === null) return;
    for (const window of TREND_WINDOWS) await this.refresh(scope, window, asOf);
  }

  /** One page of the ranking for `asOf`, rebuilt first when stale; item ids in order. */
  async page(
    scope: TrendScope,
    window: TrendWindow,
    asOf: string,
    page: TrendRankingPage,
  ): Promise<string[]> {
    await this.refresh(scope, window, asOf);
    return this.rankings.page(scope, window, page);
  }

  /** Makes the ranking of `window` judge the day `asOf` from the store as it is now. */
  async refresh(scope: TrendScope, window: TrendWindow, asOf: string): Promise<void> {
    const fresh = (state: Awaited<ReturnType<TrendRankingRepository['state']>>) =>
      state.builtDay === asOf && state.builtRevision === state.revision;
    if (fresh(await this.rankings.state(scope, window))) return;
    await this.dataSource.transaction(async (manager) => {
      await this.rankings.lock(scope, window, manager);
      // The revision is read before the observations: a write landing in between leaves the
      // ranking marked with the older revision, so the next call judges again.
      const state = await this.rankings.state(scope, window, manager);
      if (fresh(state)) return;
      // On the transaction's own connection: calls waiting for the lock each hold one, so a
      // second one taken from the pool could be the one they are all waiting for.
      const stored = await this.history.window(scope, asOf, window, manager);
      const judged = stored.map((item) => ({
        id: item.id,
        ...judgeTrend(
          item.history.map((point) => point.value),
          window,
        ),
      }));
      const growthRank = placeOf(judged, 'growth');
      const volumeRank = placeOf(judged, 'volume');
      const rows: TrendRankingWrite[] = judged.map((item) => ({
        itemId: item.id,
        stage: item.stage,
        current: item.current,
        previous: item.previous,
        growth: item.growth,
        growthRank: growthRank.get(item.id)!,
        volumeRank: volumeRank.get(item.id)!,
      }));
      await this.rankings.replace(
        scope,
        window,
        asOf,
        state.revision,
        rows,
        this.clock.now(),
        manager,
      );
    });
  }
}

/** Each item's place (1 = first) in one sort. */
function placeOf(
  judged: readonly (Parameters<ReturnType<typeof compareTrends>>[0] & { stage: TrendStage })[],
  sort: 'growth' | 'volume',
): Map<string, number> {
  const sorted = [...judged].sort(compareTrends(sort));
  return new Map(sorted.map((item, index) => [item.id, index + 1]));
}
