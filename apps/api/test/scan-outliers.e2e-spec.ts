import request from 'supertest';
import { BillingService } from '../src/money/billing.service';
import {
  appAweme,
  PROVIDER_PATHS,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

interface Reel {
  id: string;
  playCount: number;
  authorFollowers: number | null;
  outlier: { score: number; multiple: number; band: string } | null;
}

/** The formula and bands as the API reference states them, written out independently here. */
function expectedOutlier(plays: number, followers: number | null): Reel['outlier'] {
  if (!followers || !plays) return null;
  const round2 = (x: number) => Math.round(x * 100) / 100 + 0;
  const score = round2(Math.log(plays / followers) * Math.log(followers));
  const band =
    score >= 35
      ? 'exceptional'
      : score >= 25
        ? 'very_strong'
        : score >= 18
          ? 'strong'
          : score >= 10
            ? 'promising'
            : 'ordinary';
  return { score, multiple: round2(plays / followers), band };
}

/** Scores highest first, reels without one after every reel with one. */
function expectOutlierOrder(reels: Reel[]): void {
  const firstUnknown = reels.findIndex((r) => r.outlier === null);
  const known = firstUnknown === -1 ? reels : reels.slice(0, firstUnknown);
  if (firstUnknown !== -1) expect(reels.slice(firstUnknown).every((r) => !r.outlier)).toBe(true);
  const scores = known.map((r) => r.outlier!.score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
}

describe('scan outlier scores in test mode (sandbox)', () => {
  let t: TestApp;
  const scan = (key: string, body: Record<string, unknown>) =>
    request(t.app.getHttpServer())
      .post('/v1/scan')
      .set('Authorization', `Bearer ${key}`)
      .send(body);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives reels with a follower count their score, multiple and band, and the others null', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    // A niche where the sandbox's creator without a follower count is among the top 20.
    const res = await scan(key, { query: 'houseplants care tips' });
    expect(res.status).toBe(200);
    const reels = res.body.reels as Reel[];
    expect(reels.length).toBeGreaterThan(5);
    const known = reels.filter((r) => r.authorFollowers !== null);
    expect(known.length).toBeGreaterThan(0);
    expect(known.length).toBeLessThan(reels.length);
    for (const reel of reels) {
      expect(reel.outlier).toEqual(expectedOutlier(reel.playCount, reel.authorFollowers));
      if (reel.authorFollowers !== null) expect(Number.isInteger(reel.authorFollowers)).toBe(true);
    }
    // Without `sort` the SPEC's order holds: by play count.
    const plays = reels.map((r) => r.playCount);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
  });

  it('sort "outlier" ranks by score, unknown last, at the same price; "traction" is the default', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const query = 'home espresso for beginners';
    const byDefault = await scan(key, { query, limit: 10 });
    const traction = await scan(key, { query, limit: 10, sort: 'traction' });
    const outlier = await scan(key, { query, limit: 10, sort: 'outlier' });
    expect(traction.body.reels).toEqual(byDefault.body.reels);
    expect(outlier.status).toBe(200);
    const reels = outlier.body.reels as Reel[];
    expect(reels).toHaveLength(10);
    expectOutlierOrder(reels);
    // Ranked before the cut: the top by score is at least as high as traction's best score.
    const best = (list: Reel[]) => Math.max(...list.map((r) => r.outlier?.score ?? -Infinity));
    expect(reels[0].outlier!.score).toBe(best(reels));
    expect(reels[0].outlier!.score).toBeGreaterThanOrEqual(best(traction.body.reels));
    expect(reels.map((r) => r.id)).not.toEqual(traction.body.reels.map((r: Reel) => r.id));
    for (const res of [traction, outlier])
      expect(res.headers['x-service-charged-usd']).toBe('0.075000');
  });

  it('sort "relevance" orders by the relevance score', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await scan(key, { query: 'home espresso for beginners', sort: 'relevance' });
    expect(res.status).toBe(200);
    const scores = (res.body.reels as { relevance: { score: number } }[]).map(
      (r) => r.relevance.score,
    );
    expect(scores.length).toBeGreaterThan(1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it.each(['views', 'OUTLIER', '', 3, ['outlier']])(
    'refuses sort %p: 400 invalid_request naming sort, nothing charged',
    async (sort) => {
      const { account, key } = await createFundedKey(t.app, { mode: 'test' });
      const res = await scan(key, { query: 'coffee', sort });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(
        expect.objectContaining({ code: 'invalid_request', param: 'sort' }),
      );
      expect(
        await t.app.get(BillingService).balance({ accountId: account.id, mode: 'test' }),
      ).toEqual({ balance: 10_000_000, held: 0, available: 10_000_000 });
    },
  );
});

describe('scan outlier scores in live mode (fake provider and fake OpenAI)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  const scan = (key: string, body: Record<string, unknown>) =>
    request(t.app.getHttpServer())
      .post('/v1/scan')
      .set('Authorization', `Bearer ${key}`)
      .send(body);

  /** Every reel the fake is asked about is relevant. */
  const allRelevant = (body: Record<string, unknown>) => {
    const messages = body.messages as { content: string }[];
    const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as { id: string }[];
    return { scores: reels.map((r) => ({ id: r.id, score: 8, reason: 'fits' })) };
  };

  /** Requests the fake provider received (from the `from`-th on), by path. */
  const tally = (from = 0) => {
    const counts: Record<string, number> = {};
    for (const { path } of provider.requests().slice(from)) counts[path] = (counts[path] ?? 0) + 1;
    return counts;
  };

  // [plays, followers]: scores 39.17, 19.15, -38.71, unknown, zero followers (unknown).
  const POSTS: [number, number | undefined][] = [
    [400_000, 3_000],
    [80_000, 10_000],
    [2_000_000, 20_000_000],
    [9_000_000, undefined],
    [5_000_000, 0],
  ];

  beforeAll(async () => {
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
        LLM_MAX_RETRIES: '0',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([provider.close(), openai.close()]);
  });
  beforeEach(() => {
    provider.reset();
    openai.reset();
  });

  it('network_a: followers from the search answer give each reel its score; sort "outlier" reorders; no extra provider call', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const ids = POSTS.map((_, i) => `745000000000000000${i}`);
    POSTS.forEach(([plays, followers], i) =>
      provider.addPost(
        'network_a',
        appAweme({
          id: ids[i],
          desc: `reel ${i}`,
          handle: `o${i}`,
          followers,
          plays,
          likes: 1,
          comments: 1,
          shares: 1,
        }),
      ),
    );
    const phrases = ['matcha', 'oolong', 'sencha'];
    for (const phrase of phrases) provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Tea', phrases });
    openai.setAnswerFor('scan_relevance', allRelevant);

    const traction = await scan(key, { query: 'tea', market: 'network_a' });
    expect(traction.status).toBe(200);
    const tractionTally = tally();
    const seen = provider.requests().length;
    const outlier = await scan(key, { query: 'tea', market: 'network_a', sort: 'outlier' });
    expect(outlier.status).toBe(200);

    // Traction: by plays.
    expect(traction.body.reels.map((r: Reel) => r.id)).toEqual([3, 4, 2, 0, 1].map((i) => ids[i]));
    const byId = new Map<string, Reel>(outlier.body.reels.map((r: Reel) => [r.id, r]));
    expect(byId.get(ids[0])).toEqual(
      expect.objectContaining({
        authorFollowers: 3_000,
        outlier: { score: 39.17, multiple: 133.33, band: 'exceptional' },
      }),
    );
    expect(byId.get(ids[1])!.outlier).toEqual({ score: 19.15, multiple: 8, band: 'strong' });
    expect(byId.get(ids[2])!.outlier).toEqual({ score: -38.71, multiple: 0.1, band: 'ordinary' });
    expect(byId.get(ids[3])).toEqual(
      expect.objectContaining({ authorFollowers: null, outlier: null }),
    );
    expect(byId.get(ids[4])).toEqual(
      expect.objectContaining({ authorFollowers: 0, outlier: null }),
    );
    // Outlier: by score, the two without one last in traction order.
    expect(outlier.body.reels.map((r: Reel) => r.id)).toEqual([0, 1, 2, 3, 4].map((i) => ids[i]));

    // The same provider requests either way, and only searches: no profile lookups.
    expect(tally(seen)).toEqual(tractionTally);
    expect(Object.keys(tractionTally)).toEqual([PROVIDER_PATHS.networkASearchApp]);
    expect(tractionTally[PROVIDER_PATHS.networkASearchApp]).toBe(phrases.length);
    expect(outlier.headers['x-service-charged-usd']).toBe(
      traction.headers['x-service-charged-usd'],
    );
  });

  it('network_b: the follower count survives the play-count backfill; searches and statistics only', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const ids = POSTS.map((_, i) => `755000000000000000${i}`);
    POSTS.forEach(([, followers], i) =>
      provider.addPost(
        'network_b',
        appAweme({
          id: ids[i],
          desc: `咖啡 ${i}`,
          handle: `b${i}`,
          followers,
          plays: 0,
          likes: 1,
          comments: 1,
          shares: 1,
        }),
      ),
    );
    provider.setPlayCounts(Object.fromEntries(POSTS.map(([plays], i) => [ids[i], plays])));
    const phrases = ['咖啡', '手冲咖啡', '拉花'];
    for (const phrase of phrases) provider.setSearchResults('network_b', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: '咖啡', phrases });
    openai.setAnswerFor('scan_relevance', allRelevant);
    const res = await scan(key, { query: '咖啡教程', sort: 'outlier' });
    expect(res.status).toBe(200);
    expect(res.body.market).toBe('network_b');
    expect(
      res.body.reels.map((r: Reel) => [r.id, r.authorFollowers, r.outlier?.band ?? null]),
    ).toEqual([
      [`network_b:${ids[0]}`, 3_000, 'exceptional'],
      [`network_b:${ids[1]}`, 10_000, 'strong'],
      [`network_b:${ids[2]}`, 20_000_000, 'ordinary'],
      [`network_b:${ids[3]}`, null, null],
      [`network_b:${ids[4]}`, 0, null],
    ]);
    const paths = Object.keys(tally()).sort();
    expect(paths).toEqual(
      [PROVIDER_PATHS.networkBStatistics, PROVIDER_PATHS.networkBSearchV2].sort(),
    );
  });
});
