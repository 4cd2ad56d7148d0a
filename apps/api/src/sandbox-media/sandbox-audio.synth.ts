import { setImmediate as nextTick } from 'node:timers/promises';
import type { SandboxSoundSpec } from './sandbox-media.types';

/**
 * Deterministic synthesis of sandbox sounds: a kick-like decaying sine sweep on every beat at
 * exactly `tempoBpm`, a sustained chord coloured by the mood (major for bright/calm, minor for
 * dark, a dissonant cluster for tense), and, as energy rises, off-beat hats and a back-beat
 * snare. The mix is scaled to an RMS level that rises with energy (-28 dBFS at 0, -8 at 1).
 * Same spec in, same samples out: no clock, no global randomness.
 */

// Local bindings: hot loops then avoid global lookups (much slower inside vm contexts).
const { abs, exp, sin, tanh, PI, min, round, floor, max, sqrt } = Math;

export const SYNTH_SAMPLE_RATE = 22_050;
/** Seconds of audio per chunk handed to ffmpeg (the event loop gets a turn between chunks). */
const CHUNK_SECONDS = 2;

export type SynthSpec = Pick<SandboxSoundSpec, 'tempoBpm' | 'energy' | 'mood'>;

interface Voice {
  /** Frequencies (Hz) with their amplitudes. */
  partials: { freq: number; amp: number }[];
}

/** Chord voicings per mood, root position, with overtones for the brighter moods. */
const CHORDS: Record<SandboxSoundSpec['mood'], { notes: number[]; overtones: number[] }> = {
  // C major, middle register, bright overtones.
  bright: { notes: [261.63, 329.63, 392.0, 523.25], overtones: [0.45, 0.25] },
  // F major, lower and softer.
  calm: { notes: [174.61, 220.0, 261.63, 349.23], overtones: [0.2] },
  // A minor, low register, dull.
  dark: { notes: [110.0, 130.81, 164.81, 220.0], overtones: [0.2] },
  // B diminished with a clashing F#: no clear key.
  tense: { notes: [123.47, 146.83, 174.61, 185.0], overtones: [0.35, 0.2] },
};

export interface SynthLayout {
  beatSec: number;
  kickLevel: number;
  hatLevel: number;
  /** Hats on every eighth (off-beats) from energy 0.3; on every sixteenth from 0.85. */
  hatDivision: 0 | 2 | 4;
  snareLevel: number;
  padLevel: number;
  targetRmsDb: number;
}

export function synthLayout(spec: SynthSpec): SynthLayout {
  const energy = clamp01(spec.energy);
  return {
    beatSec: 60 / spec.tempoBpm,
    kickLevel: 1,
    hatLevel: energy >= 0.3 ? 0.18 + 0.3 * energy : 0,
    hatDivision: energy >= 0.85 ? 4 : energy >= 0.3 ? 2 : 0,
    snareLevel: energy >= 0.55 ? 0.45 + 0.3 * energy : 0,
    padLevel: 0.3,
    targetRmsDb: -28 + 20 * energy,
  };
}

/** Renders `durationSec` of the sound as mono float samples (whole buffer; tests and tools). */
export function synthesize(
  spec: SynthSpec,
  durationSec: number,
  sampleRate = SYNTH_SAMPLE_RATE,
): Float32Array {
  const synth = new BeatSynth(spec, sampleRate);
  const total = Math.round(durationSec * sampleRate);
  const out = new Float32Array(total);
  synth.render(out, 0);
  return out;
}

/**
 * The same samples as `synthesize`, as little-endian f32 chunks for ffmpeg's stdin, yielding to
 * the event loop between chunks so a long render never blocks the API.
 */
export async function* synthesizeChunks(
  spec: SynthSpec,
  durationSec: number,
  sampleRate = SYNTH_SAMPLE_RATE,
): AsyncGenerator<Buffer> {
  const synth = new BeatSynth(spec, sampleRate);
  const total = Math.round(durationSec * sampleRate);
  const chunk = Math.round(CHUNK_SECONDS * sampleRate);
  for (let offset = 0; offset < total; offset += chunk) {
    const out = new Float32Array(Math.min(chunk, total - offset));
    synth.render(out, offset);
    yield Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    await nextTick();
  }
}

class BeatSynth {
  private readonly layout: SynthLayout;
  private readonly kick: Float32Array;
  private readonly hat: Float32Array;
  private readonly snare: Float32Array;
  private readonly pad: Voice;
  private readonly gain: number;

