import { Logger } from '@nestjs/common';
import request from 'supertest';
import { fromPublicJobId } from '../src/execution/job-ids';
import {
  appAweme,
  PROVIDER_PATHS,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { securitySuite } from './support/security-suite';
import { type TestApp, createTestApp } from './support/test-app';

const SCAN_REEL_FIELDS = [
  'id',
  'url',
  'coverUrl',
  'authorHandle',
  'authorName',
  'authorFollowers',
  'caption',
  'playCount',
  'likeCount',
  'commentCount',
  'shareCount',
  'durationSec',
  'postedAt',
  'relevance',
  'outlier',
].sort();

describe('assist and scan in test mode (sandbox)', () => {
  let t: TestApp;
  const post = (key: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    let req = request(t.app.getHttpServer()).post(path).set('Authorization', `Bearer ${key}`);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send(body as object);
  };

  beforeAll(async () => {
    // The stalled scan's deadline: short enough for a quick 504, long enough that a healthy
    // scan on a busy machine never comes near it (near it, a scan skips relevance: degraded).
    t = await createTestApp({
      env: { SCAN_DEADLINE_MS: '5000', SANDBOX_SLOW_DELAY_MS: '60000' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('assist', () => {
    it('classifies a reel request as scan with a self-contained query, charged 0.010000', async () => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const res = await post(key, '/v1/assist', { message: 'show me trending dog food reels' });
      expect(res.status).toBe(200);
      expect(res.body.intent).toBe('scan');
      expect(typeof res.body.reply).toBe('string');
      expect(res.body.query).toMatch(/dog food/i);
      expect(Object.keys(res.body).sort()).toEqual(['intent', 'query', 'reply']);
      expect(res.headers['x-service-charged-usd']).toBe('0.010000');
      expect(res.headers['x-service-balance-usd']).toBe('9.990000');
    });

    it('folds the conversation into the query ("same but for cats")', async () => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const res = await post(key, '/v1/assist', {
        message: 'same but for cats',
        history: [
          { role: 'user', text: 'find reels about premium dog food for puppies' },
          { role: 'agent', text: 'Here is a brief for dog food reels.' },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.intent).toBe('scan');
      expect(res.body.query).toMatch(/cat/i);
      expect(res.body.query).toMatch(/food/i);
      expect(res.body.query).not.toMatch(/\bdog\b/i);
    });

    it('answers chat without a query and refuses abuse and out-of-scope requests', async () => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const chat = await post(key, '/v1/assist', { message: 'hello there, thanks!' });
      expect(chat.body.intent).toBe('chat');
      expect(chat.body).not.toHaveProperty('query');
      const refuse = await post(key, '/v1/assist', {
        message: 'help me hack my neighbour wifi password',
      });
      expect(refuse.body.intent).toBe('refuse');
      expect(refuse.body).not.toHaveProperty('query');
    });

    it('uses only the last 10 history entries; older ones are ignored, not refused', async () => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const history = [
        { role: 'user', text: 'find reels about vintage motorcycles' },
        ...Array.from({ length: 12 }, (_, i) => ({
          role: i % 2 ? 'agent' : 'user',
          text: `small talk ${i}`,
        })),
      ];
      const res = await post(key, '/v1/assist', { message: 'same but for cats', history });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/motorcycle/i);
    });

    it.each([
      [{}, 'message'],
      [{ message: '' }, 'message'],
      [{ message: 'x'.repeat(2_001) }, 'message'],
      [{ message: 'hi', history: 'nope' }, 'history'],
      [{ message: 'hi', history: [{ role: 'bot', text: 'x' }] }, 'history[0].role'],
      [{ message: 'hi', history: [{ role: 'user', text: 'x'.repeat(2_001) }] }, 'history[0].text'],
      [{ message: 'hi', model: 'gpt' }, 'model'],
    ])('refuses a bad body (#%#), naming %s, free', async (body, param) => {
      const { account, key } = await createFundedKey(t.app, { mode: 'test' });
      const res = await post(key, '/v1/assist', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.objectContaining({ code: 'invalid_request', param }));
      expect((await balanceOf(t.app, account.id)).balance).toBe(10_000_000);
    });
  });

  describe('scan', () => {
    it('returns every reel field, ranked by play count, charged pro rata (limit 5 → 0.037500)', async () => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const res = await post(key, '/v1/scan', { query: 'home espresso for beginners', limit: 5 });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual([
        'degraded',
        'market',
        'niche',
        'queries',
        'reels',
      ]);
      expect(res.body.market).toBe('network_a');
      expect(res.body.degraded).toBe(false);
      expect(res.body.queries.length).toBeGreaterThanOrEqual(3);
      expect(res.body.queries.length).toBeLessThanOrEqual(6);
      expect(res.body.reels).toHaveLength(5);
      for (const reel of res.body.reels) {
        expect(Object.keys(reel).sort()).toEqual(SCAN_REEL_FIELDS);
        expect(reel.id).toMatch(/^\d{19}$/);
        expect(reel.url).toBe(`https://www.tiktok.com/@${reel.authorHandle}/video/${reel.id}`);
        for (const n of ['playCount', 'likeCount', 'commentCount', 'shareCount'])
          expect(Number.isInteger(reel[n])).toBe(true);
        expect(reel.relevance.score).toBeGreaterThanOrEqual(6);
        expect(reel.relevance.score).toBeLessThanOrEqual(10);
        expect(reel.relevance.reason.length).toBeGreaterThan(0);
        expect(new Date(reel.postedAt).toISOString()).toBe(reel.postedAt);
      }
      const plays = res.body.reels.map((r: { playCount: number }) => r.playCount);
      expect(plays).toEqual([...plays].sort((a, b) => b - a));
      expect(res.headers['x-service-charged-usd']).toBe('0.037500');
      expect(res.headers['x-service-balance-usd']).toBe('9.962500');
    });

    it('is deterministic in the sandbox: the same brief gives the same reels', async () => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const a = await post(key, '/v1/scan', { query: 'budget travel hacks', limit: 8 });
      const b = await post(key, '/v1/scan', { query: 'budget travel hacks', limit: 8 });
      expect(a.body.reels.map((r: { id: string }) => r.id)).toEqual(
        b.body.reels.map((r: { id: string }) => r.id),
      );
    });

    it('sends a Simplified-Chinese brief to network_b (namespaced ids) and a Traditional one to network_a', async () => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const simplified = await post(key, '/v1/scan', { query: '适合新手的护肤步骤', limit: 3 });
      expect(simplified.status).toBe(200);
      expect(simplified.body.market).toBe('network_b');
      for (const reel of simplified.body.reels) {
        expect(reel.id).toMatch(/^network_b:\d{19}$/);
        expect(reel.url).toBe(`https://www.douyin.com/video/${reel.id.split(':')[1]}`);
        expect(reel.playCount).toBeGreaterThan(0);
      }
      const traditional = await post(key, '/v1/scan', { query: '適合新手的護膚步驟', limit: 3 });
      expect(traditional.body.market).toBe('network_a');
      expect(traditional.body.reels.length).toBeGreaterThan(0);
      for (const reel of traditional.body.reels) expect(reel.id).toMatch(/^\d{19}$/);
      const explicit = await post(key, '/v1/scan', {
        query: 'skincare',
        market: 'network_b',
        limit: 2,
      });
      expect(explicit.body.market).toBe('network_b');
    });

    it('an empty result is 200, reels [], 0.000000 and the balance unchanged', async () => {
      const { account, key } = await createFundedKey(t.app, { mode: 'test' });
      const res = await post(key, '/v1/scan', { query: 'sandbox-empty nothing here' });
      expect(res.status).toBe(200);
      expect(res.body.reels).toEqual([]);
      expect(res.headers['x-service-charged-usd']).toBe('0.000000');
      expect(res.headers['x-service-balance-usd']).toBe('10.000000');
      expect(await balanceOf(t.app, account.id)).toEqual({
        balance: 10_000_000,
        held: 0,
        available: 10_000_000,
      });
    });

    it('a failing provider is 502 and a stalled one 504 at the deadline; neither charged, holds voided', async () => {
      const { account, key } = await createFundedKey(t.app, { mode: 'test' });
      const failed = await post(key, '/v1/scan', { query: 'sandbox-fail skincare' });
      expect(failed.status).toBe(502);
      expect(failed.body.error.code).toBe('provider_error');
      const slow = await post(key, '/v1/scan', { query: 'sandbox-slow skincare' });
      expect(slow.status).toBe(504);
      expect(slow.body.error.code).toBe('timeout');
      expect(await balanceOf(t.app, account.id)).toEqual({
        balance: 10_000_000,
        held: 0,
        available: 10_000_000,
      });
    });

    it.each([
      [{}, 'query'],
      [{ query: 'x'.repeat(2_001) }, 'query'],
      [{ query: 'coffee', limit: 0 }, 'limit'],
      [{ query: 'coffee', limit: 21 }, 'limit'],
      [{ query: 'coffee', limit: 2.5 }, 'limit'],
      [{ query: 'coffee', market: 'network_c' }, 'market'],
      [{ query: 'coffee', sort: 'views' }, 'sort'],
      [{ query: 'coffee', region: 'US' }, 'region'],
    ])('refuses a bad body (#%#), naming %s', async (body, param) => {
      const { key } = await createFundedKey(t.app, { mode: 'test' });
      const res = await post(key, '/v1/scan', body);
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe(param);
    });

    it('20 concurrent scans with one Idempotency-Key: one charge, identical bodies', async () => {
      const { account, key } = await createFundedKey(t.app, { mode: 'test' });
      const body = { query: 'home espresso for beginners', limit: 4 };
      const first = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(key, '/v1/scan', body, { 'Idempotency-Key': 'scan-1' }),
        ),
      );
      const ok = first.filter((r) => r.status === 200);
      // The rest are 409 (same key still running) or 429 (the in-flight cap, checked first).
      expect(first.every((r) => [200, 409, 429].includes(r.status))).toBe(true);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      const again = await post(key, '/v1/scan', body, { 'Idempotency-Key': 'scan-1' });
      expect(again.headers['idempotent-replayed']).toBe('true');
      for (const r of [...ok, again]) expect(r.body).toEqual(again.body);
      expect(again.body.reels).toHaveLength(4);
      expect((await balanceOf(t.app, account.id)).balance).toBe(10_000_000 - 4 * 7_500);
    });
  });

  describe('shared security suite', () => {
    securitySuite(() => t.app, { method: 'post', path: '/v1/assist', body: { message: 'hi' } });
    securitySuite(() => t.app, { method: 'post', path: '/v1/scan', body: { query: 'coffee' } });
  });
});

