import type { Market } from '@reelscout/domain';
import type { CallOptions, TrendChartEntry } from '../../provider.types';
import { dailyPoints, trendEntryOfSound } from '../../trend-chart';
import { asArray, asObject, at, count, firstDefined, idText, text } from '../json-read';
import { ENDPOINTS } from '../tikhub-endpoints';
import { riskControl, type TikhubClient } from './client';
import { isRiskControl, payloadOf } from './mappers';
import type { TikhubSounds } from './sounds';

/** Items asked of each chart page (the hashtag list documents no maximum; 50 as the sound chart). */
export const TREND_CHART_PAGE = 50;

/**
 * Today's charted sounds and hashtags of a market for the trend history, in a fixed number of
 * provider calls (docs/trends.md): sounds are the two sound charts music already reads (popular
 * and rising); network_a's hashtags are Creative Center's hashtag list (popular, and new on the
 * board); network_b's are the creator centre's hot-topic billboard (24 h, by plays).
 */
export class TikhubTrends {
  constructor(
    private readonly client: TikhubClient,
    private readonly sounds: TikhubSounds,
  ) {}

  async trendChart(
    market: Market,
    kind: 'sounds' | 'hashtags',
    options: CallOptions = {},
  ): Promise<TrendChartEntry[]> {
    if (kind === 'sounds') {
      const [popular, rising] = await Promise.all([
        this.sounds.soundCharts(market, { kind: 'popular' }, options),
        this.sounds.soundCharts(market, { kind: 'rising' }, options),
      ]);
      return mergeById([...popular, ...rising].map((entry) => trendEntryOfSound(market, entry)));
    }
    return this.client.guard(async () =>
      market === 'network_a' ? this.networkAHashtags(options) : this.networkBHashtags(options),
    );
  }

  private async networkAHashtags(options: CallOptions): Promise<TrendChartEntry[]> {
    const pages = await Promise.all(
      (['', 'new_on_board'] as const).map((filterBy) =>
        this.client.call(ENDPOINTS.networkAHashtagList, {
          query: {
            page: 1,
            limit: TREND_CHART_PAGE,
            period: 7,
            country_code: this.client.region,
            sort_by: 'popular',
            filter_by: filterBy === '' ? undefined : filterBy,
          },
          signal: options.signal,
        }),
      ),
    );
    const entries = pages.flatMap((body) => {
      const payload = payloadOf(body);
      const list = asArray(firstDefined(at(payload, 'data', 'list'), payload.list));
      return list.map(mapNetworkAHashtag).filter((e): e is TrendChartEntry => e !== null);
    });
    return mergeById(entries);
  }

  private async networkBHashtags(options: CallOptions): Promise<TrendChartEntry[]> {
    const body = await this.client.call(ENDPOINTS.networkBTopicBillboard, {
      query: { billboard_tag: 0, order_key: 1, time_filter: 1 },
      signal: options.signal,
      check: (answer) => {
        if (isRiskControl('network_b', payloadOf(answer))) throw riskControl();
      },
    });
    const payload = payloadOf(body);
    // The contract documents no response shape here: the lists the billboard family is seen to
    // use are read in turn (docs/trends.md, "assumptions").
    const list = asArray(
      firstDefined(
        at(payload, 'data', 'billboard_data'),
        payload.billboard_data,
        at(payload, 'data', 'list'),
        payload.list,
        payload.data,
      ),
    );
    const today = new Date(this.client.settings.now?.() ?? Date.now()).toISOString().slice(0, 10);
    return mergeById(
      list
        .map((raw, index) => mapNetworkBTopic(raw, index, today))
        .filter((e): e is TrendChartEntry => e !== null),
    );
  }
}

export function mapNetworkAHashtag(raw: unknown): TrendChartEntry | null {
  const item = asObject(raw);
  if (!item) return null;
  const id = idText(item.hashtag_id);
  const name = text(item.hashtag_name);
  if (!id || !name) return null;
  const points = dailyPoints(
    asArray(item.trend).map((point) => ({
      at: isoOf(at(point, 'time')),
      value: at(point, 'value'),
    })),
  );
  const diff = at(item, 'rank_diff');
  return {
    kind: 'hashtags',
    market: 'network_a',
    id,
    title: name,
    author: null,
    url: `https://www.tiktok.com/tag/${encodeURIComponent(name)}`,
    coverUrl: null,
    commercial: null,
    rank: count(item.rank),
    rankChange: typeof diff === 'number' && Number.isFinite(diff) ? diff : null,
    total: count(item.video_views),
    points,
    source: points ? 'curve' : 'counts',
  };
}

/** A billboard topic: its 24 h plays are the day's gain, so they are today's point. */
export function mapNetworkBTopic(
  raw: unknown,
  index: number,
  today: string,
): TrendChartEntry | null {
  const item = asObject(raw);
  if (!item) return null;
  const id = idText(firstDefined(item.cid, item.challenge_id, item.topic_id, item.id));
  const name = text(firstDefined(item.challenge_name, item.topic_name, item.title, item.name));
  if (!id || !name) return null;
  const plays = count(
    firstDefined(item.play_cnt, item.play_count, item.view_count, item.hot_value),
  );
  return {
    kind: 'hashtags',
    market: 'network_b',
    id: `network_b:${id}`,
    title: name.replace(/^#/, ''),
    author: null,
    url: `https://www.douyin.com/hashtag/${id}`,
    coverUrl: null,
    commercial: null,
    rank: count(item.rank) ?? index + 1,
    rankChange: null,
    total: null,
    points: plays === null ? null : [{ day: today, value: plays }],
    source: 'counts',
  };
}

function isoOf(value: unknown): string | null {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : null;
}

/** The same item on two charts of one call is one entry: the best rank and the first details. */
function mergeById(entries: TrendChartEntry[]): TrendChartEntry[] {
  const byId = new Map<string, TrendChartEntry>();
  for (const entry of entries) {
    const seen = byId.get(entry.id);
    if (!seen) byId.set(entry.id, entry);
    else if (entry.rank !== null && (seen.rank === null || entry.rank < seen.rank)) {
      byId.set(entry.id, { ...seen, rank: entry.rank, rankChange: entry.rankChange });
    }
  }
  return [...byId.values()];
}
