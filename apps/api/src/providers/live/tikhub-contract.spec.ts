import { Logger } from '@nestjs/common';
import { EgressGuard, EgressPolicy } from '../../egress';
import {
  appAweme,
  appMusic,
  chartSound,
  contractFor,
  instagramMedia,
  PROVIDER_PATHS,
  providerRetryFailure,
  startFakeProvider,
  TIKHUB_CONTRACT,
  validateRequest,
  youtubeVideo,
  type FakeProvider,
} from '../../../test/fakes';
import { ENDPOINTS } from './tikhub-endpoints';
import { TikhubVideoDataProvider, type TikhubVideoDataSettings } from './tikhub';
import { failure } from '../../../test/support/failures';

/**
 * The live adapter against the provider's published contract (TikHub API V5.3.2): every request
 * it sends to every endpoint it uses must pass the contract's own parameter rules, which the fake
 * enforces with the real API's 422. The fake's facts come from the spec, not from the adapter.
 */

const A = '7301234567890129001';
const B = '7400000000000009001';
const SOUND = '7100000000000009011';

let fake: FakeProvider;

function adapter(overrides: Partial<TikhubVideoDataSettings> = {}): TikhubVideoDataProvider {
  return new TikhubVideoDataProvider({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    timeoutMs: 2_000,
    downloadTimeoutMs: 2_000,
    maxRetries: 2,
    breakerThreshold: 100,
    breakerCoolDownMs: 1_000,
    backoff: { baseMs: 1, maxMs: 5 },
    region: 'GB',
    // The fakes listen on 127.0.0.1: tests allow it the way an operator would.
    egress: new EgressGuard(EgressPolicy.fromSetting('127.0.0.1')),
    ...overrides,
  });
}

/** Every request the fake saw, checked again against the contract: none may break it. */
function contractBreaches(): string[] {
  return fake
    .requests()
    .filter((request) => contractFor(request.path))
    .flatMap((request) =>
      validateRequest(contractFor(request.path)!, {
        method: request.method,
        query: request.query,
        json: request.json,
        bodyText: request.body.toString('utf8'),
      }).map((issue) => `${request.path} ${issue.loc.join('.')}: ${issue.msg}`),
    );
}

