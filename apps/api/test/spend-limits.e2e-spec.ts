import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { Clock } from '../src/common/clock/clock';
import { BillingService } from '../src/money/billing.service';
import { JobAggregate } from '../src/execution/job-aggregate';
import { createKey, createFundedKey } from './support/fixtures';
import {
  attemptOfJob,
  claimAndHold,
  requeue,
  settleFailure,
  openJob,
  settleSuccess,
  type OpenedJob,
} from './support/ledger-fixtures';
import { type TestApp, createTestApp } from './support/test-app';

const ASSIST = 10_000;
const SCAN_PER_REEL = 7_500;
const GRANT = 10_000_000;

type KeyLimit = 'limit_total_micros' | 'limit_daily_micros' | 'limit_monthly_micros';
type SubjectLimit = 'subject_limit_daily_micros' | 'subject_limit_monthly_micros';

const NOW = new Date('2026-03-10T12:00:00.000Z');

/**
 * Spend limits (docs/key-controls.md) on the real database: counted and enforced in the
 * statement that places the hold, so concurrency cannot overshoot them; given back by a void and
 * by a capture below the hold; windows taken from the injected clock. Enforcement, give-backs
 * and the windows' resets; the reaper, late charges, rolled keys, re-holds and clamped
 * give-backs.
 */
