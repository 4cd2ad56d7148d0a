/**
 * Momentum: the stage of a sound or hashtag, judged from its daily history alone, so a client can
 * check every label against the history it came with (docs/trends.md states the same rule).
 */

export const TREND_KINDS = ['sounds', 'hashtags'] as const;
export type TrendKind = (typeof TREND_KINDS)[number];

export const TREND_STAGES = ['new', 'rising', 'steady', 'fading'] as const;
export type TrendStage = (typeof TREND_STAGES)[number];

export const TREND_WINDOWS = [7, 30] as const;
export type TrendWindow = (typeof TREND_WINDOWS)[number];

export const TREND_SORTS = ['growth', 'volume'] as const;
export type TrendSort = (typeof TREND_SORTS)[number];

/** Where a day's value comes from: uses (or views) gained that day, or the provider's own curve. */
export const TREND_SOURCES = ['counts', 'curve'] as const;
export type TrendSource = (typeof TREND_SOURCES)[number];

/** Rounded growth at or above this is `rising`; at or below `TREND_FADING_GROWTH`, `fading`. */
export const TREND_RISING_GROWTH = 1.5;
export const TREND_FADING_GROWTH = 0.67;

/** The rule's whole statement, for the OpenAPI description and the docs. */
export const TREND_RULE_TEXT =
  '`history` holds one point per day for the last `2 × window` days ending at `asOf` (a day with ' +
  'no observation is `null`). `current` = Σ values of the last `window` days, `previous` = Σ ' +
  'values of the `window` days before (null points count as 0). `growth` = `current / previous` ' +
  'rounded to 2 decimals (null when `previous` is 0). `stage`: `new` when `previous` is 0; ' +
  'otherwise, reading the rounded growth, `rising` when growth ≥ 1.5, `fading` when growth ≤ ' +
  '0.67, else `steady`.';

export interface TrendJudgement {
  current: number;
  previous: number;
  /** current / previous rounded to 2 decimals; null when previous is 0. */
  growth: number | null;
  stage: TrendStage;
}

/**
 * Judges a history of exactly `2 × window` daily values, oldest first (null = no observation,
 * counted as 0). Sums are rounded to 6 decimals so a curve's fractions add up the same everywhere.
 */
export function judgeTrend(history: readonly (number | null)[], window: number): TrendJudgement {
  if (history.length !== 2 * window) {
    throw new Error(`history must hold ${2 * window} points, not ${history.length}`);
  }
  const sum = (points: readonly (number | null)[]) =>
    round6(points.reduce<number>((total, point) => total + (point ?? 0), 0));
  const previous = sum(history.slice(0, window));
  const current = sum(history.slice(window));
  if (previous === 0) return { current, previous, growth: null, stage: 'new' };
  const growth = Math.round((current / previous) * 100) / 100;
  const stage: TrendStage =
    growth >= TREND_RISING_GROWTH ? 'rising' : growth <= TREND_FADING_GROWTH ? 'fading' : 'steady';
  return { current, previous, growth, stage };
}

/** What the sorts read of an item. */
export interface Rankable extends TrendJudgement {
  id: string;
}

/**
 * `growth`: `new` first (by `current`, highest first), then by growth, highest first; `volume`: by
 * `current`. Ties go to the id, so the order is total.
 */
export function compareTrends(sort: TrendSort): (a: Rankable, b: Rankable) => number {
  return (a, b) => {
    if (sort === 'growth') {
      const aNew = a.stage === 'new' ? 1 : 0;
      const bNew = b.stage === 'new' ? 1 : 0;
      if (aNew !== bNew) return bNew - aNew;
      if (!aNew && a.growth !== b.growth) return (b.growth ?? 0) - (a.growth ?? 0);
    }
    if (a.current !== b.current) return b.current - a.current;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** The `2 × window` UTC dates (YYYY-MM-DD) ending at `asOf`, oldest first. */
export function trendDays(asOf: string, window: number): string[] {
  const end = Date.parse(`${asOf}T00:00:00Z`);
  return Array.from({ length: 2 * window }, (_, i) =>
    new Date(end - (2 * window - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The UTC date of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
