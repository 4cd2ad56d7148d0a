import { writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { SOUND_ANALYSIS_VERSION } from '../src/music/music.settings';
import {
  readingsAreCurrent,
  SandboxSoundSeed,
  sandboxSounds,
  SHIPPED_READINGS,
  type SandboxSoundReadings,
} from '../src/music/sandbox-sound-readings';
import { SoundAnalysisCache, type SoundFeatures } from '../src/music/sound-analysis.cache';
import { SoundAnalysisService } from '../src/music/sound-analysis.service';
import { SANDBOX_RENDERER_VERSION } from '../src/sandbox-media/sandbox-media.renderer';
import { createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(600_000);

const FILE = path.join(__dirname, '..', 'src', 'music', 'sandbox-sound-readings.data.json');
/** `npm run sandbox:readings`: read every sandbox sound and write the file instead of checking it. */
const WRITE = process.env.WRITE_SANDBOX_READINGS === '1';
/** Two sounds of each network, spread over the catalogue. */
const SAMPLE = [0, 41, 64, 107];
const COFFEE_0 = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';

/** Equal up to what another CPU's floating point could change; the mood exactly. */
function expectSameReading(actual: SoundFeatures, shipped: SoundFeatures, id: string): void {
  const near = (a: number | null, b: number | null, tolerance: number) =>
    a === null || b === null ? a === b : Math.abs(a - b) <= tolerance;
  const tolerances = {
    tempoBpm: 1,
    durationSec: 1,
    analyzedSeconds: 1,
    beatConfidence: 0.02,
    energy: 0.02,
    valence: 0.02,
    arousal: 0.02,
  } as const;
  const off = (Object.keys(tolerances) as (keyof typeof tolerances)[]).filter(
    (field) => !near(actual[field], shipped[field], tolerances[field]),
  );
  expect({ id, off, mood: actual.mood }).toEqual({ id, off: [], mood: shipped.mood });
}

async function analyze(
  app: TestApp,
  sounds = sandboxSounds(),
): Promise<Map<string, SoundFeatures>> {
  const out = await app.app
    .get(SoundAnalysisService)
    .featuresFor('test', sounds, new AbortController().signal);
  expect(out.failed).toEqual([]);
  return out.features;
}

describe('the sandbox sounds shipped already read (test mode music on a fresh install)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      env: { SANDBOX_SOUND_SEED: 'false', MUSIC_ANALYSIS_CONCURRENCY: '4' },
    });
  });
  afterAll(() => app.close());

  if (WRITE) {
    it('writes the readings of every sandbox sound', async () => {
      const features = await analyze(app);
      const file: SandboxSoundReadings = {
        analyzerVersion: SOUND_ANALYSIS_VERSION,
        rendererVersion: SANDBOX_RENDERER_VERSION,
        readings: Object.fromEntries([...features].sort(([a], [b]) => a.localeCompare(b))),
      };
      expect(Object.keys(file.readings)).toHaveLength(128);
      writeFileSync(FILE, `${JSON.stringify(file, null, 2)}\n`);
    });
    return;
  }

  it('holds a reading of every sandbox sound, made by this analyzer from this audio', () => {
    const ids = sandboxSounds()
      .map((sound) => sound.namespacedId)
      .sort();
    expect(ids).toHaveLength(128);
    expect(Object.keys(SHIPPED_READINGS.readings).sort()).toEqual(ids);
    expect({
      analyzer: SHIPPED_READINGS.analyzerVersion,
      renderer: SHIPPED_READINGS.rendererVersion,
    }).toEqual({ analyzer: SOUND_ANALYSIS_VERSION, renderer: SANDBOX_RENDERER_VERSION });
    expect(readingsAreCurrent(SHIPPED_READINGS)).toBe(true);
  });

  it('matches what the analyzer reads from the rendered audio today (a sample of four)', async () => {
    const sounds = sandboxSounds();
    const sample = SAMPLE.map((index) => sounds[index]);
    const features = await analyze(app, sample);
    for (const sound of sample) {
      expectSameReading(
        features.get(sound.namespacedId)!,
        SHIPPED_READINGS.readings[sound.namespacedId],
        sound.namespacedId,
      );
    }
  });

  it('seeds the cache once, keeping readings already there, and is skipped when out of date', async () => {
    const seed = app.app.get(SandboxSoundSeed);
    const cache = app.app.get(SoundAnalysisCache);
    // The sample above is cached already: only the rest are new.
    expect(await seed.seed(SHIPPED_READINGS)).toBe(128 - SAMPLE.length);
    expect(await cache.count('test', SOUND_ANALYSIS_VERSION)).toBe(128);
    expect(await seed.seed(SHIPPED_READINGS)).toBe(0);
    expect(await seed.seed({ ...SHIPPED_READINGS, analyzerVersion: 'older' })).toBe(0);
    expect(await cache.count('live')).toBe(0);
  });

  it('a first music call after the seed reads no sound, only its video', async () => {
    const analysis = app.app.get(SoundAnalysisService);
    const before = analysis.stats();
    const { key } = await createFundedKey(app.app, { mode: 'test', micros: 1_000_000 });
    const res = await request(app.app.getHttpServer())
      .post('/v1/music')
      .set('Authorization', `Bearer ${key}`)
      .send({ url: COFFEE_0, limit: 3 })
      .expect(200);
    expect(res.body.suggestions).toHaveLength(3);
    expect(res.body.considered).toBeGreaterThan(3);
    const after = analysis.stats();
    expect(after.started - before.started).toBe(0);
    expect(after.cacheHits - before.cacheHits).toBe(res.body.considered);
  });

  it('seeds at start-up when SANDBOX_SOUND_SEED is on', async () => {
    const seeded = await createTestApp({
      env: { SANDBOX_SOUND_SEED: 'true' },
    });
    try {
      expect(await seeded.app.get(SoundAnalysisCache).count('test', SOUND_ANALYSIS_VERSION)).toBe(
        128,
      );
    } finally {
      await seeded.close();
    }
  });
});
