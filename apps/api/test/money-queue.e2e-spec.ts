import { pgPoolOf } from '@reelscout/database';
import type { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobAggregate } from '../src/execution/job-aggregate';
import { STATEMENTS_PER_BALANCE } from '../src/repositories/money.repository';
import { createFundedKey } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

const PRICE = 10_000;
const CALLS = 8;
const MONEY_STATEMENTS = new Set(['jobs_open', 'jobs_settle']);

/**
 * The money statements of one balance row queue in the API (MoneyRepository.send): however many
 * calls of one account arrive at once, at most STATEMENTS_PER_BALANCE of their holds and
 * settlements are sent to Postgres at a time; the rest wait their turn in the API, not on the
 * row's lock. Real database; the test holds the balance row's lock itself so the calls pile up.
 */
describe('money statements queue per balance row (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_IN_FLIGHT_PER_KEY: '100' } });
    // A session of its own: it holds the balance row's lock while the app's calls pile up.
    db = await t.db.connect();
  });

  afterAll(async () => {
    await t.close();
  });

  it(`sends at most ${STATEMENTS_PER_BALANCE} of one account's money statements at a time; every call is charged once`, async () => {
    const credit = 1_000_000;
    const hot = await createFundedKey(t.app, { micros: credit });
    const other = await createFundedKey(t.app, { micros: credit });
    const pool = pgPoolOf(t.app.get(DataSource));
    const query = pool.query.bind(pool) as (config: unknown) => Promise<unknown>;
    // Money statements in flight in Postgres per account (the first value is the account).
    const inFlight = new Map<string, number>();
    const most = new Map<string, number>();
    const spyQuery = jest.spyOn(pool, 'query').mockImplementation(((config: unknown) => {
      const { name, values } = (config ?? {}) as { name?: string; values?: unknown[] };
      if (!name || !MONEY_STATEMENTS.has(name)) return query(config);
      // A hold names its account ($2); a settlement only its job ($1): look it up below.
      const account = name === 'jobs_open' ? String(values![1]) : jobAccount(values);
      inFlight.set(account, (inFlight.get(account) ?? 0) + 1);
      most.set(account, Math.max(most.get(account) ?? 0, inFlight.get(account)!));
      return query(config).finally(() => inFlight.set(account, inFlight.get(account)! - 1));
    }) as typeof pool.query);
    const jobAccounts = new Map<string, string>();
    const jobAccount = (values: unknown[] | undefined) =>
      jobAccounts.get(String(values![0])) ?? '?';
    const create = JobAggregate.prototype.open;
    let entered = 0;
    const spyCreate = jest.spyOn(JobAggregate.prototype, 'open').mockImplementation(function (
      this: JobAggregate,
      job,
      ...rest
    ) {
      jobAccounts.set(job.id, job.accountId);
      if (job.accountId === hot.account.id) entered += 1;
      return create.call(this, job, ...rest);
    });

    // Hold the hot account's balance row: its calls' holds wait on the lock in Postgres.
    await db.query('BEGIN');
    let released = false;
    try {
      await db.query(`SELECT 1 FROM balances WHERE account_id = $1 AND mode = 'test' FOR UPDATE`, [
        hot.account.id,
      ]);
      const calls = Array.from({ length: CALLS }, (_, i) =>
        request(t.app.getHttpServer())
          .post('/v1/assist')
          .set('Authorization', `Bearer ${hot.key}`)
          .set('x-subject', `customer-${i}`)
          .send({ message: 'show me trending dog food reels' })
          .then((res) => res),
      );
      // Every call has reached its hold; only the first ones were sent to Postgres.
      await waitForValue(
        () => (entered === CALLS ? true : undefined),
        10_000,
        'every call to reach its hold',
      );
      expect(inFlight.get(hot.account.id)).toBe(STATEMENTS_PER_BALANCE);
      // Another account's calls are not held up by this one's queue.
      const unrelated = await request(t.app.getHttpServer())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${other.key}`)
        .send({ message: 'show me trending dog food reels' });
      expect(unrelated.status).toBe(200);
      expect(inFlight.get(hot.account.id)).toBe(STATEMENTS_PER_BALANCE);

      await db.query('ROLLBACK');
      released = true;
      const responses = await Promise.all(calls);
      expect(responses.map((res) => res.status)).toEqual(Array(CALLS).fill(200));
    } finally {
      if (!released) await db.query('ROLLBACK');
      spyCreate.mockRestore();
      spyQuery.mockRestore();
    }
    expect(most.get(hot.account.id)).toBe(STATEMENTS_PER_BALANCE);
    expect(inFlight.get(hot.account.id)).toBe(0);

    // Each call charged once, nothing left held.
    const { rows } = await db.query<{ charges: number; balance: string; held: string }>(
      `SELECT (SELECT count(*) FROM ledger_entries WHERE account_id = $1 AND kind = 'charge')::int AS charges,
              b.balance::text, b.held::text
         FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
      [hot.account.id],
    );
    expect(rows[0]).toEqual({
      charges: CALLS,
      balance: String(credit - CALLS * PRICE),
      held: '0',
    });
  });
});
