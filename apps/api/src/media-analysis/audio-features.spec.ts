import {
  arousalScore,
  beatConfidence,
  brightnessScore,
  decimateByTwo,
  energyScore,
  estimateKey,
  moodLabel,
  pearson,
  rmsDb,
  valenceScore,
} from './audio-features';

/** A 12-bin chroma with energy on the given pitch classes (C = 0). */
function chroma(...pitches: number[]): number[] {
  return Array.from({ length: 12 }, (_, index) => (pitches.includes(index) ? 1 : 0.05));
}

describe('audio features', () => {
  it('finds the key and mode of triads', () => {
    const cMajor = estimateKey(chroma(0, 4, 7));
    expect(cMajor.key).toBe('C major');
    expect(cMajor.major).toBeGreaterThan(cMajor.minor);
    const aMinor = estimateKey(chroma(9, 0, 4));
    expect(aMinor.key).toBe('A minor');
    expect(aMinor.minor).toBeGreaterThan(aMinor.major);
    expect(estimateKey(new Array(12).fill(0.3))).toEqual({ major: 0, minor: 0, key: null });
  });

  it('puts major above minor on valence at equal brightness', () => {
    const major = valenceScore(estimateKey(chroma(0, 4, 7)), 0.4);
    const minor = valenceScore(estimateKey(chroma(9, 0, 4)), 0.4);
    expect(major).toBeGreaterThan(0.5);
    expect(minor).toBeLessThan(0.5);
  });

  it('scores energy by loudness first, then busyness', () => {
    expect(energyScore(-40, 0)).toBe(0);
    expect(energyScore(-6, 8)).toBe(1);
    const levels = [-28, -22, -16, -10].map((db) => energyScore(db, 2));
    expect([...levels].sort((a, b) => a - b)).toEqual(levels);
    expect(energyScore(-16, 6)).toBeGreaterThan(energyScore(-16, 2));
  });

  it('maps brightness on a log scale', () => {
    expect(brightnessScore(250)).toBe(0);
    expect(brightnessScore(1000)).toBeCloseTo(0.5);
    expect(brightnessScore(8000)).toBe(1);
    expect(brightnessScore(0)).toBe(0);
  });

  it('raises arousal with energy and tempo', () => {
    expect(arousalScore(0.9, 150, 0.6, 0.3)).toBeGreaterThan(arousalScore(0.2, 80, 0.2, 0.01));
    expect(arousalScore(0.5, null, 0.5, 0.1)).toBeGreaterThan(0);
  });

  it('labels the valence/arousal quadrants', () => {
    expect(moodLabel(0.8, 0.8)).toBe('upbeat');
    expect(moodLabel(0.8, 0.2)).toBe('calm');
    expect(moodLabel(0.2, 0.2)).toBe('dark');
    expect(moodLabel(0.2, 0.8)).toBe('tense');
  });

  it('measures how many beats land on onsets', () => {
    expect(beatConfidence([1, 2, 3, 4], [1.01, 2.02, 3.5, 3.98])).toBe(0.75);
    expect(beatConfidence([], [1])).toBe(0);
  });

  it('has small numeric helpers that behave', () => {
    expect(rmsDb(new Float32Array(100))).toBe(-120);
    expect(rmsDb(new Float32Array(100).fill(1))).toBeCloseTo(0);
    expect(decimateByTwo(new Float32Array([1, 3, 5, 7, 9]))).toEqual([2, 6]);
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0);
  });
});
