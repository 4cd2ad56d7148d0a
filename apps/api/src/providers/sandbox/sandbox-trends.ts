import type { Market } from '@reelscout/domain';
import type { TrendChartEntry, TrendChartPoint } from '../provider.types';
import type { SandboxCatalogue } from './sandbox-catalogue';
import { SANDBOX_NICHES } from './sandbox-niches';
import { hash32, seededDigits } from './seeded-random';

/**
 * The sandbox's daily charts for the trend history (docs/test-mode.md): every sound of the
 * catalogue and every niche hashtag, on both networks, with a value per day that is a pure
 * function of the item and the UTC date, so the history a test key sees is the same on every
 * machine and moves with the app's clock.
 *
 * Seven items in eight follow a 98-day life: 25 days of growth (×1.12 a day), 10 days at their
 * peak, 15 days of decline (×0.85 a day), then 48 days off every chart (no observation). Their
 * lives start 7 days apart, so on any date one has just started (`new`), some are growing
 * (`rising`) and some declining or just gone (`fading`), for both windows. The eighth is an
 * evergreen that wobbles ±10 % around its level (`steady`).
 */

/**
 * The first day the sandbox's charts have anything: a clock set before it sees empty charts
 * (how a test key gets an empty, free trends answer).
 */
export const SANDBOX_TREND_EPOCH = '2020-01-01';
const EPOCH_DAY = Date.parse(`${SANDBOX_TREND_EPOCH}T00:00:00Z`) / 86_400_000;

/** Days of history a chart carries (at least the 60 a 30-day window reads). */
export const SANDBOX_TREND_HISTORY_DAYS = 90;
export const SANDBOX_TREND_CYCLE_DAYS = 98;

const DAY_MS = 86_400_000;
const GROWTH_DAYS = 25;
const PEAK_DAYS = 10;
const DECLINE_DAYS = 15;

export interface SandboxTrendItem {
  market: Market;
  kind: 'sounds' | 'hashtags';
  id: string;
  title: string;
  author: string | null;
  url: string;
  coverUrl: string | null;
  commercial: boolean | null;
  /** Index among the market's items of this kind: picks its life (see above). */
  index: number;
  base: number;
}

/** What an item is on a day: `evergreen`, or where in its life (null: off the charts). */
export function sandboxTrendPhase(index: number, dayNumber: number): number | 'evergreen' | null {
  if (index % 8 === 7) return 'evergreen';
  const life = index - Math.floor(index / 8);
  const t = mod(dayNumber + life * 7, SANDBOX_TREND_CYCLE_DAYS);
  return t < GROWTH_DAYS + PEAK_DAYS + DECLINE_DAYS ? t : null;
}

/** The item's value on a day (days since 1970-01-01 UTC); null when it is off the charts. */
export function sandboxTrendValue(item: SandboxTrendItem, dayNumber: number): number | null {
  if (dayNumber < EPOCH_DAY) return null;
  const phase = sandboxTrendPhase(item.index, dayNumber);
  if (phase === null) return null;
  let raw: number;
  if (phase === 'evergreen') {
    raw = item.base * 4 * (1 + 0.1 * Math.sin((2 * Math.PI * dayNumber) / 13));
  } else {
    const peak = item.base * Math.pow(1.12, GROWTH_DAYS);
    raw =
      phase < GROWTH_DAYS
        ? item.base * Math.pow(1.12, phase)
        : phase < GROWTH_DAYS + PEAK_DAYS
          ? peak * (1 + 0.02 * ((phase % 3) - 1))
          : peak * Math.pow(0.85, phase - (GROWTH_DAYS + PEAK_DAYS) + 1);
  }
  // network_a's charts give a curve (relative, 0–1 scale); network_b's give the day's gain.
  if (item.market === 'network_a') {
    // Each item peaks at its own share of the chart's scale (0.4–1), so curves differ in height.
    const share = 0.4 + 0.6 * ((hash32(`share:${item.id}`) % 1000) / 1000);
    const scale = (item.base * Math.pow(1.12, GROWTH_DAYS) * 1.1) / share;
    return Math.max(0.01, Math.round((raw / scale) * 100) / 100);
  }
  return Math.max(1, Math.round(raw));
}

