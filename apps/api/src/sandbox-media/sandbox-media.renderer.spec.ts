import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { DomainError } from '@reelscout/domain';
import { createMediaTestKit, type MediaTestKit } from './media.testing';
import { SandboxMediaRendererService } from './sandbox-media.renderer';
import type { SandboxSoundSpec, SandboxVideoSpec } from './sandbox-media.types';

jest.setTimeout(60_000);

const SOUND: SandboxSoundSpec = {
  key: 'network_b:7001',
  durationSec: 6.5,
  tempoBpm: 128,
  energy: 0.7,
  mood: 'tense',
};

const VIDEO: SandboxVideoSpec = {
  key: 'network_b:7300000000000000002',
  durationSec: 7.3,
  sceneCuts: [1.2, 3.7],
  overlays: [{ start: 0, end: 2, text: 'Day 1 of 30' }],
  captions: [{ start: 0.5, end: 2.5, text: '今天开始' }],
  audio: { key: 'network_b:7002', durationSec: 30, tempoBpm: 90, energy: 0.4, mood: 'calm' },
};

describe('SandboxMediaRendererService (real ffmpeg)', () => {
  let kit: MediaTestKit;
  beforeAll(() => {
    kit = createMediaTestKit();
  });
  afterAll(() => kit.cleanup());

  it('renders an H.264 + AAC video of the spec’d duration and size', async () => {
    const file = await kit.renderer.videoFile(VIDEO);
    const probe = await kit.runner.probe(file);
    expect(Math.abs(probe.durationSec! - VIDEO.durationSec)).toBeLessThanOrEqual(0.2);
    expect(probe).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 360,
      height: 640,
      frameRate: 15,
    });
  });

  it('honours a custom size', async () => {
    const file = await kit.renderer.videoFile({ ...VIDEO, key: 'small', width: 180, height: 320 });
    expect(await kit.runner.probe(file)).toMatchObject({ width: 180, height: 320 });
  });

  it('renders a sound of the spec’d duration', async () => {
    const file = await kit.renderer.soundFile(SOUND);
    expect(file.endsWith('.m4a')).toBe(true);
    const probe = await kit.runner.probe(file);
    expect(probe).toMatchObject({ hasAudio: true, hasVideo: false, audioCodec: 'aac' });
    expect(Math.abs(probe.durationSec! - SOUND.durationSec)).toBeLessThanOrEqual(0.2);
  });

  it('serves the second request for a spec from the cache', async () => {
    const spec = { ...SOUND, key: 'cache-me', tempoBpm: 100 };
    const before = kit.renderer.stats();
    const first = await kit.renderer.soundFile(spec);
    const second = await kit.renderer.soundFile(spec);
    expect(second).toBe(first);
    expect(kit.renderer.stats()).toEqual({ renders: before.renders + 1, hits: before.hits + 1 });
  });

  it('renders once for concurrent requests of one spec, and never leaves partial files', async () => {
    const spec = { ...VIDEO, key: 'concurrent', sceneCuts: [2] };
    const before = kit.renderer.stats();
    const paths = await Promise.all([1, 2, 3].map(() => kit.renderer.videoFile(spec)));
    expect(new Set(paths).size).toBe(1);
    expect(kit.renderer.stats()).toEqual({ renders: before.renders + 1, hits: before.hits + 2 });
    expect(readdirSync(dirname(paths[0])).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('shares the disk cache with another instance (restart or second replica)', async () => {
    const first = await kit.renderer.soundFile(SOUND);
    const other = new SandboxMediaRendererService(kit.runner);
    await expect(other.soundFile(SOUND)).resolves.toBe(first);
    expect(other.stats()).toEqual({ renders: 0, hits: 1 });
  });

  it('keys the cache by content: a changed spec is a new file, a changed key only a new name', async () => {
    const base = await kit.renderer.soundFile(SOUND);
    const louder = await kit.renderer.soundFile({ ...SOUND, energy: 0.9 });
    expect(louder).not.toBe(base);
    const renamed = kit.renderer.cachePath('other:key', 'sound', { ...SOUND, key: 'x' }, 'm4a');
    expect(basename(renamed).split('-').pop()).toBe(basename(base).split('-').pop());
  });

  it('renders deterministically: the same spec gives the same bytes anywhere', async () => {
    const elsewhere = createMediaTestKit();
    try {
      const here = readFileSync(await kit.renderer.soundFile(SOUND));
      const there = readFileSync(await elsewhere.renderer.soundFile(SOUND));
      expect(there.equals(here)).toBe(true);
    } finally {
      elsewhere.cleanup();
    }
  });

  it('rejects an impossible spec as our own bug (internal_error)', async () => {
    const bad = [
      () => kit.renderer.videoFile({ ...VIDEO, sceneCuts: [3, 2] }),
      () => kit.renderer.videoFile({ ...VIDEO, sceneCuts: [7.3] }),
      () => kit.renderer.videoFile({ ...VIDEO, width: 361 }),
      () => kit.renderer.soundFile({ ...SOUND, tempoBpm: 0 }),
      () => kit.renderer.soundFile({ ...SOUND, energy: 2 }),
      () => kit.renderer.soundFile({ ...SOUND, durationSec: Number.NaN }),
    ];
    for (const render of bad) {
      const error = await render().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('internal_error');
    }
  });
});