beforeAll(async () => {
  Logger.overrideLogger(false);
  fake = await startFakeProvider();
  const music = appMusic({ id: SOUND, title: 'Contract Tune', author: 'Spec' });
  fake.addPost('network_a', appAweme({ id: A, desc: 'contract a', likes: 1, music }));
  fake.addPost('network_b', appAweme({ id: B, desc: 'contract b', plays: 0, likes: 2, music }));
  fake.addSound('network_a', music);
  fake.addSound('network_b', music);
  fake.setPlayCounts({ [B]: 42 });
  fake.setChart('network_a', 'popular', [
    chartSound({
      clipId: SOUND,
      title: 'Contract Tune',
      author: 'Spec',
      durationSec: 20,
      commercial: true,
      rank: 1,
      rankDiff: 0,
      trend: [{ time: 1_740_787_200, value: 0.15 }],
      musicUrl: `${fake.url}/media/contract.m4a`,
    }),
  ]);
  fake.setChart('network_b', 'popular', [music]);
  fake.addShareLink('https://vm.tiktok.com/ZMcontract/', 'network_a', A);
  fake.addShareLink('https://v.douyin.com/contract-1/', 'network_b', B);
  fake.addInstagramPost(
    'Ccontract1',
    instagramMedia({ code: 'Ccontract1', caption: 'ig', username: 'spec' }),
  );
  fake.addYoutubeVideo(
    'dQw4w9WgXcQ',
    youtubeVideo({ id: 'dQw4w9WgXcQ', title: 'yt', channel: 'c', lengthSeconds: 30, views: 10 }),
  );
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => fake.reset());

describe('the endpoint table and the contract', () => {
  it('names every endpoint the contract describes, with its method and deprecation', () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      const contract = contractFor(endpoint.path);
      expect({ path: endpoint.path, known: contract !== undefined }).toEqual({
        path: endpoint.path,
        known: true,
      });
      expect(endpoint.method).toBe(contract!.method);
      expect(endpoint.deprecated ?? false).toBe(contract!.deprecated);
    }
    expect(TIKHUB_CONTRACT.length).toBeGreaterThanOrEqual(Object.keys(ENDPOINTS).length);
  });

  it('lists deprecated search endpoints only after the current ones', () => {
    const searches = [
      ENDPOINTS.networkBSearchV2,
      ENDPOINTS.networkBSearchV1,
      ENDPOINTS.networkBSearchWeb,
      ENDPOINTS.networkBSearchApp,
    ];
    expect(searches.map((endpoint) => endpoint.deprecated ?? false)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('every endpoint the adapter calls, through the contract fake', () => {
  it('sends only parameters the contract defines, with the right types, and every required one', async () => {
    const provider = adapter();
    // Current endpoints.
    await provider.searchVideos('network_a', 'coffee');
    await provider.searchVideos('network_b', '咖啡');
    await provider.batchPlayCounts([B]);
    await provider.getPost({ platform: 'network_a', id: A });
    await provider.getPost({ platform: 'network_b', id: B });
    await provider.getPost({ platform: 'instagram', id: 'Ccontract1' });
    await provider.getPost({ platform: 'youtube', id: 'dQw4w9WgXcQ' });
    await provider.resolveShareLink('https://vm.tiktok.com/ZMcontract/');
    await provider.resolveShareLink('https://v.douyin.com/contract-1/');
    await provider.resolveShareLink('https://www.instagram.com/share/reel/Ccontract1/');
    for (const market of ['network_a', 'network_b'] as const) {
      await provider.getSound(market, SOUND);
      await provider.soundCharts(market, { kind: 'popular', commercialOnly: false });
      await provider.soundCharts(market, { kind: 'rising', commercialOnly: true });
      await provider.searchSounds(market, 'Contract');
      await provider.videosUsingSound(market, SOUND);
      await provider.trendChart(market, 'sounds');
      await provider.trendChart(market, 'hashtags');
    }
    // Creators: a profile by handle and by secure id, and the post list (unknown ones are fine:
    // what is checked is the request).
    for (const market of ['network_a', 'network_b'] as const) {
      await provider.creators.profile({ market, handle: 'contract', secUid: null });
      const secUid = 'MS4wLjABAAAAcontract';
      await provider.creators.profile({ market, handle: null, secUid });
      await provider.creators.posts({
        market,
        handle: 'contract',
        secUid,
        name: null,
        url: '',
        followers: null,
        likes: null,
        videos: null,
      });
    }
    // Fallbacks: make each primary fail so the next one in line is called.
    const failing = [
      PROVIDER_PATHS.networkASearchApp,
      PROVIDER_PATHS.networkBSearchV2,
      PROVIDER_PATHS.networkBSearchV1,
      PROVIDER_PATHS.networkBSearchWeb,
      PROVIDER_PATHS.networkAPost,
      PROVIDER_PATHS.networkBPost,
      PROVIDER_PATHS.networkBAwemeId,
    ];
    for (const path of failing) fake.setBehavior(path, { status: 503 });
    const noRetry = adapter({ maxRetries: 0 });
    await noRetry.searchVideos('network_a', 'coffee');
    await noRetry.searchVideos('network_b', '咖啡');
    await noRetry.getPost({ platform: 'network_a', id: A });
    await noRetry.getPost({ platform: 'network_b', id: B });
    await noRetry.resolveShareLink('https://v.douyin.com/contract-1/');

    const called = new Set(fake.requests().map((request) => request.path));
    for (const endpoint of Object.values(ENDPOINTS)) expect([...called]).toContain(endpoint.path);
    expect(contractBreaches()).toEqual([]);
    expect(
      fake.requests().filter((request) => request.path.startsWith('/api/')).length,
    ).toBeGreaterThan(Object.keys(ENDPOINTS).length);
  });

  it('sends the market region to network_a search, sound search and charts', async () => {
    const provider = adapter({ region: 'GB' });
    await provider.searchVideos('network_a', 'coffee');
    await provider.searchSounds('network_a', 'Contract');
    await provider.soundCharts('network_a', { kind: 'popular', commercialOnly: false });
    expect(fake.requests(PROVIDER_PATHS.networkASearchApp)[0].query.get('region')).toBe('GB');
    expect(fake.requests(PROVIDER_PATHS.networkAMusicSearch)[0].query.get('region')).toBe('GB');
    expect(fake.requests(PROVIDER_PATHS.networkASoundRank)[0].query.get('country_code')).toBe('GB');
  });

  it('reads both networks’ hashtag lists for the trend history: curves on network_a, 24 h plays on network_b', async () => {
    fake.setHashtags('network_a', [
      {
        hashtag_id: '4100',
        hashtag_name: 'summer',
        trend: [
          { time: 1_740_787_200, value: 0.38 },
          { time: 1_740_873_600, value: 1 },
        ],
        video_views: 19_583_705_445,
        rank: 1,
        rank_diff: 2,
      },
    ]);
    fake.setHashtags('network_b', [
      { cid: '1650', challenge_name: '#夏天', play_cnt: 1200, rank: 4 },
    ]);
    const provider = adapter();
    const [a] = await provider.trendChart('network_a', 'hashtags');
    expect(a).toMatchObject({
      id: '4100',
      title: 'summer',
      rank: 1,
      rankChange: 2,
      source: 'curve',
      points: [
        { day: '2025-03-01', value: 0.38 },
        { day: '2025-03-02', value: 1 },
      ],
    });
    const [b] = await provider.trendChart('network_b', 'hashtags');
    expect(b).toMatchObject({
      id: 'network_b:1650',
      title: '夏天',
      rank: 4,
      source: 'counts',
      points: [{ value: 1200 }],
    });
    // Two lists on network_a (popular, new on board), one billboard on network_b.
    expect(
      fake.requests(PROVIDER_PATHS.networkAHashtagList).map((r) => r.query.get('filter_by')),
    ).toEqual([null, 'new_on_board']);
    expect(fake.requests(PROVIDER_PATHS.networkBTopicBillboard)).toHaveLength(1);
    expect(contractBreaches()).toEqual([]);
  });

  it('asks network_b for the videos of a sound with the default page size the contract asks for', async () => {
    await adapter().videosUsingSound('network_b', `network_b:${SOUND}`);
    const [request] = fake.requests(PROVIDER_PATHS.networkBMusicVideos);
    expect(request.query.has('count')).toBe(false);
    expect(request.query.get('music_id')).toBe(SOUND);
  });

  it('reads the audio URL the chart item carries (music_url)', async () => {
    const [entry] = await adapter().soundCharts('network_a', {
      kind: 'popular',
      commercialOnly: false,
    });
    expect(entry.playUrl).toBe(`${fake.url}/media/contract.m4a`);
  });

  it("the fake answers the old Instagram `url` parameter with the real API's 422", async () => {
    const response = await fetch(
      `${fake.url}${PROVIDER_PATHS.instagramPostByUrl}?url=${encodeURIComponent('https://www.instagram.com/reel/Ccontract1/')}`,
      { headers: { Authorization: `Bearer ${fake.apiKey}` } },
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: string[]; type: string }[] };
    expect(body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['query', 'url'], type: 'value_error.extra' }),
        expect.objectContaining({ loc: ['query', 'post_url'], type: 'value_error.missing' }),
      ]),
    );
  });

  it('the fake refuses a wrong type, an unknown enum value and a count past the documented limit', async () => {
    const get = (path: string, query: string) =>
      fetch(`${fake.url}${path}?${query}`, {
        headers: { Authorization: `Bearer ${fake.apiKey}` },
      }).then((response) => response.status);
    expect(await get(PROVIDER_PATHS.networkBSearchWeb, 'keyword=x&page=two')).toBe(422);
    expect(await get(PROVIDER_PATHS.networkBSearchWeb, 'keyword=x&sort_type=0')).toBe(422);
    expect(await get(PROVIDER_PATHS.networkBMusicVideos, 'music_id=1&count=20')).toBe(422);
    expect(await get(PROVIDER_PATHS.networkBSearchWeb, 'keyword=x&offset=10')).toBe(422);
    expect(await get(PROVIDER_PATHS.networkBSearchWeb, 'keyword=x&page=2&sort_type=_1')).toBe(200);
  });
});

