import type { SoundTrendPoint } from '../providers/provider.types';
import { momentumFromGrowth, reachScore, readTrend } from './music.trend';

const weekly = (values: number[]): SoundTrendPoint[] =>
  values.map((value, week) => ({
    at: new Date(Date.UTC(2025, 10, 1) + week * 7 * 86_400_000).toISOString(),
    value,
  }));

describe('readTrend', () => {
  it('reads rising, fading and steady usage from the history (last quarter against first)', () => {
    const rising = readTrend({
      trend: weekly([300, 335, 440, 610, 850, 1150, 1550, 2000]),
      usageCount: 10_000,
    });
    expect(rising).toMatchObject({ direction: 'rising', basis: 'usage_history' });
    expect(rising.growth).toBeCloseTo(1775 / 317.5 - 1, 1);
    const fading = readTrend({
      trend: weekly([1800, 1590, 1370, 1160, 940, 730, 510, 300]),
      usageCount: 10_000,
    });
    expect(fading.direction).toBe('fading');
    expect(fading.growth).toBeLessThan(-0.5);
    const steady = readTrend({
      trend: weekly([100, 104, 97, 110, 95, 102, 99, 103]),
      usageCount: 10_000,
    });
    expect(steady).toMatchObject({ direction: 'steady' });
    expect(Math.abs(steady.growth!)).toBeLessThan(0.1);
  });

  it('reads a history that starts from zero as steady (still zero) or rising, never fading', () => {
    expect(readTrend({ trend: weekly([0, 0, 0, 0, 0, 0, 0, 0]), usageCount: 0 })).toMatchObject({
      direction: 'steady',
      growth: 0,
      basis: 'usage_history',
    });
    const fromNothing = readTrend({ trend: weekly([0, 0, 0, 0, 1, 3, 6, 9]), usageCount: 40 });
    expect(fromNothing).toMatchObject({
      direction: 'rising',
      growth: null,
      basis: 'usage_history',
    });
    expect(fromNothing.strength).toBeGreaterThan(
      readTrend({ trend: weekly([5, 5, 5, 5, 5, 5, 5, 5]), usageCount: 40 }).strength,
    );
  });

  it('does not take a past one-week spike for a trend', () => {
    const spike = readTrend({
      trend: weekly([80, 80, 80, 80, 80, 250, 80, 80]),
      usageCount: 5_000,
    });
    expect(spike.direction).toBe('steady');
  });

  it('ranks strength by momentum first, then reach', () => {
    const usage = 100_000;
    const rising = readTrend({ trend: weekly([1, 1, 2, 3, 5, 8, 13, 21]), usageCount: usage });
    const steady = readTrend({ trend: weekly([5, 5, 5, 5, 5, 5, 5, 5]), usageCount: usage });
    const fading = readTrend({ trend: weekly([21, 13, 8, 5, 3, 2, 1, 1]), usageCount: usage });
    expect(rising.strength).toBeGreaterThan(steady.strength);
    expect(steady.strength).toBeGreaterThan(fading.strength);
    const bigger = readTrend({ trend: weekly([5, 5, 5, 5, 5, 5, 5, 5]), usageCount: 5_000_000 });
    expect(bigger.strength).toBeGreaterThan(steady.strength);
    for (const t of [rising, steady, fading, bigger]) {
      expect(t.strength).toBeGreaterThanOrEqual(0);
      expect(t.strength).toBeLessThanOrEqual(1);
    }
  });

  it('falls back on chart movement, and says unknown rather than guessing', () => {
    expect(readTrend({ trend: null, usageCount: 1_000, onRisingChart: true })).toMatchObject({
      direction: 'rising',
      growth: null,
      basis: 'chart_movement',
    });
    expect(readTrend({ trend: [], usageCount: null, rankDiff: -6 })).toMatchObject({
      direction: 'fading',
      basis: 'chart_movement',
    });
    expect(readTrend({ trend: null, usageCount: 42 })).toMatchObject({
      direction: 'unknown',
      growth: null,
      usageCount: 42,
      basis: 'none',
    });
  });
});

describe('trend scales', () => {
  it('momentum is 0.5 when flat, high when doubling, low when halving', () => {
    expect(momentumFromGrowth(0)).toBeCloseTo(0.5);
    expect(momentumFromGrowth(1)).toBeGreaterThan(0.85);
    expect(momentumFromGrowth(-0.5)).toBeLessThan(0.15);
    expect(momentumFromGrowth(-1)).toBeGreaterThanOrEqual(0);
  });

  it('reach runs from 1 000 uses (0) to 10 million (1); unknown is 0.3', () => {
    expect(reachScore(1_000)).toBe(0);
    expect(reachScore(10_000_000)).toBe(1);
    expect(reachScore(100_000)).toBeCloseTo(0.5);
    expect(reachScore(null)).toBe(0.3);
    expect(reachScore(0)).toBe(0);
  });
});
