/** `finalScore = FIT_WEIGHT × fit + TREND_WEIGHT × trend strength` (both in 0..1). */
export const FIT_WEIGHT = 0.85;
export const TREND_WEIGHT = 0.15;

/**
 * A fit lead larger than this always wins, whatever the trends: the trend bonus is worth at
 * most `TREND_WEIGHT`, which is `FIT_WEIGHT × CLEARLY_BETTER_FIT` (≈ 0.176 of fit).
 */
export const CLEARLY_BETTER_FIT = TREND_WEIGHT / FIT_WEIGHT;

/** The ranking key: fit dominant, a bounded trend bonus. Rounded to 3 decimals. */
export function finalScore(fit: number, trendStrength: number): number {
  const value = FIT_WEIGHT * clamp01(fit) + TREND_WEIGHT * clamp01(trendStrength);
  return Math.round(value * 1000) / 1000;
}

export interface Ranked {
  soundId: string;
  finalScore: number;
  fit: { score: number };
}

/** Best first: final score, then fit, then sound id (a stable order for equal scores). */
export function byFinalScore(a: Ranked, b: Ranked): number {
  return (
    b.finalScore - a.finalScore ||
    b.fit.score - a.fit.score ||
    (a.soundId < b.soundId ? -1 : a.soundId > b.soundId ? 1 : 0)
  );
}

/** Sorted best first, then cut to `limit`. */
export function rankSuggestions<T extends Ranked>(suggestions: readonly T[], limit: number): T[] {
  return [...suggestions].sort(byFinalScore).slice(0, Math.max(0, limit));
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.min(1, value)) : 0;
}