describe('failures classified by what the provider says', () => {
  it('retries a 500 and the provider\'s "request failed, please retry" 400', async () => {
    fake.setBehavior(
      PROVIDER_PATHS.networkAMusicDetail,
      [{ status: 500 }, providerRetryFailure()],
      {
        times: 2,
      },
    );
    const sound = await adapter().getSound('network_a', SOUND);
    expect(sound?.id).toBe(SOUND);
    expect(fake.calls(PROVIDER_PATHS.networkAMusicDetail)).toBe(3);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    fake.setBehavior(
      PROVIDER_PATHS.networkAMusicDetail,
      { status: 429, headers: { 'retry-after': '0' } },
      { times: 1 },
    );
    expect((await adapter().getSound('network_a', SOUND))?.id).toBe(SOUND);
    expect(fake.calls(PROVIDER_PATHS.networkAMusicDetail)).toBe(2);
  });

  it('never retries a 422 (our bug): provider_error, logged with the endpoint and parameter names', async () => {
    const errors: unknown[] = [];
    Logger.overrideLogger({
      log: () => undefined,
      warn: () => undefined,
      error: (message: unknown) => errors.push(message),
    });
    try {
      fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, {
        status: 422,
        json: {
          detail: [
            { loc: ['query', 'music_id'], msg: 'field required', type: 'value_error.missing' },
          ],
        },
      });
      const error = await failure(adapter().getSound('network_a', SOUND));
      expect(error.code).toBe('provider_error');
      expect(fake.calls(PROVIDER_PATHS.networkAMusicDetail)).toBe(1);
      expect(JSON.stringify(errors)).toContain(PROVIDER_PATHS.networkAMusicDetail);
      expect(JSON.stringify(errors)).toContain('music_id');
    } finally {
      Logger.overrideLogger(false);
    }
  });

  it('never retries a 401 or 403: provider_unavailable', async () => {
    for (const status of [401, 403]) {
      fake.reset();
      fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { status });
      const error = await failure(adapter().getSound('network_a', SOUND));
      expect(error.code).toBe('provider_unavailable');
      expect(fake.calls(PROVIDER_PATHS.networkAMusicDetail)).toBe(1);
    }
  });

  it('never retries a plain 400 and never reads it as "not found"', async () => {
    fake.setBehavior(PROVIDER_PATHS.networkAMusicDetail, { status: 400 });
    const error = await failure(adapter().getSound('network_a', SOUND));
    expect(error.code).toBe('provider_error');
    expect(fake.calls(PROVIDER_PATHS.networkAMusicDetail)).toBe(1);
  });

  it('a network_b post reported as filtered (empty item with a reason) is missing, not a failure', async () => {
    expect(
      await adapter().getPost({ platform: 'network_b', id: '7400000000000009999' }),
    ).toBeNull();
    expect(fake.calls(PROVIDER_PATHS.networkBPost)).toBe(1);
  });

  it('network_b search skips deleted and filtered entries and keeps the rest', async () => {
    fake.setBehavior(PROVIDER_PATHS.networkBSearchV2, {
      json: {
        code: 200,
        data: {
          status_code: 0,
          business_data: [
            { type: 1, data: { type: 1, aweme_info: appAweme({ id: B, desc: 'kept', likes: 1 }) } },
            {
              type: 1,
              data: {
                type: 1,
                aweme_info: {
                  ...appAweme({ id: '7400000000000009002', desc: 'gone', likes: 1 }),
                  status: { is_delete: true },
                },
              },
            },
            { type: 1, data: { type: 1, aweme_info: {} } },
          ],
          cursor: 3,
          has_more: 0,
        },
      },
    });
    const page = await adapter().searchVideos('network_b', '咖啡');
    expect(page.items.map((post) => post.id)).toEqual([B]);
  });

  it('sends the chain token cookie the network_a web detail carries with its media download', async () => {
    const url = fake.setMedia('chain.mp4', Buffer.alloc(64, 1), 'video/mp4', {
      needsChainToken: true,
    });
    fake.addPost(
      'network_a',
      appAweme({ id: '7301234567890129002', desc: 'web', likes: 1, playUrl: url }),
    );
    fake.setBehavior(PROVIDER_PATHS.networkAPost, { status: 503 });
    const provider = adapter({ maxRetries: 0 });
    const post = await provider.getPost({ platform: 'network_a', id: '7301234567890129002' });
    expect(post?.mediaCookie).toMatch(/^tt_chain_token=/);
    const path = await provider.downloadMedia(
      post!.mediaUrl!,
      { maxBytes: 1024, kind: 'video', cookie: post!.mediaCookie },
      {},
    );
    expect(path).toContain('reelscout-media');
    await import('node:fs/promises').then((fs) => fs.rm(path, { force: true }));
    const refused = await failure(
      provider.downloadMedia(post!.mediaUrl!, { maxBytes: 1024, kind: 'video' }, {}),
    );
    expect(refused.code).toBe('provider_error');
  });
});
