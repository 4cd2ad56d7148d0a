import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@reelscout/domain';
import { createMediaTestKit, type MediaTestKit } from '../sandbox-media/media.testing';
import type { SandboxVideoSpec } from '../sandbox-media/sandbox-media.types';
import { VideoAnalyzer, pickKeyFrameScenes, type VideoAnalysis } from './video-analyzer';

jest.setTimeout(60_000);

const SHORT: SandboxVideoSpec = {
  key: 'network_a:7300000000000000001',
  durationSec: 12,
  sceneCuts: [2.4, 5.2, 8.9, 10.5],
  overlays: [
    { start: 0.3, end: 4, text: '3 mistakes everyone makes' },
    { start: 4.5, end: 7, text: 'Mistake #1: no hook' },
    { start: 7.5, end: 11.5, text: '三个错误' },
  ],
  captions: [{ start: 0, end: 2, text: 'Here are three mistakes.' }],
  audio: { key: 'bed', durationSec: 12, tempoBpm: 110, energy: 0.6, mood: 'bright' },
};

/** Width and height from a baseline/progressive JPEG's SOF header. */
function jpegSize(dataUrl: string): { width: number; height: number } {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
  for (let i = 2; i < bytes.length - 9;) {
    const marker = bytes[i + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  throw new Error('no SOF marker');
}

function expectCutsMatch(found: number[], expected: number[]): void {
  expect(found).toHaveLength(expected.length);
  found.forEach((cut, index) => expect(Math.abs(cut - expected[index])).toBeLessThanOrEqual(0.5));
}

describe('VideoAnalyzer on sandbox videos (real ffmpeg)', () => {
  let kit: MediaTestKit;
  let shortFile: string;
  let analysis: VideoAnalysis;

  beforeAll(async () => {
    kit = createMediaTestKit();
    shortFile = await kit.renderer.videoFile(SHORT);
    analysis = await kit.video.analyze(shortFile);
  });
  afterAll(() => {
    if (analysis?.audioFile) rmSync(analysis.audioFile, { force: true });
    kit.cleanup();
  });

  it('finds exactly the spec’d hard cuts, within half a second', () => {
    expect(analysis.durationSec).toBeCloseTo(12, 1);
    expect(analysis.analyzedSeconds).toBeCloseTo(12, 1);
    expect(analysis.clipped).toBe(false);
    expectCutsMatch(analysis.cuts, SHORT.sceneCuts);
    expect(analysis.cutsPerMinute).toBeCloseTo((4 / analysis.analyzedSeconds) * 60, 1);
  });

  it('returns scenes covering the analyzed span in order', () => {
    expect(analysis.scenes).toHaveLength(5);
    expect(analysis.scenes[0].start).toBe(0);
    expect(analysis.scenes[analysis.scenes.length - 1].end).toBe(analysis.analyzedSeconds);
    analysis.scenes.forEach((scene, index) => {
      expect(scene.start).toBeLessThan(scene.end);
      if (index > 0) expect(scene.start).toBe(analysis.scenes[index - 1].end);
    });
  });

  it('takes one downscaled key frame per scene at its midpoint', () => {
    expect(analysis.keyFrames).toHaveLength(5);
    analysis.keyFrames.forEach((frame, index) => {
      const scene = analysis.scenes[index];
      expect(frame.sceneIndex).toBe(index);
      expect(frame.t).toBeCloseTo((scene.start + scene.end) / 2, 2);
      const size = jpegSize(frame.jpegDataUrl);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(512);
      expect(size.width / size.height).toBeCloseTo(360 / 640, 1);
    });
  });

  it('reads the audio: size, loudness, no silence, and a 16 kHz mono WAV for transcription', () => {
    expect(analysis).toMatchObject({ width: 360, height: 640, hasAudio: true });
    expect(analysis.audio!.loudnessLufs).toBeGreaterThan(-40);
    expect(analysis.audio!.loudnessLufs).toBeLessThan(0);
    expect(analysis.audio!.silences).toEqual([]);
    expect(analysis.audio!.speechShare).toBe(1);
    const wav = readFileSync(analysis.audioFile!);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(1); // channels
    expect(wav.readUInt32LE(24)).toBe(16_000); // sample rate
    expect((wav.length - 44) / 32_000).toBeCloseTo(12, 0);
  });

  it('caps the key frames and spreads them over the scenes', async () => {
    const capped = await kit.video.analyze(shortFile, { maxKeyFrames: 2, extractAudio: false });
    expect(capped.audioFile).toBeUndefined();
    expect(capped.keyFrames.map((frame) => frame.sceneIndex)).toEqual([0, 4]);
    expect(pickKeyFrameScenes(capped.scenes, 3).map((pick) => pick.sceneIndex)).toEqual([0, 2, 4]);
  });

  it('fails a truncated download cleanly with provider_error, without hanging', async () => {
    const bytes = readFileSync(shortFile);
    for (const share of [0.6, 0.02]) {
      const cut = join(kit.dir, `truncated-${share}.mp4`);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * share)));
      const started = Date.now();
      const error = await kit.video.analyze(cut).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('provider_error');
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });

  it('handles a video without audio', async () => {
    const silent = join(kit.dir, 'no-audio.mp4');
    await kit.runner.ffmpeg(
      ['-f', 'lavfi', '-i', 'color=c=red:s=160x284:r=10:d=3', '-c:v', 'libx264', '-y', silent],
      { purpose: 'render', label: 'fixture' },
    );
    const result = await kit.video.analyze(silent);
    expect(result).toMatchObject({
      hasAudio: false,
      audio: null,
      cuts: [],
      keyFrames: [{ t: 1.5 }],
    });
    expect(result.audioFile).toBeUndefined();
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const reason = new DomainError('timeout', 'deadline');
    const pending = kit.video.analyze(shortFile, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 30);
    await expect(pending).rejects.toBe(reason);
  });

  it('removes the extracted audio when another pass fails', async () => {
    // The scene pass fails only after the audio pass has written its WAV.
    const runner = kit.runner;
    let audioFile: string | undefined;
    let audioDone!: Promise<unknown>;
    const flaky = Object.create(runner) as typeof runner;
    flaky.ffmpeg = (args, options) => {
      if (options.label === 'audio analysis') {
        audioFile = args[args.length - 1];
        audioDone = runner.ffmpeg(args, options);
        return audioDone as ReturnType<typeof runner.ffmpeg>;
      }
      if (options.label === 'scene detection') {
        return (async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          await audioDone;
          expect(existsSync(audioFile!)).toBe(true);
          throw new DomainError('provider_error', 'scene pass failed');
        })();
      }
      return runner.ffmpeg(args, options);
    };
    const analyzer = new VideoAnalyzer(flaky);
    await expect(analyzer.analyze(shortFile)).rejects.toThrow('scene pass failed');
    expect(audioFile).toMatch(/reelscout-audio-.*\.wav$/);
    expect(existsSync(audioFile!)).toBe(false);
  });

  it('clips a 200-second video to its first 120 seconds', async () => {
    const cuts = [15, 47.5, 90, 119, 121, 160, 199];
    const file = await kit.renderer.videoFile({
      ...SHORT,
      key: 'network_b:long-200',
      durationSec: 200,
      sceneCuts: cuts,
      overlays: [
        { start: 100, end: 130, text: 'Across the clip end' },
        { start: 150, end: 180, text: 'Never seen' },
      ],
      audio: { ...SHORT.audio, durationSec: 200 },
    });
    const probe = await kit.runner.probe(file);
    expect(Math.abs(probe.durationSec! - 200)).toBeLessThanOrEqual(0.2);

    const long = await kit.video.analyze(file);
    try {
      expect(long.durationSec).toBeCloseTo(200, 0);
      expect(long.analyzedSeconds).toBe(120);
      expect(long.clipped).toBe(true);
      expectCutsMatch(long.cuts, [15, 47.5, 90, 119]);
      expect(Math.max(...long.cuts)).toBeLessThan(120);
      expect(long.scenes[long.scenes.length - 1].end).toBe(120);
      long.scenes.forEach((scene) => expect(scene.end).toBeLessThanOrEqual(120));
      long.keyFrames.forEach((frame) => expect(frame.t).toBeLessThan(120));
      long.audio!.silences.forEach((span) => expect(span.end).toBeLessThanOrEqual(120));
      expect(existsSync(long.audioFile!)).toBe(true);
      const wav = readFileSync(long.audioFile!);
      expect((wav.length - 44) / 32_000).toBeCloseTo(120, 0);
    } finally {
      rmSync(long.audioFile!, { force: true });
    }
  });
});
