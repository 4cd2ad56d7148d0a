import type { Market } from '@reelscout/domain';
import type { SoundChartEntry, TrendChartEntry, TrendChartPoint } from './provider.types';

/**
 * A sound chart entry as the trend history stores it: its curve (network_a's Creative Center
 * `trend[]`, one point per UTC day, the day's last sample winning) or else its usage total.
 */
export function trendEntryOfSound(market: Market, entry: SoundChartEntry): TrendChartEntry {
  const points = dailyPoints(entry.trend?.map((point) => ({ at: point.at, value: point.value })));
  return {
    kind: 'sounds',
    market,
    id: entry.namespacedId,
    title: entry.title,
    author: entry.author,
    url: entry.url,
    coverUrl: entry.coverUrl,
    commercial: entry.commercial,
    rank: entry.rank,
    rankChange: entry.rankDiff,
    total: entry.usageCount,
    points,
    source: points ? 'curve' : 'counts',
  };
}

/** One point per UTC day (the last sample of a day wins), oldest first; null when none. */
export function dailyPoints(
  samples: { at: string | null | undefined; value: unknown }[] | undefined,
): TrendChartPoint[] | null {
  const byDay = new Map<string, number>();
  for (const sample of samples ?? []) {
    if (!sample.at || typeof sample.value !== 'number' || !Number.isFinite(sample.value)) continue;
    if (sample.value < 0) continue;
    byDay.set(sample.at.slice(0, 10), sample.value);
  }
  const points = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, value]) => ({ day, value }));
  return points.length > 0 ? points : null;
}
