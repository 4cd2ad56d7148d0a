import { setImmediate as nextTick } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
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
import { FfmpegRunner, INPUT_PROTOCOLS, fileInput } from './ffmpeg.runner';
import { round3 } from './ffmpeg-output.parser';
import { SpectrumAnalyzer } from './spectrum';

/**
 * Bump when the reading changes: cached analyses (the music operation keeps them forever,
 * keyed by sound id and this string) are then recomputed.
 */
export const AUDIO_ANALYZER_VERSION = 'rs-audio-1;music-tempo@1.0.3;meyda@5.6.3';

/** Sample rate the audio is decoded at (mono f32le); tempo runs on a 2:1 decimated copy. */
export const ANALYSIS_SAMPLE_RATE = 22_050;
const FEATURE_FRAME = 2048;
const MAX_FEATURE_FRAMES = 96;

export interface AudioAnalysisOptions {
  /** Only the first this-many seconds are decoded and read (default 60). */
  maxSeconds?: number;
  signal?: AbortSignal;
}

export interface PcmAudio {
  samples: Float32Array;
  sampleRate: number;
}

/**
 * Reads tempo, energy and mood from an audio (or video) file: ffmpeg decodes the first
 * `maxSeconds` to mono 22.05 kHz floats; music-tempo (BeatRoot) finds the beat on a 11 kHz copy;
 * meyda reads spectral features and chroma on up to 96 frames spread over the clip. The
 * JavaScript part yields to the event loop between stages.
 */
@Injectable()
export class AudioAnalyzer {
  constructor(private readonly ffmpeg: FfmpegRunner) {}

  async analyze(filePath: string, options: AudioAnalysisOptions = {}): Promise<AudioFeatures> {
    const maxSeconds = options.maxSeconds ?? 60;
    // Probe and decode together; when one fails the other is stopped, not left running.
    const inner = new AbortController();
    const onAbort = () => inner.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const passes = [
      this.ffmpeg.probe(filePath, { signal: inner.signal }),
      this.decode(filePath, maxSeconds, inner.signal),
    ] as const;
    const [probe, pcm] = await Promise.all(passes)
      .catch(async (error: unknown) => {
        inner.abort(error);
        await Promise.allSettled(passes);
        throw error;
      })
      .finally(() => options.signal?.removeEventListener('abort', onAbort));
    if (!probe.hasAudio) throw new DomainError('provider_error', 'The media file has no audio');
    if (pcm.samples.length < pcm.sampleRate * 0.5) {
      throw new DomainError('provider_error', 'The audio is too short to analyze');
    }
    const features = await analyzePcm(pcm, options.signal);
    const durationSec = probe.durationSec === null ? null : round3(probe.durationSec);
    // Decoders pad the last frame: never report more than the file or the cap holds.
    const analyzedSeconds = round3(
      Math.min(features.analyzedSeconds, maxSeconds, durationSec ?? Infinity),
    );
    return { ...features, analyzedSeconds, durationSec };
  }

  /** Decodes the first `maxSeconds` to mono float PCM at `ANALYSIS_SAMPLE_RATE`. */
  async decode(filePath: string, maxSeconds: number, signal?: AbortSignal): Promise<PcmAudio> {
    const result = await this.ffmpeg.ffmpeg(
      [
        '-t',
        String(maxSeconds),
        ...INPUT_PROTOCOLS,
        '-i',
        fileInput(filePath),
        '-map',
        '0:a:0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(ANALYSIS_SAMPLE_RATE),
        '-f',
        'f32le',
        'pipe:1',
      ],
      {
        purpose: 'analyze',
        label: 'audio decode',
        signal,
        stdoutMaxBytes: Math.ceil(maxSeconds * ANALYSIS_SAMPLE_RATE * 4 * 1.02) + 65_536,
      },
    );
    const bytes = result.stdout;
    const usable = bytes.length - (bytes.length % 4);
    // Copy into a fresh (aligned) buffer; little-endian floats are the platform's order here.
    const aligned = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + usable);
    return { samples: new Float32Array(aligned), sampleRate: ANALYSIS_SAMPLE_RATE };
  }
}

/** The reading itself, on decoded PCM (any rate; 22.05 kHz expected). */
export async function analyzePcm(
  pcm: PcmAudio,
  signal?: AbortSignal,
): Promise<Omit<AudioFeatures, 'durationSec'>> {
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
