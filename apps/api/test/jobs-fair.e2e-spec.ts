import type { Client } from 'pg';
import request from 'supertest';
import { fromPublicJobId } from '../src/execution/job-ids';
import { JobSweeper } from '../src/execution/job-sweeper';
import { startFakeOpenAI, type FakeOpenAI } from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { sleep } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * One worker with the default four light slots: an account holds at most half of them (two live
 * slots, or one of the two slots test work may take), and test work as a whole at most two.
 * `sandbox-slow` scans stall their provider past the scan's deadline, so each one keeps its slot
 * for the whole test: whatever else runs, runs on the slots they left free.
 */
const ENV = {
  JOBS_CONCURRENCY: '4',
  JOBS_ACCOUNT_SHARE: '0.5',
  JOBS_TEST_SHARE: '0.5',
  SCAN_DEADLINE_MS: '90000',
  JOBS_SHUTDOWN_GRACE_MS: '100',
};

/** How many of an account's jobs are in each status. */
async function statusesOf(db: Client, accountId: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM jobs WHERE account_id = $1 GROUP BY status`,
    [accountId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Polls (bounded) until `read` gives something `done` accepts; returns the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 400 && !done(value); i++) {
    await sleep(50);
    value = await read();
  }
  return value;
}

describe('fair claiming of jobs across accounts (e2e, one worker)', () => {
  let t: TestApp;
  let db: Client;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    // The cap counts queued jobs: A's first job runs, so its next 99 fill the queue to the cap.
    t = await createTestApp({ env: { ...ENV, JOBS_MAX_QUEUED_PER_ACCOUNT: '99' } });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
  });

  const slowScan = (key: string) =>
    request(server())
      .post('/v1/scan')
      .set('Authorization', `Bearer ${key}`)
      .set('Prefer', 'respond-async')
      .send({ query: 'sandbox-slow home espresso', limit: 1 });

  it("A's 100 stalled scans hold one slot; B's assist queued after them runs at once; A's 101st is 429, uncharged", async () => {
    const a = await createFundedKey(t.app);
    const b = await createFundedKey(t.app);

    const first = await slowScan(a.key);
    expect(first.status).toBe(202);
    const started = await until(
      () => statusesOf(db, a.account.id),
      (s) => s.running === 1,
    );
    expect(started).toEqual({ running: 1 });
    for (let i = 0; i < 99; i++) expect((await slowScan(a.key)).status).toBe(202);
    // At its share: A's other 99 stay queued, though three slots are free.
    expect(await statusesOf(db, a.account.id)).toEqual({ running: 1, queued: 99 });

    const moneyBefore = await balanceOf(t.app, a.account.id);
    const refused = await slowScan(a.key);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body.error.code).toBe('queue_limit_reached');
    expect(refused.body.error).not.toHaveProperty('param');
    expect(refused.body.error.message).toContain('99 test-mode jobs queued');
    expect(await balanceOf(t.app, a.account.id)).toEqual(moneyBefore);
    expect(await statusesOf(db, a.account.id)).toEqual({ running: 1, queued: 99 });
    const record = await until(
      async () =>
        (
          await db.query(
            `SELECT status, error_code, charged::bigint AS charged FROM usage_records WHERE request_id = $1`,
            [refused.headers['x-request-id']],
          )
        ).rows,
      (rows) => rows.length > 0,
    );
    expect(record).toEqual([{ status: 429, error_code: 'queue_limit_reached', charged: '0' }]);

    const accepted = await request(server())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${b.key}`)
      .set('Prefer', 'respond-async')
      .send({ message: 'find me coffee reels' });
    expect(accepted.status).toBe(202);
    const bJob = fromPublicJobId(accepted.body.id);
    const ended = await until(
      async () =>
        (await db.query(`SELECT status FROM jobs WHERE id = $1`, [bJob])).rows[0].status as string,
      (status) => status === 'succeeded' || status === 'failed' || status === 'canceled',
    );
    expect(ended).toBe('succeeded');
    // B did not wait for any of A's jobs: A's first still holds its slot, the rest still wait.
    expect(await statusesOf(db, a.account.id)).toEqual({ running: 1, queued: 99 });
  });
});

