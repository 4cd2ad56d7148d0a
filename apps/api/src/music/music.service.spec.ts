import { Logger } from '@nestjs/common';
import { DomainError, type Market } from '@reelscout/domain';
import type { AudioAnalyzer } from '../media-analysis/audio-analyzer';
import type { VideoAnalysis, VideoAnalyzer } from '../media-analysis/video-analyzer';
import type {
  CallOptions,
  Post,
  Sound,
  SoundChartEntry,
  SoundChartQuery,
  VideoSearchPage,
} from '../providers/provider.types';
import type { ProvidersService } from '../providers/providers.service';
import type { VideoSourceService } from '../video-source/video-source.service';
import type { TrendHistoryService } from '../trend-history/trend-history.service';
import { MusicService } from './music.service';
import type { SoundFeatures } from './sound-analysis.cache';
import type { SoundAnalysisService, SoundToAnalyze } from './sound-analysis.service';

beforeAll(() => Logger.overrideLogger(false));

const sound = (id: string, overrides: Partial<Sound> = {}): Sound => ({
  market: 'network_a',
  id,
  namespacedId: id,
  title: `Sound ${id}`,
  author: 'Artist',
  durationSec: 60,
  coverUrl: null,
  playUrl: `https://cdn.example/${id}.m4a`,
  isOriginal: false,
  commercial: true,
  shootDurationSec: 30,
  usageCount: 10_000,
  trend: null,
  url: `https://www.tiktok.com/music/s-${id}`,
  moods: [],
  genres: [],
  ...overrides,
});
const chart = (s: Sound, rank: number): SoundChartEntry => ({ ...s, rank, rankDiff: null });

const VIDEO: Post = {
  platform: 'network_a',
  market: 'network_a',
  id: '7400000000000000001',
  namespacedId: '7400000000000000001',
  url: 'https://www.tiktok.com/@a/video/7400000000000000001',
  kind: 'video',
  caption: 'Latte art at home #latteart',
  hashtags: ['latteart'],
  authorHandle: 'a',
  authorName: null,
  authorFollowers: null,
  postedAt: null,
  durationSec: 20,
  coverUrl: null,
  mediaUrl: 'https://cdn.example/v.mp4',
  stats: { playCount: 1, likeCount: 1, commentCount: 1, shareCount: 1, collectCount: 1 },
  captions: null,
  sound: null,
};

/** 20 s, a cut every 2 s (30 a minute), an upbeat soundtrack at 120 BPM. */
const VIDEO_ANALYSIS = {
  durationSec: 20,
  analyzedSeconds: 20,
  hasAudio: true,
  cuts: [2, 4, 6, 8, 10, 12, 14, 16, 18],
  cutsPerMinute: 27,
  audio: { loudnessLufs: -14, silences: [], speechShare: 1 },
} as unknown as VideoAnalysis;

const features = (tempoBpm: number): SoundFeatures => ({
  tempoBpm,
  beatConfidence: 0.9,
  energy: 0.55,
  valence: 0.7,
  arousal: 0.6,
  mood: 'upbeat',
  durationSec: 60,
  analyzedSeconds: 30,
});

interface Setup {
  sounds?: Record<string, Sound>;
  rising?: Sound[];
  popular?: Sound[];
  searched?: Sound[];
  similar?: Post[];
  /** Similar videos by search phrase (instead of `similar` for every phrase). */
  similarByPhrase?: Record<string, Post[]>;
  tempos?: Record<string, number>;
  failing?: Partial<Record<'charts' | 'search' | 'videos', DomainError>>;
  post?: Partial<Post>;
}