describe('spend limits: per key and per subject, in the money statement (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let clock: Clock;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      // No worker: a job the money fixtures queue (requeued, with its message) stays queued
      // until the test claims it itself.
      worker: false,
      env: {
        HOLD_REAPER_INTERVAL_MS: '0',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
        RATE_LIMIT_IN_FLIGHT_PER_KEY: '1000',
      },
    });
    db = t.sql;
    clock = t.app.get(Clock);
  });

  afterAll(async () => {
    clock.set(null);
    await t.close();
  });

  afterEach(() => clock.set(null));

  async function limitedKey(
    limits: Partial<Record<KeyLimit | SubjectLimit, number>> = {},
    accountLimits: Partial<Record<SubjectLimit, number>> = {},
  ) {
    const { account, keyId, key: secret } = await createFundedKey(t.app, { micros: GRANT });
    const key = { id: keyId, key: secret };
    for (const [column, value] of Object.entries(limits)) {
      await db.query(`UPDATE api_keys SET ${column} = $2 WHERE id = $1`, [key.id, value]);
    }
    for (const [column, value] of Object.entries(accountLimits)) {
      await db.query(`UPDATE accounts SET ${column} = $2 WHERE id = $1`, [account.id, value]);
    }
    return { accountId: account.id, keyId: key.id, key: key.key };
  }

  const call = (key: string, path: string, body: object, headers: Record<string, string> = {}) => {
    let req = request(server()).post(path).set('Authorization', `Bearer ${key}`);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return req.send(body);
  };
  const assist = (key: string, subject?: string, headers: Record<string, string> = {}) =>
    call(
      key,
      '/v1/assist',
      { message: 'hello there, thanks!' },
      {
        ...(subject ? { 'x-subject': subject } : {}),
        ...headers,
      },
    );

  /** The money of the account's test mode, and what its rows say, in one snapshot. */
  async function money(accountId: string) {
    const { rows } = await db.query(
      `SELECT b.balance::bigint AS balance, b.held::bigint AS held,
              (SELECT coalesce(sum(amount), 0) FROM ledger_entries l
                WHERE l.account_id = b.account_id AND l.mode = 'test')::bigint AS ledger,
              (SELECT count(*) FROM ledger_entries l
                WHERE l.account_id = b.account_id AND l.kind = 'charge')::int AS charges,
              (SELECT count(*) FROM jobs j WHERE j.account_id = b.account_id)::int AS jobs,
              (SELECT count(*) FROM holds h WHERE h.account_id = b.account_id)::int AS holds,
              (SELECT count(*) FROM holds h
                WHERE h.account_id = b.account_id AND h.status = 'pending')::int AS pending
         FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
      [accountId],
    );
    const r = rows[0];
    return {
      balance: Number(r.balance),
      held: Number(r.held),
      ledger: Number(r.ledger),
      charges: r.charges as number,
      jobs: r.jobs as number,
      holds: r.holds as number,
      pending: r.pending as number,
    };
  }

  /** One counter's value (0 when the row does not exist). */
  async function counter(scope: string, owner: string, period: string, start: string) {
    const { rows } = await db.query(
      `SELECT spent FROM spend_counters
        WHERE scope = $1 AND owner = $2 AND period = $3 AND period_start = $4::date`,
      [scope, owner, period, start],
    );
    return rows.length ? Number(rows[0].spent) : 0;
  }

  const open = (
    party: { accountId: string; keyId: string; subject: string | null },
    amount = ASSIST,
  ) => openJob(t.app, { ...party, amount });

  /** Expires the job's hold and runs the reaper: the hold voided, given back. */
  async function reap(job: OpenedJob): Promise<void> {
    await db.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      job.holdId,
    ]);
    expect(await t.app.get(BillingService).reapExpiredHolds()).toBeGreaterThanOrEqual(1);
  }

  /**
   * Settles the success of a job whose hold was reaped, as production does: the settlement
   * captures nothing and makes the late charge instead (when there is room); what it charged.
   */
  async function settleReaped(job: OpenedJob, charge: number) {
    const settled = await settleSuccess(t.app, job, charge);
    expect(settled).toMatchObject({ ended: true, captured: false });
    return { charged: settled.charged, balance: Number(settled.balance) };
  }

  /** Settles the success again: a job settles once, so a second late charge is never made. */
  async function settleAgain(job: OpenedJob, charge: number) {
    return (await settleSuccess(t.app, job, charge)).ended ? 'settled again' : null;
  }

  describe.each([
    ['key total', { limit_total_micros: 3 * ASSIST }, {}, 'key_spend_limit_reached', 'total'],
    ['key daily', { limit_daily_micros: 3 * ASSIST }, {}, 'key_spend_limit_reached', 'day'],
    ['key monthly', { limit_monthly_micros: 3 * ASSIST }, {}, 'key_spend_limit_reached', 'month'],
    [
      'subject daily (account)',
      {},
      { subject_limit_daily_micros: 3 * ASSIST },
      'subject_spend_limit_reached',
      'day',
    ],
    [
      'subject monthly (key override)',
      { subject_limit_monthly_micros: 3 * ASSIST },
      { subject_limit_monthly_micros: 100 * ASSIST },
      'subject_spend_limit_reached',
      'month',
    ],
  ] as const)('%s limit worth 3 calls', (_label, keyLimits, accountLimits, code, window) => {
    it('30 concurrent calls: exactly 3 charged, 27 refused with 402 before any work', async () => {
      clock.set(NOW);
      const { accountId, keyId, key } = await limitedKey(keyLimits, accountLimits);
      const responses = await Promise.all(Array.from({ length: 30 }, () => assist(key, 'cust-a')));
      const ok = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 402);
      expect(ok).toHaveLength(3);
      expect(refused).toHaveLength(27);
      for (const r of refused) {
        expect(r.body.error.code).toBe(code);
        expect(r.headers['x-service-limit-window']).toBe(window);
        expect(r.headers['x-service-limit-usd']).toBe('0.030000');
        expect(r.headers['x-service-price-usd']).toBe('0.010000');
        if (code === 'subject_spend_limit_reached') {
          expect(r.body.error.param).toBe('x-subject');
          expect(r.body.error.message).toContain('`cust-a`');
        }
        const resets = {
          total: undefined,
          day: '2026-03-11T00:00:00.000Z',
          month: '2026-04-01T00:00:00.000Z',
        }[window];
        expect(r.headers['x-service-limit-resets-at']).toBe(resets);
        expect(r.headers['x-job-id']).toBeUndefined();
      }
      // Nothing charged, no job and no hold for a refused call; the ledger agrees with the balance.
      expect(await money(accountId)).toEqual({
        balance: GRANT - 3 * ASSIST,
        held: 0,
        ledger: GRANT - 3 * ASSIST,
        charges: 3,
        jobs: 3,
        holds: 3,
        pending: 0,
      });
      // Counting is always on: every window of the key and of the subject counted the 3 calls.
      const subject = `${accountId}:test:cust-a`;
      expect(await counter('key', keyId, 'total', '1970-01-01')).toBe(3 * ASSIST);
      expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(3 * ASSIST);
      expect(await counter('key', keyId, 'month', '2026-03-01')).toBe(3 * ASSIST);
      expect(await counter('subject', subject, 'day', '2026-03-10')).toBe(3 * ASSIST);
      expect(await counter('subject', subject, 'month', '2026-03-01')).toBe(3 * ASSIST);
      // The dashboard's read of the same counters.
      expect(await t.app.get(BillingService).keySpend([keyId])).toEqual([
        { keyId, totalMicros: 3 * ASSIST, dayMicros: 3 * ASSIST, monthMicros: 3 * ASSIST },
      ]);
    });
  });

  it('an async call (Prefer: respond-async) is refused the same way: 402, no job, nothing held', async () => {
    clock.set(NOW);
    const { accountId, key } = await limitedKey({ limit_daily_micros: ASSIST });
    expect((await assist(key, undefined, { Prefer: 'respond-async' })).status).toBe(202);
    const refused = await assist(key, undefined, { Prefer: 'respond-async' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('key_spend_limit_reached');
    const m = await money(accountId);
    expect(m.jobs).toBe(1);
    expect(m.holds).toBe(1);
  });

  it('a void gives its hold back to the windows: a failing call frees the limit', async () => {
    clock.set(NOW);
    const { accountId, keyId, key } = await limitedKey({ limit_daily_micros: 2 * SCAN_PER_REEL });
    const failed = await call(
      key,
      '/v1/scan',
      { query: 'sandbox-fail skincare', limit: 2 },
      {
        'x-subject': 'cust-v',
      },
    );
    expect(failed.status).toBe(502);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(0);
    expect(await counter('subject', `${accountId}:test:cust-v`, 'day', '2026-03-10')).toBe(0);
    expect(await counter('key', keyId, 'total', '1970-01-01')).toBe(0);
    // The whole limit is there again.
    const ok = await call(key, '/v1/scan', { query: 'home espresso for beginners', limit: 2 });
    expect(ok.status).toBe(200);
    const charged = Math.round(Number(ok.headers['x-service-charged-usd']) * 1e6);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(charged);
    expect((await money(accountId)).held).toBe(0);
  });

  it('a capture below the hold gives back the difference', async () => {
    clock.set(NOW);
    const limit = 20 * SCAN_PER_REEL;
    const { accountId, keyId, key } = await limitedKey({ limit_daily_micros: limit });
    // An empty result is free: the whole hold (20 reels) comes back.
    const empty = await call(key, '/v1/scan', { query: 'sandbox-empty dogs', limit: 20 });
    expect(empty.status).toBe(200);
    expect(empty.headers['x-service-charged-usd']).toBe('0.000000');
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(0);
    // A scan of 20 reels charges what it delivered; the counter keeps that, not the hold.
    const scan = await call(key, '/v1/scan', { query: 'home espresso for beginners', limit: 20 });
    expect(scan.status).toBe(200);
    const charged = Math.round(Number(scan.headers['x-service-charged-usd']) * 1e6);
    expect(charged).toBe(scan.body.reels.length * SCAN_PER_REEL);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(charged);
    const m = await money(accountId);
    expect(m.balance).toBe(GRANT - charged);
    expect(m.ledger).toBe(GRANT - charged);
  });

  it('the day window resets at UTC midnight (clock moved, no sleeps)', async () => {
    clock.set(new Date('2026-03-10T23:59:59.900Z'));
    const { accountId, keyId, key } = await limitedKey(
      { limit_daily_micros: 2 * ASSIST },
      { subject_limit_daily_micros: 2 * ASSIST },
    );
    expect((await assist(key, 's1')).status).toBe(200);
    expect((await assist(key, 's1')).status).toBe(200);
    const refused = await assist(key, 's1');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('key_spend_limit_reached');
    expect(refused.body.error.message).toMatch(/daily spend limit of 0\.020000 USD/);
    expect(refused.body.error.message).toContain('2026-03-11T00:00:00.000Z');
    expect(refused.headers['x-service-limit-resets-at']).toBe('2026-03-11T00:00:00.000Z');
    clock.set(new Date('2026-03-11T00:00:00.000Z'));
    expect((await assist(key, 's1')).status).toBe(200);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(2 * ASSIST);
    expect(await counter('key', keyId, 'day', '2026-03-11')).toBe(ASSIST);
    expect(await counter('subject', `${accountId}:test:s1`, 'day', '2026-03-11')).toBe(ASSIST);
  });

  /** A job opened with its hold (production's statement) for the key and subject, clock's now. */
  it('the month window resets on the first of the month; a total limit never resets', async () => {
    clock.set(new Date('2026-03-31T23:59:00.000Z'));
    const monthly = await limitedKey({ limit_monthly_micros: ASSIST });
    expect((await assist(monthly.key)).status).toBe(200);
    const refused = await assist(monthly.key);
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/monthly spend limit/);
    expect(refused.headers['x-service-limit-resets-at']).toBe('2026-04-01T00:00:00.000Z');
    clock.set(new Date('2026-04-01T00:00:00.000Z'));
    expect((await assist(monthly.key)).status).toBe(200);

    const total = await limitedKey({ limit_total_micros: ASSIST });
    expect((await assist(total.key)).status).toBe(200);
    clock.set(new Date('2027-06-01T00:00:00.000Z'));
    const still = await assist(total.key);
    expect(still.status).toBe(402);
    expect(still.headers['x-service-limit-window']).toBe('total');
    expect(still.headers['x-service-limit-resets-at']).toBeUndefined();
    expect(still.body.error.message).toMatch(/never resets/);
  });

  it('subject limits hold per subject: one exhausted, another still works; a key override wins', async () => {
    clock.set(NOW);
    const { accountId, key } = await limitedKey({}, { subject_limit_daily_micros: 2 * ASSIST });
    expect((await assist(key, 'alice')).status).toBe(200);
    expect((await assist(key, 'alice')).status).toBe(200);
    const refused = await assist(key, 'alice');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toEqual(
      expect.objectContaining({ code: 'subject_spend_limit_reached', param: 'x-subject' }),
    );
    expect((await assist(key, 'bob')).status).toBe(200);
    // No subject: no subject limit.
    expect((await assist(key)).status).toBe(200);
    expect((await money(accountId)).charges).toBe(4);

    // The same account's other key, whose own subject limit (1 call) overrides the account's.
    const other = await createKey(t.app, accountId, 'test');
    await db.query(`UPDATE api_keys SET subject_limit_daily_micros = $2 WHERE id = $1`, [
      other.id,
      ASSIST,
    ]);
    expect((await assist(other.key, 'carol')).status).toBe(200);
    expect((await assist(other.key, 'carol')).status).toBe(402);
    // The subject's spend is the account's: alice is spent through either key.
    expect((await assist(other.key, 'alice')).status).toBe(402);
  });

  it('a limit set later applies to what was already spent in its window', async () => {
    clock.set(NOW);
    const { keyId, key } = await limitedKey();
    expect((await assist(key)).status).toBe(200);
    expect((await assist(key)).status).toBe(200);
    await db.query(`UPDATE api_keys SET limit_daily_micros = $2 WHERE id = $1`, [
      keyId,
      2 * ASSIST,
    ]);
    expect((await assist(key)).status).toBe(402);
    await db.query(`UPDATE api_keys SET limit_daily_micros = NULL WHERE id = $1`, [keyId]);
    expect((await assist(key)).status).toBe(200);
  });

  it('a limit below one call refuses the first call; of two full windows the first in order is named', async () => {
    clock.set(NOW);
    // The key's month limit is below one call's price: the amount alone exceeds it.
    const low = await limitedKey({ limit_monthly_micros: ASSIST / 2 });
    const refused = await assist(low.key, 'erin');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('key_spend_limit_reached');
    expect(refused.headers['x-service-limit-window']).toBe('month');
    expect(refused.headers['x-service-limit-usd']).toBe('0.005000');
    // The statement failed as a whole: not even the windows counted before the refusal kept it.
    expect(await counter('key', low.keyId, 'total', '1970-01-01')).toBe(0);
    expect(await counter('key', low.keyId, 'day', '2026-03-10')).toBe(0);
    expect(await counter('subject', `${low.accountId}:test:erin`, 'day', '2026-03-10')).toBe(0);

    // The key's day and the subject's day both full: the key's window is counted first.
    const both = await limitedKey(
      { limit_daily_micros: ASSIST },
      { subject_limit_daily_micros: ASSIST },
    );
    expect((await assist(both.key, 'frank')).status).toBe(200);
    const second = await assist(both.key, 'frank');
    expect(second.status).toBe(402);
    expect(second.body.error.code).toBe('key_spend_limit_reached');
    expect(second.headers['x-service-limit-window']).toBe('day');
    // Only the subject's day full: the subject's window refuses, the key's windows roll back.
    await db.query(`UPDATE api_keys SET limit_daily_micros = NULL WHERE id = $1`, [both.keyId]);
    const third = await assist(both.key, 'frank');
    expect(third.status).toBe(402);
    expect(third.body.error.code).toBe('subject_spend_limit_reached');
    expect(third.headers['x-service-limit-window']).toBe('day');
    expect(await counter('key', both.keyId, 'day', '2026-03-10')).toBe(ASSIST);
    expect(await counter('key', both.keyId, 'total', '1970-01-01')).toBe(ASSIST);
  });

  it('short credit still answers 402 insufficient_credit, with nothing counted', async () => {
    clock.set(NOW);
    const { keyId, key } = await createFundedKey(t.app, { micros: 5_000 });
    const res = await assist(key, 'dave');
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_credit');
    expect(res.headers['x-service-balance-usd']).toBe('0.005000');
    expect(res.headers['x-service-price-usd']).toBe('0.010000');
    expect(await counter('key', keyId, 'total', '1970-01-01')).toBe(0);
  });

  it('a hold placed before midnight and voided after it gives back the day it counted', async () => {
    clock.set(new Date('2026-03-10T23:59:59.000Z'));
    const { accountId, keyId } = await limitedKey({ limit_daily_micros: ASSIST });
    const party = { accountId, keyId, subject: 'late' };
    const job = await open(party);
    await expect(open(party)).rejects.toMatchObject({ code: 'key_spend_limit_reached' });
    clock.set(new Date('2026-03-11T00:00:01.000Z'));
    const next = await open(party);
    expect((await settleFailure(t.app, job)).ended).toBe(true);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(0);
    expect(await counter('subject', `${accountId}:test:late`, 'day', '2026-03-10')).toBe(0);
    expect(await counter('key', keyId, 'day', '2026-03-11')).toBe(ASSIST);
    expect(await counter('key', keyId, 'total', '1970-01-01')).toBe(ASSIST);
    // A capture after midnight gives back, to the day it counted, what it did not charge.
    expect(await settleSuccess(t.app, next, 4_000)).toMatchObject({ ended: true, captured: true });
    expect(await counter('key', keyId, 'day', '2026-03-11')).toBe(4_000);
    expect(await counter('key', keyId, 'month', '2026-03-01')).toBe(4_000);
    expect((await money(accountId)).held).toBe(0);
  });

  it('the reaper gives back an expired hold; a reaped hold charged later counts its charge', async () => {
    clock.set(NOW);
    const { accountId, keyId } = await limitedKey({ limit_daily_micros: ASSIST });
    const job = await open({ accountId, keyId, subject: 'reaped' });
    await reap(job);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(0);
    expect(await counter('subject', `${accountId}:test:reaped`, 'month', '2026-03-01')).toBe(0);
    // The call outlived its hold but delivered: charged directly, and counted in its windows.
    expect(await settleReaped(job, 6_000)).toEqual({ charged: 6_000, balance: GRANT - 6_000 });
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(6_000);
    expect(await counter('key', keyId, 'total', '1970-01-01')).toBe(6_000);
    expect(await counter('subject', `${accountId}:test:reaped`, 'day', '2026-03-10')).toBe(6_000);
    const m = await money(accountId);
    expect(m).toMatchObject({ balance: GRANT - 6_000, ledger: GRANT - 6_000, held: 0 });
  });

  it('a reaped hold is charged late at most once: a second late charge is a no-op', async () => {
    clock.set(NOW);
    const { accountId, keyId } = await limitedKey({ limit_daily_micros: 10 * ASSIST });
    const party = { accountId, keyId, subject: 'twice' };
    const job = await open(party);
    await reap(job);
    expect(await settleReaped(job, 6_000)).toEqual({ charged: 6_000, balance: GRANT - 6_000 });
    expect(await settleAgain(job, 6_000)).toBeNull();
    expect(await settleSuccess(t.app, job, 6_000)).toMatchObject({ ended: false });
    // A captured hold is never charged again either.
    const captured = await open(party);
    expect(await settleSuccess(t.app, captured, ASSIST)).toMatchObject({ captured: true });
    expect(await settleSuccess(t.app, captured, ASSIST)).toMatchObject({
      ended: false,
      captured: false,
    });
    expect(await settleAgain(captured, ASSIST)).toBeNull();
    const m = await money(accountId);
    expect(m).toMatchObject({ balance: GRANT - 16_000, ledger: GRANT - 16_000, charges: 2 });
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(16_000);
    expect(await counter('subject', `${accountId}:test:twice`, 'day', '2026-03-10')).toBe(16_000);
  });

  it.each([
    ['the key', { limit_daily_micros: ASSIST }, {}],
    ['the subject', {}, { subject_limit_monthly_micros: ASSIST }],
  ])(
    "a reaped hold's late charge is free when %s window has no room left for it",
    async (_, keyLimits, accountLimits) => {
      clock.set(NOW);
      const { accountId, keyId } = await limitedKey(keyLimits, accountLimits);
      const party = { accountId, keyId, subject: 'full' };
      const job = await open(party);
      await reap(job);
      // Another call took the room the reaper gave back: the limit is reached again.
      const other = await open(party, ASSIST - 1_000);
      expect(await settleReaped(job, 6_000)).toEqual({ charged: 0, balance: GRANT });
      // Nothing was counted anywhere (all or nothing), nothing charged.
      expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(ASSIST - 1_000);
      expect(await counter('key', keyId, 'total', '1970-01-01')).toBe(ASSIST - 1_000);
      expect(await counter('subject', `${accountId}:test:full`, 'day', '2026-03-10')).toBe(
        ASSIST - 1_000,
      );
      expect(await counter('subject', `${accountId}:test:full`, 'month', '2026-03-01')).toBe(
        ASSIST - 1_000,
      );
      // Room made later does not revive the late charge: the job was settled once, for free.
      expect((await settleFailure(t.app, other)).ended).toBe(true);
      expect(await settleAgain(job, 6_000)).toBeNull();
      const m = await money(accountId);
      expect(m).toMatchObject({ balance: GRANT, ledger: GRANT, held: 0, charges: 0 });
    },
  );

  it('a late charge within the limit (spent + charge = limit) is charged', async () => {
    clock.set(NOW);
    const { accountId, keyId } = await limitedKey({ limit_total_micros: ASSIST });
    const party = { accountId, keyId, subject: null };
    const job = await open(party);
    await reap(job);
    await open(party, 4_000);
    expect((await settleReaped(job, 6_000))?.charged).toBe(6_000);
    expect(await counter('key', keyId, 'total', '1970-01-01')).toBe(ASSIST);
    expect((await money(accountId)).balance).toBe(GRANT - 6_000);
  });

  it.each([
    ['the limit is raised', 'raise'],
    ['the clock moves past UTC midnight', 'midnight'],
  ])(
    'a limit refusal is not stored under its Idempotency-Key: the same key runs once %s',
    async (_, how) => {
      clock.set(new Date('2026-03-10T23:59:00.000Z'));
      const { accountId, keyId, key } = await limitedKey({ limit_daily_micros: ASSIST });
      expect((await assist(key)).status).toBe(200);
      const headers = { 'idempotency-key': `limit-${how}-${randomUUID()}` };
      const refused = await assist(key, undefined, headers);
      expect(refused.status).toBe(402);
      expect(refused.body.error.code).toBe('key_spend_limit_reached');
      // Still refused while nothing changed (evaluated again, not replayed).
      const again = await assist(key, undefined, headers);
      expect(again.status).toBe(402);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      if (how === 'raise') {
        await db.query(`UPDATE api_keys SET limit_daily_micros = $2 WHERE id = $1`, [
          keyId,
          2 * ASSIST,
        ]);
      } else {
        clock.set(new Date('2026-03-11T00:00:00.000Z'));
      }
      const ran = await assist(key, undefined, headers);
      expect(ran.status).toBe(200);
      // And now that outcome is the key's: a retry replays it, charging nothing more.
      const replay = await assist(key, undefined, headers);
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(ran.body);
      expect((await money(accountId)).charges).toBe(2);
    },
  );

  it('a rolled key continues its predecessor spend: one shared limit during the grace', async () => {
    clock.set(NOW);
    const limit = 5 * ASSIST;
    const { accountId, keyId, key } = await limitedKey({ limit_daily_micros: limit });
    expect((await assist(key)).status).toBe(200);
    const keys = t.app.get(ApiKeysService);
    const { created } = await keys.roll(accountId, keyId, 3_600);
    // Both keys work during the grace; rolled, the spend is not reset and the limit not doubled.
    const views = await keys.list(accountId);
    for (const v of views) expect(v.spend?.dailyMicros).toBe(ASSIST);
    const calls = await Promise.all(
      Array.from({ length: 12 }, (_, i) => assist(i % 2 ? key : created.key)),
    );
    expect(calls.filter((r) => r.status === 200)).toHaveLength(4);
    expect(calls.filter((r) => r.status === 402).map((r) => r.body.error.code)).toEqual(
      Array(8).fill('key_spend_limit_reached'),
    );
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(limit);
    expect(await counter('key', created.id, 'day', '2026-03-10')).toBe(0);
    // Rolled again (the line goes on): still the same windows, still full.
    const next = await keys.roll(accountId, created.id, 0);
    const refused = await assist(next.created.key);
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('key_spend_limit_reached');
    const m = await money(accountId);
    expect(m).toMatchObject({ balance: GRANT - limit, charges: 5, held: 0 });
  });

  it('a re-hold of an accepted job (requeue, recovery) counts without the limit check', async () => {
    clock.set(NOW);
    const { accountId, keyId } = await limitedKey({
      limit_daily_micros: ASSIST,
      subject_limit_daily_micros: ASSIST,
    });
    const party = { accountId, keyId, subject: 'rq' };
    const job = await openJob(t.app, { ...party, amount: ASSIST, execution: 'async' });
    // Put back in the queue (its hold voided, given back); meanwhile another call takes the room.
    expect(await requeue(t.app, job)).toBe(true);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(0);
    await open(party);
    const { claimed, outcome } = await claimAndHold(t.app, job);
    expect(claimed.attempt).toBe(2);
    expect(outcome).toEqual({ holdId: expect.any(String) });
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(2 * ASSIST);
    expect(await counter('subject', `${accountId}:test:rq`, 'day', '2026-03-10')).toBe(2 * ASSIST);
    // New calls are still refused by the limit.
    await expect(open(party)).rejects.toMatchObject({ code: 'key_spend_limit_reached' });
    // The balance rule stays: a re-hold the available credit cannot cover is refused.
    await db.query(`UPDATE balances SET balance = held WHERE account_id = $1 AND mode = 'test'`, [
      accountId,
    ]);
    await db.query(`UPDATE jobs SET hold_id = NULL WHERE id = $1`, [job.id]);
    const jobs = t.app.get(JobAggregate);
    const rehold = { amount: ASSIST, ttlSeconds: 60, now: NOW };
    expect(await jobs.holdForAttempt({ ...attemptOfJob(claimed), holdId: null }, rehold)).toEqual({
      refused: expect.objectContaining({ code: 'insufficient_credit' }),
    });
    // And only the attempt that holds the job places one: a superseded attempt places nothing.
    await db.query(
      `UPDATE balances SET balance = balance + $2 WHERE account_id = $1 AND mode = 'test'`,
      [accountId, ASSIST],
    );
    expect(await jobs.holdForAttempt({ ...attemptOfJob(job), holdId: null }, rehold)).toBeNull();
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(2 * ASSIST);
  });

  it('a give-back larger than its window counted is clamped at zero, flagged and logged by Postgres', async () => {
    clock.set(NOW);
    const { accountId, keyId } = await limitedKey();
    const job = await open({ accountId, keyId, subject: null });
    // Simulate a disagreement (no real path does this): the day counted less than the hold.
    await db.query(`UPDATE spend_counters SET spent = 1000 WHERE owner = $1 AND period = 'day'`, [
      keyId,
    ]);
    // The void every settlement runs (void_hold), here on this test's connection so that the
    // warning Postgres logs with it can be read: it names the hold and the window.
    const notices: string[] = [];
    const listen = (notice: { severity?: string; message?: string }) =>
      notices.push(`${notice.severity}: ${notice.message}`);
    db.on('notice', listen);
    try {
      const { rows: voided } = await db.query(`SELECT void_hold($1) AS voided`, [job.holdId]);
      expect(voided).toEqual([{ voided: true }]);
    } finally {
      db.off('notice', listen);
    }
    expect(notices).toEqual([
      expect.stringMatching(
        new RegExp(
          `^WARNING: give-back of hold ${job.holdId} exceeded what window key_day \\(${keyId}, 2026-03-10\\) counted: clamped at zero$`,
        ),
      ),
    ]);
    // The job's settlement then finds no pending hold: nothing is given back twice.
    expect((await settleFailure(t.app, job)).ended).toBe(true);
    expect(await counter('key', keyId, 'day', '2026-03-10')).toBe(0);
    expect(await counter('key', keyId, 'month', '2026-03-01')).toBe(0);
    const { rows } = await db.query(
      `SELECT period, give_back_clamped FROM spend_counters WHERE owner = $1 ORDER BY period`,
      [keyId],
    );
    expect(rows).toEqual([
      { period: 'day', give_back_clamped: true },
      { period: 'month', give_back_clamped: false },
      { period: 'total', give_back_clamped: false },
    ]);
    expect((await money(accountId)).held).toBe(0);
  });
});
