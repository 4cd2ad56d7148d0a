import type { Client } from 'pg';
import type { Clock } from '../src/common/clock/clock';
import { BillingService } from '../src/ledger/billing.service';
import { createKey, createFundedKey } from './support/fixtures';
import type { TestApp } from './support/test-app';
import { ASSIST, GRANT, NOW, SCAN_PER_REEL, spendLimitsSuite } from './support/spend-limits-suite';

/**
 * Spend limits (docs/key-controls.md) on the real database: counted and enforced in the
 * statement that places the hold, so concurrency cannot overshoot them; given back by a void and
 * by a capture below the hold; windows taken from the injected clock.
 * Here: enforcement, give-backs and the windows' resets (reaper and late charges: spend-limits-reaper).
 */
describe('spend limits: per key and per subject, in the money statement (e2e)', () => {
  const { state, limitedKey, call, assist, money, counter } = spendLimitsSuite();
  let t: TestApp;
  let db: Client;
  let clock: Clock;
  beforeAll(() => ({ t, db, clock } = state));

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
});
