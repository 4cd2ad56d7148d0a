import { type Client } from 'pg';
import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import { type AccountFixture, balanceOf, createAccount, grant } from './support/fixtures';
import { sleep } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

const FUNDS = 10_000_000;
const PER_REEL = 7_500;
const FINAL = new Set(['succeeded', 'failed', 'canceled']);
const BRIEF = { query: 'houseplant care tips', market: 'network_a', limit: 5, interval: 'daily' };

type Agent = ReturnType<typeof request.agent>;

interface Job {
  id: string;
  status: string;
  result: { watch_id: string; reels: { id: string }[] } | null;
  billing: { held_usd: string; charged_usd: string | null };
}

interface SignedIn {
  account: AccountFixture;
  agent: Agent;
}

const usd = (micros: number) => (micros / 1e6).toFixed(6);
const uuidOf = (jobId: string) =>
  jobId.replace(/^job_(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * The dashboard's front of watches (`/account/watches`, docs/watches.md): the signed-in
 * account's watches of one mode, created with no key, and "run now" as an async job of the
 * account on the same execution path as `/v1/watches/{id}/run`, billed per new reel. On the
 * real database with the worker and the sandbox.
 */

/** `now`, or just past the next 12:00 or 00:00 UTC when that comes within `span`. */
function clearOfLateReelChange(now: Date, span: number): Date {
  const hour = 3_600_000;
  const next = (Math.floor(now.getTime() / (12 * hour)) + 1) * 12 * hour;
  return next - now.getTime() < span ? new Date(next + 60_000) : now;
}

describe('account watches (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let owner: SignedIn;
  let other: SignedIn;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      env: { DASHBOARD_RATE_LIMIT_PER_MIN: '100000' },
    });
    db = t.sql;
    owner = await signedIn(FUNDS);
    other = await signedIn(FUNDS);
  }, 60_000);

  afterAll(async () => {
    t?.app.get(Clock).set(null);
    await t?.close();
  });

  async function signedIn(testCredit: number): Promise<SignedIn> {
    const account = await createAccount(t.app, { apiAccess: true });
    if (testCredit > 0) {
      await grant(t.app, account.id, testCredit);
    }
    const agent = request.agent(server());
    const res = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(res.status).toBe(200);
    return { account, agent };
  }

  async function jobCount(accountId: string): Promise<number> {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM jobs WHERE account_id = $1`, [
      accountId,
    ]);
    return rows[0].n as number;
  }

  async function createWatch(agent: Agent, body: object = BRIEF): Promise<{ id: string }> {
    const res = await agent.post('/account/watches?mode=test').send(body);
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  async function waitForEnd(agent: Agent, id: string): Promise<Job> {
    for (let i = 0; i < 600; i++) {
      const res = await agent.get(`/account/jobs/${id}?mode=test`);
      expect(res.status).toBe(200);
      if (FINAL.has(res.body.status)) return res.body as Job;
      await sleep(100);
    }
    throw new Error(`job ${id} did not end`);
  }

  it('creates a keyless dashboard watch and lists it in its mode only', async () => {
    const res = await owner.agent
      .post('/account/watches?mode=test')
      .send({ ...BRIEF, min_outlier_score: 12.5 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(
      expect.objectContaining({
        object: 'watch',
        query: BRIEF.query,
        market: 'network_a',
        interval: 'daily',
        min_outlier_score: 12.5,
        status: 'active',
        status_reason: null,
        livemode: false,
        last_run: null,
      }),
    );
    const { rows } = await db.query(`SELECT key_id, source FROM watches WHERE id = $1`, [
      res.body.id,
    ]);
    expect(rows).toEqual([{ key_id: null, source: 'dashboard' }]);

    const test = await owner.agent.get('/account/watches?mode=test');
    expect(test.status).toBe(200);
    expect(test.body.data.map((w: { id: string }) => w.id)).toContain(res.body.id);
    const live = await owner.agent.get('/account/watches?mode=live');
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual([]);
  });

  it('refuses a bad body with invalid_request and its param, and a missing mode', async () => {
    const bad = await owner.agent
      .post('/account/watches?mode=test')
      .send({ ...BRIEF, interval: 'weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(
      expect.objectContaining({ code: 'invalid_request', param: 'interval' }),
    );
    const noMode = await owner.agent.get('/account/watches');
    expect(noMode.status).toBe(400);
    expect(noMode.body.error).toEqual(
      expect.objectContaining({ code: 'invalid_request', param: 'mode' }),
    );
  });

  it('pauses and resumes: paused has no next run, resumed runs again an interval later', async () => {
    const watch = await createWatch(owner.agent);
    const paused = await owner.agent
      .patch(`/account/watches/${watch.id}?mode=test`)
      .send({ status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual(
      expect.objectContaining({ status: 'paused', status_reason: null, next_run_at: null }),
    );
    const resumed = await owner.agent
      .patch(`/account/watches/${watch.id}?mode=test`)
      .send({ status: 'active' });
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toBe('active');
    expect(typeof resumed.body.next_run_at).toBe('string');
  });

  it('runs now: delivers reels, bills them; a second run within the gap is 429; after it, free', async () => {
    // Both runs must see one catalogue: the sandbox's late reel comes at 12:00 UTC and goes at
    // midnight (docs/test-mode.md), so the two runs, 901 s apart, start clear of either hour.
    const start = clearOfLateReelChange(new Date(), 20 * 60_000);
    t.app.get(Clock).set(start);
    const watch = await createWatch(owner.agent);
    const before = (await balanceOf(t.app, owner.account.id)).balance;

    const res = await owner.agent.post(`/account/watches/${watch.id}/run?mode=test`).send({});
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/account/jobs/${res.body.id}?mode=test`);
    const job = await waitForEnd(owner.agent, res.body.id);
    expect(job.status).toBe('succeeded');
    expect(job.result?.watch_id).toBe(watch.id);
    const delivered = job.result?.reels.length ?? 0;
    expect(delivered).toBeGreaterThan(0);
    expect(job.billing.charged_usd).toBe(usd(delivered * PER_REEL));
    expect((await balanceOf(t.app, owner.account.id)).balance).toBe(before - delivered * PER_REEL);

    const { rows } = await db.query(`SELECT key_id, source, subject FROM jobs WHERE id = $1`, [
      uuidOf(job.id),
    ]);
    expect(rows).toEqual([{ key_id: null, source: 'dashboard', subject: null }]);

    const listed = await owner.agent.get(`/account/watches/${watch.id}?mode=test`);
    expect(listed.body.last_run).toEqual(
      expect.objectContaining({
        job_id: job.id,
        status: 'succeeded',
        new_reels: delivered,
        charged_usd: usd(delivered * PER_REEL),
      }),
    );

    // Within WATCHES_MIN_RUN_GAP_S of the first: refused before any hold, no job queued.
    const jobsBefore = await jobCount(owner.account.id);
    const balanceBefore = await balanceOf(t.app, owner.account.id);
    const soon = await owner.agent.post(`/account/watches/${watch.id}/run?mode=test`).send({});
    expect(soon.status).toBe(429);
    expect(soon.body.error.code).toBe('rate_limited');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(await jobCount(owner.account.id)).toBe(jobsBefore);
    expect(await balanceOf(t.app, owner.account.id)).toEqual(balanceBefore);

    t.app.get(Clock).set(new Date(start.getTime() + 901_000));
    const again = await owner.agent.post(`/account/watches/${watch.id}/run?mode=test`).send({});
    expect(again.status).toBe(202);
    const second = await waitForEnd(owner.agent, again.body.id);
    expect(second.status).toBe('succeeded');
    expect(second.result?.reels).toEqual([]);
    expect(second.billing.charged_usd).toBe(usd(0));
    expect((await balanceOf(t.app, owner.account.id)).balance).toBe(before - delivered * PER_REEL);
    t.app.get(Clock).set(null);
  }, 120_000);

  it('a run without credit is 402 before any job, and nothing is charged', async () => {
    const poor = await signedIn(0);
    const watch = await createWatch(poor.agent);
    const res = await poor.agent.post(`/account/watches/${watch.id}/run?mode=test`).send({});
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_credit');
    expect((await balanceOf(t.app, poor.account.id)).balance).toBe(0);
  });

  it('a live run must confirm its price first', async () => {
    const res = await owner.agent.post('/account/watches?mode=live').send(BRIEF);
    expect(res.status).toBe(201);
    const run = await owner.agent.post(`/account/watches/${res.body.id}/run?mode=live`).send({});
    expect(run.status).toBe(400);
    expect(run.body.error).toEqual(
      expect.objectContaining({ code: 'price_confirmation_required', param: 'confirm_price_usd' }),
    );
    expect(run.headers['x-service-price-usd']).toBe(usd(BRIEF.limit * PER_REEL));
  });

  it("another account's watch is 404 on every route, and deleting removes it", async () => {
    const watch = await createWatch(owner.agent);
    const path = `/account/watches/${watch.id}`;
    const probes = [
      await other.agent.get(`${path}?mode=test`),
      await other.agent.patch(`${path}?mode=test`).send({ status: 'paused' }),
      await other.agent.delete(`${path}?mode=test`),
      await other.agent.post(`${path}/run?mode=test`).send({}),
      // The owner's own watch, asked for in the other mode.
      await owner.agent.get(`${path}?mode=live`),
    ];
    for (const res of probes) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual(expect.objectContaining({ code: 'not_found', param: 'id' }));
    }
    expect((await balanceOf(t.app, other.account.id)).balance).toBe(FUNDS);

    const deleted = await owner.agent.delete(`${path}?mode=test`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: watch.id, object: 'watch', deleted: true });
    expect((await owner.agent.get(`${path}?mode=test`)).status).toBe(404);
  });

  it('needs a session, and refuses a cross-site change before anything is written', async () => {
    const res = await request(server()).get('/account/watches?mode=test');
    expect(res.status).toBe(401);

    const before = await owner.agent.get('/account/watches?mode=test&limit=100');
    const forged = await owner.agent
      .post('/account/watches?mode=test')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(BRIEF);
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('forbidden');
    const after = await owner.agent.get('/account/watches?mode=test&limit=100');
    expect(after.body.data).toHaveLength(before.body.data.length);
  });
});
