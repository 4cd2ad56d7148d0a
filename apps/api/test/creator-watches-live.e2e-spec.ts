import request from 'supertest';
import {
  appAweme,
  appUser,
  contractFor,
  PROVIDER_PATHS,
  startFakeProvider,
  validateRequest,
  type FakeProvider,
} from './fakes';
import { createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Creator watches with a live key against the contract fake: the profile and post-list
 * endpoints of both networks are called with parameters the contract accepts (the fake answers
 * 422 otherwise), a bounded number of calls per run, and network_b posts whose play counts the
 * post list withholds get them from the statistics batch, or none: never an invented one.
 */

const A_SEC = 'MS4wLjABAAAAliveAcreator0001';
const B_SEC = 'MS4wLjABAAAAliveBcreator0001';
const aPost = (n: number) => `73099999999990${String(n).padStart(5, '0')}`;
const bPost = (n: number) => `74099999999990${String(n).padStart(5, '0')}`;
const DAY_S = 86_400;
const T0 = Date.UTC(2027, 2, 1, 9) / 1000;

describe('creator watches, live mode, against the contract fake (e2e)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  const server = () => t.app.getHttpServer();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await createTestApp({
      env: {
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
        WATCHES_MIN_RUN_GAP_S: '0',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const breaches = () =>
    provider
      .requests()
      .filter((r) => contractFor(r.path))
      .flatMap((r) =>
        validateRequest(contractFor(r.path)!, {
          method: r.method,
          query: r.query,
          json: r.json,
          bodyText: r.body.toString('utf8'),
        }),
      );

  /** Adds `count` posts of a creator, newest first in the list; plays 1000 + n (network_a). */
  function seed(market: 'network_a' | 'network_b', count: number) {
    const id = market === 'network_a' ? aPost : bPost;
    const ids = Array.from({ length: count }, (_, i) => id(count - i));
    for (const [i, postId] of ids.entries()) {
      provider.addPost(
        market,
        appAweme({
          id: postId,
          handle: market === 'network_a' ? 'live_maya' : 'live_xiaoli',
          plays: market === 'network_a' ? 1000 + count - i : 0,
          likes: 10,
          createTime: T0 - i * DAY_S,
        }),
      );
    }
    const secUid = market === 'network_a' ? A_SEC : B_SEC;
    const handle = market === 'network_a' ? 'live_maya' : 'live_xiaoli';
    provider.addCreator(
      market,
      appUser({ secUid, handle, followers: 5000 + count, likes: 100 * count, videos: count }),
      ids,
    );
    return ids;
  }

  it('network_a by @handle: one profile call and one post-list call per run, all within the contract', async () => {
    seed('network_a', 8);
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const created = await request(server())
      .post('/v1/watches')
      .set(auth(key))
      .send({ kind: 'creator', creator: '@live_maya', market: 'network_a', interval: 'daily' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      livemode: true,
      creator: {
        market: 'network_a',
        handle: 'live_maya',
        url: 'https://www.tiktok.com/@live_maya',
      },
    });
    provider.reset();
    const ran = await request(server()).post(`/v1/watches/${created.body.id}/run`).set(auth(key));
    expect(ran.status).toBe(200);
    expect(ran.headers['x-service-charged-usd']).toBe('0.020000');
    expect(ran.body.snapshot).toMatchObject({ followers: 5008, videos: 8, followersDelta: null });
    expect(ran.body.posts).toHaveLength(8);
    expect(ran.body.posts[0]).toMatchObject({ id: aPost(8), playCount: 1008 });
    expect(provider.calls(PROVIDER_PATHS.networkAUserProfile)).toBe(1);
    expect(provider.calls(PROVIDER_PATHS.networkAUserPosts)).toBe(1);
    expect(provider.requests().filter((r) => r.path.startsWith('/api/'))).toHaveLength(2);
    expect(breaches()).toEqual([]);

    // A new post and more followers: the next run finds it alone.
    const ids = seed('network_a', 9);
    expect(ids[0]).toBe(aPost(9));
    const next = await request(server()).post(`/v1/watches/${created.body.id}/run`).set(auth(key));
    expect(next.body.posts.map((p: { id: string }) => p.id)).toEqual([aPost(9)]);
    expect(next.body.snapshot).toMatchObject({ followersDelta: 1, videosDelta: 1 });
    expect(breaches()).toEqual([]);
  });

  it('network_b by profile link: play counts come from the statistics batch, a withheld one stays null', async () => {
    seed('network_b', 6);
    provider.setPlayCounts(Object.fromEntries([1, 2, 3, 4, 5].map((n) => [bPost(n), 1000 * n])));
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const created = await request(server())
      .post('/v1/watches')
      .set(auth(key))
      .send({
        kind: 'creator',
        creator: `https://www.douyin.com/user/${B_SEC}`,
        interval: 'daily',
      });
    expect(created.status).toBe(201);
    expect(created.body.creator).toMatchObject({ market: 'network_b', handle: 'live_xiaoli' });
    provider.reset();
    const ran = await request(server()).post(`/v1/watches/${created.body.id}/run`).set(auth(key));
    expect(ran.status).toBe(200);
    const posts = ran.body.posts as { id: string; playCount: number | null }[];
    expect(posts.map((p) => [p.id, p.playCount])).toEqual([
      [`network_b:${bPost(6)}`, null],
      [`network_b:${bPost(5)}`, 5000],
      [`network_b:${bPost(4)}`, 4000],
      [`network_b:${bPost(3)}`, 3000],
      [`network_b:${bPost(2)}`, 2000],
      [`network_b:${bPost(1)}`, 1000],
    ]);
    expect(provider.calls(PROVIDER_PATHS.networkBUserProfile)).toBe(1);
    expect(provider.calls(PROVIDER_PATHS.networkBUserPosts)).toBe(1);
    expect(provider.calls(PROVIDER_PATHS.networkBStatistics)).toBe(1);
    expect(breaches()).toEqual([]);
  });

  it('an unknown creator is 404 at creation, uncharged; a handle on network_b goes by the web v2 profile', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    provider.reset();
    const res = await request(server())
      .post('/v1/watches')
      .set(auth(key))
      .send({ kind: 'creator', creator: '@nobody_live', market: 'network_b', interval: 'daily' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', param: 'creator' });
    expect(provider.calls(PROVIDER_PATHS.networkBUserProfileByHandle)).toBe(1);
    expect(breaches()).toEqual([]);
    const balance = await request(server()).get('/v1/balance').set(auth(key));
    expect(balance.body.balance_usd).toBe('10.000000');
  });
});
