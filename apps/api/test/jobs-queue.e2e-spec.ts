import { type Client } from 'pg';
import request from 'supertest';
import { JobSweeper } from '../src/execution/job-sweeper';
import { createFundedKey } from './support/fixtures';
import { sleep } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

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
