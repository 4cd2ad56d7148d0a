import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { createMediaTestKit, type MediaTestKit } from '../sandbox-media/media.testing';
import { SpeechAudioExtractor } from './speech-audio.extractor';

beforeAll(() => Logger.overrideLogger(false));

/** Real ffmpeg on small files: what the transcription would receive. */
describe('SpeechAudioExtractor', () => {
  let kit: MediaTestKit;
  let extractor: SpeechAudioExtractor;
  let video: string;
  const made: string[] = [];

  beforeAll(async () => {
    kit = createMediaTestKit();
    extractor = new SpeechAudioExtractor(kit.runner);
    video = await kit.renderer.videoFile({
      key: 'speech-spec',
      durationSec: 4,
      sceneCuts: [2],
      overlays: [],
      captions: [],
      audio: { key: 'speech-spec-bed', durationSec: 4, tempoBpm: 90, energy: 0.5, mood: 'calm' },
    });
  });
  afterAll(async () => {
    await Promise.all(made.map((file) => rm(file, { force: true })));
    kit.cleanup();
  });

  it('copies AAC into an M4A without decoding, clipped to maxSeconds', async () => {
    const out = await extractor.extract(video, 2, { audioCodec: 'aac' });
    made.push(out);
    expect(out).toMatch(/\.m4a$/);
    const probe = await kit.runner.probe(out);
    expect(probe).toEqual(expect.objectContaining({ hasAudio: true, hasVideo: false }));
    expect(probe.audioCodec).toBe('aac');
    expect(probe.durationSec).toBeGreaterThan(1.8);
    expect(probe.durationSec).toBeLessThan(2.2);
  });

  it('decodes anything else to mono 16 kHz PCM WAV', async () => {
    const out = await extractor.extract(video, 120, { audioCodec: 'opus' });
    made.push(out);
    expect(out).toMatch(/\.wav$/);
    const probe = await kit.runner.probe(out);
    expect(probe.audioCodec).toBe('pcm_s16le');
    expect(probe.durationSec).toBeCloseTo(4, 0);
  });

  it('fails with provider_error and leaves no file when the video has no audio', async () => {
    const silent = join(kit.dir, 'silent.mp4');
    await kit.runner.ffmpeg(
      ['-f', 'lavfi', '-i', 'color=c=blue:s=64x64:r=5:d=1', '-c:v', 'libx264', '-y', silent],
      { purpose: 'render', label: 'silent video' },
    );
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('reelscout-speech-'));
    await expect(extractor.extract(silent, 120, { audioCodec: null })).rejects.toMatchObject({
      code: 'provider_error',
    });
    const after = readdirSync(tmpdir()).filter((name) => name.startsWith('reelscout-speech-'));
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
    expect(existsSync(silent)).toBe(true);
  });
});
