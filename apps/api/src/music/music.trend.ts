import type { TrendStage } from '@reelscout/domain';
import type { SoundTrendPoint } from '../providers/provider.types';

export type TrendDirection = 'rising' | 'steady' | 'fading' | 'unknown';

/** Where a trend reading comes from: the usage history, a chart's movement, or nothing. */
export type TrendBasis = 'usage_history' | 'chart_movement' | 'none';

export interface SoundTrend {
  direction: TrendDirection;
  /** Videos using the sound, as the network reports it; `null` when it did not say. */
  usageCount: number | null;
  /**
   * Relative change of usage between the start and the end of the history: `0.35` is +35 %,
   * `-0.5` is half as much; `null` without a usage history.
   */
  growth: number | null;
  /** 0..1: momentum (60 %) and reach (40 %). The only trend input of `finalScore`. */
  strength: number;
  basis: TrendBasis;
  /**
   * The sound's stage by the trends rule (docs/trends.md) on its last 14 days in the trend
   * history; absent when the store has no history of it.
   */
  stage?: TrendStage;
}

export interface TrendInput {
  trend: readonly SoundTrendPoint[] | null;
  usageCount: number | null;
  /** Places moved on a chart the sound was found on (positive = climbing), when known. */
  rankDiff?: number | null;
  /** Whether the sound was on the market's rising chart. */
  onRisingChart?: boolean;
}

/** Growth at or above this reads as rising; at or below `FADING_GROWTH` as fading. */
export const RISING_GROWTH = 0.25;
export const FADING_GROWTH = -0.2;

/**
 * Reads a sound's trajectory. With a usage history (two or more points), growth compares the
 * mean of its last quarter with the mean of its first quarter (a one-week spike in between does
 * not count as a trend); a history that starts from zero reads steady (still zero) or rising
 * (growth null: no ratio measures a rise from nothing). Without a history, a chart's movement
 * says rising or fading; otherwise the direction is `unknown`: a direction is never guessed, and
 * `unknown` never stands next to a usage history.
 */
export function readTrend(input: TrendInput): SoundTrend {
  const usageCount = input.usageCount ?? null;
  const reach = reachScore(usageCount);
  const points = (input.trend ?? []).filter((point) => Number.isFinite(point.value));
  if (points.length >= 2) {
    const k = Math.max(1, Math.floor(points.length / 4));
    const earlier = mean(points.slice(0, k).map((point) => point.value));
    const recent = mean(points.slice(-k).map((point) => point.value));
    if (earlier <= 0) {
      // From nothing: no use at all is flat, not fading; any use now is a rise, but one that
      // no ratio measures (growth null).
      const rose = recent > 0;
      return {
        direction: rose ? 'rising' : 'steady',
        usageCount,
        growth: rose ? null : 0,
        strength: strengthOf(rose ? 1 : 0.5, reach),
        basis: 'usage_history',
      };
    }
    const growth = round2(recent / earlier - 1);
    const direction =
      growth >= RISING_GROWTH ? 'rising' : growth <= FADING_GROWTH ? 'fading' : 'steady';
    return {
      direction,
      usageCount,
      growth,
      strength: strengthOf(momentumFromGrowth(growth), reach),
      basis: 'usage_history',
    };
  }
  const rankDiff = input.rankDiff ?? null;
  if (input.onRisingChart || (rankDiff !== null && rankDiff !== 0)) {
    const climbing = input.onRisingChart || (rankDiff ?? 0) > 0;
    const direction: TrendDirection = climbing
      ? 'rising'
      : (rankDiff ?? 0) <= -3
        ? 'fading'
        : 'steady';
    const momentum = direction === 'rising' ? 0.75 : direction === 'fading' ? 0.3 : 0.5;
    return {
      direction,
      usageCount,
      growth: null,
      strength: strengthOf(momentum, reach),
      basis: 'chart_movement',
    };
  }
  return {
    direction: 'unknown',
    usageCount,
    growth: null,
    strength: strengthOf(0.5, reach),
    basis: 'none',
  };
}

/** 0..1 from growth: flat → 0.5, doubling → 0.88, halving → 0.12 (tanh of log2). */
export function momentumFromGrowth(growth: number): number {
  const octaves = Math.log2(Math.max(1e-6, 1 + growth));
  return clamp01(0.5 + 0.5 * Math.tanh(octaves));
}

/** 0..1 from usage on a log scale: 1 000 videos → 0, 10 000 000 → 1; unknown → 0.3. */
export function reachScore(usageCount: number | null): number {
  if (usageCount === null || !Number.isFinite(usageCount) || usageCount <= 0) {
    return usageCount === 0 ? 0 : 0.3;
  }
  return clamp01((Math.log10(usageCount) - 3) / 4);
}

function strengthOf(momentum: number, reach: number): number {
  return Math.round((0.6 * momentum + 0.4 * reach) * 1000) / 1000;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}
