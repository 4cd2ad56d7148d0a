import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { Clock } from '../src/common/clock/clock';
import { SANDBOX_LATE_REEL } from '../src/providers/sandbox/sandbox-late-reel';
import { WatchScheduler } from '../src/watches/watch-scheduler';
import { createAccount, createFundedKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Watches on the real app (docs/watches.md): the resource and its refusals, runs that deliver
 * and bill only reels the watch has not delivered before (the sandbox's late reel arrives at
 * 12:00 UTC), and the webhook events, verified with `standardwebhooks`' own verifier. Time is the
 * app's Clock, set ahead of real time so holds never look expired to the reaper.
 */

const CAP = 3;
const DAY = '2027-03-01';
const at = (time: string) => new Date(`${DAY}T${time}Z`);
const BRIEF = { query: 'houseplant care tips', market: 'network_a', limit: 5 };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 200;
      res.end();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

const signed = (got: Received) => ({
  'webhook-id': String(got.headers['webhook-id']),
  'webhook-timestamp': String(got.headers['webhook-timestamp']),
  'webhook-signature': String(got.headers['webhook-signature']),
});

describe('watches (e2e)', () => {
  let t: TestApp;
  let clock: Clock;
  const closers: (() => Promise<void>)[] = [];
  const server = () => t.app.getHttpServer();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        WATCHES_MAX_PER_MODE: String(CAP),
        WEBHOOK_POLL_INTERVAL_MS: '100',
        WEBHOOK_RETRY_DELAYS_S: '0.2,0.2,0.2',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
        // Runs here follow each other at once; watches-run-gap.e2e-spec.ts proves the gap.
        WATCHES_MIN_RUN_GAP_S: '0',
      },
    });
    clock = t.app.get(Clock);
  });

  afterAll(async () => {
    clock?.set(null);
    for (const close of closers) await close();
    await t?.close();
  });

  beforeEach(() => clock.set(at('09:00:00')));

  const create = (key: string, body: Record<string, unknown>) =>
    request(server()).post('/v1/watches').set(auth(key)).send(body);
  const run = (key: string, id: string) =>
    request(server()).post(`/v1/watches/${id}/run`).set(auth(key)).send();

  async function watchOf(key: string, body: Record<string, unknown> = BRIEF) {
    const res = await create(key, { interval: 'daily', ...body });
    expect(res.status).toBe(201);
    return res.body as { id: string; next_run_at: string };
  }

  it('POST /v1/watches answers 201 with the watch; its first run is an interval from now', async () => {
    const { key } = await createFundedKey(t.app);
    const res = await create(key, { query: 'houseplant care tips', interval: 'hourly' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      object: 'watch',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'niche',
      creator: null,
      outlier_multiple: null,
      query: 'houseplant care tips',
      market: 'auto',
      limit: 20,
      interval: 'hourly',
      min_outlier_score: null,
      sort: null,
      status: 'active',
      status_reason: null,
      next_run_at: at('10:00:00').toISOString(),
      created_at: at('09:00:00').toISOString(),
      livemode: false,
      last_run: null,
    });
    const got = await request(server()).get(`/v1/watches/${res.body.id}`).set(auth(key));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it.each([
    [{ query: 'plants' }, 'interval'],
    [{ query: 'plants', interval: 'weekly' }, 'interval'],
    [{ query: '   ', interval: 'daily' }, 'query'],
    [{ query: 'plants', interval: 'daily', limit: 21 }, 'limit'],
    [{ query: 'plants', interval: 'daily', min_outlier_score: 'high' }, 'min_outlier_score'],
    [{ query: 'plants', interval: 'daily', sort: 'newest' }, 'sort'],
    [{ query: 'plants', interval: 'daily', market: 'network_c' }, 'market'],
  ])('a bad field is 400 invalid_request naming it: %j', async (body, param) => {
    const { key } = await createFundedKey(t.app);
    const res = await create(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
  });

  it('a key whose scopes leave out scan cannot create or run a watch (403 operation_not_allowed)', async () => {
    const { account, key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    const scoped = await t.app
      .get(ApiKeysService)
      .create(account.id, { name: 'assist only', mode: 'test', operations: ['assist'] });
    const refused = await create(scoped.key, { query: 'plants', interval: 'daily' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('operation_not_allowed');
    const ran = await run(scoped.key, watch.id);
    expect(ran.status).toBe(403);
    expect(ran.body.error.code).toBe('operation_not_allowed');
    // Like jobs, a restricted key reaches only its own line's watches: another key's is missing.
    expect(
      (await request(server()).get(`/v1/watches/${watch.id}`).set(auth(scoped.key))).status,
    ).toBe(404);
  });

  it(`at most ${CAP} watches per account and mode: one more is 409 resource_limit_reached`, async () => {
    const { key } = await createFundedKey(t.app);
    for (let i = 0; i < CAP; i++) await watchOf(key, { query: `plants ${i}` });
    const res = await create(key, { query: 'one too many', interval: 'daily' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'resource_limit_reached', param: 'watches' });
  });

  it('lists newest first in pages; pauses, resumes, changes and deletes; another account sees 404', async () => {
    const { key } = await createFundedKey(t.app);
    const ids: string[] = [];
    for (let i = 0; i < CAP; i++) ids.push((await watchOf(key, { query: `plants ${i}` })).id);
    const first = await request(server()).get('/v1/watches?limit=2').set(auth(key));
    expect(first.body).toMatchObject({ object: 'list', has_more: true });
    const second = await request(server())
      .get(`/v1/watches?limit=2&starting_after=${first.body.data[1].id}`)
      .set(auth(key));
    const listed = [...first.body.data, ...second.body.data].map((w: { id: string }) => w.id);
    expect(new Set(listed)).toEqual(new Set(ids));
    expect(second.body.has_more).toBe(false);

    const patch = (body: Record<string, unknown>) =>
      request(server()).patch(`/v1/watches/${ids[0]}`).set(auth(key)).send(body);
    const paused = await patch({ status: 'paused' });
    expect(paused.body).toMatchObject({ status: 'paused', status_reason: null, next_run_at: null });
    clock.set(at('09:30:00'));
    const resumed = await patch({ status: 'active', interval: 'hourly', min_outlier_score: 18 });
    expect(resumed.body).toMatchObject({
      status: 'active',
      interval: 'hourly',
      min_outlier_score: 18,
      next_run_at: at('10:30:00').toISOString(),
    });
    expect((await patch({ min_outlier_score: null })).body.min_outlier_score).toBeNull();
    const bad = await patch({ status: 'stopped' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('status');

    const other = await createFundedKey(t.app);
    expect((await request(server()).get(`/v1/watches/${ids[0]}`).set(auth(other.key))).status).toBe(
      404,
    );
    expect((await run(other.key, ids[0])).status).toBe(404);

    const deleted = await request(server()).delete(`/v1/watches/${ids[0]}`).set(auth(key));
    expect(deleted.body).toEqual({ id: ids[0], object: 'watch', deleted: true });
    expect((await request(server()).get(`/v1/watches/${ids[0]}`).set(auth(key))).status).toBe(404);
  });

  it('the first run delivers and bills N reels; an immediate second run delivers 0 and is free', async () => {
    const { key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    const first = await run(key, watch.id);
    expect(first.status).toBe(200);
    const n = first.body.reels.length;
    expect(n).toBe(BRIEF.limit);
    expect(first.body.watch_id).toBe(watch.id);
    expect(first.headers['x-job-id']).toMatch(/^job_/);
    expect(first.headers['x-service-charged-usd']).toBe((n * 0.0075).toFixed(6));
    expect(first.headers['x-service-balance-usd']).toBe((10 - n * 0.0075).toFixed(6));

    const second = await run(key, watch.id);
    expect(second.status).toBe(200);
    expect(second.body.reels).toEqual([]);
    expect(second.headers['x-service-charged-usd']).toBe('0.000000');
    expect(second.headers['x-service-balance-usd']).toBe((10 - n * 0.0075).toFixed(6));

    const got = await request(server()).get(`/v1/watches/${watch.id}`).set(auth(key));
    expect(got.body.last_run).toMatchObject({
      job_id: second.headers['x-job-id'],
      status: 'succeeded',
      new_reels: 0,
      charged_usd: '0.000000',
    });
    // Both runs are scans in the key's usage, the first charged, the second free.
    const usage = await request(server()).get('/v1/jobs?limit=5').set(auth(key));
    expect(usage.body.data.map((job: { operation: string }) => job.operation)).toEqual([
      'scan',
      'scan',
    ]);
  });

  it('the late reel (12:00 UTC) is delivered by the next run alone, and billed alone', async () => {
    const { key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    const morning = await run(key, watch.id);
    expect(morning.body.reels).toHaveLength(BRIEF.limit);
    expect(morning.body.reels.map((r: { id: string }) => r.id)).not.toContain(SANDBOX_LATE_REEL.id);

    clock.set(at('12:30:00'));
    const noon = await run(key, watch.id);
    expect(noon.status).toBe(200);
    expect(noon.body.reels.map((r: { id: string }) => r.id)).toEqual([SANDBOX_LATE_REEL.id]);
    expect(noon.headers['x-service-charged-usd']).toBe('0.007500');

    const again = await run(key, watch.id);
    expect(again.body.reels).toEqual([]);
    const got = await request(server()).get(`/v1/watches/${watch.id}`).set(auth(key));
    expect(got.body.last_run).toMatchObject({ new_reels: 0, charged_usd: '0.000000' });
  });

  it('min_outlier_score delivers only reels scoring at least that; reels without a score are left out', async () => {
    const { key } = await createFundedKey(t.app);
    const plain = await watchOf(key);
    const all = (await run(key, plain.id)).body.reels as {
      id: string;
      outlier: { score: number } | null;
    }[];
    const scores = all.flatMap((reel) => (reel.outlier ? [reel.outlier.score] : []));
    expect(new Set(scores).size).toBeGreaterThan(1);
    const threshold = Math.max(...scores);
    const picky = await watchOf(key, { ...BRIEF, min_outlier_score: threshold });
    const ran = await run(key, picky.id);
    const expected = all.filter((reel) => reel.outlier && reel.outlier.score >= threshold);
    expect(ran.body.reels.map((reel: { id: string }) => reel.id)).toEqual(
      expected.map((reel) => reel.id),
    );
    expect(expected.length).toBeLessThan(all.length);
    expect(ran.headers['x-service-charged-usd']).toBe((expected.length * 0.0075).toFixed(6));
    // Lowering the minimum lets the next run deliver the rest, and only the rest.
    await request(server())
      .patch(`/v1/watches/${picky.id}`)
      .set(auth(key))
      .send({ min_outlier_score: null });
    const rest = await run(key, picky.id);
    expect(new Set(rest.body.reels.map((reel: { id: string }) => reel.id))).toEqual(
      new Set(all.filter((reel) => !expected.includes(reel)).map((reel) => reel.id)),
    );
  });

  it('sort: "outlier" is stored and the run scans in that order', async () => {
    const { key } = await createFundedKey(t.app);
    const watch = await watchOf(key, { ...BRIEF, sort: 'outlier' });
    expect(watch).toMatchObject({ sort: 'outlier' });
    const ran = await run(key, watch.id);
    const scores = (ran.body.reels as { outlier: { score: number } | null }[]).map(
      (reel) => reel.outlier?.score ?? -Infinity,
    );
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('a run answers like an operation: 202 with its job under Prefer: respond-async', async () => {
    const { key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    const accepted = await request(server())
      .post(`/v1/watches/${watch.id}/run`)
      .set(auth(key))
      .set('Prefer', 'respond-async')
      .send();
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ object: 'job', operation: 'scan' });
    const job = await waitForValue(
      async () => {
        const res = await request(server()).get(`/v1/jobs/${accepted.body.id}`).set(auth(key));
        return res.body.status === 'succeeded' ? res.body : undefined;
      },
      30_000,
      'the run to succeed',
      100,
    );
    expect(job.result.reels).toHaveLength(BRIEF.limit);
    expect(job.billing.charged_usd).toBe((BRIEF.limit * 0.0075).toFixed(6));
  });

  it('watch.new_reels and watch.paused reach subscribed endpoints, verified by standardwebhooks', async () => {
    const { key } = await createFundedKey(t.app);
    const hook = await startReceiver();
    closers.push(hook.close);
    const endpoint = await request(server())
      .post('/v1/webhook_endpoints')
      .set(auth(key))
      .send({ url: hook.url, events: ['watch.new_reels', 'watch.paused'] });
    expect(endpoint.status).toBe(201);
    const watch = await watchOf(key);
    const ran = await run(key, watch.id);
    expect(ran.body.reels).toHaveLength(BRIEF.limit);

    await until(() => hook.received.length >= 1, 15_000, 'the watch.new_reels delivery', 50);
    const event = new Webhook(endpoint.body.secret).verify(
      hook.received[0].body,
      signed(hook.received[0]),
    ) as {
      type: string;
      data: { watch_id: string; job_id: string; reels: { id: string }[] };
    };
    expect(event.type).toBe('watch.new_reels');
    expect(event.data.watch_id).toBe(watch.id);
    expect(event.data.job_id).toBe(ran.headers['x-job-id']);
    expect(event.data.reels).toEqual(ran.body.reels);

    // A run with nothing new sends no watch.new_reels.
    expect((await run(key, watch.id)).body.reels).toEqual([]);
    // A watch that cannot pay pauses itself at its slot, with watch.paused.
    const broke = await createAccount(t.app);
    const brokeKey = await t.app
      .get(ApiKeysService)
      .create(broke.id, { name: 'broke', mode: 'test' });
    const brokeHook = await startReceiver();
    closers.push(brokeHook.close);
    const brokeEndpoint = await request(server())
      .post('/v1/webhook_endpoints')
      .set(auth(brokeKey.key))
      .send({ url: brokeHook.url, events: ['watch.paused'] });
    const unpaid = await watchOf(brokeKey.key);
    clock.set(new Date(unpaid.next_run_at));
    // The tick pg-boss's cron sends may have claimed the slot first: either way it pauses once.
    await t.app.get(WatchScheduler).tick();
    const got = await waitForValue(
      async () => {
        const res = await request(server()).get(`/v1/watches/${unpaid.id}`).set(auth(brokeKey.key));
        return res.body.status === 'paused' ? res : undefined;
      },
      10_000,
      'the watch to pause',
      100,
    );
    expect(got.body).toMatchObject({
      status: 'paused',
      status_reason: 'insufficient_credit',
      next_run_at: null,
      last_run: null,
    });
    await until(() => brokeHook.received.length >= 1, 15_000, 'the watch.paused delivery', 50);
    const paused = new Webhook(brokeEndpoint.body.secret).verify(
      brokeHook.received[0].body,
      signed(brokeHook.received[0]),
    ) as { type: string; data: { id: string; status: string; status_reason: string } };
    expect(paused.type).toBe('watch.paused');
    expect(paused.data).toMatchObject({
      id: unpaid.id,
      status: 'paused',
      status_reason: 'insufficient_credit',
    });
    expect(brokeHook.received).toHaveLength(1);
    expect(hook.received).toHaveLength(1);
  });
});