/** Every item the sandbox charts in a market, of one kind. */
export function sandboxTrendItems(
  catalogue: SandboxCatalogue,
  market: Market,
  kind: 'sounds' | 'hashtags',
): SandboxTrendItem[] {
  if (kind === 'sounds') {
    return catalogue.sounds(market).map(({ sound }, index) => ({
      market,
      kind,
      id: sound.namespacedId,
      title: sound.title ?? sound.id,
      author: sound.author,
      url: sound.url,
      coverUrl: sound.coverUrl,
      commercial: sound.commercial,
      index,
      base: 200 + (hash32(`trend:${sound.namespacedId}`) % 1800),
    }));
  }
  const names = [
    ...new Set(
      SANDBOX_NICHES.flatMap((niche) => niche.hashtags[market === 'network_a' ? 'en' : 'zh']),
    ),
  ];
  return names.map((name, index) => {
    const raw = `${market === 'network_a' ? '76' : '77'}${seededDigits(`hashtag:${market}:${name}`, 12)}`;
    return {
      market,
      kind,
      id: market === 'network_b' ? `network_b:${raw}` : raw,
      title: name,
      author: null,
      url:
        market === 'network_a'
          ? `https://www.tiktok.com/tag/${encodeURIComponent(name)}`
          : `https://www.douyin.com/hashtag/${raw}`,
      coverUrl: null,
      commercial: null,
      index,
      base: 2_000 + (hash32(`trend:${market}:${name}`) % 18_000),
    };
  });
}

/**
 * The chart of `day` (YYYY-MM-DD): every item charted in its last `SANDBOX_TREND_HISTORY_DAYS`
 * days (as a chart's period covers items that have since dropped off), each with those days as
 * points (days off the charts left out), ranked by today's value (rank null: off today's chart).
 */
export function sandboxTrendChart(
  catalogue: SandboxCatalogue,
  market: Market,
  kind: 'sounds' | 'hashtags',
  day: string,
): TrendChartEntry[] {
  const today = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  const items = sandboxTrendItems(catalogue, market, kind);
  const ranks = (dayNumber: number) => {
    const ranked = items
      .map((item) => ({ item, value: sandboxTrendValue(item, dayNumber) }))
      .filter((entry): entry is { item: SandboxTrendItem; value: number } => entry.value !== null)
      .sort((a, b) => b.value - a.value || a.item.id.localeCompare(b.item.id));
    return new Map(ranked.map((entry, index) => [entry.item.id, index + 1]));
  };
  const rankToday = ranks(today);
  const rankWeekAgo = ranks(today - 7);
  return items
    .map((item): TrendChartEntry => {
      const points: TrendChartPoint[] = [];
      for (let d = today - SANDBOX_TREND_HISTORY_DAYS + 1; d <= today; d++) {
        const value = sandboxTrendValue(item, d);
        if (value !== null) points.push({ day: dayString(d), value });
      }
      const rank = rankToday.get(item.id) ?? null;
      const before = rankWeekAgo.get(item.id);
      return {
        kind,
        market,
        id: item.id,
        title: item.title,
        author: item.author,
        url: item.url,
        coverUrl: item.coverUrl,
        commercial: item.commercial,
        rank,
        rankChange: before === undefined || rank === null ? null : before - rank,
        total: null,
        points,
        source: market === 'network_a' ? 'curve' : 'counts',
      };
    })
    .filter((entry) => entry.points!.length > 0)
    .sort(
      (a, b) =>
        (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
        a.id.localeCompare(b.id),
    );
}

function dayString(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}
