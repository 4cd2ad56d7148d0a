import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheId, MediaCache, planEviction } from './media-cache';

describe('planEviction (LRU by bytes)', () => {
  const entry = (id: string, bytes: number, usedAt: number) => ({ id, bytes, usedAt });

  it('evicts nothing while the total fits', () => {
    expect(planEviction([entry('a', 40, 1), entry('b', 60, 2)], 100)).toEqual([]);
  });

  it('evicts the least recently used first, until the rest fit', () => {
    const entries = [entry('new', 50, 30), entry('old', 30, 10), entry('mid', 40, 20)];
    expect(planEviction(entries, 100)).toEqual(['old']);
    expect(planEviction(entries, 60)).toEqual(['old', 'mid']);
  });

  it('goes by bytes, not by count: one big old file can make room for many', () => {
    const entries = [entry('big', 900, 1), ...[2, 3, 4, 5].map((t) => entry(`s${t}`, 10, t))];
    expect(planEviction(entries, 100)).toEqual(['big']);
  });

  it('never evicts a kept entry, even when it alone is over the cap', () => {
    const entries = [entry('huge', 500, 1), entry('a', 10, 2)];
    expect(planEviction(entries, 100, new Set(['huge']))).toEqual(['a']);
  });

  it('breaks ties of last use by id (deterministic)', () => {
    expect(planEviction([entry('b', 10, 1), entry('a', 10, 1)], 10)).toEqual(['a']);
  });
});

describe('MediaCache (on disk)', () => {
  let dir: string;
  let clock: number;
  const now = () => clock;
  const file = (bytes: number) => async (temp: string) => {
    writeFileSync(temp, Buffer.alloc(bytes, 7));
    return { extension: 'jpg' };
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelscout-media-cache-spec-'));
    clock = 1_000;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a relative directory is resolved from the working directory (files are served by absolute path)', () => {
    const cache = new MediaCache('.data/some-media', 1_000, now);
    expect(cache.dir).toBe(join(process.cwd(), '.data/some-media'));
  });

  it('creates its directory readable by this user only', async () => {
    const cache = new MediaCache(join(dir, 'nested'), 1_000, now);
    await cache.getOrCreate('test/network_a/1/cover', file(10));
    expect(statSync(join(dir, 'nested')).mode & 0o777).toBe(0o700);
  });

  it('stores under the hash of the key, serves hits without producing again', async () => {
    const cache = new MediaCache(dir, 1_000, now);
    let produced = 0;
    const produce = async (temp: string) => {
      produced += 1;
      return file(100)(temp);
    };
    const first = await cache.getOrCreate('network_a/123/cover', produce);
    const second = await cache.getOrCreate('network_a/123/cover', produce);
    expect(produced).toBe(1);
    expect(second.path).toBe(first.path);
    expect(first.path).toBe(join(dir, `${cacheId('network_a/123/cover')}.jpg`));
    expect(cache.stats()).toEqual(
      expect.objectContaining({ hits: 1, misses: 1, files: 1, bytes: 100 }),
    );
  });

  it('one production per key at a time: concurrent requests share it', async () => {
    const cache = new MediaCache(dir, 1_000, now);
    let produced = 0;
    const slow = async (temp: string) => {
      produced += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return file(10)(temp);
    };
    const all = await Promise.all([1, 2, 3].map(() => cache.getOrCreate('k', slow)));
    expect(produced).toBe(1);
    expect(new Set(all.map((entry) => entry.path)).size).toBe(1);
  });

  it('evicts the least recently used files by bytes once over the cap', async () => {
    const cache = new MediaCache(dir, 250, now);
    await cache.getOrCreate('a', file(100));
    clock += 1;
    await cache.getOrCreate('b', file(100));
    clock += 1;
    await cache.get('a'); // a is now more recent than b
    clock += 1;
    await cache.getOrCreate('c', file(100));
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).not.toBeNull();
    expect(await cache.get('c')).not.toBeNull();
    expect(cache.stats()).toEqual(expect.objectContaining({ evictions: 1, bytes: 200, files: 2 }));
    expect(readdirSync(dir).sort()).toEqual([`${cacheId('a')}.jpg`, `${cacheId('c')}.jpg`].sort());
  });

  it('a failed production leaves nothing behind and is retried next time', async () => {
    const cache = new MediaCache(dir, 1_000, now);
    await expect(
      cache.getOrCreate('k', async (temp) => {
        writeFileSync(temp, 'partial');
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(readdirSync(dir)).toEqual([]);
    const entry = await cache.getOrCreate('k', file(5));
    expect(entry.bytes).toBe(5);
  });

  it('a new instance finds what an earlier one cached, and drops half-written files', async () => {
    await new MediaCache(dir, 1_000, now).getOrCreate('kept', file(30));
    writeFileSync(join(dir, '.dead.part'), 'x');
    const again = new MediaCache(dir, 1_000, now);
    const found = await again.get('kept');
    expect(found?.bytes).toBe(30);
    expect(readdirSync(dir)).toEqual([`${cacheId('kept')}.jpg`]);
  });
});