describe('live jobs and test-mode floods (e2e, one worker)', () => {
  let t: TestApp;
  let db: Client;
  let openai: FakeOpenAI;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        ...ENV,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        LLM_MAX_RETRIES: '0',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  it('a live job queued behind test floods runs on the slots test work may not take', async () => {
    // Four test accounts, each with a backlog of stalled scans: were test work not capped as a
    // whole, one of each would hold all four slots until its deadline.
    const flooders = await Promise.all([1, 2, 3, 4].map(() => createFundedKey(t.app)));
    for (const { key } of flooders) {
      for (let i = 0; i < 5; i++) {
        const res = await request(server())
          .post('/v1/scan')
          .set('Authorization', `Bearer ${key}`)
          .set('Prefer', 'respond-async')
          .send({ query: 'sandbox-slow home espresso', limit: 1 });
        expect(res.status).toBe(202);
      }
    }
    const testJobs = async () =>
      (
        await db.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM jobs WHERE mode = 'test' GROUP BY status`,
        )
      ).rows.reduce<Record<string, number>>((all, r) => ({ ...all, [r.status]: r.n }), {});
    expect(await until(testJobs, (s) => s.running === 2)).toEqual({ running: 2, queued: 18 });

    openai.setAnswerFor('assist_intent', {
      intent: 'scan',
      reply: 'On it.',
      query: 'cat food reels for indoor cats',
    });
    const live = await createFundedKey(t.app, { mode: 'live' });
    const accepted = await request(server())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${live.key}`)
      .set('Prefer', 'respond-async')
      .send({ message: 'cat food reels please' });
    expect(accepted.status).toBe(202);
    const liveJob = fromPublicJobId(accepted.body.id);
    const ended = await until(
      async () =>
        (await db.query(`SELECT status FROM jobs WHERE id = $1`, [liveJob])).rows[0]
          .status as string,
      (status) => status === 'succeeded' || status === 'failed' || status === 'canceled',
    );
    expect(ended).toBe('succeeded');
    // It ran while every test job it was queued behind still waited or held its slot.
    expect(await testJobs()).toEqual({ running: 2, queued: 18 });
  });
});

/**
 * Messages are wake-ups: one spent on a claim that found nothing (its account at its share) leaves
 * its job queued without one. The slot that ends a job claims again, and the sweeper sends such a
 * job a new message; here the sweeper runs only when the test calls it.
 */
describe('queued jobs whose messages were spent elsewhere (e2e, one worker)', () => {
  let t: TestApp;
  let db: Client;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...ENV,
        JOBS_SWEEP_INTERVAL_MS: '600000',
        JOBS_STALE_AFTER_MS: '5000',
        JOBS_HEARTBEAT_MS: '500',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (key: string, path: string, body: object) =>
    request(server())
      .post(path)
      .set('Authorization', `Bearer ${key}`)
      .set('Prefer', 'respond-async')
      .send(body);

  it('a backlog on one slot drains without the sweeper: the slot that ends a job claims the next', async () => {
    const a = await createFundedKey(t.app);
    // At once: while one runs, the other slots spend the rest's messages on claims that find
    // A at its share.
    const accepted = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(a.key, '/v1/assist', { message: 'find me coffee reels' }),
      ),
    );
    expect(accepted.map((res) => res.status)).toEqual(Array(20).fill(202));
    expect(
      await until(
        () => statusesOf(db, a.account.id),
        (s) => s.succeeded === 20,
      ),
    ).toEqual({ succeeded: 20 });
  });

  it('the sweeper sends a new message to each queued job whose message a claim used up', async () => {
    const a = await createFundedKey(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await post(a.key, '/v1/scan', { query: 'sandbox-slow home espresso', limit: 1 });
      expect(res.status).toBe(202);
    }
    const waiting = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs j JOIN pgboss.job m ON m.id = j.queue_message_id
            WHERE j.account_id = $1 AND j.status = 'queued' AND m.state = 'created'`,
          [a.account.id],
        )
      ).rows[0].n;
    // One runs at A's share; the free slots took the other four's messages and claimed nothing.
    expect(await until(waiting, (n) => n === 0)).toBe(0);
    expect(await statusesOf(db, a.account.id)).toEqual({ running: 1, queued: 4 });

    await sleep(5_500);
    const swept = await t.app.get(JobSweeper).sweep();
    expect(swept.resent).toBe(4);
    expect(swept.recovered + swept.failed).toBe(0);
    expect(await statusesOf(db, a.account.id)).toEqual({ running: 1, queued: 4 });
  });
});
