import {
  appAweme,
  appUser,
  contractFor,
  PROVIDER_PATHS,
  validateRequest,
} from '../../../../test/fakes';
import { useTikhubFake } from '../../../../test/support/tikhub-fake';

/**
 * Creators through the fake provider: the profile and post-list endpoints of both networks are
 * called with parameters their contract accepts (the fake answers 422 otherwise), in a bounded
 * number of calls, and network_b's withheld play counts come from the statistics batch only.
 */

const A_SEC = 'MS4wLjABAAAAcreatorAsecuid0001';
const B_SEC = 'MS4wLjABAAAAcreatorBsecuid0001';
const aPost = (n: number) => `73012345678901300${String(n).padStart(2, '0')}`;
const bPost = (n: number) => `74012345678901300${String(n).padStart(2, '0')}`;

describe('TikhubCreators through the fake provider', () => {
  const t = useTikhubFake();

  beforeAll(() => {
    const aIds = Array.from({ length: 25 }, (_, i) => aPost(25 - i));
    for (const id of aIds) {
      t.fake.addPost(
        'network_a',
        appAweme({ id, handle: 'maya', plays: 1000 + Number(id.slice(-2)), likes: 50 }),
      );
    }
    t.fake.addCreator(
      'network_a',
      appUser({ secUid: A_SEC, handle: 'maya', followers: 1234, likes: 999, videos: 25 }),
      aIds,
    );
    const bIds = Array.from({ length: 6 }, (_, i) => bPost(6 - i));
    for (const id of bIds) {
      t.fake.addPost('network_b', appAweme({ id, handle: 'xiaoli', plays: 0, likes: 5 }));
    }
    t.fake.addCreator(
      'network_b',
      appUser({ secUid: B_SEC, handle: 'xiaoli', followers: 88, likes: 77, videos: 6 }),
      bIds,
    );
    t.fake.addCreator(
      'network_a',
      appUser({
        secUid: 'MS4wLjABAAAAprivate00001',
        handle: 'hidden',
        followers: 1,
        likes: 1,
        videos: 1,
        isPrivate: true,
      }),
      [],
    );
  });

  const breaches = () =>
    t.fake
      .requests()
      .filter((request) => contractFor(request.path))
      .flatMap((request) =>
        validateRequest(contractFor(request.path)!, {
          method: request.method,
          query: request.query,
          json: request.json,
          bodyText: request.body.toString('utf8'),
        }),
      );

  it('network_a: a profile by handle, then the first page of posts (20) in two calls', async () => {
    const creators = t.adapter().creators;
    const profile = await creators.profile({ market: 'network_a', handle: 'maya', secUid: null });
    expect(profile).toMatchObject({
      market: 'network_a',
      handle: 'maya',
      secUid: A_SEC,
      followers: 1234,
      likes: 999,
      videos: 25,
      url: 'https://www.tiktok.com/@maya',
    });
    const posts = await creators.posts(profile!);
    expect(posts).toHaveLength(20);
    expect(posts[0]).toMatchObject({ id: aPost(25), stats: { playCount: 1025 } });
    expect(t.fake.calls(PROVIDER_PATHS.networkAUserProfile)).toBe(1);
    expect(t.fake.calls(PROVIDER_PATHS.networkAUserPosts)).toBe(1);
    const [request] = t.fake.requests().filter((r) => r.path === PROVIDER_PATHS.networkAUserPosts);
    expect(request.query.get('sec_user_id')).toBe(A_SEC);
    expect(request.query.has('unique_id')).toBe(false);
    expect(breaches()).toEqual([]);
  });

  it('network_b: profile by sec_user_id or by handle; play counts from the statistics batch, never invented', async () => {
    const creators = t.adapter().creators;
    const byHandle = await creators.profile({
      market: 'network_b',
      handle: 'xiaoli',
      secUid: null,
    });
    expect(byHandle).toMatchObject({ secUid: B_SEC, followers: 88 });
    expect(t.fake.calls(PROVIDER_PATHS.networkBUserProfileByHandle)).toBe(1);
    const profile = await creators.profile({ market: 'network_b', handle: null, secUid: B_SEC });
    expect(profile).toMatchObject({
      handle: 'xiaoli',
      url: `https://www.douyin.com/user/${B_SEC}`,
    });
    // The batch knows all but one post: that one keeps a null count, not the list's 0.
    t.fake.setPlayCounts(Object.fromEntries([1, 2, 3, 4, 5].map((n) => [bPost(n), 100 * n])));
    const posts = await creators.posts(profile!);
    expect(posts.map((p) => p.stats.playCount)).toEqual([null, 500, 400, 300, 200, 100]);
    expect(t.fake.calls(PROVIDER_PATHS.networkBUserPosts)).toBe(1);
    expect(t.fake.calls(PROVIDER_PATHS.networkBStatistics)).toBe(1);
    expect(breaches()).toEqual([]);
  });

  it('an unknown or private creator is null', async () => {
    const creators = t.adapter().creators;
    expect(
      await creators.profile({ market: 'network_a', handle: 'nobody', secUid: null }),
    ).toBeNull();
    expect(
      await creators.profile({ market: 'network_a', handle: 'hidden', secUid: null }),
    ).toBeNull();
    expect(
      await creators.profile({ market: 'network_b', handle: null, secUid: 'MS4wLjABAAAAnobody' }),
    ).toBeNull();
    expect(breaches()).toEqual([]);
  });

  it('the fake holds the contract: a profile call with no id, or more than 20 network_b posts, is 422', async () => {
    const none = await fetch(`${t.fake.url}${PROVIDER_PATHS.networkAUserProfile}`, {
      headers: { Authorization: `Bearer ${t.fake.apiKey}` },
    });
    expect(none.status).toBe(422);
    const many = await fetch(
      `${t.fake.url}${PROVIDER_PATHS.networkBUserPosts}?sec_user_id=${B_SEC}&count=30`,
      { headers: { Authorization: `Bearer ${t.fake.apiKey}` } },
    );
    expect(many.status).toBe(422);
  });
});
