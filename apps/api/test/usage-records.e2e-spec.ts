import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { pgPoolOf } from '@reelscout/database';
import { type Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobAggregate } from '../src/execution/job-aggregate';
import { USAGE_QUEUE_LIMIT, UsageService, type UsageRecord } from '../src/usage/usage.service';
import { createAccount, createFundedKey } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

/** Usage records are written by group commit on the real database. */
describe('usage records (e2e)', () => {
  let t: TestApp;
  let usage: UsageService;
  let db: Client;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp();
    usage = t.app.get(UsageService);
    db = t.sql;
    accountId = (await createAccount(t.app)).id;
  });

  afterAll(async () => {
    await t.close();
  });

  const record = (requestId: string, overrides: Partial<UsageRecord> = {}): UsageRecord => ({
    requestId,
    accountId,
    keyId: null,
    mode: 'test',
    subject: 'customer-1',
    operation: 'assist',
    market: null,
    status: 200,
    errorCode: null,
    charged: 10_000,
    durationMs: 12.6,
    ...overrides,
  });

  /** Counts the usage INSERT statements sent to Postgres while `work` runs. */
  async function countInserts(work: () => Promise<unknown>): Promise<number> {
    const pool = pgPoolOf(t.app.get(DataSource));
    const spy = jest.spyOn(pool, 'query');
    try {
      await work();
      return spy.mock.calls.filter(
        ([statement]) => (statement as { name?: string }).name === 'usage_insert',
      ).length;
    } finally {
      spy.mockRestore();
    }
  }

  it('writes every record of a burst, in far fewer statements than records', async () => {
    const prefix = `burst-${randomUUID()}`;
    const statements = await countInserts(() =>
      Promise.all(Array.from({ length: 200 }, (_, i) => usage.record(record(`${prefix}-${i}`)))),
    );
    const { rows } = await db.query<{ n: number; charged: string; duration: number }>(
      `SELECT count(*)::int AS n, sum(charged)::bigint AS charged, max(duration_ms) AS duration
         FROM usage_records WHERE request_id LIKE $1`,
      [`${prefix}-%`],
    );
    expect(rows[0]).toEqual({ n: 200, charged: String(200 * 10_000), duration: 13 });
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThan(20);
  });

  it('a lone record is written at once, with the time the call ended', async () => {
    const requestId = `lone-${randomUUID()}`;
    const before = Date.now();
    await usage.record(record(requestId, { status: 402, charged: 0, subject: null }));
    const { rows } = await db.query(
      `SELECT status, charged, subject, created_at FROM usage_records WHERE request_id = $1`,
      [requestId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 402, charged: '0', subject: null });
    expect(new Date(rows[0].created_at).getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('one bad record in a batch loses only itself', async () => {
    const prefix = `mixed-${randomUUID()}`;
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => usage.record(record(`${prefix}-ok-${i}`))),
      // An account that does not exist: the foreign key refuses this row.
      usage.record(record(`${prefix}-bad`, { accountId: randomUUID() })),
      ...Array.from({ length: 30 }, (_, i) => usage.record(record(`${prefix}-ok2-${i}`))),
    ]);
    const { rows } = await db.query<{ request_id: string }>(
      `SELECT request_id FROM usage_records WHERE request_id LIKE $1`,
      [`${prefix}-%`],
    );
    expect(rows).toHaveLength(60);
    expect(rows.map((r) => r.request_id)).not.toContain(`${prefix}-bad`);
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Holds a row lock on an account from a second connection: a usage INSERT with a row of that
   * account then waits (its foreign-key check takes FOR KEY SHARE on the account row), in flight,
   * until `release`. Other accounts' rows are not held up.
   */
  async function lockAccount(id: string): Promise<{ release(): Promise<void> }> {
    const locker = await t.db.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [id]);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        await locker.query('COMMIT');
        await locker.end();
      },
    };
  }

  /**
   * Waits (bounded) for a usage INSERT stuck on that lock, then ends its connection from this
   * one, as a failover or a connection reset would: the INSERT fails with 57P01
   * (admin_shutdown), not a data error. Returns once that backend is gone.
   */
  const killed = new Set<number>();
  async function killWaitingInsert(): Promise<void> {
    for (let i = 0; i < 500; i++) {
      const { rows } = await db.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query LIKE 'INSERT INTO usage_records%'`,
      );
      const pid = rows.map((r) => r.pid).find((p) => !killed.has(p));
      if (pid !== undefined) {
        killed.add(pid);
        const { rows: ended } = await db.query<{ ok: boolean }>(
          'SELECT pg_terminate_backend($1, 5000) AS ok',
          [pid],
        );
        expect(ended[0].ok).toBe(true);
        return;
      }
      await pause(10);
    }
    throw new Error('no usage INSERT waited on the lock');
  }

  const written = async (like: string): Promise<string[]> =>
    (
      await db.query<{ request_id: string }>(
        `SELECT request_id FROM usage_records WHERE request_id LIKE $1`,
        [like],
      )
    ).rows.map((r) => r.request_id);

  it('a batch that fails for a reason other than its data (connection killed) is retried whole, not row by row', async () => {
    const held = (await createAccount(t.app)).id;
    const prefix = `killed-${randomUUID()}`;
    const lock = await lockAccount(held);
    try {
      const statements = await countInserts(async () => {
        // The first record goes alone, at once (its account is not held); the 200 after it
        // queue meanwhile and go together in the next INSERT, which waits on the lock.
        const writes = [
          usage.record(record(`${prefix}-lead`)),
          ...Array.from({ length: 200 }, (_, i) =>
            usage.record(record(`${prefix}-${i}`, { accountId: held })),
          ),
        ];
        await killWaitingInsert();
        await lock.release();
        await Promise.all(writes);
      });
      expect(await written(`${prefix}-%`)).toHaveLength(201);
      // The lead's INSERT, the batch's failed one and its one retry: not one per row.
      expect(statements).toBe(3);
    } finally {
      await lock.release();
    }
  });

  it('a batch that fails twice for a reason other than its data is dropped, and the log says how many', async () => {
    const held = (await createAccount(t.app)).id;
    const prefix = `dropped-${randomUUID()}`;
    const lock = await lockAccount(held);
    const errors = jest.spyOn(Logger.prototype, 'error');
    try {
      const statements = await countInserts(async () => {
        const writes = [
          usage.record(record(`${prefix}-lead`)),
          ...Array.from({ length: 50 }, (_, i) =>
            usage.record(record(`${prefix}-${i}`, { accountId: held })),
          ),
        ];
        await killWaitingInsert(); // the batch
        await killWaitingInsert(); // its one retry
        await lock.release();
        await Promise.all(writes);
      });
      expect(await written(`${prefix}-%`)).toEqual([`${prefix}-lead`]);
      expect(statements).toBe(3);
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ dropped: 50 }),
        expect.stringMatching(/^dropped 50 usage record\(s\): the INSERT failed twice/),
      );
    } finally {
      errors.mockRestore();
      await lock.release();
    }
  });

  it(`caps the queue at ${USAGE_QUEUE_LIMIT} waiting records: newer ones are dropped at once and counted in the log`, async () => {
    const held = (await createAccount(t.app)).id;
    const prefix = `capped-${randomUUID()}`;
    const lock = await lockAccount(held);
    const errors = jest.spyOn(Logger.prototype, 'error');
    try {
      // One in flight (waiting on the lock), USAGE_QUEUE_LIMIT queued, 100 over the cap.
      const total = USAGE_QUEUE_LIMIT + 1 + 100;
      let settled = 0;
      const writes = Array.from({ length: total }, (_, i) =>
        usage.record(record(`${prefix}-${i}`, { accountId: held })).then(() => {
          settled++;
        }),
      );
      for (let i = 0; i < 200 && settled < 100; i++) await pause(10);
      await pause(50);
      // Only the dropped ones have settled while everything else waits on the database.
      expect(settled).toBe(100);
      await lock.release();
      await Promise.all(writes);
      const ids = new Set(await written(`${prefix}-%`));
      expect(ids.size).toBe(USAGE_QUEUE_LIMIT + 1);
      // The newest were dropped, the oldest kept.
      expect(ids.has(`${prefix}-0`)).toBe(true);
      expect(ids.has(`${prefix}-${USAGE_QUEUE_LIMIT}`)).toBe(true);
      expect(ids.has(`${prefix}-${USAGE_QUEUE_LIMIT + 1}`)).toBe(false);
      expect(errors).toHaveBeenCalledWith(
        { dropped: 100 },
        expect.stringMatching(/^dropped 100 usage record\(s\): the queue was full/),
      );
    } finally {
      errors.mockRestore();
      await lock.release();
    }
  });

  describe("a charged call's record commits with its charge", () => {
    const server = () => t.app.getHttpServer();

    /**
     * The usage rows of a request, read once every record the key guard queued before now is
     * written: a later call refused for its x-subject is recorded by the guard through the same
     * queue, so when its row is in, any row queued before it is too.
     */
    async function rowsOf(key: string, requestId: string) {
      const marker = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${key}`)
        .set('x-subject', 'not a subject!')
        .send({ message: 'marker' });
      expect(marker.status).toBe(400);
      await waitForValue(
        async () =>
          (await written(marker.headers['x-request-id'] as string)).length ? true : undefined,
        5_000,
        "the marker call's usage record",
      );
      const { rows } = await db.query<{
        status: number;
        charged: string;
        subject: string | null;
        key_id: string | null;
        error_code: string | null;
        duration_ms: number;
        source: string;
      }>(
        `SELECT status, charged, subject, key_id, error_code, duration_ms, source
           FROM usage_records WHERE request_id = $1`,
        [requestId],
      );
      return rows;
    }

    async function chargeOf(requestId: string): Promise<string | null> {
      const { rows } = await db.query<{ amount: string }>(
        `SELECT (-amount)::text AS amount FROM ledger_entries WHERE request_id = $1 AND kind = 'charge'`,
        [requestId],
      );
      return rows[0]?.amount ?? null;
    }

    it('a synchronous charged call: one record, written by the charging statement (no usage INSERT of its own)', async () => {
      const { key } = await createFundedKey(t.app, { micros: 1_000_000 });
      let res!: request.Response;
      const inserts = await countInserts(async () => {
        res = await request(server())
          .post('/v1/assist')
          .set('Authorization', `Bearer ${key}`)
          .set('x-subject', 'customer-7')
          .send({ message: 'show me trending dog food reels' });
      });
      expect(res.status).toBe(200);
      const requestId = res.headers['x-request-id'] as string;
      expect(inserts).toBe(0);
      // In the database as soon as the answer is: it committed with the charge.
      expect(await written(requestId)).toEqual([requestId]);
      const charge = await chargeOf(requestId);
      expect(charge).not.toBeNull();
      const rows = await rowsOf(key, requestId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 200,
        charged: charge,
        subject: 'customer-7',
        error_code: null,
        source: 'api',
      });
      expect(rows[0].key_id).not.toBeNull();
      expect(rows[0].duration_ms).toBeGreaterThanOrEqual(0);
    });

    it('an async job that succeeds: one record, with its charge', async () => {
      const { key } = await createFundedKey(t.app, { micros: 1_000_000 });
      const accepted = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${key}`)
        .set('Prefer', 'respond-async')
        .send({ message: 'show me trending dog food reels' });
      expect(accepted.status).toBe(202);
      const requestId = accepted.headers['x-request-id'] as string;
      const job = await waitForValue(
        async () => {
          const res = await request(server())
            .get(`/v1/jobs/${accepted.body.id}`)
            .set('Authorization', `Bearer ${key}`);
          return res.body.status === 'succeeded' ? res.body : undefined;
        },
        10_000,
        'the job to succeed',
        50,
      );
      expect(job.billing.charged_usd).not.toBeNull();
      const rows = await rowsOf(key, requestId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 200, charged: await chargeOf(requestId) });
    });

    it('a settlement that committed but whose answer was lost: read back, still one record', async () => {
      const { key } = await createFundedKey(t.app, { micros: 1_000_000 });
      const settle = JobAggregate.prototype.succeed;
      let lost = 0;
      // The first settlement commits; then its answer is lost, as when the connection drops
      // right after the commit. The executor tries again, finds the job ended, and reads back
      // what the first one did (JobAggregate.endedBy).
      const spy = jest.spyOn(JobAggregate.prototype, 'succeed').mockImplementation(async function (
        this: JobAggregate,
        ...args
      ) {
        const settled = await settle.apply(this, args);
        if (lost++ === 0) throw new Error('Connection terminated unexpectedly');
        return settled;
      });
      let res!: request.Response;
      try {
        res = await request(server())
          .post('/v1/assist')
          .set('Authorization', `Bearer ${key}`)
          .send({ message: 'show me trending dog food reels' });
      } finally {
        spy.mockRestore();
      }
      expect(res.status).toBe(200);
      expect(lost).toBe(2);
      const requestId = res.headers['x-request-id'] as string;
      const charge = await chargeOf(requestId);
      expect(charge).not.toBeNull();
      const rows = await rowsOf(key, requestId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 200, charged: charge });
    });

    it('a call refused before any charge is still recorded once, by the execution module', async () => {
      const { key } = await createFundedKey(t.app, { micros: 0 });
      const res = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${key}`)
        .send({ message: 'show me trending dog food reels' });
      expect(res.status).toBe(402);
      const requestId = res.headers['x-request-id'] as string;
      const rows = await rowsOf(key, requestId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 402,
        charged: '0',
        error_code: 'insufficient_credit',
      });
      expect(await chargeOf(requestId)).toBeNull();
    });
  });
});
