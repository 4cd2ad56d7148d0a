import { setImmediate as nextTick } from 'node:timers/promises';
import Meyda from 'meyda';
import {
  arousalScore,
  beatConfidence,
  brightnessScore,
  decimateByTwo,
  energyScore,
  estimateKey,
  moodLabel,
  rmsDb,
  valenceScore,
  type AudioFeatures,
} from './audio-features';
import { round3 } from './ffmpeg-output.parser';
import { SpectrumAnalyzer } from './spectrum';

/**
 * The reading of decoded audio: tempo, energy and mood from PCM. Pure JavaScript with no
 * framework or alias imports, because it runs in the audio-reading worker threads
 * (audio-reading.worker.ts, audio-reading.pool.ts) as well as in-process.
 */

/**
 * Bump when the reading changes: cached analyses (the music operation keeps them forever,
 * keyed by sound id and this string) are then recomputed.
 */
export const AUDIO_ANALYZER_VERSION = 'rs-audio-1;music-tempo@1.0.3;meyda@5.6.3';

/** Sample rate the audio is decoded at (mono f32le); tempo runs on a 2:1 decimated copy. */
export const ANALYSIS_SAMPLE_RATE = 22_050;
const FEATURE_FRAME = 2048;
const MAX_FEATURE_FRAMES = 96;

export interface PcmAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** What a reading of PCM gives (the file's own duration is the analyzer's to add). */
export type AudioReading = Omit<AudioFeatures, 'durationSec'>;

/** A request to an audio-reading worker; its samples are transferred, not copied. */
export interface AudioReadingRequest {
  id: number;
  samples: Float32Array;
  sampleRate: number;
}

/** A worker's answer: the reading, or the message of the error it raised. */
export type AudioReadingAnswer =
  { id: number; reading: AudioReading } | { id: number; error: string };

/** The reading itself, on decoded PCM (any rate; 22.05 kHz expected). */
export async function analyzePcm(pcm: PcmAudio, signal?: AbortSignal): Promise<AudioReading> {
  const { samples, sampleRate } = pcm;
  const analyzedSeconds = round3(samples.length / sampleRate);
  const level = rmsDb(samples);

  await pause(signal);
  const tempo = readTempo(samples, sampleRate);
  await pause(signal);
  const spectrum = await readSpectrum(samples, sampleRate, signal);

  const onsetsPerSec = analyzedSeconds > 0 ? tempo.onsets.length / analyzedSeconds : 0;
  const energy = energyScore(level, onsetsPerSec);
  const brightness = brightnessScore(spectrum.centroidHz);
  const key = estimateKey(spectrum.chroma);
  const valence = level <= -60 ? 0.5 : valenceScore(key, brightness);
  const arousal = arousalScore(energy, tempo.bpm, brightness, spectrum.flatness);
  return {
    tempoBpm: tempo.bpm,
    beatConfidence: tempo.bpm === null ? 0 : beatConfidence(tempo.beats, tempo.onsets),
    energy,
    valence,
    arousal,
    mood: moodLabel(valence, arousal),
    analyzedSeconds,
    analyzerVersion: AUDIO_ANALYZER_VERSION,
    details: {
      rmsDb: Math.round(level * 10) / 10,
      onsetsPerSec: Math.round(onsetsPerSec * 100) / 100,
      spectralCentroidHz: Math.round(spectrum.centroidHz),
      spectralFlatness: round3(spectrum.flatness),
      majorFit: round3(key.major),
      minorFit: round3(key.minor),
      key: key.key,
    },
  };
}

interface MusicTempoResult {
  tempo: string | number;
  beats: number[];
  events: number[];
}
type MusicTempoConstructor = new (
  audio: number[],
  params?: Record<string, number>,
) => MusicTempoResult;

// music-tempo ships CommonJS without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MusicTempo = require('music-tempo') as MusicTempoConstructor;

