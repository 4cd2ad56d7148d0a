import { Injectable } from '@nestjs/common';
import { judgeTrend, type Mode, type TrendWindow } from '@reelscout/domain';
import { TrendCollector } from '../trend-history/trend-collector';
import {
  TrendHistoryService,
  type StoredTrend,
  type TrendScope,
} from '../trend-history/trend-history.service';
import { TrendRankingService } from '../trend-history/trend-ranking.service';
import type { TrendItemDto, TrendsRequestDto, TrendsResponseDto } from './dto/trends.dto';

/** Below this share of days observed, an item's history counts as thin coverage in `notes`. */
const THIN_COVERAGE = 0.5;

/**
 * POST /v1/trends: reads one page of the day's ranked table (every item judged once by the stage
 * rule and placed in both sorts), then only those items' history, and judges each returned item
 * from that history (`judgeTrend`, docs/trends.md). It reads the provider only when a live
 * store has nothing yet for the market and kind (a fresh install): then one bounded collection
 * runs first and the call waits for it.
 */
@Injectable()
export class TrendsService {
  constructor(
    private readonly history: TrendHistoryService,
    private readonly collector: TrendCollector,
    private readonly rankings: TrendRankingService,
  ) {}

  async run(mode: Mode, body: TrendsRequestDto, signal: AbortSignal): Promise<TrendsResponseDto> {
    const window: TrendWindow = body.window ?? 7;
    const scope: TrendScope = { mode, market: body.market, kind: body.kind };
    await this.collector.ensureReadable(scope, signal);
    const today = this.history.today();
    const asOf = (await this.history.latestDay(scope)) ?? today;
    const ids = await this.rankings.page(scope, window, asOf, {
      stages: body.stage ?? null,
      commercialOnly: body.commercialOnly === true,
      sort: body.sort ?? 'growth',
      limit: body.limit ?? 20,
    });
    const [stored, details] = await Promise.all([
      this.history.itemsWindow(scope, ids, asOf, window),
      this.history.details(scope, ids),
    ]);
    const byId = new Map(stored.map((item) => [item.id, item]));
    // The ranked table chose and ordered the page; each label is judged again here from the
    // history returned with it, so the answer follows the rule from its own data.
    const judged = ids
      .map((id) => byId.get(id))
      .filter((item): item is StoredTrend => item !== undefined)
      .map((item) => ({
        ...item,
        item: details.get(item.id) ?? null,
        ...judgeTrend(
          item.history.map((point) => point.value),
          window,
        ),
      }))
      // The filters again on what is returned: a write landing between the page and the history
      // read can change a label, and an answer never contradicts its own filter.
      .filter((item) => !body.stage || body.stage.includes(item.stage))
      .filter((item) => !body.commercialOnly || item.item?.commercial === true);

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
