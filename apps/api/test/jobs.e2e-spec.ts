import { randomBytes } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { JobSweeper } from '../src/execution/job-sweeper';
import { createKey, createFundedKey } from './support/fixtures';
import { sleep } from './support/local-servers';
import { type TestApp, createTestApp } from './support/test-app';

type Job = {
  id: string;
  object: string;
  operation: string;
  mode: string;
  status: string;
  result: { reels?: unknown[] } | null;
  error: { error: { code: string } } | null;
  http_status: number | null;
  billing: { held_usd: string; charged_usd: string | null; balance_usd: string | null };
  progress: number;
};

const FINAL = new Set(['succeeded', 'failed', 'canceled']);

/**
 * Every paid call is a job: async calls answered 202 and run by a worker, `Prefer:
 * wait`, fetching a hung-up call's result, cancels with the ledger checked, and object
 * authorization on every jobs route. On the real database, with the worker in the test app.
 */
describe('jobs (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // The sandbox's slow phrase stalls 2.5 s and then answers, well inside the deadline.
        SANDBOX_SLOW_DELAY_MS: '2500',
        SCAN_DEADLINE_MS: '30000',
        JOBS_HEARTBEAT_MS: '100',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
  });

  const funded = (micros?: number) => createFundedKey(t.app, { micros });

  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  /** Polls a job (bounded) until it ended. */
  async function waitForEnd(key: string, id: string): Promise<Job> {
    for (let i = 0; i < 150; i++) {
      const res = await request(server()).get(`/v1/jobs/${id}`).set(auth(key));
      expect(res.status).toBe(200);
      if (FINAL.has(res.body.status)) return res.body as Job;
      await sleep(100);
    }
    throw new Error(`job ${id} did not end`);
  }

  async function waitForStatus(key: string, id: string, status: string): Promise<Job> {
    for (let i = 0; i < 100; i++) {
      const res = await request(server()).get(`/v1/jobs/${id}`).set(auth(key));
      if (res.body.status === status) return res.body as Job;
      await sleep(50);
    }
    throw new Error(`job ${id} never became ${status}`);
  }

  /** The account's money: balance and held, the ledger's sum, and holds still pending. */
  async function money(accountId: string) {
    const { rows } = await db.query(
      `SELECT b.balance::bigint AS balance, b.held::bigint AS held,
              (SELECT coalesce(sum(amount), 0) FROM ledger_entries l WHERE l.account_id = b.account_id AND l.mode = b.mode)::bigint AS ledger,
              (SELECT count(*) FROM holds h WHERE h.account_id = b.account_id AND h.mode = b.mode AND h.status = 'pending')::int AS pending
         FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
      [accountId],
    );
    const row = rows[0] as { balance: string; held: string; ledger: string; pending: number };
    return {
      balance: Number(row.balance),
      held: Number(row.held),
      ledger: Number(row.ledger),
      pending: row.pending,
    };
  }

  it('the migrations create every queue, so processes starting together never create one', async () => {
    // Creating a pg-boss queue attaches a partition to pgboss.job; two processes doing it at
    // once deadlocked a start-up. The queues are schema, and start-up only checks for them:
    // the two job queues, and the scheduler's own queue, the trends collection's queue and the watches' tick queue (pg-boss's
    // scheduler, on every worker, would otherwise create its queue at start).
    const { rows } = await db.query<{ name: string; retry_limit: number; expire_seconds: number }>(
      `SELECT name, retry_limit, expire_seconds FROM pgboss.queue ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: '__pgboss__send-it', retry_limit: null, expire_seconds: null },
      { name: 'jobs-heavy', retry_limit: 0, expire_seconds: 900 },
      { name: 'jobs-light', retry_limit: 0, expire_seconds: 900 },
      { name: 'trends-collect', retry_limit: 0, expire_seconds: 900 },
      { name: 'watch-tick', retry_limit: 0, expire_seconds: 300 },
    ]);
  });

  it('Prefer: respond-async answers 202 with the job at once; polling gives the sync body and its charge', async () => {
    const { account, key } = await funded();
    const accepted = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Prefer', 'respond-async')
      .send({ query: 'home espresso', limit: 4 });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ object: 'job', operation: 'scan', mode: 'async' });
    // The job as it is when answered: a worker may have started (a sandbox scan even ended) it.
    expect(['queued', 'running', 'succeeded']).toContain(accepted.body.status);
    expect(accepted.headers.location).toBe(`/v1/jobs/${accepted.body.id}`);
    expect(accepted.headers['x-job-id']).toBe(accepted.body.id);
    expect(accepted.body.billing.held_usd).toBe('0.030000');

    const job = await waitForEnd(key, accepted.body.id);
    expect(job.status).toBe('succeeded');
    expect(job.http_status).toBe(200);
    expect(job.progress).toBe(1);

    const sync = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .send({ query: 'home espresso', limit: 4 });
    expect(sync.status).toBe(200);
    // The result is exactly the body the synchronous call returns (same sandbox query).
    expect(job.result).toEqual(sync.body);
    expect(job.billing.charged_usd).toBe(sync.headers['x-service-charged-usd']);

    const after = await money(account.id);
    expect(after.pending).toBe(0);
    expect(after.held).toBe(0);
    expect(after.balance).toBe(after.ledger);
    expect(after.balance).toBe(10_000_000 - 2 * 30_000);
    // The async job wrote its own usage record, with its real status and charge. The sync
    // call's record is written once its response has finished, so it may land just after the
    // response reached us: wait for it (bounded).
    let statuses: number[] = [];
    for (let i = 0; i < 100 && statuses.length < 2; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const usage = await db.query<{ status: number }>(
        `SELECT status FROM usage_records WHERE account_id = $1 ORDER BY created_at`,
        [account.id],
      );
      statuses = usage.rows.map((r) => r.status);
    }
    expect(statuses).toEqual([200, 200]);
  });

  it('a synchronous call answers with x-job-id; the job holds the same result', async () => {
    const { key } = await funded();
    const res = await request(server())
      .post('/v1/assist')
      .set(auth(key))
      .send({ message: 'find me coffee reels' });
    expect(res.status).toBe(200);
    expect(res.headers['x-job-id']).toMatch(/^job_[0-9a-f]{32}$/);
    const job = await request(server()).get(`/v1/jobs/${res.headers['x-job-id']}`).set(auth(key));
    expect(job.body).toMatchObject({ status: 'succeeded', mode: 'sync', operation: 'assist' });
    expect(job.body.result).toEqual(res.body);
    expect(job.body.billing.charged_usd).toBe(res.headers['x-service-charged-usd']);
    expect(job.body.billing.balance_usd).toBe(res.headers['x-service-balance-usd']);
  });

  it('Prefer: wait=N answers 200 when the job ends in time and 202 when it does not', async () => {
    const { key } = await funded();
    const fast = await request(server())
      .post('/v1/assist')
      .set(auth(key))
      .set('Prefer', 'wait=10')
      .send({ message: 'find me coffee reels' });
    expect(fast.status).toBe(200);
    expect(fast.body.intent).toBeDefined();

    const slow = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Prefer', 'wait=1')
      .send({ query: 'sandbox-slow home espresso', limit: 2 });
    expect(slow.status).toBe(202);
    expect(slow.body.status).toBe('running');
    const job = await waitForEnd(key, slow.body.id);
    expect(job.status).toBe('succeeded');
  });

  it('unknown Prefer values are ignored; wait outside 1–60 is 400 with param, not charged', async () => {
    const { account, key } = await funded();
    const ignored = await request(server())
      .post('/v1/assist')
      .set(auth(key))
      .set('Prefer', 'return=minimal, handling=lenient, foo')
      .send({ message: 'find me coffee reels' });
    expect(ignored.status).toBe(200);
    const before = await money(account.id);
    for (const bad of ['wait=0', 'wait=61', 'wait=abc', 'wait=1.5']) {
      const res = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .set('Prefer', bad)
        .send({ message: 'find me coffee reels' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'Prefer' });
    }
    expect(await money(account.id)).toEqual(before);
  });

  it('a client that hangs up mid-call: the job finishes, is charged once, and is found by its request id', async () => {
    const { account, key } = await funded();
    const requestId = `hangup-${randomBytes(6).toString('hex')}`;
    await expect(
      request(server())
        .post('/v1/scan')
        .set(auth(key))
        .set('x-request-id', requestId)
        .timeout(300)
        .send({ query: 'sandbox-slow home espresso', limit: 4 }),
    ).rejects.toThrow(/timeout/i);

    let found: Job | undefined;
    for (let i = 0; i < 100 && !found; i++) {
      const list = await request(server())
        .get('/v1/jobs')
        .query({ request_id: requestId })
        .set(auth(key));
      expect(list.status).toBe(200);
      const job = list.body.data[0] as Job | undefined;
      if (job && FINAL.has(job.status)) found = job;
      else await sleep(100);
    }
    expect(found).toMatchObject({ status: 'succeeded', operation: 'scan' });
    expect(found!.result!.reels!.length).toBeGreaterThan(0);
    const charges = await db.query(
      `SELECT amount::bigint AS amount FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'`,
      [account.id],
    );
    expect(charges.rows).toHaveLength(1);
    expect(-Number(charges.rows[0].amount)).toBe(
      Math.round(Number(found!.billing.charged_usd) * 1e6),
    );
    const after = await money(account.id);
    expect(after).toMatchObject({ pending: 0, held: 0 });
    expect(after.balance).toBe(after.ledger);
  });

  it('the same Idempotency-Key returns the same job, whichever mode the retry uses', async () => {
    const { account, key } = await funded();
    const idem = `idem-${randomBytes(6).toString('hex')}`;
    const body = { query: 'sandbox-slow home espresso', limit: 2 };
    const first = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Idempotency-Key', idem)
      .set('Prefer', 'respond-async')
      .send(body);
    expect(first.status).toBe(202);

    const whileRunning = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Idempotency-Key', idem)
      .send(body);
    expect(whileRunning.status).toBe(409);
    expect(whileRunning.body.error.code).toBe('idempotency_key_in_use');
    expect(whileRunning.headers['x-job-id']).toBe(first.body.id);

    const waited = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Idempotency-Key', idem)
      .set('Prefer', 'wait=20')
      .send(body);
    expect(waited.status).toBe(200);
    expect(waited.headers['x-job-id']).toBe(first.body.id);

    const asyncAgain = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Idempotency-Key', idem)
      .set('Prefer', 'respond-async')
      .send(body);
    expect(asyncAgain.status).toBe(202);
    expect(asyncAgain.body).toMatchObject({ id: first.body.id, status: 'succeeded' });
    expect(asyncAgain.body.result).toEqual(waited.body);

    const syncAgain = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Idempotency-Key', idem)
      .send(body);
    expect(syncAgain.status).toBe(200);
    expect(syncAgain.headers['idempotent-replayed']).toBe('true');
    expect(syncAgain.body).toEqual(waited.body);

    const charges = await db.query(
      `SELECT 1 FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'`,
      [account.id],
    );
    expect(charges.rows).toHaveLength(1);
  });

  it('cancel of a running job: it ends canceled, nothing charged, its hold voided; canceling again is 409', async () => {
    const { account, key } = await funded();
    const before = await money(account.id);
    const accepted = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Prefer', 'respond-async')
      .send({ query: 'sandbox-slow home espresso', limit: 4 });
    await waitForStatus(key, accepted.body.id, 'running');
    const canceled = await request(server())
      .post(`/v1/jobs/${accepted.body.id}/cancel`)
      .set(auth(key));
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', http_status: 409 });
    expect(canceled.body.error.error.code).toBe('job_canceled');
    expect(canceled.body.billing.charged_usd).toBe('0.000000');
    expect(await money(account.id)).toEqual(before);

    const again = await request(server())
      .post(`/v1/jobs/${accepted.body.id}/cancel`)
      .set(auth(key));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('job_not_cancelable');
  });

  it('another account sees none of these jobs (every jobs route)', async () => {
    const owner = await funded();
    const other = await funded();
    const res = await request(server())
      .post('/v1/assist')
      .set(auth(owner.key))
      .send({ message: 'find me coffee reels' });
    const id = res.headers['x-job-id'] as string;

    const get = await request(server()).get(`/v1/jobs/${id}`).set(auth(other.key));
    expect(get.status).toBe(404);
    expect(get.body.error.code).toBe('not_found');
    const cancel = await request(server()).post(`/v1/jobs/${id}/cancel`).set(auth(other.key));
    expect(cancel.status).toBe(404);
    const list = await request(server()).get('/v1/jobs').set(auth(other.key));
    expect(list.status).toBe(200);
    expect(list.body.data.map((j: Job) => j.id)).not.toContain(id);
    const paged = await request(server())
      .get('/v1/jobs')
      .query({ starting_after: id })
      .set(auth(other.key));
    expect(paged.status).toBe(400);
    expect(paged.body.error.param).toBe('starting_after');
    // A live key of the owner's own account does not see test jobs either.
    const live = await createKey(t.app, owner.account.id, 'live');
    expect((await request(server()).get(`/v1/jobs/${id}`).set(auth(live.key))).status).toBe(404);
    // Without a key: 401 on every route.
    expect((await request(server()).get(`/v1/jobs/${id}`)).status).toBe(401);
    expect((await request(server()).get('/v1/jobs')).status).toBe(401);
    expect((await request(server()).post(`/v1/jobs/${id}/cancel`)).status).toBe(401);
  });

  it('lists jobs newest first with filters and cursor paging', async () => {
    const { key } = await funded();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .send({ message: `find me coffee reels ${i}` });
      ids.push(res.headers['x-job-id'] as string);
    }
    const first = await request(server()).get('/v1/jobs').query({ limit: 2 }).set(auth(key));
    expect(first.body).toMatchObject({ object: 'list', has_more: true });
    expect(first.body.data.map((j: Job) => j.id)).toEqual([ids[2], ids[1]]);
    const second = await request(server())
      .get('/v1/jobs')
      .query({ limit: 2, starting_after: ids[1] })
      .set(auth(key));
    expect(second.body).toMatchObject({ has_more: false });
    expect(second.body.data.map((j: Job) => j.id)).toEqual([ids[0]]);
    const filtered = await request(server())
      .get('/v1/jobs')
      .query({ operation: 'scan', status: 'succeeded' })
      .set(auth(key));
    expect(filtered.body.data).toEqual([]);
    const bad = await request(server()).get('/v1/jobs').query({ limit: 0 }).set(auth(key));
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('limit');
    const unknown = await request(server())
      .get('/v1/jobs/job_00000000000000000000000000000000')
      .set(auth(key));
    expect(unknown.status).toBe(404);
  });
});