function readTempo(
  samples: Float32Array,
  sampleRate: number,
): { bpm: number | null; beats: number[]; onsets: number[] } {
  // BeatRoot on a half-rate copy: ~10 ms hop, 46 ms window, 60–200 BPM (the library's range).
  const rate = sampleRate / 2;
  const hopSize = Math.round(rate / 100);
  const bufferSize = 1 << Math.round(Math.log2(rate * 0.0464));
  try {
    const result = new MusicTempo(decimateByTwo(samples), {
      bufferSize,
      hopSize,
      timeStep: hopSize / rate,
    });
    const bpm = Number(result.tempo);
    return {
      bpm: Number.isFinite(bpm) && bpm > 0 ? Math.round(bpm * 10) / 10 : null,
      beats: result.beats ?? [],
      onsets: result.events ?? [],
    };
  } catch {
    // The library throws (a string) when it finds no beat at all: silence, speech, ambience.
    return { bpm: null, beats: [], onsets: [] };
  }
}

/** The meyda feature extractors this reading uses, called on our own spectra. */
interface MeydaExtractors {
  spectralCentroid(input: { ampSpectrum: Float32Array }): number;
  spectralFlatness(input: { ampSpectrum: Float32Array }): number;
  chroma(input: { ampSpectrum: Float32Array; chromaFilterBank: number[][] }): number[];
}

// meyda's filter-bank builder is not on its default export; the package has no exports map.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const meydaUtilities = require('meyda/dist/node/utilities') as {
  createChromaFilterBank(bands: number, sampleRate: number, bufferSize: number): number[][];
};
const chromaBanks = new Map<number, number[][]>();

function chromaBank(sampleRate: number): number[][] {
  let bank = chromaBanks.get(sampleRate);
  if (!bank) {
    bank = meydaUtilities.createChromaFilterBank(12, sampleRate, FEATURE_FRAME);
    chromaBanks.set(sampleRate, bank);
  }
  return bank;
}

/**
 * meyda's spectral centroid, flatness and chroma on up to `MAX_FEATURE_FRAMES` frames
 * spread evenly over the clip, weighted by each frame's RMS (silent frames skipped). The
 * spectra come from `SpectrumAnalyzer` (Hann window, as meyda's own `extract` does).
 */
async function readSpectrum(
  samples: Float32Array,
  sampleRate: number,
  signal?: AbortSignal,
): Promise<{ centroidHz: number; flatness: number; chroma: number[] }> {
  const extractors = Meyda.featureExtractors as MeydaExtractors;
  const bank = chromaBank(sampleRate);
  const spectrum = new SpectrumAnalyzer(FEATURE_FRAME);
  const frames = Math.floor(samples.length / FEATURE_FRAME);
  const step = Math.max(1, Math.floor(frames / MAX_FEATURE_FRAMES));
  let weight = 0;
  let centroid = 0;
  let flatness = 0;
  const chroma = new Array<number>(12).fill(0);
  let sinceYield = 0;
  for (let frame = 0; frame < frames; frame += step) {
    const start = frame * FEATURE_FRAME;
    spectrum.analyze(samples.subarray(start, start + FEATURE_FRAME));
    const rms = spectrum.rms;
    if (!(rms > 1e-4)) continue;
    const ampSpectrum = spectrum.amplitude;
    weight += rms;
    centroid += finite(extractors.spectralCentroid({ ampSpectrum })) * rms;
    flatness += finite(extractors.spectralFlatness({ ampSpectrum })) * rms;
    extractors.chroma({ ampSpectrum, chromaFilterBank: bank }).forEach((value, index) => {
      chroma[index] += finite(value) * rms;
    });
    sinceYield += 1;
    if (sinceYield >= 32) {
      sinceYield = 0;
      await pause(signal);
    }
  }
  if (weight === 0) return { centroidHz: 0, flatness: 0, chroma };
  return {
    centroidHz: ((centroid / weight) * sampleRate) / FEATURE_FRAME,
    flatness: flatness / weight,
    chroma: chroma.map((value) => value / weight),
  };
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

async function pause(signal?: AbortSignal): Promise<void> {
  await nextTick();
  signal?.throwIfAborted();
}