function setup(options: Setup = {}) {
  const chartQueries: SoundChartQuery[] = [];
  const detailLookups: string[] = [];
  const videoSearches: string[] = [];
  const soundSearches: string[] = [];
  const callOptions: CallOptions[] = [];
  const videoData = {
    getSound: async (_m: Market, id: string, call: CallOptions) => {
      callOptions.push(call);
      detailLookups.push(id);
      return options.sounds?.[id] ?? null;
    },
    soundCharts: async (_m: Market, query: SoundChartQuery, call: CallOptions) => {
      callOptions.push(call);
      chartQueries.push(query);
      if (options.failing?.charts) throw options.failing.charts;
      const list = (query.kind === 'rising' ? options.rising : options.popular) ?? [];
      return list
        .filter((s) => !query.commercialOnly || s.commercial === true)
        .map((s, i) => chart(s, i + 1));
    },
    searchSounds: async (_m: Market, phrase: string, call: CallOptions) => {
      callOptions.push(call);
      soundSearches.push(phrase);
      if (options.failing?.search) throw options.failing.search;
      return options.searched ?? [];
    },
    searchVideos: async (
      _m: Market,
      phrase: string,
      _cursor: string | null,
      call: CallOptions,
    ): Promise<VideoSearchPage> => {
      callOptions.push(call);
      videoSearches.push(phrase);
      if (options.failing?.videos) throw options.failing.videos;
      const items = options.similarByPhrase
        ? (options.similarByPhrase[phrase] ?? [])
        : (options.similar ?? []);
      return { items, nextCursor: null };
    },
  };
  const post = { ...VIDEO, ...options.post };
  const videoSource = {
    find: async () => ({ ref: { market: post.market }, post }),
    withVideoFile: async (
      _mode: string,
      _post: Post,
      _signal: AbortSignal,
      work: (p: string) => unknown,
    ) => work('/tmp/video.mp4'),
  } as unknown as VideoSourceService;
  const analyzed: string[][] = [];
  const sounds = {
    featuresFor: async (_mode: string, list: SoundToAnalyze[]) => {
      analyzed.push(list.map((s) => s.namespacedId));
      const map = new Map<string, SoundFeatures>();
      const failed: string[] = [];
      for (const s of list) {
        const tempo = options.tempos?.[s.namespacedId] ?? 120;
        if (tempo < 0) failed.push(s.namespacedId);
        else map.set(s.namespacedId, features(tempo));
      }
      return { features: map, fromCache: 0, analyzedNow: map.size, failed, withoutPreview: [] };
    },
  } as unknown as SoundAnalysisService;
  const service = new MusicService(
    videoSource,
    { for: () => ({ videoData }) } as unknown as ProvidersService,
    { analyze: async () => VIDEO_ANALYSIS } as unknown as VideoAnalyzer,
    {
      analyze: async () => ({ ...features(120), analyzerVersion: 'x' }),
    } as unknown as AudioAnalyzer,
    sounds,
    { maxCandidates: 50, analysisConcurrency: 4 },
    {
      record: async () => 0,
      soundStages: async () => new Map(),
    } as unknown as TrendHistoryService,
  );
  const run = (body: { limit?: number; requireCommercial?: boolean } = {}) =>
    service.run('test', { url: post.url, ...body }, new AbortController().signal);
  return { run, chartQueries, detailLookups, analyzed, videoSearches, soundSearches, callOptions };
}

