import { musicCharge } from '@reelscout/domain';
import { byFinalScore, CLEARLY_BETTER_FIT, finalScore, rankSuggestions } from './music.ranking';

describe('finalScore', () => {
  it('is 0.85 × fit + 0.15 × trend strength, rounded to 3 decimals', () => {
    expect(finalScore(1, 1)).toBe(1);
    expect(finalScore(0, 0)).toBe(0);
    expect(finalScore(0.8, 0.4)).toBe(0.74);
    expect(finalScore(0.5, 1)).toBe(0.575);
    expect(finalScore(2, -1)).toBe(0.85); // clamped inputs
  });

  it('never lets trend outrank a clearly better fit (a lead above 0.15 / 0.85)', () => {
    for (let fit = 0.2; fit <= 1; fit += 0.01) {
      const worse = fit - CLEARLY_BETTER_FIT - 0.002;
      if (worse < 0) continue;
      // The worse fit gets the best possible trend, the better fit the worst.
      expect(finalScore(fit, 0)).toBeGreaterThan(finalScore(worse, 1));
    }
    expect(CLEARLY_BETTER_FIT).toBeCloseTo(0.176, 3);
  });

  it('lets trend decide between near-equal fits', () => {
    expect(finalScore(0.7, 0.9)).toBeGreaterThan(finalScore(0.72, 0.2));
  });
});

describe('ranking and charge', () => {
  const s = (soundId: string, final: number, fit: number) => ({
    soundId,
    finalScore: final,
    fit: { score: fit },
  });

  it('sorts by final score, then fit, then id; cuts to limit', () => {
    const ranked = rankSuggestions(
      [s('c', 0.5, 0.5), s('b', 0.7, 0.6), s('a', 0.7, 0.6), s('d', 0.7, 0.7)],
      3,
    );
    expect(ranked.map((x) => x.soundId)).toEqual(['d', 'a', 'b']);
    expect([s('x', 1, 1), s('y', 0, 0)].sort(byFinalScore)[0].soundId).toBe('x');
  });

  it('charges 250 000 micro-USD for any delivery and nothing for an empty one', () => {
    expect(musicCharge(0)).toBe(0);
    expect(musicCharge(1)).toBe(250_000);
    expect(musicCharge(3)).toBe(musicCharge(20));
  });
});