/** With no worker in this process, an async job stays queued: canceling it voids its hold. */
describe('jobs without a worker (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      env: {
        JOBS_STALE_AFTER_MS: '200',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('cancel of a queued job: canceled, nothing charged, the hold released', async () => {
    const { account, key } = await createFundedKey(t.app, { micros: 1_000_000 });
    const accepted = await request(t.app.getHttpServer())
      .post('/v1/playbook')
      .set('Authorization', `Bearer ${key}`)
      .set('Prefer', 'respond-async')
      .send({ url: 'https://www.tiktok.com/@sandbox/video/7000000000000000001' });
    expect(accepted.status).toBe(202);
    expect(accepted.body.status).toBe('queued');
    const held = await db.query(`SELECT held::bigint AS held FROM balances WHERE account_id = $1`, [
      account.id,
    ]);
    expect(Number(held.rows[0].held)).toBe(200_000);

    const canceled = await request(t.app.getHttpServer())
      .post(`/v1/jobs/${accepted.body.id}/cancel`)
      .set('Authorization', `Bearer ${key}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', started_at: null, http_status: 409 });
    expect(canceled.body.error.error.code).toBe('job_canceled');
    const after = await db.query(
      `SELECT balance::bigint AS balance, held::bigint AS held FROM balances WHERE account_id = $1`,
      [account.id],
    );
    expect(after.rows[0]).toEqual({ balance: '1000000', held: '0' });
    const entries = await db.query(
      `SELECT kind FROM ledger_entries WHERE account_id = $1 ORDER BY id`,
      [account.id],
    );
    expect(entries.rows.map((r: { kind: string }) => r.kind)).toEqual(['grant']);
  });
});

describe('a queued job whose queue message was used up (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      env: {
        JOBS_STALE_AFTER_MS: '200',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gets a new message from the sweeper, so it is not stranded until it expires', async () => {
    const { key } = await createFundedKey(t.app, { micros: 1_000_000 });
    const accepted = await request(t.app.getHttpServer())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${key}`)
      .set('Prefer', 'respond-async')
      .send({ message: 'find me coffee reels' });
    expect(accepted.status).toBe(202);
    const { rows } = await db.query(`SELECT id FROM jobs WHERE replace(id::text, '-', '') = $1`, [
      accepted.body.id.replace(/^job_/, ''),
    ]);
    const jobId = rows[0].id as string;
    const messages = async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'jobId' = $1 AND state = 'created'`,
          [jobId],
        )
      ).rows[0].n as number;
    expect(await messages()).toBe(1);
    // A worker took the message and died before starting the job: the message is gone.
    await db.query(`DELETE FROM pgboss.job WHERE data->>'jobId' = $1`, [jobId]);
    await sleep(300);

    const swept = await t.app.get(JobSweeper).sweep();
    expect(swept.resent).toBe(1);
    expect(await messages()).toBe(1);
    // A message that is there is not sent twice.
    expect((await t.app.get(JobSweeper).sweep()).resent).toBe(0);
    expect(await messages()).toBe(1);
  });
});

/**
 * SIGTERM drains (Nest's shutdown hooks are what SIGTERM runs): a job still running when the
 * grace period ends goes back to the queue, its hold voided, for another worker to run.
 */
describe('jobs at shutdown (e2e)', () => {
  /**
   * Starts an app, runs a slow async scan until it is running, lets `beforeClose` act on the
   * job (by its row id), closes the app (what SIGTERM runs) and returns the job's row and the
   * account's money as the database has them then.
   */
  async function shutDownWhileRunning(beforeClose: (db: Client, jobId: string) => Promise<void>) {
    const saved = { ...process.env };
    const t = await createTestApp({
      env: {
        SANDBOX_SLOW_DELAY_MS: '8000',
        SCAN_DEADLINE_MS: '30000',
        // Slow beats: a cancel asked for in the database is not seen before the shutdown.
        JOBS_HEARTBEAT_MS: '10000',
        JOBS_SHUTDOWN_GRACE_MS: '300',
      },
    });
    const db = await t.db.connect();
    try {
      const { account, key } = await createFundedKey(t.app, { micros: 1_000_000 });
      const accepted = await request(t.app.getHttpServer())
        .post('/v1/scan')
        .set('Authorization', `Bearer ${key}`)
        .set('Prefer', 'respond-async')
        .send({ query: 'sandbox-slow home espresso', limit: 4 });
      expect(accepted.status).toBe(202);
      const jobId = accepted.body.id
        .replace(/^job_/, '')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5') as string;
      let status = '';
      for (let i = 0; i < 100 && status !== 'running'; i++) {
        status = (await db.query(`SELECT status FROM jobs WHERE id = $1`, [jobId])).rows[0].status;
        if (status !== 'running') await sleep(50);
      }
      expect(status).toBe('running');
      await beforeClose(db, jobId);

      await t.app.close();

      const job = (
        await db.query(`SELECT status, hold_id, attempt, recoveries FROM jobs WHERE id = $1`, [
          jobId,
        ])
      ).rows[0];
      const money = (
        await db.query(
          `SELECT balance::bigint AS balance, held::bigint AS held,
                  (SELECT count(*) FROM holds WHERE account_id = $1 AND status = 'pending')::int AS pending
             FROM balances WHERE account_id = $1 AND mode = 'test'`,
          [account.id],
        )
      ).rows[0];
      const messages = (
        await db.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'jobId' = $1 AND state = 'created'`,
          [jobId],
        )
      ).rows[0].n as number;
      return { job, money, messages };
    } finally {
      await t.db.drop();
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  }

  it('a running job is put back in the queue with its hold voided (not counted as a crash)', async () => {
    const { job, money, messages } = await shutDownWhileRunning(async () => undefined);
    expect(job).toEqual({ status: 'queued', hold_id: null, attempt: 1, recoveries: 0 });
    expect(money).toEqual({ balance: '1000000', held: '0', pending: 0 });
    // Its queue message waits for the next worker.
    expect(messages).toBe(1);
  });

  it('a running job whose cancel was asked for ends canceled instead of going back', async () => {
    const { job, money, messages } = await shutDownWhileRunning(async (db, jobId) => {
      await db.query(`UPDATE jobs SET cancel_requested_at = now() WHERE id = $1`, [jobId]);
    });
    expect(job.status).toBe('canceled');
    expect(money).toEqual({ balance: '1000000', held: '0', pending: 0 });
    expect(messages).toBe(0);
  });
});
