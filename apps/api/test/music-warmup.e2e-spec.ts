import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { SandboxSoundWarmup, sandboxSounds } from '../src/music/sandbox-sound-warmup';
import { SOUND_ANALYSIS_VERSION } from '../src/music/music.settings';
import { SoundAnalysisService } from '../src/music/sound-analysis.service';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

const SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e';

async function cachedCount(app: TestApp): Promise<number> {
  const rows: { count: string }[] = await app.app
    .get(DataSource)
    .query(
      `SELECT count(*)::text AS count FROM sound_analyses WHERE mode = 'test' AND analyzer_version = $1`,
      [SOUND_ANALYSIS_VERSION],
    );
  return Number(rows[0].count);
}

describe('sandbox sound warm-up (test mode music on a fresh install)', () => {
  describe('run on demand', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ env: { AUTH_SECRET: SECRET, SANDBOX_SOUND_WARMUP: 'false' } });
    });
    afterAll(() => app.close());

    it('lists every sandbox sound of both networks, each with its audio', () => {
      const sounds = sandboxSounds();
      expect(sounds.length).toBe(128);
      expect(new Set(sounds.map((s) => s.namespacedId)).size).toBe(128);
      expect(sounds.every((s) => typeof s.playUrl === 'string')).toBe(true);
      expect(sounds.filter((s) => s.namespacedId.startsWith('network_b:'))).toHaveLength(64);
    });

    it('analyzes the sounds into the permanent cache once; a second run only reads them', async () => {
      const warmup = app.app.get(SandboxSoundWarmup);
      const some = sandboxSounds().slice(60, 66); // both networks
      expect(await cachedCount(app)).toBe(0);

      const first = await warmup.run(some);
      expect(first).toEqual({ ran: true, sounds: 6, analyzedNow: 6, fromCache: 0, failed: 0 });
      expect(await cachedCount(app)).toBe(6);

      const again = await warmup.run(some);
      expect(again).toEqual({ ran: true, sounds: 6, analyzedNow: 0, fromCache: 6, failed: 0 });
      expect(await cachedCount(app)).toBe(6);
    });

    it('leaves the work to the instance holding the lock', async () => {
      const warmup = app.app.get(SandboxSoundWarmup);
      const other = new Client({ connectionString: app.db.url });
      await other.connect();
      try {
        await other.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [
          'reelscout:sandbox-sound-warmup',
        ]);
        const before = await cachedCount(app);
        const skipped = await warmup.run(sandboxSounds().slice(0, 2));
        expect(skipped.ran).toBe(false);
        expect(skipped.analyzedNow).toBe(0);
        expect(await cachedCount(app)).toBe(before);
      } finally {
        await other.end();
      }
      // The lock went with the other session: this instance warms again.
      expect((await warmup.run(sandboxSounds().slice(0, 2))).ran).toBe(true);
    });
  });

  it('starts in the background after bootstrap when switched on, and stops at shutdown', async () => {
    const app = await createTestApp({ env: { AUTH_SECRET: SECRET, SANDBOX_SOUND_WARMUP: 'true' } });
    let closed = false;
    try {
      const analysis = app.app.get(SoundAnalysisService);
      // init() did not wait for 128 analyses…
      expect(analysis.stats().analyzed).toBeLessThan(128);
      // …which go on in the background: wait (bounded) for the first to land in the cache.
      for (let i = 0; i < 600 && (await cachedCount(app)) === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await cachedCount(app)).toBeGreaterThan(0);
      await app.close();
      closed = true;
      // Shutdown aborted the rest: the cache stopped short of the whole catalogue.
      expect(analysis.stats().analyzed).toBeLessThan(128);
    } finally {
      if (!closed) await app.close();
    }
  });
});