describe('assist and scan in live mode (fake provider and fake OpenAI)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  const post = (key: string, path: string, body: unknown) =>
    request(t.app.getHttpServer())
      .post(path)
      .set('Authorization', `Bearer ${key}`)
      .send(body as object);

  /** Relevance answers from the fake: reels whose caption says "relevant" score 8, others 2. */
  const scoreByCaption = (body: Record<string, unknown>) => {
    const messages = body.messages as { content: string }[];
    const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as {
      id: string;
      caption: string;
    }[];
    return {
      scores: reels.map((r) => ({
        id: r.id,
        score: r.caption.includes('relevant') ? 8 : 2,
        reason: 'fits the brief',
      })),
    };
  };

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
        // Short enough to prove a late relevance pass answers degraded before the deadline.
        SCAN_DEADLINE_MS: '5000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([provider.close(), openai.close()]);
  });
  beforeEach(() => {
    provider.reset();
    provider.setPageSize(10);
    openai.reset();
  });

  it('assist calls no video provider', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    openai.setAnswerFor('assist_intent', {
      intent: 'scan',
      reply: 'On it.',
      query: 'cat food reels for indoor cats',
    });
    const res = await post(key, '/v1/assist', { message: 'cat food reels please' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      intent: 'scan',
      reply: 'On it.',
      query: 'cat food reels for indoor cats',
    });
    expect(provider.connections).toBe(0);
  });

  it('7 relevant reels delivered of 20 asked → 0.052500; network_a ranked by plays', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    for (let i = 0; i < 12; i++) {
      const id = `74100000000000000${String(i).padStart(2, '0')}`;
      provider.addPost(
        'network_a',
        appAweme({
          id,
          desc: i < 7 ? `relevant coffee reel ${i}` : `unrelated ${i}`,
          handle: `h${i}`,
          nickname: `Creator ${i}`,
          coverUrl: `https://cdn.example/cover-${i}.jpg`,
          durationMs: 21_000 + i * 1_000,
          createTime: 1_764_000_000 + i * 3_600,
          plays: 1_000 * (i + 1),
          likes: 10 + i,
          comments: 2 + i,
          shares: 3 + i,
          stringCounts: i % 2 === 0,
        }),
      );
    }
    const ids = Array.from(
      { length: 12 },
      (_, i) => `74100000000000000${String(i).padStart(2, '0')}`,
    );
    provider.setSearchResults('network_a', 'coffee', ids.slice(0, 6));
    provider.setSearchResults('network_a', 'espresso', ids.slice(6));
    provider.setSearchResults('network_a', 'latte art', ids.slice(3, 9));
    openai.setAnswerFor('scan_plan', {
      niche: 'Home coffee',
      phrases: ['coffee', 'espresso', 'latte art'],
    });
    openai.setAnswerFor('scan_relevance', scoreByCaption);
    const res = await post(key, '/v1/scan', { query: 'home coffee', market: 'network_a' });
    expect(res.status).toBe(200);
    expect(res.body.reels).toHaveLength(7);
    expect(res.body.reels.map((r: { playCount: number }) => r.playCount)).toEqual([
      7000, 6000, 5000, 4000, 3000, 2000, 1000,
    ]);
    expect(res.body.queries).toEqual(['coffee', 'espresso', 'latte art']);
    expect(res.headers['x-service-charged-usd']).toBe('0.052500');
    // The top reel, field by field, against what the fake provider served (string counts).
    expect(res.body.reels[0]).toEqual({
      id: '7410000000000000006',
      url: 'https://www.tiktok.com/@h6/video/7410000000000000006',
      coverUrl: 'https://cdn.example/cover-6.jpg',
      authorHandle: 'h6',
      authorName: 'Creator 6',
      // The fake sent no follower count: no outlier score either.
      authorFollowers: null,
      caption: 'relevant coffee reel 6',
      playCount: 7_000,
      likeCount: 16,
      commentCount: 8,
      shareCount: 9,
      durationSec: 27,
      postedAt: new Date((1_764_000_000 + 6 * 3_600) * 1000).toISOString(),
      relevance: { score: 8, reason: 'fits the brief' },
      outlier: null,
    });
  });

  it('an empty result is 200, reels [], 0.000000, the balance unchanged and no relevance call', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    for (const phrase of ['nothing', 'nowhere', 'nobody'])
      provider.setSearchResults('network_a', phrase, []);
    openai.setAnswerFor('scan_plan', {
      niche: 'Nothing',
      phrases: ['nothing', 'nowhere', 'nobody'],
    });
    const res = await post(key, '/v1/scan', { query: 'nothing at all', market: 'network_a' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      market: 'network_a',
      niche: 'Nothing',
      queries: ['nothing', 'nowhere', 'nobody'],
      reels: [],
      degraded: false,
    });
    expect(res.headers['x-service-charged-usd']).toBe('0.000000');
    expect(res.headers['x-service-balance-usd']).toBe('10.000000');
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: 10_000_000,
      held: 0,
      available: 10_000_000,
    });
    expect(openai.callsFor('scan_relevance')).toBe(0);
  });

  it('one phrase failing at the provider leaves the others: 200, `queries` lists only the phrases run', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const ids = [0, 1, 2].map((i) => `74300000000000000${i}0`);
    ids.forEach((id, i) =>
      provider.addPost(
        'network_a',
        appAweme({
          id,
          desc: `relevant tea ${i}`,
          plays: 10 * (i + 1),
          likes: 1,
          comments: 1,
          shares: 1,
        }),
      ),
    );
    const phrases = ['matcha', 'oolong', 'sencha'];
    for (const phrase of phrases) provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Tea', phrases });
    openai.setAnswerFor('scan_relevance', scoreByCaption);
    // The first search request fails on the main endpoint and on its fallback: one phrase lost.
    provider.setBehavior(PROVIDER_PATHS.networkASearchApp, { status: 400 }, { times: 1 });
    provider.setBehavior(PROVIDER_PATHS.networkASearchWeb, { status: 400 }, { times: 1 });
    const logged = jest.spyOn(Logger.prototype, 'log');
    let res: request.Response;
    let calls: unknown[][];
    try {
      res = await post(key, '/v1/scan', { query: 'tea', market: 'network_a' });
    } finally {
      calls = [...logged.mock.calls];
      logged.mockRestore();
    }
    expect(res.status).toBe(200);
    expect(res.body.reels.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect(res.body.queries).toHaveLength(2);
    for (const phrase of res.body.queries) expect(phrases).toContain(phrase);
    expect(res.headers['x-service-charged-usd']).toBe('0.022500');

    // The call's provider-calls line counts what the provider received: every request sent by
    // the scan's parallel phrases and their attempts (each on a signal derived from the
    // operation's), the two refused ones as sent but not paid.
    const lines = calls.filter((call) => call[1] === 'provider calls');
    expect(lines).toHaveLength(1);
    const received: Record<string, number> = {};
    for (const { path } of provider.requests()) received[path] = (received[path] ?? 0) + 1;
    expect(received[PROVIDER_PATHS.networkASearchApp]).toBeGreaterThanOrEqual(2);
    const paid = { ...received };
    paid[PROVIDER_PATHS.networkASearchApp] -= 1;
    paid[PROVIDER_PATHS.networkASearchWeb] -= 1;
    for (const path of Object.keys(paid)) if (paid[path] === 0) delete paid[path];
    expect(lines[0][0]).toEqual({
      requestId: res.headers['x-request-id'],
      jobId: fromPublicJobId(res.headers['x-job-id']),
      operation: 'scan',
      providerRequests: provider.requests().length,
      providerCallsPaid: provider.requests().length - 2,
      providerRequestsByEndpoint: received,
      providerCallsByEndpoint: paid,
    });
  });

  it('a relevance pass still running near the deadline answers degraded (charged per reel), not 504', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const ids = [0, 1].map((i) => `74400000000000000${i}0`);
    ids.forEach((id, i) =>
      provider.addPost(
        'network_a',
        appAweme({ id, desc: `yoga ${i}`, plays: 10 * (i + 1), likes: 1, comments: 1, shares: 1 }),
      ),
    );
    const phrases = ['yoga', 'pilates', 'stretching'];
    for (const phrase of phrases) provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Yoga', phrases });
    openai.setBehaviorFor('scan_relevance', { hang: true });
    const res = await post(key, '/v1/scan', { query: 'yoga', market: 'network_a' });
    expect(res.status).toBe(200);
    expect(res.body.degraded).toBe(true);
    expect(
      res.body.reels.map((r: { id: string; relevance: unknown }) => [r.id, r.relevance]),
    ).toEqual([
      [ids[1], null],
      [ids[0], null],
    ]);
    expect(res.headers['x-service-charged-usd']).toBe('0.015000');
  });

  it('network_b: namespaced ids, play counts backfilled, deeper paging, reels without a count dropped', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    provider.setPageSize(3);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 6; i++) {
      const id = `75100000000000000${String(i).padStart(2, '0')}`;
      provider.addPost(
        'network_b',
        appAweme({
          id,
          desc: `relevant 咖啡 ${i}`,
          handle: `b${i}`,
          plays: 0,
          likes: 5,
          comments: 1,
          shares: 1,
        }),
      );
      if (i !== 5) counts[id] = 10_000 + i;
    }
    provider.setPlayCounts(counts);
    openai.setAnswerFor('scan_plan', { niche: '咖啡', phrases: ['咖啡', '手冲咖啡', '拉花'] });
    openai.setAnswerFor('scan_relevance', scoreByCaption);
    const res = await post(key, '/v1/scan', { query: '咖啡教程' });
    expect(res.status).toBe(200);
    expect(res.body.market).toBe('network_b');
    expect(res.body.reels.map((r: { id: string }) => r.id)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `network_b:75100000000000000${String(i).padStart(2, '0')}`),
    );
    expect(res.body.reels[0].playCount).toBe(10_004);
    // Two pages per phrase on network_b (page size 3, 6 posts): 3 phrases × 2 pages.
    expect(provider.calls(PROVIDER_PATHS.networkBSearchV2)).toBe(6);
    expect(provider.calls(PROVIDER_PATHS.networkBStatistics)).toBeGreaterThanOrEqual(1);
  });

  it('degraded when the relevance pass fails: traction order, relevance null, still charged per reel', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    for (let i = 0; i < 4; i++) {
      provider.addPost(
        'network_a',
        appAweme({
          id: `74200000000000000${i}0`,
          desc: `coffee ${i}`,
          handle: `d${i}`,
          plays: 100 * (i + 1),
          likes: 1,
          comments: 1,
          shares: 1,
        }),
      );
    }
    const ids = [0, 1, 2, 3].map((i) => `74200000000000000${i}0`);
    for (const phrase of ['brew', 'beans', 'grind'])
      provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Coffee', phrases: ['brew', 'beans', 'grind'] });
    openai.setBehaviorFor('scan_relevance', {
      status: 500,
      json: { error: { message: 'PROVIDER_SECRET_BODY' } },
    });
    const res = await post(key, '/v1/scan', { query: 'coffee', market: 'network_a', limit: 3 });
    expect(res.status).toBe(200);
    expect(res.body.degraded).toBe(true);
    expect(res.body.reels.map((r: { playCount: number }) => r.playCount)).toEqual([400, 300, 200]);
    for (const reel of res.body.reels) expect(reel.relevance).toBeNull();
    expect(res.headers['x-service-charged-usd']).toBe('0.022500');
    expect(JSON.stringify(res.body)).not.toContain('PROVIDER_SECRET_BODY');
  });

  it('402 with a zero balance and zero provider calls', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live', micros: 0 });
    const scan = await post(key, '/v1/scan', { query: 'coffee' });
    const assist = await post(key, '/v1/assist', { message: 'hi' });
    expect(scan.status).toBe(402);
    expect(assist.status).toBe(402);
    expect(scan.headers['x-service-balance-usd']).toBe('0.000000');
    expect(provider.connections).toBe(0);
    expect(openai.connections).toBe(0);
  });

  it('a provider failure is 502 with no provider text, not charged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    openai.setAnswerFor('scan_plan', { niche: 'Coffee', phrases: ['coffee', 'espresso', 'latte'] });
    provider.setBehavior(PROVIDER_PATHS.networkASearchApp, { status: 503 });
    provider.setBehavior(PROVIDER_PATHS.networkASearchWeb, { status: 503 });
    const res = await post(key, '/v1/scan', { query: 'coffee', market: 'network_a' });
    expect([502, 503]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toMatch(/PROVIDER_BODY|tikhub/i);
    expect((await balanceOf(t.app, account.id, 'live')).balance).toBe(10_000_000);
  });
});

describe('scan in live mode with the video provider unconfigured', () => {
  let t: TestApp;
  let openai: FakeOpenAI;

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        VIDEO_PROVIDER_BASE_URL: '',
        VIDEO_PROVIDER_API_KEY: '',
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await openai.close();
  });

  it('fails fast: 503 provider_unavailable naming the setting, no LLM call, nothing charged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    openai.setAnswerFor('scan_plan', { niche: 'Coffee', phrases: ['coffee', 'espresso', 'latte'] });
    const res = await request(t.app.getHttpServer())
      .post('/v1/scan')
      .set('Authorization', `Bearer ${key}`)
      .send({ query: 'coffee', market: 'network_a' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('provider_unavailable');
    expect(res.body.error.message).toContain('VIDEO_PROVIDER_BASE_URL');
    expect(openai.connections).toBe(0);
    expect(openai.callsFor('scan_plan')).toBe(0);
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: 10_000_000,
      held: 0,
      available: 10_000_000,
    });
  });
});