  constructor(
    spec: SynthSpec,
    private readonly sampleRate: number,
  ) {
    if (!(spec.tempoBpm > 0)) throw new RangeError('tempoBpm must be positive');
    this.layout = synthLayout(spec);
    const beat = this.layout.beatSec;
    this.kick = kickTable(sampleRate, min(0.3, beat * 0.9));
    this.hat = noiseTable(sampleRate, 0.05, 0.012, 0x5eed1, true);
    this.snare = snareTable(sampleRate, min(0.18, beat * 0.45));
    const chord = CHORDS[spec.mood] ?? CHORDS.bright;
    this.pad = {
      partials: chord.notes.flatMap((freq) => [
        { freq, amp: 1 },
        ...chord.overtones.map((amp, index) => ({ freq: freq * (index + 2), amp })),
      ]),
    };
    // The mix repeats every bar, and the chord's power is analytic: measure four bars.
    this.gain = 1;
    const probe = new Float32Array(round(beat * 16 * sampleRate));
    this.render(probe, 0);
    const rms = sqrt(probe.reduce((sum, value) => sum + value * value, 0) / probe.length);
    this.gain = rms > 0 ? 10 ** (this.layout.targetRmsDb / 20) / rms : 0;
  }

  /** Fills `out` with samples `offset … offset + out.length - 1`. */
  render(out: Float32Array, offset: number): void {
    const { sampleRate, layout } = this;
    out.fill(0);
    this.addPad(out, offset);
    const start = offset / sampleRate;
    const end = (offset + out.length) / sampleRate;
    const beat = layout.beatSec;
    // Every hit that overlaps this chunk, with its start time.
    const firstBeat = max(0, floor((start - 0.5) / beat));
    for (let index = firstBeat; index * beat < end; index += 1) {
      const at = index * beat;
      this.addHit(out, offset, at, this.kick, layout.kickLevel);
      if (layout.snareLevel > 0 && index % 2 === 1) {
        this.addHit(out, offset, at, this.snare, layout.snareLevel);
      }
      if (layout.hatDivision > 0) {
        for (let step = 1; step < layout.hatDivision; step += 1) {
          // Off-beat (and sixteenth) hats, louder on the off-beat itself.
          const level = step * 2 === layout.hatDivision ? layout.hatLevel : layout.hatLevel * 0.6;
          this.addHit(out, offset, at + (step * beat) / layout.hatDivision, this.hat, level);
        }
      }
    }
    const gain = this.gain;
    for (let i = 0; i < out.length; i += 1) out[i] = softClip(out[i] * gain);
  }

  private addHit(
    out: Float32Array,
    offset: number,
    at: number,
    table: Float32Array,
    level: number,
  ): void {
    const first = round(at * this.sampleRate) - offset;
    const from = max(0, first);
    const to = min(out.length, first + table.length);
    for (let i = from; i < to; i += 1) out[i] += level * table[i - first];
  }

  private addPad(out: Float32Array, offset: number): void {
    const level = this.layout.padLevel / this.pad.partials.length;
    for (const { freq, amp } of this.pad.partials) {
      if (freq >= this.sampleRate / 2) continue;
      // Oscillator by rotation (cheap), re-anchored to the exact phase at each chunk start.
      const step = (2 * PI * freq) / this.sampleRate;
      const phase = (offset * step) % (2 * PI);
      let re = Math.cos(phase);
      let im = sin(phase);
      const rotRe = Math.cos(step);
      const rotIm = sin(step);
      const a = level * amp;
      for (let i = 0; i < out.length; i += 1) {
        out[i] += a * im;
        const next = re * rotRe - im * rotIm;
        im = re * rotIm + im * rotRe;
        re = next;
      }
    }
  }
}

function kickTable(sampleRate: number, seconds: number): Float32Array {
  const table = new Float32Array(max(1, round(seconds * sampleRate)));
  for (let i = 0; i < table.length; i += 1) {
    const t = i / sampleRate;
    // Pitch falls from ~155 Hz to 45 Hz; amplitude decays; 1 ms attack.
    const phase = 2 * PI * (45 * t + (110 * (1 - exp(-35 * t))) / 35);
    const attack = min(1, t / 0.001);
    const fade = min(1, (table.length - i) / (0.01 * sampleRate));
    table[i] = attack * fade * exp(-t / 0.08) * sin(phase);
  }
  return table;
}

function noiseTable(
  sampleRate: number,
  seconds: number,
  decaySec: number,
  seed: number,
  highPass: boolean,
): Float32Array {
  const random = mulberry32(seed);
  const table = new Float32Array(max(1, round(seconds * sampleRate)));
  let previous = 0;
  for (let i = 0; i < table.length; i += 1) {
    const white = random() * 2 - 1;
    const sample = highPass ? (white - previous) * 0.5 : white;
    previous = white;
    table[i] = sample * exp(-i / sampleRate / decaySec);
  }
  return table;
}

function snareTable(sampleRate: number, seconds: number): Float32Array {
  const noise = noiseTable(sampleRate, seconds, 0.05, 0x5a4e, false);
  for (let i = 0; i < noise.length; i += 1) {
    const t = i / sampleRate;
    noise[i] = 0.7 * noise[i] + 0.5 * exp(-t / 0.04) * sin(2 * PI * 185 * t);
  }
  return noise;
}

/** Linear below 0.9, then a smooth knee that never exceeds 1. */
function softClip(value: number): number {
  const magnitude = abs(value);
  if (magnitude <= 0.9) return value;
  return (value < 0 ? -1 : 1) * (0.9 + 0.1 * tanh((magnitude - 0.9) / 0.1));
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? min(1, max(0, value)) : 0;
}
