import {
  cutRhythm,
  FIT_WEIGHTS,
  isVoiceLed,
  NEUTRAL_PART,
  scoreFit,
  targetEnergy,
  tempoMatch,
  videoPulse,
  type AudioReading,
  type VideoProfile,
} from './music.scoring';

const reading = (overrides: Partial<AudioReading> = {}): AudioReading => ({
  tempoBpm: 120,
  energy: 0.6,
  valence: 0.7,
  arousal: 0.6,
  mood: 'upbeat',
  ...overrides,
});

/** A 30 s video with a cut every 2 s (30 a minute) over an upbeat soundtrack. */
const video = (overrides: Partial<VideoProfile> = {}): VideoProfile => ({
  durationSec: 30,
  cuts: 14,
  cutsPerMinute: 30,
  audio: reading(),
  speechShare: 1,
  ...overrides,
});

describe('cutRhythm', () => {
  it('reads the typical spacing, not cuts over duration (the last scene is cut short)', () => {
    expect(cutRhythm([2.4, 4.8, 7.2, 9.6])).toBe(25);
    expect(cutRhythm([2, 4, 6, 8, 10, 12])).toBe(30);
    // One long pause does not drag the rhythm down: the median ignores it.
    expect(cutRhythm([2, 4, 6, 14, 16])).toBe(30);
    expect(cutRhythm([])).toBe(0);
  });
});

describe('tempoMatch', () => {
  const cuts = { bpm: 30, kind: 'cuts' as const };

  it('scores a tempo that puts 1, 2, 4 or 8 beats between cuts at the top', () => {
    for (const [bpm, beats] of [
      [30, 1],
      [60, 2],
      [120, 4],
      [240, 8],
      [15, 0.5],
    ] as const) {
      const match = tempoMatch(bpm, cuts);
      expect({ bpm, score: match.score, beats: match.beatsPerPulse }).toEqual({
        bpm,
        score: 1,
        beats,
      });
    }
  });

  it('falls off as the tempo drifts away from a power-of-two relation', () => {
    const near = tempoMatch(123.6, cuts); // 3 % off
    const off = tempoMatch(128.4, cuts); // 7 % off
    const between = tempoMatch(170, cuts); // 5.7 beats a cut: no musical relation
    expect(near.score).toBeGreaterThan(0.8);
    expect(off.score).toBeGreaterThan(0.35);
    expect(off.score).toBeLessThan(near.score);
    expect(between.score).toBeLessThan(0.05);
    expect(near.offPercent).toBe(3);
  });

  it('against a beat (few cuts), half and double time count, nothing further', () => {
    const beat = { bpm: 100, kind: 'beat' as const };
    expect(tempoMatch(200, beat).score).toBe(1);
    expect(tempoMatch(50, beat).score).toBe(1);
    expect(tempoMatch(400, beat).score).toBeLessThan(0.01);
  });
});

describe('videoPulse and energy target', () => {
  it('uses the cuts when there are enough, else the soundtrack beat, else nothing', () => {
    expect(videoPulse(video())).toEqual({ bpm: 30, kind: 'cuts' });
    expect(videoPulse(video({ cuts: 1, cutsPerMinute: 4 }))).toEqual({ bpm: 120, kind: 'beat' });
    expect(videoPulse(video({ cuts: 0, cutsPerMinute: 0, audio: null }))).toBeNull();
  });

  it('pulls the soundtrack energy towards the pace; caps it for a voice-led video', () => {
    expect(targetEnergy(video())).toBeCloseTo(0.6 * 0.6 + 0.4 * 0.48, 3);
    expect(targetEnergy(video({ audio: null }))).toBeCloseTo(0.48, 3);
    const talking = video({ audio: reading({ tempoBpm: null, energy: 0.9 }), speechShare: 0.9 });
    expect(isVoiceLed(talking)).toBe(true);
    expect(targetEnergy(talking)).toBe(0.45);
  });
});

describe('scoreFit', () => {
  it('weights tempo 40 %, energy 25 %, mood 20 %, usable length 15 %', () => {
    expect(Object.values(FIT_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    const fit = scoreFit(video(), { reading: reading(), usableSec: 60 });
    const expected =
      0.4 * fit.parts.tempo +
      0.25 * fit.parts.energy +
      0.2 * fit.parts.mood +
      0.15 * fit.parts.length;
    expect(fit.score).toBeCloseTo(expected, 3);
    expect(fit.parts.tempo).toBe(1);
    expect(fit.parts.length).toBe(1);
  });

  it('prefers the tempo that matches the cuts, and says why in plain words', () => {
    const matched = scoreFit(video(), { reading: reading({ tempoBpm: 120 }), usableSec: 30 });
    const drifting = scoreFit(video(), { reading: reading({ tempoBpm: 170 }), usableSec: 30 });
    expect(matched.score - drifting.score).toBeGreaterThan(0.35);
    expect(matched.why).toBe(
      "Strong fit: at 120 BPM, a cut every 4 beats matches the video's pace (30 cuts a minute); medium energy suits the video's medium energy.",
    );
    expect(drifting.why).toMatch(
      /but 170 BPM drifts against the video's pace \(30 cuts a minute\), so cuts would fall off the beat\.$/,
    );
  });

  it('names a mood clash and a short usable slice', () => {
    const dark = reading({ valence: 0.1, arousal: 0.2, mood: 'dark' });
    const clash = scoreFit(video(), { reading: dark, usableSec: 30 });
    expect(clash.parts.mood).toBeLessThan(0.2);
    expect(clash.why).toMatch(/; but dark mood against the video's upbeat audio\.$/);
    const short = scoreFit(video(), { reading: reading(), usableSec: 8 });
    expect(short.parts.length).toBeLessThan(0.2);
    expect(short.why).toMatch(/; but its 8 s usable slice is much shorter than the 30 s video\.$/);
  });

  it('scores what it cannot judge as neutral and leaves it out of the reasons', () => {
    const silent = video({ cuts: 0, cutsPerMinute: 0, audio: null, speechShare: null });
    const fit = scoreFit(silent, { reading: reading(), usableSec: null });
    expect(fit.parts.tempo).toBe(NEUTRAL_PART);
    expect(fit.parts.mood).toBe(NEUTRAL_PART);
    expect(fit.parts.length).toBe(NEUTRAL_PART);
    expect(fit.why).not.toMatch(/BPM|mood|slice/);
  });

  it('a sound without a steady beat scores low on tempo, with the reason', () => {
    const fit = scoreFit(video(), { reading: reading({ tempoBpm: null }), usableSec: 30 });
    expect(fit.parts.tempo).toBe(0.3);
    expect(fit.why).toMatch(/no steady beat to cut to/);
  });

  it('keeps every score in [0, 1]', () => {
    for (const tempoBpm of [null, 40, 90, 133, 200]) {
      for (const energy of [0, 0.5, 1]) {
        const fit = scoreFit(video(), { reading: reading({ tempoBpm, energy }), usableSec: 5 });
        expect(fit.score).toBeGreaterThanOrEqual(0);
        expect(fit.score).toBeLessThanOrEqual(1);
        for (const part of Object.values(fit.parts)) {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
