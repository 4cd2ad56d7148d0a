/**
 * The audio reading's shape and the pure maths behind it (tempo confidence, energy, valence,
 * arousal, mood). Every score is in [0, 1] and documented in docs/music.md ("How the
 * audio is read").
 */

/** The valence/arousal quadrants (see `moodLabel`). */
export const AUDIO_MOODS = ['upbeat', 'calm', 'dark', 'tense'] as const;

export type AudioMood = (typeof AUDIO_MOODS)[number];

/** One reading of an audio (or video) file, as `AudioAnalyzer` returns it. */
export interface AudioFeatures {
  /** Beats per minute (music-tempo, 60–200 range); `null` when no steady beat was found. */
  tempoBpm: number | null;
  /** 0..1: share of tracked beats that coincide with an onset. */
  beatConfidence: number;
  /** 0..1: loudness (RMS) and onset density. */
  energy: number;
  /** 0..1: dark/sad → bright/happy (mode, tonal clarity, brightness). */
  valence: number;
  /** 0..1: calm → excited (energy, tempo, brightness, noisiness). */
  arousal: number;
  mood: AudioMood;
  /** Full length of the file (ffprobe); `null` when the container does not say. */
  durationSec: number | null;
  /** Seconds actually read: min(duration, maxSeconds). */
  analyzedSeconds: number;
  analyzerVersion: string;
  /** The measurements behind the scores, for explanations and debugging. */
  details: {
    rmsDb: number;
    onsetsPerSec: number;
    spectralCentroidHz: number;
    spectralFlatness: number;
    majorFit: number;
    minorFit: number;
    key: string | null;
  };
}

/** Krumhansl–Kessler key profiles (probe-tone ratings), tonic first. */
export const MAJOR_PROFILE = [
  6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88,
] as const;
export const MINOR_PROFILE = [
  6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17,
] as const;

const PITCH_CLASSES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

export interface KeyEstimate {
  /** Best correlation of the chroma with any of the 12 major keys (-1..1). */
  major: number;
  /** Best correlation with any of the 12 minor keys (-1..1). */
  minor: number;
  /** The best-fitting key overall, e.g. `A minor`; `null` for a flat (toneless) chroma. */
  key: string | null;
}

/** Pearson correlation of a 12-bin chroma (C first) with every rotation of both profiles. */
export function estimateKey(chroma: readonly number[]): KeyEstimate {
  if (chroma.length !== 12 || chroma.every((value) => value === chroma[0])) {
    return { major: 0, minor: 0, key: null };
  }
  let major = -1;
  let minor = -1;
  let key: string | null = null;
  let best = -Infinity;
  for (let tonic = 0; tonic < 12; tonic += 1) {
    const rotate = (profile: readonly number[]) =>
      profile.map((_, index) => profile[(index - tonic + 12) % 12]);
    const majorFit = pearson(chroma, rotate(MAJOR_PROFILE));
    const minorFit = pearson(chroma, rotate(MINOR_PROFILE));
    major = Math.max(major, majorFit);
    minor = Math.max(minor, minorFit);
    if (majorFit > best) [best, key] = [majorFit, `${PITCH_CLASSES[tonic]} major`];
    if (minorFit > best) [best, key] = [minorFit, `${PITCH_CLASSES[tonic]} minor`];
  }
  return { major, minor, key };
}

export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i += 1) {
    meanA += a[i];
    meanB += b[i];
  }
  meanA /= n;
  meanB /= n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i += 1) {
    cov += (a[i] - meanA) * (b[i] - meanB);
    varA += (a[i] - meanA) ** 2;
    varB += (b[i] - meanB) ** 2;
  }
  return varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : 0;
}

/** RMS level in dBFS (-120 for digital silence). */
export function rmsDb(samples: ArrayLike<number>): number {
  if (samples.length === 0) return -120;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) sum += samples[i] * samples[i];
  const rms = Math.sqrt(sum / samples.length);
  return rms > 1e-6 ? 20 * Math.log10(rms) : -120;
}

/**
 * Halves the sample rate (pairwise average: a gentle low-pass, enough for onset detection) and
 * returns a plain array, the input music-tempo wants.
 */
export function decimateByTwo(samples: Float32Array): number[] {
  const out = new Array<number>(samples.length >> 1);
  for (let i = 0; i < out.length; i += 1) out[i] = (samples[2 * i] + samples[2 * i + 1]) * 0.5;
  return out;
}

/** Share of beats with a detected onset within `toleranceSec` (how clearly the beat is played). */
export function beatConfidence(
  beats: readonly number[],
  onsets: readonly number[],
  toleranceSec = 0.05,
): number {
  if (beats.length === 0 || onsets.length === 0) return 0;
  const sorted = [...onsets].sort((a, b) => a - b);
  let matched = 0;
  let cursor = 0;
  for (const beat of beats) {
    while (cursor < sorted.length - 1 && sorted[cursor + 1] <= beat) cursor += 1;
    const near = [sorted[cursor], sorted[cursor + 1]].filter((value) => value !== undefined);
    if (near.some((onset) => Math.abs(onset - beat) <= toleranceSec)) matched += 1;
  }
  return round3(matched / beats.length);
}

/** Loudness part of energy: -30 dBFS RMS (quiet ambient) → 0, -6 dBFS (loud master) → 1. */
export function loudnessScore(levelDb: number): number {
  return clamp01((levelDb + 30) / 24);
}

/** Spectral brightness: centroid on a log scale, 250 Hz → 0, 4 kHz → 1. */
export function brightnessScore(centroidHz: number): number {
  if (!(centroidHz > 0)) return 0;
  return clamp01(Math.log2(centroidHz / 250) / 4);
}

/**
 * Energy 0..1: mostly how loud (RMS), partly how busy (onsets per second, 8/s = busiest).
 * Quiet ambient reads low, a loud dense beat high.
 */
export function energyScore(levelDb: number, onsetsPerSec: number): number {
  return round3(0.75 * loudnessScore(levelDb) + 0.25 * clamp01(onsetsPerSec / 8));
}

/**
 * Valence 0..1 (sad/dark → happy/bright): mainly the mode, i.e. how much better the averaged
 * chroma fits a major key than a minor one; then tonal clarity (a clear key versus a
 * dissonant or atonal cluster) and spectral brightness.
 */
export function valenceScore(key: KeyEstimate, brightness: number): number {
  const mode = clamp01(0.5 + 2 * (key.major - key.minor));
  const clarity = clamp01((Math.max(key.major, key.minor) - 0.3) / 0.5);
  return round3(0.75 * mode + 0.1 * clarity + 0.15 * clamp01(brightness));
}

/**
 * Arousal 0..1 (calm → excited): energy, tempo (60 → 180 BPM), brightness and noisiness
 * (spectral flatness; percussion and distortion are flat, pads and voices are peaky).
 */
export function arousalScore(
  energy: number,
  tempoBpm: number | null,
  brightness: number,
  flatness: number,
): number {
  const tempo = tempoBpm === null ? 0.3 : clamp01((tempoBpm - 60) / 120);
  return round3(
    0.5 * clamp01(energy) +
      0.2 * tempo +
      0.15 * clamp01(brightness) +
      0.15 * clamp01(flatness / 0.3),
  );
}

/** The valence/arousal quadrant, split at 0.5 on both axes. */
export function moodLabel(valence: number, arousal: number): AudioMood {
  if (valence >= 0.5) return arousal >= 0.5 ? 'upbeat' : 'calm';
  return arousal >= 0.5 ? 'tense' : 'dark';
}

export function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
