import { outlierBand, outlierScore } from './outlier';

describe('outlierScore', () => {
  it.each([
    // [plays, followers, score, multiple, band]
    // The breakout: 400 k views on an account of 3 k.
    [400_000, 3_000, 39.17, 133.33, 'exceptional'],
    // The ordinary case: 2 M views on an account of 20 M (multiple < 1: negative score).
    [2_000_000, 20_000_000, -38.71, 0.1, 'ordinary'],
    // Views equal to followers: ln 1 = 0.
    [50_000, 50_000, 0, 1, 'ordinary'],
    // Each floor, reached and just missed, on an audience of 1 000.
    [158_547, 1_000, 35, 158.55, 'exceptional'],
    [158_317, 1_000, 34.99, 158.32, 'very_strong'],
    [37_278, 1_000, 25, 37.28, 'very_strong'],
    [37_224, 1_000, 24.99, 37.22, 'strong'],
    [13_532, 1_000, 18, 13.53, 'strong'],
    [13_513, 1_000, 17.99, 13.51, 'promising'],
    [4_251, 1_000, 10, 4.25, 'promising'],
    [4_244, 1_000, 9.99, 4.24, 'ordinary'],
    [1_000_000, 10_000, 42.42, 100, 'exceptional'],
    [200_000, 10_000, 27.59, 20, 'very_strong'],
    [80_000, 10_000, 19.15, 8, 'strong'],
    [30_000, 10_000, 10.12, 3, 'promising'],
    // Tiny audiences: one follower weighs ln 1 = 0, whatever the views.
    [5_000_000, 1, 0, 5_000_000, 'ordinary'],
    [1_000, 2, 4.31, 500, 'ordinary'],
    // A multiple too small to show at 2 decimals reads 0; the score is still computed from it.
    [10, 10_000_000, -222.68, 0, 'ordinary'],
  ])('%d plays on %d followers → %d (%s×, %s)', (plays, followers, score, multiple, band) => {
    expect(outlierScore(plays, followers)).toEqual({ score, multiple, band });
  });

  it.each([
    [1_000, null],
    [1_000, 0],
    [null, 1_000],
    [0, 1_000],
    [-5, 1_000],
    [1_000, Number.NaN],
    [1_000, Number.POSITIVE_INFINITY],
  ])('%p plays on %p followers → null (unknown, zero or not a count)', (plays, followers) => {
    expect(outlierScore(plays, followers)).toBeNull();
  });

  it('bands the delivered (rounded) score: 34.995 shows as 35 and is exceptional', () => {
    expect(Math.log(158.547) * Math.log(1_000)).toBeLessThan(35);
    expect(outlierScore(158_547, 1_000)?.band).toBe('exceptional');
  });

  it('never returns -0', () => {
    const outlier = outlierScore(999_999, 1_000_000);
    expect(Object.is(outlier?.score, 0)).toBe(true);
  });
});

describe('outlierBand', () => {
  it.each([
    [100, 'exceptional'],
    [35, 'exceptional'],
    [34.99, 'very_strong'],
    [25, 'very_strong'],
    [24.99, 'strong'],
    [18, 'strong'],
    [17.99, 'promising'],
    [10, 'promising'],
    [9.99, 'ordinary'],
    [0, 'ordinary'],
    [-12.5, 'ordinary'],
  ])('%d → %s', (score, band) => {
    expect(outlierBand(score)).toBe(band);
  });
});
