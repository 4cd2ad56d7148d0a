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
import { busiestSecond, stampingSends } from './support/provider-sends';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Live mode against the provider's published contract (TikHub API V5.3.2), through the real API:
 * the fake validates every request like the real one (422 on a parameter the contract does not
 * define) and fails the way the contract says the provider fails.
 */

describe('live mode against the provider contract', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  const post = (key: string, path: string, body: unknown) =>
    request(t.app.getHttpServer())
      .post(path)
      .set('Authorization', `Bearer ${key}`)
      .send(body as object);

  const relevantScores = (body: Record<string, unknown>) => {
    const messages = body.messages as { content: string }[];
    const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as { id: string }[];
    return { scores: reels.map((r) => ({ id: r.id, score: 8, reason: 'fits' })) };
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
        VIDEO_PROVIDER_MAX_RETRIES: '2',
        VIDEO_PROVIDER_TIMEOUT_MS: '1000',
        LLM_MAX_RETRIES: '0',
        RATE_LIMIT_PER_KEY_PER_MIN: '1000',
        RATE_LIMIT_IN_FLIGHT_PER_KEY: '100',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([provider.close(), openai.close()]);
  });
  beforeEach(() => {
    provider.reset();
    openai.setAnswerFor('scan_relevance', relevantScores);
  });

  it('network_b: a play-count batch that fails once and times out once is retried; the scan answers 200 with every reel', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const ids = [0, 1, 2].map((i) => `76100000000000000${i}0`);
    ids.forEach((id, i) =>
      provider.addPost(
        'network_b',
        appAweme({ id, desc: `咖啡 ${i}`, plays: 0, likes: 1, comments: 1, shares: 1 }),
      ),
    );
    for (const phrase of ['咖啡', '手冲', '拉花'])
      provider.setSearchResults('network_b', phrase, ids);
    provider.setPlayCounts(Object.fromEntries(ids.map((id, i) => [id, 1_000 * (i + 1)])));
    openai.setAnswerFor('scan_plan', { niche: '咖啡', phrases: ['咖啡', '手冲', '拉花'] });
    provider.setBehavior(PROVIDER_PATHS.networkBStatistics, [{ status: 503 }, { hang: true }], {
      times: 2,
    });
    const res = await post(key, '/v1/scan', { query: '咖啡', market: 'network_b' });
    expect(res.status).toBe(200);
    expect(res.body.reels.map((r: { playCount: number }) => r.playCount)).toEqual([
      3_000, 2_000, 1_000,
    ]);
    expect(provider.calls(PROVIDER_PATHS.networkBStatistics)).toBe(3);
    expect(res.headers['x-service-charged-usd']).toBe('0.022500');
  });

  it('network_b: a batch that keeps failing leaves its reels out; the scan still answers 200 with the rest, charged for those', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const counted = `76200000000000000${1}0`;
    const unknown = `76200000000000000${2}0`;
    for (const id of [counted, unknown]) {
      provider.addPost(
        'network_b',
        appAweme({ id, desc: `茶 ${id}`, plays: 0, likes: 1, comments: 1, shares: 1 }),
      );
    }
    for (const phrase of ['茶', '绿茶', '红茶']) {
      provider.setSearchResults('network_b', phrase, [counted, unknown]);
    }
    provider.setPlayCounts({ [counted]: 500 });
    openai.setAnswerFor('scan_plan', { niche: '茶', phrases: ['茶', '绿茶', '红茶'] });
    const res = await post(key, '/v1/scan', { query: '茶', market: 'network_b' });
    expect(res.status).toBe(200);
    expect(res.body.reels.map((r: { id: string }) => r.id)).toEqual([`network_b:${counted}`]);
    expect(res.headers['x-service-charged-usd']).toBe('0.007500');
  });

  it('network_b: deleted and filtered search entries are skipped, the rest kept', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const kept = '7630000000000000010';
    provider.setPlayCounts({ [kept]: 900, '7630000000000000020': 800 });
    provider.setBehavior(PROVIDER_PATHS.networkBSearchV2, {
      json: {
        code: 200,
        data: {
          status_code: 0,
          business_data: [
            {
              type: 1,
              data: {
                type: 1,
                aweme_info: appAweme({ id: kept, desc: 'kept', likes: 1, comments: 1, shares: 1 }),
              },
            },
            {
              type: 1,
              data: {
                type: 1,
                aweme_info: {
                  ...appAweme({
                    id: '7630000000000000020',
                    desc: 'deleted',
                    likes: 1,
                    comments: 1,
                    shares: 1,
                  }),
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
    openai.setAnswerFor('scan_plan', { niche: '咖啡', phrases: ['咖啡', '手冲', '拉花'] });
    const res = await post(key, '/v1/scan', { query: '咖啡', market: 'network_b' });
    expect(res.status).toBe(200);
    expect(res.body.reels.map((r: { id: string }) => r.id)).toEqual([`network_b:${kept}`]);
  });

  it('a search answering 429 with Retry-After, then 200, is retried and charged once', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    const ids = [0, 1].map((i) => `76400000000000000${i}0`);
    ids.forEach((id, i) =>
      provider.addPost(
        'network_a',
        appAweme({ id, desc: `tea ${i}`, plays: 10 * (i + 1), likes: 1, comments: 1, shares: 1 }),
      ),
    );
    for (const phrase of ['tea', 'matcha', 'chai'])
      provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Tea', phrases: ['tea', 'matcha', 'chai'] });
    provider.setBehavior(
      PROVIDER_PATHS.networkASearchApp,
      { status: 429, headers: { 'retry-after': '1' } },
      { times: 1 },
    );
    const res = await post(key, '/v1/scan', { query: 'tea', market: 'network_a' });
    expect(res.status).toBe(200);
    expect(res.body.queries).toEqual(['tea', 'matcha', 'chai']);
    expect(provider.calls(PROVIDER_PATHS.networkASearchApp)).toBe(4);
    expect(provider.calls(PROVIDER_PATHS.networkASearchWeb)).toBe(0);
    expect(res.headers['x-service-charged-usd']).toBe('0.015000');
    const balance = await t.app
      .get(BillingService)
      .balance({ accountId: account.id, mode: 'live' });
    expect(balance).toEqual({ balance: 9_985_000, held: 0, available: 9_985_000 });
  });

  it('a deleted network_b post in a playbook answers 404 not_found, uncharged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    const res = await post(key, '/v1/playbook', {
      url: 'https://www.douyin.com/video/7650000000000000999',
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(provider.calls(PROVIDER_PATHS.networkBPost)).toBe(1);
    const balance = await t.app
      .get(BillingService)
      .balance({ accountId: account.id, mode: 'live' });
    expect(balance.balance).toBe(10_000_000);
  });

  it('a provider key the provider rejects is 503 provider_unavailable, never retried, uncharged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    provider.setBehavior(PROVIDER_PATHS.networkBPost, { status: 401 });
    const res = await post(key, '/v1/playbook', {
      url: 'https://www.douyin.com/video/7650000000000000998',
    });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('provider_unavailable');
    expect(provider.calls(PROVIDER_PATHS.networkBPost)).toBe(1);
    const balance = await t.app
      .get(BillingService)
      .balance({ accountId: account.id, mode: 'live' });
    expect(balance.balance).toBe(10_000_000);
  });

  it('50 concurrent scans never send more than 10 provider requests in any second', async () => {
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => createFundedKey(t.app, { mode: 'live' })),
    );
    const id = '7660000000000000010';
    provider.addPost(
      'network_a',
      appAweme({ id, desc: 'burst', plays: 5, likes: 1, comments: 1, shares: 1 }),
    );
    for (const phrase of ['burst a', 'burst b', 'burst c']) {
      provider.setSearchResults('network_a', phrase, [id]);
    }
    openai.setAnswerFor('scan_plan', {
      niche: 'Burst',
      phrases: ['burst a', 'burst b', 'burst c'],
    });
    const { result: responses, sends } = await stampingSends(provider.url, () =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post(keys[i % keys.length].key, '/v1/scan', {
            query: 'burst',
            market: 'network_a',
            limit: 1,
          }),
        ),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(50).fill(200));
    // Three provider calls a scan; on a loaded machine a call may time out and be retried, and
    // a retry is a send like any other: the limit holds for every send, retries included.
    const arrived = provider.requests().filter((r) => r.path.startsWith('/api/'));
    expect(sends.length).toBeGreaterThanOrEqual(150);
    expect(arrived.length).toBeGreaterThanOrEqual(150);
    expect(arrived.length).toBeLessThanOrEqual(sends.length);
    expect(busiestSecond(sends)).toBeLessThanOrEqual(10);
  }, 120_000);
});
