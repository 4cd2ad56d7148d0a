import type { AudioFeatures } from '../media-analysis/audio-features';
import { fitWhy } from './music.prompt';

/** What the audio reading says about a sound or a video's soundtrack. */
export type AudioReading = Pick<
  AudioFeatures,
  'tempoBpm' | 'energy' | 'valence' | 'arousal' | 'mood'
>;

/** The video's side of the match. */
export interface VideoProfile {
  durationSec: number;
  /** Hard cuts in the analyzed span. */
  cuts: number;
  /** The cut rhythm: cuts a minute at the video's typical spacing (see `cutRhythm`). */
  cutsPerMinute: number;
  /** The reading of the video's own audio; `null` when it has none. */
  audio: AudioReading | null;
  /** Share of the video that is not silent (speech or music), when it has audio. */
  speechShare: number | null;
}

export interface FitParts {
  /** Tempo against the video's cut rhythm (half and double time count). */
  tempo: number;
  energy: number;
  mood: number;
  /** The usable slice against the video's length. */
  length: number;
}

export interface Fit {
  /** 0..1, the weighted sum of `parts`. */
  score: number;
  /** The deciding reasons, in plain words. */
  why: string;
  parts: FitParts;
}

export const FIT_WEIGHTS: Readonly<FitParts> = {
  tempo: 0.4,
  energy: 0.25,
  mood: 0.2,
  length: 0.15,
};

/** A part without the data to judge it scores this (and is not named in `why`). */
export const NEUTRAL_PART = 0.5;

/** Width (in octaves) of the tempo match: 3 % off scores 0.88, 7 % off 0.5, 12 % off 0.16. */
const TEMPO_SIGMA_OCTAVES = 0.12;

/**
 * Cuts a minute at the typical spacing between cuts: 60 / the median of the intervals from the
 * start to the first cut and between cuts (the last scene is cut short by the end of the video,
 * so it does not count). A cut every 2.4 s reads 25 a minute however long the video is.
 */
