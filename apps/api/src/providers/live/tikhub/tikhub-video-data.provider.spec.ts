import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { EgressGuard, EgressPolicy } from '../../../egress';
import {
  appAweme,
  appMusic,
  chartSound,
  instagramMedia,
  PROVIDER_BODY_MARKER,
  PROVIDER_PATHS,
  startFakeProvider,
  youtubeVideo,
  type FakeProvider,
} from '../../../../test/fakes';
import { mediaTempDir } from '../../http/media-download';
import { TikhubVideoDataProvider, type TikhubVideoDataSettings } from '.';
import { failure as failureOf } from '../../../../test/support/failures';

const A1 = '7301234567890120001';
const A2 = '7301234567890120002';
const B = (n: number) => `74000000000000${String(n).padStart(5, '0')}`;

let fake: FakeProvider;
let clock = 0;

function adapter(overrides: Partial<TikhubVideoDataSettings> = {}): TikhubVideoDataProvider {
  return new TikhubVideoDataProvider({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    timeoutMs: 2_000,
    downloadTimeoutMs: 2_000,
    maxRetries: 2,
    breakerThreshold: 50,
    breakerCoolDownMs: 1_000,
    backoff: { baseMs: 1, maxMs: 5 },
    now: () => clock,
    // The fakes listen on 127.0.0.1: tests allow it the way an operator would.
    egress: new EgressGuard(EgressPolicy.fromSetting('127.0.0.1')),
    ...overrides,
  });
}

const failure = (promise: Promise<unknown>) => failureOf(promise, { hides: PROVIDER_BODY_MARKER });

beforeAll(async () => {
  Logger.overrideLogger(false);
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  fake.setPageSize(10);
  clock = 0;
});