describe('MusicService', () => {
  it('ranks the pool by fit with the trend as a bonus, cut to limit, with the video summary', async () => {
    const h = setup({
      popular: [
        sound('on-beat', { usageCount: 1_000 }),
        sound('drifting', { usageCount: 9_000_000 }),
      ],
      tempos: { 'on-beat': 120, drifting: 170 },
    });
    const res = await h.run({ limit: 1 });
    expect(res.market).toBe('network_a');
    expect(res.video).toEqual({ id: VIDEO.namespacedId, url: VIDEO.url, durationSec: 20 });
    expect(res.considered).toBe(2);
    expect(res.suggestions.map((s) => s.soundId)).toEqual(['on-beat']);
    expect(res.suggestions[0].fit.why).toMatch(/120 BPM, a cut every 4 beats/);
  });

  it("gathers the video's own sound, similar videos' sounds, sound search and both charts", async () => {
    const own = sound('own');
    const similarPost = { ...VIDEO, namespacedId: 'other', sound: { ...sound('similar') } };
    const h = setup({
      post: { sound: { ...own, playUrl: null } },
      sounds: { own, similar: sound('similar') },
      similar: [similarPost],
      searched: [sound('searched')],
      rising: [sound('rising')],
      popular: [sound('popular')],
    });
    const res = await h.run({ limit: 20 });
    expect(h.analyzed[0]).toEqual(['own', 'similar', 'searched', 'rising', 'popular']);
    expect(res.considered).toBe(5);
    expect(h.chartQueries).toEqual([
      { kind: 'rising', commercialOnly: false },
      { kind: 'popular', commercialOnly: false },
    ]);
    const ownSuggestion = res.suggestions.find((s) => s.soundId === 'own')!;
    expect(ownSuggestion.previewUrl).toBe(own.playUrl);
    expect(ownSuggestion.fit.why).toMatch(/already uses/);
  });

  it('requireCommercial: commercial charts, and unknown sounds kept only once their details say so', async () => {
    const h = setup({
      similar: [
        { ...VIDEO, namespacedId: 'p1', sound: { ...sound('known-no'), commercial: false } },
        { ...VIDEO, namespacedId: 'p2', sound: { ...sound('unknown-yes'), commercial: null } },
        { ...VIDEO, namespacedId: 'p3', sound: { ...sound('unknown-no'), commercial: null } },
      ],
      sounds: {
        'unknown-yes': sound('unknown-yes', { commercial: true }),
        'unknown-no': sound('unknown-no', { commercial: false }),
      },
      popular: [sound('c1'), sound('n1', { commercial: false })],
    });
    const res = await h.run({ requireCommercial: true });
    expect(res.suggestions.map((s) => s.soundId).sort()).toEqual(['c1', 'unknown-yes']);
    expect(res.suggestions.every((s) => s.commercial.clearedForBrandUse)).toBe(true);
    expect(h.chartQueries.every((q) => q.commercialOnly)).toBe(true);
    expect(h.detailLookups).not.toContain('known-no');
  });

  it('an empty pool is an empty answer with a note, not an error', async () => {
    const res = await setup().run();
    expect(res).toMatchObject({ suggestions: [], considered: 0 });
    expect(res.notes[0]).toBe('No usable sound was found for this video; nothing was charged.');
  });

  it('drops a sound whose analysis failed, and notes a failing source', async () => {
    const h = setup({
      popular: [sound('fine'), sound('broken')],
      tempos: { broken: -1 },
      failing: { search: new DomainError('provider_error', 'search down') },
    });
    const res = await h.run();
    expect(res.suggestions.map((s) => s.soundId)).toEqual(['fine']);
    expect(res.notes).toEqual(
      expect.arrayContaining([
        '1 sound was left out: the audio could not be downloaded or analyzed.',
        'The sound search could not be read; the other sources were used.',
      ]),
    );
  });

  it("searches the niche the similar videos share, for videos and sounds, after the video's own phrases", async () => {
    const neighbour = (id: string, hashtags: string[], soundId: string): Post => ({
      ...VIDEO,
      id,
      namespacedId: id,
      hashtags,
      sound: { ...sound(soundId) },
    });
    const h = setup({
      similarByPhrase: {
        'Latte art at home': [
          neighbour('n1', ['coffeetok', 'latteart'], 'from-caption'),
          neighbour('n2', ['#CoffeeTok', 'fyp'], 'from-caption'),
        ],
        latteart: [neighbour('n3', ['coffeetok', 'espresso'], 'from-hashtag')],
        coffeetok: [neighbour('n4', ['coffeetok'], 'from-niche')],
      },
      sounds: {
        'from-caption': sound('from-caption'),
        'from-hashtag': sound('from-hashtag'),
        'from-niche': sound('from-niche'),
      },
    });
    const res = await h.run({ limit: 20 });
    expect(h.videoSearches).toEqual(['Latte art at home', 'latteart', 'coffeetok']);
    expect(h.soundSearches).toEqual(['Latte art at home', 'latteart', 'coffeetok']);
    expect(res.suggestions.map((s) => s.soundId).sort()).toEqual([
      'from-caption',
      'from-hashtag',
      'from-niche',
    ]);
  });

  it('names the video in every pool call (forVideo), for the sandbox', async () => {
    const h = setup({ popular: [sound('p')], post: { sound: { ...sound('own') } } });
    await h.run();
    expect(h.callOptions.length).toBeGreaterThanOrEqual(4);
    for (const call of h.callOptions) {
      expect(call).toMatchObject({ forVideo: VIDEO.namespacedId });
      expect(call.signal).toBeInstanceOf(AbortSignal);
    }
  });

  it('every analysis failing is a provider failure (502), not an empty answer', async () => {
    const h = setup({
      popular: [sound('a'), sound('b')],
      tempos: { a: -1, b: -1 },
    });
    await expect(h.run()).rejects.toMatchObject({
      code: 'provider_error',
      message: expect.stringMatching(/all 2 sounds with a preview failed/),
    });
  });

  it('when every source fails, the provider failure is the answer', async () => {
    const down = new DomainError('provider_error', 'provider down');
    const h = setup({ failing: { charts: down, search: down, videos: down } });
    await expect(h.run()).rejects.toBe(down);
  });
});
