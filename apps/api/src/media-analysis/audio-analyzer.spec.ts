import { join } from 'node:path';
import { AUDIO_ANALYZER_VERSION, analyzePcm } from './audio-analyzer';
import { measureAudioRealtimeFactor } from './audio-realtime-factor';
import { createMediaTestKit, type MediaTestKit } from '../sandbox-media/media.testing';
import type { SandboxSoundSpec } from '../sandbox-media/sandbox-media.types';

jest.setTimeout(60_000);

const MOODS: SandboxSoundSpec['mood'][] = ['bright', 'dark', 'calm', 'tense'];

function sound(overrides: Partial<SandboxSoundSpec>): SandboxSoundSpec {
  return {
    key: 'sound',
    durationSec: 12,
    tempoBpm: 120,
    energy: 0.5,
    mood: 'bright',
    ...overrides,
  };
}

/** Within 2% of the truth, or of exactly half or double of it. */
function tempoMatches(measured: number | null, truth: number): boolean {
  if (measured === null) return false;
  return [1, 0.5, 2].some((factor) => Math.abs(measured - truth * factor) <= truth * factor * 0.02);
}

describe('AudioAnalyzer on sandbox sounds (real ffmpeg, music-tempo, meyda)', () => {
  let kit: MediaTestKit;
  beforeAll(() => {
    kit = createMediaTestKit();
  });
  afterAll(() => kit.cleanup());

  it('measures the tempo of 21 sounds at 70–170 BPM within 2% (or half/double) for ≥ 95%', async () => {
    const specs = Array.from({ length: 21 }, (_, index) =>
      sound({
        key: `tempo-${index}`,
        tempoBpm: 70 + index * 5,
        energy: [0.2, 0.5, 0.8][index % 3],
        mood: MOODS[index % MOODS.length],
      }),
    );
    const files = await Promise.all(specs.map((spec) => kit.renderer.soundFile(spec)));
    const results = [];
    for (const [index, file] of files.entries()) {
      const features = await kit.audio.analyze(file);
      results.push({ truth: specs[index].tempoBpm, measured: features.tempoBpm });
    }
    const hits = results.filter(({ truth, measured }) => tempoMatches(measured, truth));
    expect({
      accuracy: hits.length / results.length,
      misses: results.filter((r) => !hits.includes(r)),
    }).toMatchObject({ accuracy: expect.any(Number) });
    expect(hits.length / results.length).toBeGreaterThanOrEqual(0.95);
  });

  it('orders sounds by the energy they were rendered with', async () => {
    const energies = [0.05, 0.3, 0.55, 0.8, 1];
    const files = await Promise.all(
      energies.map((energy) => kit.renderer.soundFile(sound({ key: `energy-${energy}`, energy }))),
    );
    const measured = [];
    for (const file of files) measured.push((await kit.audio.analyze(file)).energy);
    for (let index = 1; index < measured.length; index += 1) {
      expect(measured[index]).toBeGreaterThan(measured[index - 1]);
    }
    expect(measured[0]).toBeLessThan(0.3);
    expect(measured[measured.length - 1]).toBeGreaterThan(0.7);
  });

  it('reads bright harmony as higher valence than dark at equal energy, and labels moods', async () => {
    const [bright, dark, loudBright, quietDark] = await Promise.all(
      [
        sound({ key: 'bright', mood: 'bright', tempoBpm: 100 }),
        sound({ key: 'dark', mood: 'dark', tempoBpm: 100 }),
        sound({ key: 'loud-bright', mood: 'bright', energy: 0.9, tempoBpm: 128 }),
        sound({ key: 'quiet-dark', mood: 'dark', energy: 0.1, tempoBpm: 80 }),
      ].map(async (spec) => kit.audio.analyze(await kit.renderer.soundFile(spec))),
    );
    expect(bright.valence).toBeGreaterThan(dark.valence + 0.2);
    expect(bright.details.majorFit).toBeGreaterThan(bright.details.minorFit);
    expect(dark.details.minorFit).toBeGreaterThan(dark.details.majorFit);
    expect(loudBright.mood).toBe('upbeat');
    expect(loudBright.arousal).toBeGreaterThan(quietDark.arousal);
    expect(quietDark.mood).toBe('dark');
    for (const features of [bright, dark, loudBright, quietDark]) {
      expect(features.analyzerVersion).toBe(AUDIO_ANALYZER_VERSION);
      for (const score of [features.energy, features.valence, features.arousal]) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
      expect(features.beatConfidence).toBeGreaterThan(0.8);
    }
  });

  it('reads only the first maxSeconds but reports the full duration', async () => {
    const file = await kit.renderer.soundFile(sound({ key: 'long', durationSec: 30 }));
    const features = await kit.audio.analyze(file, { maxSeconds: 8 });
    expect(features.durationSec).toBeCloseTo(30, 0);
    expect(features.analyzedSeconds).toBe(8);
    expect(tempoMatches(features.tempoBpm, 120)).toBe(true);
  });

  it('reads the audio bed of a video file', async () => {
    const video = await kit.renderer.videoFile({
      key: 'bed',
      durationSec: 8,
      sceneCuts: [4],
      overlays: [],
      captions: [],
      audio: sound({ key: 'bed', tempoBpm: 96, durationSec: 8 }),
    });
    const features = await kit.audio.analyze(video);
    expect(tempoMatches(features.tempoBpm, 96)).toBe(true);
  });

  it('answers silence without inventing a beat', async () => {
    const features = await analyzePcm({
      samples: new Float32Array(22_050 * 5),
      sampleRate: 22_050,
    });
    expect(features).toMatchObject({ tempoBpm: null, beatConfidence: 0, energy: 0, valence: 0.5 });
  });

  it('refuses files without audio with provider_error', async () => {
    const silent = join(kit.dir, 'no-audio.mp4');
    await kit.runner.ffmpeg(
      ['-f', 'lavfi', '-i', 'color=c=blue:s=64x64:r=5:d=2', '-c:v', 'libx264', '-y', silent],
      { purpose: 'render', label: 'fixture' },
    );
    await expect(kit.audio.analyze(silent)).rejects.toMatchObject({ code: 'provider_error' });
  });

  it('measures the audio realtime factor for the bench', async () => {
    const file = await kit.renderer.soundFile(sound({ key: 'bench', durationSec: 20 }));
    const measurement = await measureAudioRealtimeFactor(kit.audio, [file, file]);
    expect(measurement.files).toBe(2);
    expect(measurement.audioSeconds).toBeCloseTo(40, 0);
    expect(measurement.cpuSeconds).toBeGreaterThan(0);
    expect(measurement.realtimeFactor).toBeGreaterThan(0);
  });
});
