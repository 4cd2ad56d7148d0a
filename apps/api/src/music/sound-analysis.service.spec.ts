import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { DomainError, type Mode } from '@reelscout/domain';
import type { AudioAnalyzer } from '../media-analysis/audio-analyzer';
import type { AudioFeatures } from '../media-analysis/audio-features';
import type { ProvidersService } from '../providers/providers.service';
import { SOUND_ANALYSIS_SECONDS, SOUND_ANALYSIS_VERSION } from './music.settings';
import { parseFeatures, type SoundAnalysisCache, type SoundFeatures } from './sound-analysis.cache';
import { SoundAnalysisService } from './sound-analysis.service';

beforeAll(() => Logger.overrideLogger(false));

/** The Postgres table's behaviour in memory: insert once, first row wins. */
function memoryCache(store = new Map<string, SoundFeatures>()) {
  const key = (mode: Mode, id: string, version: string) => `${mode}|${id}|${version}`;
  return {
    store,
    cache: {
      getMany: async (mode: Mode, ids: readonly string[], version: string) =>
        new Map(
          ids
            .filter((id) => store.has(key(mode, id, version)))
            .map((id) => [id, store.get(key(mode, id, version))!]),
        ),
      put: async (mode: Mode, id: string, version: string, features: SoundFeatures) => {
        const k = key(mode, id, version);
        if (!store.has(k)) store.set(k, features);
        return store.get(k)!;
      },
    } as unknown as SoundAnalysisCache,
  };
}

const reading = (tempoBpm: number): AudioFeatures => ({
  tempoBpm,
  beatConfidence: 0.9,
  energy: 0.5,
  valence: 0.6,
  arousal: 0.5,
  mood: 'upbeat',
  durationSec: 30,
  analyzedSeconds: 30,
  analyzerVersion: 'test',
  details: {
    rmsDb: -12,
    onsetsPerSec: 2,
    spectralCentroidHz: 1500,
    spectralFlatness: 0.1,
    majorFit: 0.8,
    minorFit: 0.5,
    key: 'C major',
  },
});

