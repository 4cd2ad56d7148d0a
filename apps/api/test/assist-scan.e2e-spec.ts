import request from 'supertest';
import { balanceOf, createFundedKey } from './support/fixtures';
import { securitySuite } from './support/security-suite';
import { createTestApp, type TestApp } from './support/test-app';
import { SCAN_REEL_FIELDS } from './support/assist-scan-spec-shared';

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
