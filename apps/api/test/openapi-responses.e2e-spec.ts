import request from 'supertest';
import { createAccount, createKey, createFundedKey } from './support/fixtures';
import { sleep } from './support/local-servers';
import { expectDocumented, type OpenApiDoc, type RealResponse } from './support/openapi-validate';
import { createTestApp, type TestApp } from './support/test-app';

const FINAL = new Set(['succeeded', 'failed', 'canceled']);
/** A sandbox catalogue video (coffee niche): playbook and music both analyse it. */
const VIDEO = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';

/**
 * The OpenAPI document served at /openapi.json describes what the API really sends: the body of
 * each real response below validates (Ajv, JSON Schema 2020-12) against the schema the document
 * gives that route and status. The four operations in test mode (sandbox), the jobs routes, the
 * webhook endpoint routes and the errors an integrator meets.
 */
describe('OpenAPI document: real responses match their documented schemas (e2e)', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let key: string;
  const server = () => t.app.getHttpServer();
  const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // Only the 429 case sends x-subject: its ceiling is reached on the third call.
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '2',
        SANDBOX_SLOW_DELAY_MS: '2500',
        JOBS_HEARTBEAT_MS: '100',
        // The response shapes are proven here, not music's ranking breadth: 8 sounds analysed.
        MUSIC_MAX_CANDIDATES: '8',
        // The webhook endpoint below names localhost, allowed as a developer would allow it.
        OUTBOUND_ALLOW_PRIVATE_HOSTS: 'localhost',
      },
    });
    const res = await request(server()).get('/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as OpenApiDoc;
    key = (await createFundedKey(t.app)).key;
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Asserts the status, then that the response is the documented one for it. */
  function check(method: string, path: string, res: RealResponse, status: number): void {
    expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.anything() });
    expectDocumented(doc, method, path, res);
  }

  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    request(server()).post(path).set(auth(key)).set(headers).send(body);

  async function waitForEnd(id: string) {
    for (let i = 0; i < 300; i++) {
      const res = await request(server()).get(`/v1/jobs/${id}`).set(auth(key));
      check('get', '/v1/jobs/{id}', res, 200);
      if (FINAL.has(res.body.status)) return res;
      await sleep(100);
    }
    throw new Error(`job ${id} did not end`);
  }

  describe('the four operations (test mode)', () => {
    it('POST /v1/assist → 200', async () => {
      const res = await post('/v1/assist', { message: 'find reels about home espresso' });
      check('post', '/v1/assist', res, 200);
    });

    it('POST /v1/scan → 200', async () => {
      const res = await post('/v1/scan', { query: 'home espresso tips', limit: 4 });
      check('post', '/v1/scan', res, 200);
      expect(res.body.reels.length).toBeGreaterThan(0);
    });

    it('POST /v1/playbook and POST /v1/music → 200, run together', async () => {
      const [playbook, music] = await Promise.all([
        post('/v1/playbook', { url: VIDEO }),
        post('/v1/music', { url: VIDEO, limit: 5 }),
      ]);
      check('post', '/v1/playbook', playbook, 200);
      check('post', '/v1/music', music, 200);
      expect(music.body.suggestions.length).toBeGreaterThan(0);
    }, 240_000);
  });

  describe('jobs', () => {
    it('Prefer: respond-async → 202 with the job; GET /v1/jobs/{id} and GET /v1/jobs → 200', async () => {
      const accepted = await post(
        '/v1/scan',
        { query: 'home espresso tips', limit: 2 },
        { Prefer: 'respond-async' },
      );
      check('post', '/v1/scan', accepted, 202);
      const ended = await waitForEnd(accepted.body.id);
      expect(ended.body.status).toBe('succeeded');

      const list = await request(server()).get('/v1/jobs?limit=5').set(auth(key));
      check('get', '/v1/jobs', list, 200);
      expect(list.body.data.length).toBeGreaterThan(0);
    });

    it('POST /v1/jobs/{id}/cancel → 200 for a running job (it ends canceled with its error body), then 409', async () => {
      const accepted = await post(
        '/v1/scan',
        { query: 'sandbox-slow home espresso', limit: 2 },
        { Prefer: 'respond-async' },
      );
      check('post', '/v1/scan', accepted, 202);
      const canceled = await request(server())
        .post(`/v1/jobs/${accepted.body.id}/cancel`)
        .set(auth(key));
      check('post', '/v1/jobs/{id}/cancel', canceled, 200);
      expect(canceled.body.status).toBe('canceled');
      expect(canceled.body.error.error.code).toBe('job_canceled');

      const again = await request(server())
        .post(`/v1/jobs/${accepted.body.id}/cancel`)
        .set(auth(key));
      check('post', '/v1/jobs/{id}/cancel', again, 409);
      expect(again.body.error.code).toBe('job_not_cancelable');
    });

    it('GET /v1/jobs/{id} of an unknown job → 404', async () => {
      const res = await request(server())
        .get(`/v1/jobs/job_${'0'.repeat(32)}`)
        .set(auth(key));
      check('get', '/v1/jobs/{id}', res, 404);
      expect(res.body.error).toMatchObject({ code: 'not_found', param: 'id' });
    });

    it('GET /v1/jobs with a bad limit → 400 naming it', async () => {
      const res = await request(server()).get('/v1/jobs?limit=1.5').set(auth(key));
      check('get', '/v1/jobs', res, 400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'limit' });
    });
  });

  describe('webhook endpoints', () => {
    it('create → 201, list → 200, get → 200, an unknown one → 404', async () => {
      const created = await post('/v1/webhook_endpoints', {
        url: 'http://localhost:9/hooks',
        events: ['job.succeeded'],
      });
      check('post', '/v1/webhook_endpoints', created, 201);
      const list = await request(server()).get('/v1/webhook_endpoints').set(auth(key));
      check('get', '/v1/webhook_endpoints', list, 200);
      const one = await request(server())
        .get(`/v1/webhook_endpoints/${created.body.id}`)
        .set(auth(key));
      check('get', '/v1/webhook_endpoints/{id}', one, 200);
      const missing = await request(server())
        .get('/v1/webhook_endpoints/00000000-0000-4000-8000-000000000000')
        .set(auth(key));
      check('get', '/v1/webhook_endpoints/{id}', missing, 404);
    });
  });

  describe('watches of both kinds', () => {
    it('create → 201, run → 200, snapshots and posts → 200, an unknown creator → 404', async () => {
      const niche = await post('/v1/watches', {
        query: 'houseplant care tips',
        limit: 2,
        interval: 'daily',
      });
      check('post', '/v1/watches', niche, 201);
      const nicheRun = await post(`/v1/watches/${niche.body.id}/run`, {});
      check('post', '/v1/watches/{id}/run', nicheRun, 200);
      const creator = await post('/v1/watches', {
        kind: 'creator',
        creator: '@brewwithmaya',
        market: 'network_a',
        interval: 'daily',
      });
      check('post', '/v1/watches', creator, 201);
      const ran = await post(`/v1/watches/${creator.body.id}/run`, {});
      check('post', '/v1/watches/{id}/run', ran, 200);
      expect(ran.body.posts.length).toBeGreaterThan(0);
      const list = await request(server()).get('/v1/watches').set(auth(key));
      check('get', '/v1/watches', list, 200);
      const snapshots = await request(server())
        .get(`/v1/watches/${creator.body.id}/snapshots`)
        .set(auth(key));
      check('get', '/v1/watches/{id}/snapshots', snapshots, 200);
      const posts = await request(server())
        .get(`/v1/watches/${creator.body.id}/posts?limit=3`)
        .set(auth(key));
      check('get', '/v1/watches/{id}/posts', posts, 200);
      const unknown = await post('/v1/watches', {
        kind: 'creator',
        creator: '@nobody_at_all',
        market: 'network_a',
        interval: 'daily',
      });
      check('post', '/v1/watches', unknown, 404);
    });
  });

  describe('errors', () => {
    it('400 invalid_request with param', async () => {
      const res = await post('/v1/scan', { query: 'home espresso', limit: 50 });
      check('post', '/v1/scan', res, 400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'limit' });
    });

    it('401 without a key, and with a revoked-looking one', async () => {
      const none = await request(server()).post('/v1/assist').send({ message: 'hi' });
      check('post', '/v1/assist', none, 401);
      const bogus = await request(server())
        .get('/v1/jobs')
        .set(auth('rs_test_0000000000000000000000000000000000000'));
      check('get', '/v1/jobs', bogus, 401);
    });

    it('402 insufficient_credit for an empty balance', async () => {
      const poor = await createAccount(t.app);
      const { key: poorKey } = await createKey(t.app, poor.id, 'test');
      const res = await request(server())
        .post('/v1/scan')
        .set(auth(poorKey))
        .send({ query: 'home espresso' });
      check('post', '/v1/scan', res, 402);
      expect(res.body.error.code).toBe('insufficient_credit');
    });

    it('404 not_found for a playbook of a missing post', async () => {
      const res = await post('/v1/playbook', {
        url: 'https://www.tiktok.com/@sandbox/video/7000000000000000410',
      });
      check('post', '/v1/playbook', res, 404);
    });

    it('415, 413 and 422 on an operation', async () => {
      const text = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .set('Content-Type', 'text/plain')
        .send('find reels');
      check('post', '/v1/assist', text, 415);
      const big = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ message: 'x'.repeat(70 * 1024) }));
      check('post', '/v1/assist', big, 413);
      const first = await post(
        '/v1/assist',
        { message: 'espresso' },
        { 'Idempotency-Key': 'oa-1' },
      );
      check('post', '/v1/assist', first, 200);
      const reused = await post('/v1/assist', { message: 'latte' }, { 'Idempotency-Key': 'oa-1' });
      check('post', '/v1/assist', reused, 422);
    });

    it('429 rate_limited over the per-subject ceiling', async () => {
      const headers = { 'x-subject': 'openapi-429' };
      for (let i = 0; i < 2; i++) {
        check('post', '/v1/assist', await post('/v1/assist', { message: 'hi' }, headers), 200);
      }
      const res = await post('/v1/assist', { message: 'hi' }, headers);
      check('post', '/v1/assist', res, 429);
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('/health', () => {
    it('200, and the one 4xx it has: 400 for a NUL character in the query string', async () => {
      check('get', '/health', await request(server()).get('/health'), 200);
      const nul = await request(server()).get('/health?probe=%00');
      check('get', '/health', nul, 400);
      expect(nul.body.error).toMatchObject({ code: 'invalid_request', param: 'probe' });
    });
  });

  it('fails on what the document does not say: an undocumented field or status', () => {
    const ok = { status: 200, headers: { 'content-type': 'application/json' } };
    expect(() =>
      expectDocumented(doc, 'get', '/v1/jobs', { ...ok, body: { object: 'list', data: [] } }),
    ).toThrow(/has_more/);
    expect(() =>
      expectDocumented(doc, 'get', '/v1/jobs', {
        ...ok,
        body: { object: 'list', data: [], has_more: false, extra: 1 },
      }),
    ).toThrow(/additional/);
    expect(() =>
      expectDocumented(doc, 'get', '/v1/jobs', { ...ok, status: 418, body: {} }),
    ).toThrow(/not documented/);
  });
});
