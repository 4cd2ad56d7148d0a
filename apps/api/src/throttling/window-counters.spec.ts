import { WindowCounters } from './window-counters';

describe('WindowCounters', () => {
  const counters = new WindowCounters();
  afterAll(() => counters.stop());

  it('counts up to the ceiling, then refuses every request (counted too) until the window ends', () => {
    const t0 = 1_000_000;
    const verdicts = [0, 1, 2].map((i) => counters.count('a', 60_000, 3, t0 + i));
    expect(verdicts).toEqual([
      { totalHits: 1, refused: false, resetSeconds: 60 },
      { totalHits: 2, refused: false, resetSeconds: 60 },
      { totalHits: 3, refused: false, resetSeconds: 60 },
    ]);
    expect(counters.count('a', 60_000, 3, t0 + 30_000)).toEqual({
      totalHits: 4,
      refused: true,
      resetSeconds: 30,
    });
    expect(counters.count('a', 60_000, 3, t0 + 59_999)).toEqual({
      totalHits: 5,
      refused: true,
      resetSeconds: 1,
    });
    // The window started at the first request; the next one starts afresh.
    expect(counters.count('a', 60_000, 3, t0 + 60_000)).toEqual({
      totalHits: 1,
      refused: false,
      resetSeconds: 60,
    });
  });

  it('keeps each key apart', () => {
    const t0 = 2_000_000;
    counters.count('b', 1_000, 1, t0);
    expect(counters.count('b', 1_000, 1, t0 + 1).refused).toBe(true);
    expect(counters.count('c', 1_000, 1, t0 + 1).refused).toBe(false);
  });

  it('holds one number per key however many requests a window counts, and drops ended windows', () => {
    const local = new WindowCounters();
    try {
      const t0 = 3_000_000;
      for (let i = 0; i < 100_000; i++)
        local.count(`k${i % 3}`, 10_000, 1_000_000, t0 + (i % 5_000));
      expect(local.count('k0', 10_000, 1_000_000, t0 + 5_000).totalHits).toBe(33_335);
      expect(local.size(t0 + 9_999)).toBe(3);
      expect(local.size(t0 + 10_001)).toBe(1);
      expect(local.size(t0 + 10_002)).toBe(0);
    } finally {
      local.stop();
    }
  });
});
