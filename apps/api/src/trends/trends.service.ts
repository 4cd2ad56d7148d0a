import { Injectable } from '@nestjs/common';
import {
  compareTrends,
  judgeTrend,
  type Mode,
  type TrendStage,
  type TrendWindow,
} from '@reelscout/domain';
import { TrendCollector } from '../trend-history/trend-collector';
import { TrendHistoryService, type TrendScope } from '../trend-history/trend-history.service';
import type { TrendItemDto, TrendsRequestDto, TrendsResponseDto } from './dto/trends.dto';

/** Below this share of days observed, an item's history counts as thin coverage in `notes`. */
const THIN_COVERAGE = 0.5;

/**
 * POST /v1/trends: reads the trend history store, judges each item from its returned history by
 * the stage rule (`judgeTrend`, docs/trends.md) and sorts. It reads the provider only when a live
 * store has nothing yet for the market and kind (a fresh install): then one bounded collection
 * runs first and the call waits for it.
 */
@Injectable()
export class TrendsService {
  constructor(
    private readonly history: TrendHistoryService,
    private readonly collector: TrendCollector,
  ) {}

  async run(mode: Mode, body: TrendsRequestDto, signal: AbortSignal): Promise<TrendsResponseDto> {
    const window: TrendWindow = body.window ?? 7;
    const scope: TrendScope = { mode, market: body.market, kind: body.kind };
    await this.collector.ensureReadable(scope, signal);
    const today = this.history.today();
    const asOf = (await this.history.latestDay(scope)) ?? today;
    const stored = await this.history.window(scope, asOf, window);
    const details = await this.history.details(
      scope,
      stored.map((item) => item.id),
    );
    const stages: ReadonlySet<TrendStage> | null = body.stage ? new Set(body.stage) : null;
    const judged = stored
      .map((item) => ({
        ...item,
        item: details.get(item.id) ?? null,
        ...judgeTrend(
          item.history.map((point) => point.value),
          window,
        ),
      }))
      .filter((item) => !stages || stages.has(item.stage))
      .filter((item) => !body.commercialOnly || item.item?.commercial === true)
      .sort(compareTrends(body.sort ?? 'growth'))
      .slice(0, body.limit ?? 20);

    const notes: string[] = [];
    if (asOf < today) {
      notes.push(`No observation for ${today} yet: the history ends at ${asOf}.`);
    }
    const thin = judged.filter(
      (item) =>
        item.history.filter((point) => point.value !== null).length <
        THIN_COVERAGE * item.history.length,
    ).length;
    if (thin > 0) {
      notes.push(
        `Thin coverage: ${thin} of ${judged.length} items were observed on fewer than half of the ${2 * window} days (a missing day is null, counted as 0).`,
      );
    }

    const items = judged.map((item): TrendItemDto => {
      const common = {
        id: item.id,
        url: item.item?.url ?? null,
        coverUrl: item.item?.cover_url ?? null,
        stage: item.stage,
        current: item.current,
        previous: item.previous,
        growth: item.growth,
        rank: item.rank,
        rankChange: item.rankChange,
        source: item.source,
        history: item.history,
      };
      return body.kind === 'sounds'
        ? {
            ...common,
            title: item.item?.title ?? null,
            author: item.item?.author ?? null,
            commercial: item.item?.commercial ?? null,
          }
        : { ...common, name: item.item?.title ?? null };
    });
    return { market: body.market, kind: body.kind, window, asOf, items, notes };
  }
}
