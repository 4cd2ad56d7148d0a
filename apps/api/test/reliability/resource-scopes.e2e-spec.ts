import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { JobEvents } from '../../src/execution/job-events';
import { fromPublicJobId, toPublicJobId } from '../../src/execution/job-ids';
import { WebhookEndpointsService } from '../../src/webhooks/webhook-endpoints.service';
import { type AccountFixture, createFundedKey } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

type Agent = ReturnType<typeof request.agent>;

/**
 * Resource scopes (docs/key-controls.md, what a restricted key can reach): a key restricted to
 * some operations reaches only the jobs its own line of keys created, answers another key's job
 * exactly like a missing one, cannot manage webhook endpoints (403 `resource_not_allowed`), and
 * cannot obtain another key's answer by replaying its Idempotency-Key. Unrestricted keys and the
 * dashboard keep account-wide access. No worker runs here, so an async job stays queued.
 */
describe('resource scopes of restricted keys (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let account: AccountFixture;
  let dashboard: Agent;
  /** Unrestricted. */
  let all: { id: string; key: string };
  /** Two keys restricted to assist. */
  let mine: { id: string; key: string };
  let other: { id: string; key: string };
  const server = () => t.app.getHttpServer();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      env: {
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        // The endpoint names 127.0.0.1 (never called: there is no dispatcher).
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      },
    });
    db = t.sql;
    const funded = await createFundedKey(t.app, { micros: 20_000_000 });
    account = funded.account;
    all = { id: funded.keyId, key: funded.key };
    mine = await restrictedKey('mine');
    other = await restrictedKey('other');
    dashboard = request.agent(server());
    const signIn = await dashboard
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function restrictedKey(name: string): Promise<{ id: string; key: string }> {
    const created = await t.app
      .get(ApiKeysService)
      .create(account.id, { name, mode: 'test', operations: ['assist'] });
    return { id: created.id, key: created.key };
  }

  /** A queued job of `key` (202; nothing runs it here). */
  async function queuedJob(key: string): Promise<string> {
    const res = await request(server())
      .post('/v1/assist')
      .set(auth(key))
      .set('Prefer', 'respond-async')
      .send({ message: 'find trending coffee reels' });
    expect(res.status).toBe(202);
    return res.body.id as string;
  }

  const getJob = (key: string, id: string) =>
    request(server()).get(`/v1/jobs/${id}`).set(auth(key));
  const cancelJob = (key: string, id: string) =>
    request(server()).post(`/v1/jobs/${id}/cancel`).set(auth(key)).send({});
  const listIds = async (key: string, query = 'limit=100'): Promise<string[]> => {
    const res = await request(server()).get(`/v1/jobs?${query}`).set(auth(key));
    expect(res.status).toBe(200);
    return (res.body.data as { id: string }[]).map((job) => job.id);
  };
  const errorOf = (res: request.Response) => {
    const { requestId: _ignored, ...rest } = res.body.error as Record<string, unknown>;
    return { status: res.status, ...rest };
  };
  const statusOf = async (publicId: string): Promise<string> => {
    const { rows } = await db.query<{ status: string }>(`SELECT status FROM jobs WHERE id = $1`, [
      fromPublicJobId(publicId),
    ]);
    return rows[0]?.status ?? 'missing';
  };

  it('a restricted key sees, waits on, lists and cancels only its own jobs; another key’s job is a missing one', async () => {
    const own = await queuedJob(mine.key);
    const others = await queuedJob(other.key);
    const unrestricted = await queuedJob(all.key);
    const missing = errorOf(await getJob(mine.key, toPublicJobId(randomUUID())));
    expect(missing).toEqual({
      status: 404,
      code: 'not_found',
      message: 'No such job.',
      param: 'id',
    });

    expect((await getJob(mine.key, own)).body).toMatchObject({ id: own, status: 'queued' });
    for (const id of [others, unrestricted]) {
      expect(errorOf(await getJob(mine.key, id))).toEqual(missing);
      // Asking to wait changes nothing: the same 404, at once.
      const waited = await getJob(mine.key, id).set('Prefer', 'wait=5');
      expect(errorOf(waited)).toEqual(missing);
      expect(errorOf(await cancelJob(mine.key, id))).toEqual(missing);
    }
    // The refused cancels touched nothing.
    expect([await statusOf(others), await statusOf(unrestricted)]).toEqual(['queued', 'queued']);

    expect(await listIds(mine.key)).toEqual([own]);
    expect(await listIds(other.key)).toEqual([others]);
    expect(await listIds(all.key)).toEqual([unrestricted, others, own]);
    // A filter or a cursor cannot reach past the scope either.
    expect(await listIds(mine.key, 'operation=assist&status=queued')).toEqual([own]);
    const cursor = await request(server())
      .get(`/v1/jobs?starting_after=${others}`)
      .set(auth(mine.key));
    expect(errorOf(cursor)).toMatchObject({ status: 400, param: 'starting_after' });

    const canceled = await cancelJob(mine.key, own);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: own, status: 'canceled' });

    // The unrestricted key and the dashboard keep the whole account.
    expect((await getJob(all.key, others)).body).toMatchObject({ id: others, status: 'queued' });
    expect((await cancelJob(all.key, others)).body).toMatchObject({ status: 'canceled' });
    const board = await dashboard.get('/account/jobs?mode=test&limit=100');
    expect(board.status).toBe(200);
    expect((board.body.data as { id: string }[]).map((j) => j.id)).toEqual([
      unrestricted,
      others,
      own,
    ]);
    expect((await dashboard.get(`/account/jobs/${own}?mode=test`)).status).toBe(200);
  });

  it('a rolled restricted key keeps its predecessor’s jobs, and only those', async () => {
    const before = await restrictedKey('to roll');
    const own = await queuedJob(before.key);
    const others = await queuedJob(other.key);
    const rolled = await t.app.get(ApiKeysService).roll(account.id, before.id, 0);
    const after = rolled.created.key;

    expect((await getJob(after, own)).body).toMatchObject({ id: own });
    expect((await getJob(after, others)).status).toBe(404);
    expect(await listIds(after)).toEqual([own]);
  });

  it('a restricted key is refused on every webhook endpoint route with 403 resource_not_allowed', async () => {
    const webhooks = t.app.get(WebhookEndpointsService);
    const endpoint = await webhooks.create(
      { accountId: account.id, mode: 'test' },
      { url: 'http://127.0.0.1:9/scoped-hook' },
    );
    // One job ended after the endpoint exists: one delivery to it.
    const ended = await queuedJob(all.key);
    expect((await cancelJob(all.key, ended)).status).toBe(200);
    await t.app.get(JobEvents).publishPending();
    const deliveries = await webhooks.listDeliveries(
      { accountId: account.id, mode: 'test' },
      endpoint.id,
      {},
    );
    expect(deliveries.data).toHaveLength(1);
    const base = `/v1/webhook_endpoints`;
    const at = `${base}/${endpoint.id}`;
    const routes: [string, string, object?][] = [
      ['post', base, { url: 'http://127.0.0.1:9/mine' }],
      ['get', base],
      ['get', at],
      ['patch', at, { url: 'http://127.0.0.1:9/stolen' }],
      ['delete', at],
      ['post', `${at}/rotate_secret`, {}],
      ['get', `${at}/deliveries`],
      ['post', `${at}/deliveries/${deliveries.data[0].id}/redeliver`, {}],
    ];
    const stored = async () =>
      (
        await db.query(
          `SELECT e.id, e.url, e.status, e.secret_ciphertext, e.deleted_at, d.status AS delivery,
                  d.manual, (SELECT count(*)::int FROM webhook_delivery_attempts a
                              WHERE a.delivery_id = d.id) AS attempts
             FROM webhook_endpoints e LEFT JOIN webhook_deliveries d ON d.endpoint_id = e.id
            WHERE e.account_id = $1`,
          [account.id],
        )
      ).rows;
    const storedBefore = await stored();
    expect(storedBefore).toHaveLength(1);

    for (const [method, path, body] of routes) {
      const call = (request(server()) as unknown as Record<string, (p: string) => request.Test>)
        [method](path)
        .set(auth(mine.key));
      const res = body ? await call.send(body) : await call;
      expect({ route: `${method} ${path}`, ...errorOf(res) }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        code: 'resource_not_allowed',
        message:
          'This key is restricted to some operations (assist); only an unrestricted key or the dashboard can manage webhook endpoints.',
      });
      // A refusal of a known key, counted against its ceiling like the other refusals.
      expect(Number(res.headers['ratelimit-limit'])).toBeGreaterThan(0);
    }
    // Nothing was created, changed, deleted, rotated or sent again.
    expect(await stored()).toEqual(storedBefore);

    // The unrestricted key manages them; a restricted key made unrestricted does too.
    expect((await request(server()).get(at).set(auth(all.key))).status).toBe(200);
    const widened = await restrictedKey('widened');
    expect((await request(server()).get(base).set(auth(widened.key))).status).toBe(403);
    await t.app.get(ApiKeysService).update(account.id, widened.id, { operations: null });
    const listed = await request(server()).get(base).set(auth(widened.key));
    expect(listed.status).toBe(200);
    expect((listed.body.data as { id: string }[]).map((e) => e.id)).toEqual([endpoint.id]);
  });

  it('a restricted key replaying another key’s Idempotency-Key runs its own call, never gets that answer', async () => {
    const body = { message: 'find reels about latte art' };
    const call = (key: string, idempotencyKey: string, prefer?: string) => {
      let req = request(server())
        .post('/v1/assist')
        .set(auth(key))
        .set('Idempotency-Key', idempotencyKey);
      if (prefer) req = req.set('Prefer', prefer);
      return req.send(body);
    };

    // A stored answer of the unrestricted key.
    const shared = `idem-${randomUUID()}`;
    const first = await call(all.key, shared);
    expect(first.status).toBe(200);
    const stolen = await call(mine.key, shared);
    expect(stolen.status).toBe(200);
    expect(stolen.headers['idempotent-replayed']).toBeUndefined();
    expect(stolen.headers['x-job-id']).not.toBe(first.headers['x-job-id']);
    expect(Number(stolen.headers['x-service-charged-usd'])).toBeGreaterThan(0);
    // Each key's retry still replays its own answer.
    const mineAgain = await call(mine.key, shared);
    expect(mineAgain.headers['idempotent-replayed']).toBe('true');
    expect(mineAgain.headers['x-job-id']).toBe(stolen.headers['x-job-id']);
    const allAgain = await call(all.key, shared);
    expect(allAgain.headers['idempotent-replayed']).toBe('true');
    expect(allAgain.headers['x-job-id']).toBe(first.headers['x-job-id']);

    // Another restricted key's job still queued: a waiting retry neither gets it nor waits on it.
    const queued = `idem-${randomUUID()}`;
    const accepted = await call(other.key, queued, 'respond-async');
    expect(accepted.status).toBe(202);
    const waited = await call(mine.key, queued, 'wait=5');
    expect(waited.status).toBe(200);
    expect(waited.headers['x-job-id']).not.toBe(accepted.body.id);
    expect(waited.headers['idempotent-replayed']).toBeUndefined();
    expect(await statusOf(accepted.body.id as string)).toBe('queued');

    // The rows: one per line of keys for each Idempotency-Key.
    const { rows } = await db.query<{ key: string; lines: number }>(
      `SELECT key, count(DISTINCT key_line)::int AS lines FROM idempotency_keys
        WHERE account_id = $1 AND key = ANY($2) GROUP BY key ORDER BY key`,
      [account.id, [shared, queued]],
    );
    expect(rows.map((r) => r.lines)).toEqual([2, 2]);
  });

  it('a key restricted to scan sees and changes only the watches its own line created', async () => {
    const scanKey = async (name: string) => {
      const created = await t.app
        .get(ApiKeysService)
        .create(account.id, { name, mode: 'test', operations: ['scan'] });
      return created.key;
    };
    const [first, second] = [await scanKey('watcher-1'), await scanKey('watcher-2')];
    const created = await request(server())
      .post('/v1/watches')
      .set(auth(first))
      .send({ query: 'home espresso tips', interval: 'daily' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    // The other restricted key: not listed, and every route answers as for a missing watch.
    const listed = await request(server()).get('/v1/watches').set(auth(second));
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((w: { id: string }) => w.id)).not.toContain(id);
    const read = await request(server()).get(`/v1/watches/${id}`).set(auth(second));
    expect(read.status).toBe(404);
    const paused = await request(server())
      .patch(`/v1/watches/${id}`)
      .set(auth(second))
      .send({ status: 'paused' });
    expect(paused.status).toBe(404);
    const run = await request(server()).post(`/v1/watches/${id}/run`).set(auth(second));
    expect(run.status).toBe(404);
    const deleted = await request(server()).delete(`/v1/watches/${id}`).set(auth(second));
    expect(deleted.status).toBe(404);

    // Its own key and an unrestricted key reach it; it is still active.
    for (const key of [first, all.key]) {
      const own = await request(server()).get(`/v1/watches/${id}`).set(auth(key));
      expect(own.status).toBe(200);
      expect(own.body.status).toBe('active');
    }
    const everyWatch = await request(server()).get('/v1/watches').set(auth(all.key));
    expect(everyWatch.body.data.map((w: { id: string }) => w.id)).toContain(id);
  });
});
