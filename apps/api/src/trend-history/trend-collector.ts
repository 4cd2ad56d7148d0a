import { Injectable, Logger } from '@nestjs/common';
import { MARKETS, TREND_KINDS, type Mode } from '@reelscout/domain';
import {
  meterProviderCalls,
  totalOf,
  type ProviderCallTally,
} from '../providers/http/provider-call-meter';
import { ProvidersService } from '../providers/providers.service';
import { TrendCollectionRepository } from '../repositories/trend-collection.repository';
import { TrendHistoryService, type TrendScope } from './trend-history.service';
import { TrendRankingService } from './trend-ranking.service';

/** What one daily collection of one market and kind came to. */
export interface CollectionOutcome {
  market: TrendScope['market'];
  kind: TrendScope['kind'];
  /** `skipped`: another run (or instance) took today's collection already. */
  status: 'collected' | 'skipped' | 'failed';
  providerCalls: number;
  observations: number;
}

/**
 * Fills the trend history from the mode's video-data provider: the live daily collection (each
 * market and kind once per UTC day, whichever instance claims the day first), the first
 * collection a fresh live store needs before it can answer, and the sandbox's chart of the day
 * for test keys (docs/trends.md).
 */
@Injectable()
export class TrendCollector {
  private readonly logger = new Logger('Trends');

  constructor(
    private readonly providers: ProvidersService,
    private readonly history: TrendHistoryService,
    private readonly collections: TrendCollectionRepository,
    private readonly rankings: TrendRankingService,
  ) {}

  /**
   * Reads the provider's charts of one market and kind, stores them and judges the day's
   * rankings while the data is fresh (so the day's first call does not); observations written.
   */
  async collect(scope: TrendScope, signal?: AbortSignal): Promise<number> {
    const chart = await this.providers
      .for(scope.mode)
      .videoData.trendChart(scope.market, scope.kind, { signal });
    const written = await this.history.record(scope, chart);
    await this.rankings.refreshAll(scope);
    return written;
  }

  /**
   * Makes sure a trends call has something to read. Test keys: the sandbox's chart of today is
   * stored once a day (no network). Live keys: only a store with no observation at all for the
   * market and kind collects first (a fresh install); otherwise the call reads what is there.
   */
  async ensureReadable(scope: TrendScope, signal?: AbortSignal): Promise<void> {
    const today = this.history.today();
    if (scope.mode === 'test') {
      if (await this.collections.taken(scope, today)) return;
      await this.collect(scope, signal);
      await this.collections.claim(scope, today, new Date());
      return;
    }
    if ((await this.history.latestDay(scope)) !== null) return;
    await this.collect(scope, signal);
    await this.collections.claim(scope, today, new Date());
  }

  /**
   * The daily collection of one mode: every market and kind whose day this run claims. A
   * failure gives the day back (the next run tries again) and does not stop the others.
   */
  async collectDaily(mode: Mode = 'live'): Promise<CollectionOutcome[]> {
    const today = this.history.today();
    const outcomes: CollectionOutcome[] = [];
    for (const market of MARKETS) {
      for (const kind of TREND_KINDS) {
        const scope: TrendScope = { mode, market, kind };
        if (!(await this.collections.claim(scope, today, new Date()))) {
          outcomes.push({ market, kind, status: 'skipped', providerCalls: 0, observations: 0 });
          continue;
        }
        let tally: ProviderCallTally = { requests: {}, paid: {} };
        try {
          const observations = await meterProviderCalls(
            `trends-collect-${today}`,
            (meter) => (tally = meter),
            () => this.collect(scope),
          );
          const providerCalls = totalOf(tally.requests);
          await this.collections.finish(scope, today, providerCalls, observations);
          outcomes.push({ market, kind, status: 'collected', providerCalls, observations });
        } catch (error) {
          await this.collections.release(scope, today);
          this.logger.warn({ err: error, market, kind }, 'trend collection failed');
          outcomes.push({
            market,
            kind,
            status: 'failed',
            providerCalls: totalOf(tally.requests),
            observations: 0,
          });
        }
      }
    }
    return outcomes;
  }
}