export function cutRhythm(cuts: readonly number[]): number {
  if (cuts.length === 0) return 0;
  const intervals = cuts.map((t, index) => t - (index === 0 ? 0 : cuts[index - 1]));
  const sorted = intervals.filter((d) => d > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return Math.round((60 / median) * 100) / 100;
}

/** A pulse to cut to: the video's cut rate, or (few cuts) the beat of its own audio. */
export interface VideoPulse {
  bpm: number;
  kind: 'cuts' | 'beat';
}

/** With at least 3 cuts and 6 a minute, the cuts set the pulse; else the soundtrack's beat. */
export function videoPulse(video: VideoProfile): VideoPulse | null {
  if (video.cuts >= 3 && video.cutsPerMinute >= 6)
    return { bpm: video.cutsPerMinute, kind: 'cuts' };
  const beat = video.audio?.tempoBpm ?? null;
  return beat !== null && beat > 0 ? { bpm: beat, kind: 'beat' } : null;
}

export interface TempoMatch {
  score: number;
  /**
   * Sound beats per pulse at the nearest musical relation: 1, 2, 4, 8, 16 beats per cut (or
   * 0.5, two cuts per beat); against a beat, 0.5, 1 or 2 (half, same, double time).
   */
  beatsPerPulse: number;
  /** How far (%) the tempo is from that relation. */
  offPercent: number;
}

/**
 * How well a tempo lines up with a pulse. Cuts on every 1, 2, 4, 8 or 16 beats (or twice a beat)
 * all land on the beat, so the tempo is folded onto the nearest power-of-two relation and scored
 * by the distance left (Gaussian in octaves).
 */
export function tempoMatch(soundBpm: number, pulse: VideoPulse): TempoMatch {
  const [lowest, highest] = pulse.kind === 'cuts' ? [-1, 4] : [-1, 1];
  const octaves = Math.log2(soundBpm / pulse.bpm);
  const nearest = Math.max(lowest, Math.min(highest, Math.round(octaves)));
  const distance = Math.abs(octaves - nearest);
  return {
    score: round3(Math.exp(-((distance / TEMPO_SIGMA_OCTAVES) ** 2))),
    beatsPerPulse: 2 ** nearest,
    offPercent: Math.round((2 ** distance - 1) * 100),
  };
}

/** The energy a soundtrack for this video should have: its audio's, pulled by its pace. */
export function targetEnergy(video: VideoProfile): number | null {
  const pace = video.cuts > 0 ? clamp01((video.cutsPerMinute - 6) / 50) : video.audio ? null : 0.2;
  const audio = video.audio?.energy ?? null;
  let target = audio !== null && pace !== null ? 0.6 * audio + 0.4 * pace : (audio ?? pace ?? null);
  if (target !== null && isVoiceLed(video)) target = Math.min(target, 0.45);
  return target === null ? null : round3(target);
}

/** A video whose soundtrack has no steady beat but is mostly not silent: someone talks. */
export function isVoiceLed(video: VideoProfile): boolean {
  return video.audio !== null && video.audio.tempoBpm === null && (video.speechShare ?? 0) >= 0.5;
}

interface Reason {
  part: keyof FitParts;
  score: number;
  known: boolean;
  good: string;
  bad: string;
}

/**
 * Fit of one sound to one video, 0..1: tempo against the cut rhythm (40 %), energy (25 %), mood
 * (20 %) and usable length (15 %). `why` names the strongest reasons for and the worst against.
 */
export function scoreFit(
  video: VideoProfile,
  sound: { reading: AudioReading; usableSec: number | null },
): Fit {
  const reasons = [
    tempoReason(video, sound.reading),
    energyReason(video, sound.reading),
    moodReason(video, sound.reading),
    lengthReason(video, sound.usableSec),
  ];
  const parts = Object.fromEntries(
    reasons.map((r) => [r.part, round3(r.score)]),
  ) as unknown as FitParts;
  const score = round3(
    (Object.keys(FIT_WEIGHTS) as (keyof FitParts)[]).reduce(
      (sum, part) => sum + FIT_WEIGHTS[part] * parts[part],
      0,
    ),
  );
  return { score, why: explain(score, reasons), parts };
}

/** The strongest two reasons for and the worst two against, worded by `fitWhy`. */
function explain(score: number, reasons: Reason[]): string {
  const known = reasons.filter((r) => r.known);
  const positives = known
    .filter((r) => r.score >= 0.7)
    .sort((a, b) => FIT_WEIGHTS[b.part] * b.score - FIT_WEIGHTS[a.part] * a.score)
    .slice(0, 2)
    .map((r) => r.good);
  const negatives = known
    .filter((r) => r.score < 0.4)
    .sort((a, b) => FIT_WEIGHTS[b.part] * (1 - b.score) - FIT_WEIGHTS[a.part] * (1 - a.score))
    .slice(0, 2)
    .map((r) => r.bad);
  return fitWhy(score, positives, negatives);
}

function tempoReason(video: VideoProfile, reading: AudioReading): Reason {
  const pulse = videoPulse(video);
  const base = { part: 'tempo' as const };
  if (!pulse) {
    return { ...base, score: NEUTRAL_PART, known: false, good: '', bad: '' };
  }
  if (reading.tempoBpm === null) {
    return {
      ...base,
      score: 0.3,
      known: true,
      good: '',
      bad: 'it has no steady beat to cut to',
    };
  }
  const bpm = Math.round(reading.tempoBpm);
  const match = tempoMatch(reading.tempoBpm, pulse);
  if (pulse.kind === 'cuts') {
    const pace = `${round1(pulse.bpm)} cuts a minute`;
    const relation =
      match.beatsPerPulse < 1
        ? 'two cuts to a beat'
        : match.beatsPerPulse === 1
          ? 'a cut on every beat'
          : `a cut every ${match.beatsPerPulse} beats`;
    return {
      ...base,
      score: match.score,
      known: true,
      good: `at ${bpm} BPM, ${relation} matches the video's pace (${pace})`,
      bad: `${bpm} BPM drifts against the video's pace (${pace}), so cuts would fall off the beat`,
    };
  }
  const relation =
    match.beatsPerPulse === 1
      ? 'the same tempo as'
      : match.beatsPerPulse > 1
        ? 'double time of'
        : 'half time of';
  return {
    ...base,
    score: match.score,
    known: true,
    good: `${bpm} BPM is ${relation} the video's own ${Math.round(pulse.bpm)} BPM beat`,
    bad: `${bpm} BPM clashes with the video's own ${Math.round(pulse.bpm)} BPM beat`,
  };
}

function energyReason(video: VideoProfile, reading: AudioReading): Reason {
  const target = targetEnergy(video);
  const base = { part: 'energy' as const };
  if (target === null) return { ...base, score: NEUTRAL_PART, known: false, good: '', bad: '' };
  const score = clamp01(1 - Math.abs(reading.energy - target) / 0.5);
  const what = isVoiceLed(video) ? 'a voice-led video' : `the video's ${level(target)} energy`;
  return {
    ...base,
    score,
    known: true,
    good: `${level(reading.energy)} energy suits ${what}`,
    bad: `${level(reading.energy)} energy against ${what}`,
  };
}

function moodReason(video: VideoProfile, reading: AudioReading): Reason {
  const base = { part: 'mood' as const };
  const own = video.audio;
  if (!own) return { ...base, score: NEUTRAL_PART, known: false, good: '', bad: '' };
  const distance = Math.hypot(reading.valence - own.valence, reading.arousal - own.arousal);
  const score = clamp01(1 - distance / 0.6);
  return {
    ...base,
    score,
    known: true,
    good:
      reading.mood === own.mood
        ? `${reading.mood} mood, like the video's own audio`
        : `close in mood to the video's own audio`,
    bad: `${reading.mood} mood against the video's ${own.mood} audio`,
  };
}

function lengthReason(video: VideoProfile, usableSec: number | null): Reason {
  const base = { part: 'length' as const };
  if (usableSec === null || usableSec <= 0 || video.durationSec <= 0) {
    return { ...base, score: NEUTRAL_PART, known: false, good: '', bad: '' };
  }
  const ratio = usableSec / video.durationSec;
  const usable = Math.round(usableSec);
  const length = Math.round(video.durationSec);
  return {
    ...base,
    score: ratio >= 1 ? 1 : ratio ** 1.5,
    known: true,
    good: `its ${usable} s usable slice covers the ${length} s video`,
    bad: `its ${usable} s usable slice is much shorter than the ${length} s video`,
  };
}

function level(energy: number): 'low' | 'medium' | 'high' {
  return energy < 0.35 ? 'low' : energy < 0.65 ? 'medium' : 'high';
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