describe('TikhubVideoDataProvider through the fake provider', () => {
  beforeAll(() => {
    fake.addPost(
      'network_a',
      appAweme({
        id: A1,
        desc: 'Latte art #coffee',
        handle: 'brewwithmaya',
        plays: 5000,
        likes: 400,
        stringCounts: true,
        durationMs: 21_000,
        hashtags: ['coffee'],
        music: appMusic({ id: '7100000000000000011', title: 'Golden Groove' }),
      }),
    );
    fake.addPost(
      'network_a',
      appAweme({ id: A2, desc: 'Espresso', handle: 'coffeeatnoah', likes: 10 }),
    );
    for (let i = 1; i <= 120; i += 1) {
      fake.addPost(
        'network_b',
        appAweme({ id: B(i), desc: `手冲咖啡 ${i}`, plays: 0, likes: i, durationMs: 15_000 }),
      );
    }
  });

  describe('search', () => {
    it('maps network_a app-format results, string counts included, and pages with the cursor', async () => {
      fake.setPageSize(1);
      const provider = adapter();
      const first = await provider.searchVideos('network_a', 'coffee');
      expect(first.items.map((post) => post.id)).toEqual([A1]);
      expect(first.items[0].stats.playCount).toBe(5000);
      expect(first.items[0].stats.commentCount).toBeNull();
      expect(first.nextCursor).not.toBeNull();
      const second = await provider.searchVideos('network_a', 'coffee', first.nextCursor);
      expect(second.items.map((post) => post.id)).toEqual([A2]);
      expect(second.nextCursor).toBeNull();
      expect(fake.requests(PROVIDER_PATHS.networkASearchApp)[1].query.get('offset')).toBe('1');
    });

    it('sends the bearer key', async () => {
      await adapter().searchVideos('network_a', 'coffee');
      expect(fake.requests(PROVIDER_PATHS.networkASearchApp)[0].headers.authorization).toBe(
        `Bearer ${fake.apiKey}`,
      );
    });

    it('uses network_b v2 POST search, passes search_id and backtrace back, and carries no play counts', async () => {
      const provider = adapter();
      const first = await provider.searchVideos('network_b', '咖啡');
      expect(first.items).toHaveLength(10);
      expect(
        first.items.every((post) => post.market === 'network_b' && post.stats.playCount === null),
      ).toBe(true);
      await provider.searchVideos('network_b', '咖啡', first.nextCursor);
      const [, secondRequest] = fake.requests(PROVIDER_PATHS.networkBSearchV2);
      expect(secondRequest.json).toMatchObject({
        keyword: '咖啡',
        cursor: 10,
        search_id: 'fake-search-id',
        backtrace: 'fake-backtrace',
      });
    });

    it('falls back to the current v1 search when v2 answers a plain 400, without retrying the 400', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, { status: 400 });
      const page = await adapter().searchVideos('network_b', '咖啡');
      expect(page.items).toHaveLength(10);
      expect(fake.calls(PROVIDER_PATHS.networkBSearchV2)).toBe(1);
      expect(fake.calls(PROVIDER_PATHS.networkBSearchV1)).toBe(1);
      expect(fake.calls(PROVIDER_PATHS.networkBSearchWeb)).toBe(0);
    });

    it('uses the deprecated GET searches last, paging them by page number from 1', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, { status: 503 });
      fake.setBehavior(PROVIDER_PATHS.networkBSearchV1, { status: 503 });
      const provider = adapter({ maxRetries: 0 });
      const first = await provider.searchVideos('network_b', '咖啡');
      expect(first.items).toHaveLength(10);
      const second = await provider.searchVideos('network_b', '咖啡', first.nextCursor);
      expect(second.items.map((post) => post.id)).not.toEqual(first.items.map((post) => post.id));
      const [one, two] = fake.requests(PROVIDER_PATHS.networkBSearchWeb);
      expect(Object.fromEntries(one.query)).toEqual({
        keyword: '咖啡',
        page: '1',
        sort_type: '_0',
        publish_time: '_0',
        filter_duration: '_0',
      });
      expect(Object.fromEntries(two.query)).toMatchObject({ page: '2', search_id: 'fake-logid' });
    });

    it('falls back to the web search on network_a and reads the web format', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkASearchApp, { status: 400 });
      const page = await adapter().searchVideos('network_a', 'coffee');
      expect(page.items[0]).toMatchObject({ id: A1, durationSec: 21 });
      expect(page.items[0].stats.playCount).toBe(5000);
      expect(fake.calls(PROVIDER_PATHS.networkASearchWeb)).toBe(1);
    });

    it('treats a risk-control empty 200 as a failure, not as "no results"', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, {
        json: { code: 200, data: { status_code: 2154 } },
      });
      fake.setBehavior(PROVIDER_PATHS.networkBSearchV1, {
        json: { code: 200, data: { status_code: 2154 } },
      });
      fake.setBehavior(PROVIDER_PATHS.networkBSearchWeb, {
        json: { code: 200, data: { status_code: 8 } },
      });
      fake.setBehavior(PROVIDER_PATHS.networkBSearchApp, { json: { code: 200, data: {} } });
      const error = await failure(adapter().searchVideos('network_b', '咖啡'));
      expect(error.code).toBe('provider_error');
    });

    it('returns an empty page for a real "no results" answer', async () => {
      fake.setSearchResults('network_a', 'nothing', []);
      const page = await adapter().searchVideos('network_a', 'nothing');
      expect(page).toEqual({ items: [], nextCursor: null });
      fake.setSearchResults('network_a', 'coffee', [A1, A2]);
    });
  });

  describe('resilience', () => {
    it('retries a 429 and a 503, then succeeds', async () => {
      fake.setBehavior(
        PROVIDER_PATHS.networkAPost,
        [{ status: 429, headers: { 'retry-after': '0' } }, { status: 503 }],
        {
          times: 2,
        },
      );
      const post = await adapter().getPost({ platform: 'network_a', id: A1 });
      expect(post?.id).toBe(A1);
      expect(fake.calls(PROVIDER_PATHS.networkAPost)).toBe(3);
    });

    it('gives up after the retries and answers provider_error (no body in the message)', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { status: 502 });
      const error = await failure(
        adapter({ maxRetries: 1 }).getSound('network_a', '7100000000000000011'),
      );
      expect(error.code).toBe('provider_error');
      expect(error.status).toBe(502);
      expect(fake.calls(PROVIDER_PATHS.networkAMusicDetail)).toBe(2);
    });

    it('never retries a 400', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { status: 400 });
      await failure(adapter().soundCharts('network_a', { kind: 'popular' }));
      expect(fake.calls(PROVIDER_PATHS.networkASoundRank)).toBe(1);
    });

    it('retries a connection reset', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkAPost, { reset: true }, { times: 1 });
      expect((await adapter().getPost({ platform: 'network_a', id: A1 }))?.id).toBe(A1);
      expect(fake.calls(PROVIDER_PATHS.networkAPost)).toBe(2);
    });

    it('turns malformed JSON and an empty 200 into provider_error', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { malformed: true });
      expect((await failure(adapter().soundCharts('network_a', { kind: 'popular' }))).code).toBe(
        'provider_error',
      );
      fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { empty: true });
      expect((await failure(adapter().soundCharts('network_a', { kind: 'popular' }))).code).toBe(
        'provider_error',
      );
    });

    it('opens the circuit after consecutive failures (503 without a request), then closes after the cool-down', async () => {
      const provider = adapter({ maxRetries: 0, breakerThreshold: 3 });
      fake.setBehavior(PROVIDER_PATHS.networkASoundRank, { status: 500 });
      for (let i = 0; i < 3; i += 1) {
        expect((await failure(provider.soundCharts('network_a', { kind: 'popular' }))).code).toBe(
          'provider_error',
        );
      }
      expect(provider.circuitState('network_a.music.chart')).toBe('open');
      const open = await failure(provider.soundCharts('network_a', { kind: 'popular' }));
      expect(open.code).toBe('provider_unavailable');
      expect(fake.calls(PROVIDER_PATHS.networkASoundRank)).toBe(3);

      fake.setBehavior(PROVIDER_PATHS.networkASoundRank, {
        json: { code: 200, data: { sound_list: [] } },
      });
      clock += 1_000;
      await expect(provider.soundCharts('network_a', { kind: 'popular' })).resolves.toEqual([]);
      expect(provider.circuitState('network_a.music.chart')).toBe('closed');
      expect(fake.calls(PROVIDER_PATHS.networkASoundRank)).toBe(4);
    });

    it('skips an endpoint whose circuit is open and serves from the fallback', async () => {
      const provider = adapter({ maxRetries: 0, breakerThreshold: 1 });
      fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, { status: 503 });
      await provider.searchVideos('network_b', '咖啡');
      await provider.searchVideos('network_b', '咖啡');
      expect(fake.calls(PROVIDER_PATHS.networkBSearchV2)).toBe(1);
      expect(fake.calls(PROVIDER_PATHS.networkBSearchV1)).toBe(2);
    });

    it('does not hang on a provider that never answers: the per-call timeout gives provider_error', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { hang: true });
      const error = await failure(
        adapter({ timeoutMs: 100, maxRetries: 0 }).getSound('network_a', '1'),
      );
      expect(error.code).toBe('provider_error');
      expect(error.message).toMatch(/in time/);
    });

    it("answers timeout (504) when the caller's deadline fires first", async () => {
      fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { delayMs: 2_000 });
      const error = await failure(
        adapter().getSound('network_a', '1', { signal: AbortSignal.timeout(50) }),
      );
      expect(error.code).toBe('timeout');
    });

    it('answers provider_unavailable when the provider rejects the key, without retries or fallbacks', async () => {
      const provider = adapter({ apiKey: 'wrong' });
      expect((await failure(provider.searchVideos('network_b', '咖啡'))).code).toBe(
        'provider_unavailable',
      );
      expect(fake.calls(PROVIDER_PATHS.networkBSearchV2)).toBe(1);
      expect(fake.calls(PROVIDER_PATHS.networkBSearchV1)).toBe(0);
    });
  });

  describe('network_b play counts', () => {
    const ids = Array.from({ length: 120 }, (_, i) => B(i + 1));

    beforeAll(() => {
      fake.setPlayCounts(Object.fromEntries(ids.map((id, i) => [id, 1000 + i])));
    });

    it('backfills in parallel batches of at most 50', async () => {
      const counts = await adapter().batchPlayCounts(ids);
      expect(counts.size).toBe(120);
      expect(counts.get(B(1))).toBe(1000);
      const batches = fake
        .requests(PROVIDER_PATHS.networkBStatistics)
        .map((request) => request.query.get('aweme_ids')!.split(','));
      expect(batches.map((batch) => batch.length).sort()).toEqual([20, 50, 50]);
    });

    it('reads the aweme_details shape too', async () => {
      fake.setStatisticsShape('aweme_details');
      const counts = await adapter().batchPlayCounts([`network_b:${B(3)}`]);
      expect(counts.get(B(3))).toBe(1002);
      fake.setStatisticsShape('statistics_list');
    });

    it('splits a batch that keeps failing and asks for each half again', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkBStatistics, { status: 400 }, { times: 1 });
      const hundred = ids.slice(0, 100);
      const counts = await adapter().batchPlayCounts(hundred);
      const sizes = fake
        .requests(PROVIDER_PATHS.networkBStatistics)
        .map((request) => request.query.get('aweme_ids')!.split(',').length)
        .sort((a, b) => a - b);
      expect(sizes).toEqual([25, 25, 50, 50]);
      expect(counts.size).toBe(100);
    });

    it('leaves the reels of a batch that fails after retries and splits unknown (absent), never 0', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkBStatistics, { status: 400 }, { times: 7 });
      const fifty = ids.slice(0, 50);
      const counts = await adapter().batchPlayCounts(fifty);
      // 50 → 25 + 25 → 13 + 12 + 13 + 12: seven requests, all failed; no more splits.
      expect(fake.calls(PROVIDER_PATHS.networkBStatistics)).toBe(7);
      expect(counts.size).toBe(0);
      // The next call is answered: the counts were unknown, not zero.
      expect((await adapter().batchPlayCounts(fifty)).get(fifty[0])).toBe(1000);
    });

    it('leaves ids the provider does not mention absent', async () => {
      const counts = await adapter().batchPlayCounts([B(1), '7999999999999999999']);
      expect([...counts.keys()]).toEqual([B(1)]);
    });

    it('never fails the call when every batch failed: every count is unknown', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkBStatistics, { status: 400 });
      expect((await adapter().batchPlayCounts(ids)).size).toBe(0);
    });
  });

  describe('posts and links', () => {
    it('gets a network_a post, falling back to the web endpoint', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkAPost, { status: 400 });
      const post = await adapter().getPost({ platform: 'network_a', id: A1 });
      expect(post).toMatchObject({ id: A1, authorHandle: 'brewwithmaya', durationSec: 21 });
      expect(fake.calls(PROVIDER_PATHS.networkAPostWeb)).toBe(1);
    });

    it('answers null for a missing or deleted post', async () => {
      expect(
        await adapter().getPost({ platform: 'network_a', id: '7301234567890129999' }),
      ).toBeNull();
      expect(
        await adapter().getPost({ platform: 'network_b', id: '7401234567890129999' }),
      ).toBeNull();
      fake.addPost('network_a', appAweme({ id: '7301234567890128888', deleted: true }));
      expect(
        await adapter().getPost({ platform: 'network_a', id: '7301234567890128888' }),
      ).toBeNull();
    });

    it('reports a photo post as such', async () => {
      fake.addPost('network_b', appAweme({ id: '7401234567890127777', photo: true }));
      const post = await adapter().getPost({ platform: 'network_b', id: '7401234567890127777' });
      expect(post?.kind).toBe('photo');
    });

    it('treats an empty aweme_detail without a reason as risk control (provider_error)', async () => {
      fake.setBehavior(PROVIDER_PATHS.networkBPost, {
        json: { code: 200, data: { aweme_detail: null } },
      });
      fake.setBehavior(PROVIDER_PATHS.networkBPostWeb, { json: { code: 200, data: {} } });
      expect((await failure(adapter().getPost({ platform: 'network_b', id: B(1) }))).code).toBe(
        'provider_error',
      );
    });

    it('fetches the caption track of a post', async () => {
      const captionUrl = fake.setMedia(
        'captions-1.vtt',
        'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello',
        'text/vtt',
      );
      fake.addPost('network_a', appAweme({ id: '7301234567890126666', handle: 'cap', captionUrl }));
      const post = await adapter().getPost({ platform: 'network_a', id: '7301234567890126666' });
      expect(post?.captions?.segments).toEqual([{ start: 0, end: 1.5, text: 'Hello' }]);
    });

    it('resolves share links on both networks and Instagram', async () => {
      fake.addShareLink('https://vm.tiktok.com/ZMabc123/', 'network_a', A1);
      fake.addShareLink('https://v.douyin.com/iRNBho6u/', 'network_b', B(5));
      fake.addInstagramPost(
        'Creel42',
        instagramMedia({ code: 'Creel42', caption: 'x', username: 'ig' }),
      );
      const provider = adapter();
      await expect(provider.resolveShareLink('https://vm.tiktok.com/ZMabc123/')).resolves.toBe(
        `https://www.tiktok.com/@brewwithmaya/video/${A1}`,
      );
      await expect(provider.resolveShareLink('https://v.douyin.com/iRNBho6u/')).resolves.toBe(
        `https://www.douyin.com/video/${B(5)}`,
      );
      await expect(
        provider.resolveShareLink('https://www.instagram.com/share/reel/Creel42/'),
      ).resolves.toBe('https://www.instagram.com/reel/Creel42/');
      expect(
        (await failure(provider.resolveShareLink('https://vm.tiktok.com/ZMnothing/'))).code,
      ).toBe('not_found');
    });

    it('looks up Instagram and YouTube posts', async () => {
      fake.addInstagramPost(
        'Creel43',
        instagramMedia({
          code: 'Creel43',
          caption: 'Reel',
          username: 'ig',
          videoUrl: 'https://cdn.example/a.mp4',
          durationSec: 9,
        }),
      );
      fake.addYoutubeVideo(
        'abcdefghijk',
        youtubeVideo({
          id: 'abcdefghijk',
          title: 'Short',
          channel: 'Chan',
          lengthSeconds: 50,
          views: 10,
        }),
      );
      const provider = adapter();
      expect(await provider.getPost({ platform: 'instagram', id: 'Creel43' })).toMatchObject({
        durationSec: 9,
        kind: 'video',
      });
      expect(await provider.getPost({ platform: 'youtube', id: 'abcdefghijk' })).toMatchObject({
        durationSec: 50,
      });
      expect(await provider.getPost({ platform: 'youtube', id: 'zzzzzzzzzzz' })).toBeNull();
    });
  });

  describe('sounds', () => {
    beforeAll(() => {
      fake.addSound(
        'network_b',
        appMusic({
          id: '7200000000000000001',
          title: '夏日来信',
          commercial: true,
          durationSec: 40,
          moods: ['Happy'],
        }),
      );
      fake.addSound(
        'network_b',
        appMusic({ id: '7200000000000000002', title: '晚风漫步', commercial: false }),
      );
      fake.setChart('network_b', 'rising', [
        appMusic({ id: '7200000000000000001', title: '夏日来信', commercial: true }),
        appMusic({ id: '7200000000000000002', title: '晚风漫步', commercial: false }),
      ]);
      fake.setChart('network_a', 'popular', [
        chartSound({
          clipId: '7100000000000000021',
          title: 'Up',
          author: 'A',
          durationSec: 60,
          commercial: true,
          rank: 1,
          rankDiff: 2,
          trend: [],
        }),
        chartSound({
          clipId: '7100000000000000022',
          title: 'Down',
          author: 'B',
          durationSec: 30,
          commercial: false,
          rank: 2,
          rankDiff: -1,
          trend: [],
        }),
      ]);
      fake.addPost(
        'network_b',
        appAweme({ id: '7401234567890125555', music: appMusic({ id: '7200000000000000001' }) }),
      );
    });

    it('gets sound detail by namespaced id; unknown → null', async () => {
      const sound = await adapter().getSound('network_b', 'network_b:7200000000000000001');
      expect(sound).toMatchObject({
        title: '夏日来信',
        commercial: true,
        durationSec: 40,
        moods: ['Happy'],
      });
      expect(fake.requests(PROVIDER_PATHS.networkBMusicDetail)[0].query.get('music_id')).toBe(
        '7200000000000000001',
      );
      expect(await adapter().getSound('network_b', '7200000000000000999')).toBeNull();
    });

    it('reads charts of both networks and filters to the commercial library', async () => {
      const rising = await adapter().soundCharts('network_b', {
        kind: 'rising',
        commercialOnly: true,
      });
      expect(rising.map((entry) => entry.id)).toEqual(['7200000000000000001']);
      const popular = await adapter().soundCharts('network_a', { kind: 'popular' });
      expect(popular.map((entry) => [entry.rank, entry.commercial])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect(fake.requests(PROVIDER_PATHS.networkASoundRank)[0].query.get('rank_type')).toBe(
        'popular',
      );
    });

    it('searches sounds and lists the videos using one', async () => {
      const found = await adapter().searchSounds('network_b', '夏日');
      expect(found.map((sound) => sound.id)).toEqual(['7200000000000000001']);
      const videos = await adapter().videosUsingSound('network_b', 'network_b:7200000000000000001');
      expect(videos.items.map((post) => post.id)).toEqual(['7401234567890125555']);
    });
  });

  describe('media downloads', () => {
    const video = Buffer.alloc(64 * 1024, 7);

    it('streams a file to a temp path under reelscout-media, without our provider key', async () => {
      const url = fake.setMedia('clip.mp4', video);
      const path = await adapter().downloadMedia(url, { maxBytes: 1024 * 1024, kind: 'video' });
      try {
        expect(path.startsWith(mediaTempDir())).toBe(true);
        expect((await readFile(path)).equals(video)).toBe(true);
        expect(fake.requests('/media/clip.mp4')[0].headers.authorization).toBeUndefined();
      } finally {
        await rm(path, { force: true });
      }
    });

    it('refuses a file over the size cap', async () => {
      const url = fake.setMedia('big.mp4', video);
      const error = await failure(adapter().downloadMedia(url, { maxBytes: 1024, kind: 'video' }));
      expect(error.code).toBe('provider_error');
      expect(error.message).toMatch(/too large/);
    });

    it('refuses a truncated file and leaves no partial file behind', async () => {
      const url = fake.setMedia('cut.mp4', video);
      fake.setBehavior('/media/cut.mp4', { body: video, truncateAt: 1000 });
      const error = await failure(
        adapter().downloadMedia(url, { maxBytes: 1024 * 1024, kind: 'video' }),
      );
      expect(error.message).toMatch(/cut off/);
      expect(fake.calls('/media/cut.mp4')).toBe(2);
    });

    it('refuses media on private addresses unless allowed (the fakes are on 127.0.0.1)', async () => {
      const url = fake.setMedia('private.mp4', video);
      const error = await failure(
        adapter({ egress: new EgressGuard() }).downloadMedia(url, {
          maxBytes: 1e6,
          kind: 'video',
        }),
      );
      expect(error.code).toBe('provider_error');
      expect(fake.calls('/media/private.mp4')).toBe(0);
    });

    it('refuses a media host name that resolves to loopback, and logs the host and the reason', async () => {
      const url = fake.setMedia('named.mp4', video).replace('127.0.0.1', 'localhost');
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        // The strict policy (no allowance), as in production: localhost is looked up for real.
        const strict = adapter({ egress: new EgressGuard() });
        const error = await failure(strict.downloadMedia(url, { maxBytes: 1e6, kind: 'video' }));
        expect(error.code).toBe('provider_error');
        expect(error.message).toMatch(/does not connect to/);
        const logged = warn.mock.calls.map((call) => call[0] as { host?: string; reason?: string });
        expect(logged).toContainEqual({
          host: new URL(url).host,
          reason: expect.stringMatching(/resolves to (127\.0\.0\.1|::1) \(loopback\)/),
        });
      } finally {
        warn.mockRestore();
      }
      expect(fake.calls('/media/named.mp4')).toBe(0);
    });

    it('refuses an answer that is not media (a block page)', async () => {
      const url = fake.setMedia('page.mp4', '<html>blocked</html>', 'text/html; charset=utf-8');
      const error = await failure(adapter().downloadMedia(url, { maxBytes: 1e6, kind: 'video' }));
      expect(error.code).toBe('provider_error');
      expect(error.message).toMatch(/did not answer with a media file \(content type text\/html\)/);
    });

    it('accepts a sound served as video/mp4 (an m4a) but not a video served as audio', async () => {
      const sound = fake.setMedia('sound.m4a', video, 'video/mp4');
      const path = await adapter().downloadMedia(sound, { maxBytes: 1e6, kind: 'audio' });
      await rm(path, { force: true });
      const clip = fake.setMedia('clip.mp3', video, 'audio/mpeg');
      const error = await failure(adapter().downloadMedia(clip, { maxBytes: 1e6, kind: 'video' }));
      expect(error.message).toMatch(/audio\/mpeg/);
    });

    it('downloads a cover image (kind image, asking for images), but never markup as one', async () => {
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), video]);
      const url = fake.setMedia('cover.jpg', jpeg, 'image/jpeg');
      const path = await adapter().downloadMedia(url, { maxBytes: 1e6, kind: 'image' });
      try {
        expect(path.endsWith('.jpg')).toBe(true);
        expect((await readFile(path)).equals(jpeg)).toBe(true);
        expect(fake.requests('/media/cover.jpg')[0].headers.accept).toBe('image/*,*/*;q=0.5');
      } finally {
        await rm(path, { force: true });
      }
      const webp = fake.setMedia('cover.webp', video, 'image/webp');
      await rm(await adapter().downloadMedia(webp, { maxBytes: 1e6, kind: 'image' }), {
        force: true,
      });
      for (const [name, type] of [
        ['cover.svg', 'image/svg+xml'],
        ['cover.html', 'text/html'],
        ['cover.mp4', 'video/mp4'],
      ]) {
        const refused = fake.setMedia(name, '<svg/>', type);
        const error = await failure(
          adapter().downloadMedia(refused, { maxBytes: 1e6, kind: 'image' }),
        );
        expect({ name, code: error.code }).toEqual({ name, code: 'provider_error' });
      }
      // A video is never accepted as an image the other way round either.
      const image = fake.setMedia('still.jpg', jpeg, 'image/jpeg');
      const error = await failure(adapter().downloadMedia(image, { maxBytes: 1e6, kind: 'video' }));
      expect(error.code).toBe('provider_error');
    });

    it('follows a CDN redirect', async () => {
      const target = fake.setMedia('final.mp4', video);
      const url = fake.setMedia('hop.mp4', '');
      fake.setBehavior('/media/hop.mp4', { status: 302, headers: { location: target } });
      const path = await adapter().downloadMedia(url, { maxBytes: 1e6, kind: 'video' });
      await rm(path, { force: true });
      expect(fake.calls('/media/final.mp4')).toBe(1);
    });

    it('reports an expired media URL', async () => {
      const url = fake.setMedia('expired.mp4', video);
      fake.setBehavior('/media/expired.mp4', { status: 403 });
      const error = await failure(
        adapter().downloadMedia(url, { maxBytes: 1024 * 1024, kind: 'video' }),
      );
      expect(error.message).toMatch(/expired/);
      expect(existsSync(mediaTempDir())).toBe(true);
    });
  });
});
