/**
 * The outlier score of a reel (docs/architecture.md §9): how far its views outran the size of
 * its author's audience, weighted by that audience's size so a lucky post from a tiny account
 * does not outrank a breakout from an established one.
 *
 *   multiple = playCount / authorFollowers
 *   score    = ln(multiple) × ln(authorFollowers)
 *
 * Pure arithmetic; no clock, no I/O.
 */

export const OUTLIER_BANDS = [
  'exceptional',
  'very_strong',
  'strong',
  'promising',
  'ordinary',
] as const;
export type OutlierBand = (typeof OUTLIER_BANDS)[number];

/** Lowest score of each band, best first; anything below the last one is `ordinary`. */
export const OUTLIER_BAND_FLOORS: readonly { band: OutlierBand; min: number }[] = [
  { band: 'exceptional', min: 35 },
  { band: 'very_strong', min: 25 },
  { band: 'strong', min: 18 },
  { band: 'promising', min: 10 },
];

export interface Outlier {
  /** ln(multiple) × ln(followers), rounded to 2 decimals; negative when views < followers. */
  score: number;
  /** Views per follower, rounded to 2 decimals (so below 0.005 it reads 0). */
  multiple: number;
  band: OutlierBand;
}

/**
 * The band of a score as delivered (already rounded), so a client comparing the score it sees
 * with the floors gets the same band we do.
 */
export function outlierBand(score: number): OutlierBand {
  return OUTLIER_BAND_FLOORS.find((floor) => score >= floor.min)?.band ?? 'ordinary';
}

/**
 * A reel's outlier score, or `null` when it cannot be computed honestly: the follower count is
 * unknown or zero (the multiple is undefined), or the reel has no plays (ln 0 is not a number).
 * Counts that are negative or not finite are treated as unknown.
 */
export function outlierScore(
  playCount: number | null,
  authorFollowers: number | null,
): Outlier | null {
  if (!isCount(playCount) || !isCount(authorFollowers)) return null;
  if (playCount === 0 || authorFollowers === 0) return null;
  const multiple = playCount / authorFollowers;
  const score = round2(Math.log(multiple) * Math.log(authorFollowers));
  return { score, multiple: round2(multiple), band: outlierBand(score) };
}

function isCount(value: number | null): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** To 2 decimals, halves up; `+ 0` turns a rounded -0 into 0 so equality checks agree. */
function round2(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}