interface Harness {
  service: SoundAnalysisService;
  analyze: jest.Mock;
  downloaded: string[];
  inFlight: { now: number; max: number };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelscout-sound-analysis-spec-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Waits until `done()` holds, polling every 10 ms, for at most 5 s (then the test's expect fails). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

function harness(
  options: {
    cache?: SoundAnalysisCache;
    concurrency?: number;
    analyze?: (path: string, opts: { signal?: AbortSignal }) => Promise<AudioFeatures>;
  } = {},
): Harness {
  const downloaded: string[] = [];
  const inFlight = { now: 0, max: 0 };
  const analyze = jest.fn(async (path: string, opts: { signal?: AbortSignal }) => {
    inFlight.now += 1;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return await (options.analyze?.(path, opts) ?? Promise.resolve(reading(120)));
    } finally {
      inFlight.now -= 1;
    }
  });
  const providers = {
    for: () => ({
      videoData: {
        downloadMedia: async (url: string) => {
          if (url.includes('missing')) throw new DomainError('provider_error', 'gone (HTTP 404)');
          const name = url.split('/').pop()!.replace('.m4a', '');
          const path = join(dir, `${name}-${Math.random().toString(36).slice(2)}.m4a`);
          await writeFile(path, 'audio');
          downloaded.push(path);
          return path;
        },
      },
    }),
  } as unknown as ProvidersService;
  const service = new SoundAnalysisService(
    options.cache ?? memoryCache().cache,
    { analyze } as unknown as AudioAnalyzer,
    providers,
    { maxCandidates: 50, analysisConcurrency: options.concurrency ?? 4 },
  );
  return { service, analyze, downloaded, inFlight };
}

const sounds = (...ids: string[]) =>
  ids.map((id) => ({ namespacedId: id, playUrl: `https://cdn.example/${id}.m4a` }));
const never = () => new AbortController().signal;

describe('SoundAnalysisService', () => {
  it('analyzes a new sound once (first 30 s), stores it, and answers the next call from the cache', async () => {
    const { cache, store } = memoryCache();
    const h = harness({ cache });
    const first = await h.service.featuresFor('test', sounds('a', 'b'), never());
    expect(first).toMatchObject({ fromCache: 0, analyzedNow: 2, failed: [], withoutPreview: [] });
    expect(h.analyze).toHaveBeenCalledTimes(2);
    expect(h.analyze.mock.calls[0][1]).toMatchObject({ maxSeconds: SOUND_ANALYSIS_SECONDS });
    expect([...store.keys()].sort()).toEqual([
      `test|a|${SOUND_ANALYSIS_VERSION}`,
      `test|b|${SOUND_ANALYSIS_VERSION}`,
    ]);
    expect(h.downloaded.every((path) => !existsSync(path))).toBe(true);

    const again = await h.service.featuresFor('test', sounds('a', 'b', 'a'), never());
    expect(again).toMatchObject({ fromCache: 2, analyzedNow: 0 });
    expect(again.features.get('a')?.tempoBpm).toBe(120);
    expect(h.analyze).toHaveBeenCalledTimes(2);
    expect(h.service.stats()).toEqual({
      started: 2,
      analyzed: 2,
      failed: 0,
      cacheHits: 2,
      joined: 0,
    });
  });

  it('keeps live and test readings apart', async () => {
    const { cache } = memoryCache();
    const h = harness({ cache });
    await h.service.featuresFor('test', sounds('a'), never());
    const live = await h.service.featuresFor('live', sounds('a'), never());
    expect(live).toMatchObject({ fromCache: 0, analyzedNow: 1 });
  });

  it('runs at most `analysisConcurrency` new analyses at once', async () => {
    const h = harness({ concurrency: 2 });
    const outcome = await h.service.featuresFor(
      'test',
      sounds('1', '2', '3', '4', '5', '6'),
      never(),
    );
    expect(outcome.analyzedNow).toBe(6);
    expect(h.inFlight.max).toBe(2);
  });

  it('shares one analysis between two calls that need the same new sound', async () => {
    const h = harness();
    const [a, b] = await Promise.all([
      h.service.featuresFor('test', sounds('x'), never()),
      h.service.featuresFor('test', sounds('x'), never()),
    ]);
    expect(h.analyze).toHaveBeenCalledTimes(1);
    expect(a.features.get('x')).toEqual(b.features.get('x'));
    expect(h.service.stats().joined).toBe(1);
  });

  it('two instances on one cache agree on the first stored reading', async () => {
    const shared = memoryCache();
    const one = harness({ cache: shared.cache, analyze: async () => reading(100) });
    const two = harness({ cache: shared.cache, analyze: async () => reading(101) });
    const [a, b] = await Promise.all([
      one.service.featuresFor('test', sounds('s'), never()),
      two.service.featuresFor('test', sounds('s'), never()),
    ]);
    expect(a.features.get('s')!.tempoBpm).toBe(b.features.get('s')!.tempoBpm);
    expect(shared.store.size).toBe(1);
  });

  it('leaves out a sound whose audio fails or is missing, without failing the others', async () => {
    const h = harness({
      analyze: async (path) => {
        if (path.startsWith(join(dir, 'bad-'))) throw new DomainError('provider_error', 'no audio');
        return reading(90);
      },
    });
    const outcome = await h.service.featuresFor(
      'test',
      [
        ...sounds('ok', 'bad'),
        { namespacedId: 'gone', playUrl: 'https://cdn.example/missing.m4a' },
        { namespacedId: 'silent', playUrl: null },
      ],
      never(),
    );
    expect([...outcome.features.keys()]).toEqual(['ok']);
    expect(outcome.failed.sort()).toEqual(['bad', 'gone']);
    expect(outcome.withoutPreview).toEqual(['silent']);
    expect(h.downloaded.every((path) => !existsSync(path))).toBe(true);
    expect(h.service.stats()).toMatchObject({ failed: 2, analyzed: 1 });
  });

  it("stops at the caller's deadline: the call fails with its reason and the analysis is aborted", async () => {
    let seen: AbortSignal | undefined;
    const h = harness({
      analyze: (_path, opts) =>
        new Promise((_, reject) => {
          seen = opts.signal;
          opts.signal?.addEventListener('abort', () => reject(opts.signal?.reason));
        }),
    });
    const controller = new AbortController();
    const running = h.service.featuresFor('test', sounds('slow'), controller.signal);
    // The deadline comes once the sound is downloaded and being analyzed (bounded wait).
    await until(() => seen !== undefined);
    const deadline = new DomainError('timeout', 'deadline');
    controller.abort(deadline);
    await expect(running).rejects.toBe(deadline);
    expect(seen?.aborted).toBe(true);
    // The call fails at once; the aborted analysis then unwinds and removes its file.
    expect(h.downloaded).toHaveLength(1);
    await until(() => h.downloaded.every((path) => !existsSync(path)));
    expect(h.downloaded.every((path) => !existsSync(path))).toBe(true);
  });
});

describe('parseFeatures', () => {
  it('accepts a stored reading and refuses anything malformed (a cache miss)', () => {
    const good = { ...reading(120) } as Record<string, unknown>;
    delete good.analyzerVersion;
    expect(parseFeatures(good)).toMatchObject({ tempoBpm: 120, mood: 'upbeat' });
    expect(parseFeatures({ ...good, tempoBpm: null })?.tempoBpm).toBeNull();
    for (const broken of [
      null,
      'x',
      { ...good, energy: 2 },
      { ...good, mood: 'happy' },
      { ...good, tempoBpm: -1 },
      { ...good, analyzedSeconds: undefined },
    ]) {
      expect(parseFeatures(broken)).toBeNull();
    }
  });
});
