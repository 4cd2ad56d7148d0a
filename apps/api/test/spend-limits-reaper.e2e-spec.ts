import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import type { Clock } from '../src/common/clock/clock';
import { JobLedger } from '../src/ledger/job-ledger.service';
import {
  chargeReapedHold,
  claimAndHold,
  openJob,
  requeue,
  settleFailure,
  settleSuccess,
} from './support/ledger-fixtures';
import type { TestApp } from './support/test-app';
import { ASSIST, GRANT, NOW, spendLimitsSuite } from './support/spend-limits-suite';

/**
 * Spend limits (docs/key-controls.md) on the real database: counted and enforced in the
 * statement that places the hold, so concurrency cannot overshoot them; given back by a void and
 * by a capture below the hold; windows taken from the injected clock.
 * Here: the reaper, late charges, rolled keys, re-holds and clamped give-backs.
 */
describe('spend limits: per key and per subject, in the money statement (e2e)', () => {
  const { state, limitedKey, assist, money, counter, open, reap, settleReaped } =
    spendLimitsSuite();
  let t: TestApp;
  let db: Client;
  let clock: Clock;
  beforeAll(() => ({ t, db, clock } = state));

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
    expect(await chargeReapedHold(t.app, job, 6_000)).toBeNull();
    expect(await settleSuccess(t.app, job, 6_000)).toMatchObject({ ended: false });
    // A captured hold is never charged again either.
    const captured = await open(party);
    expect(await settleSuccess(t.app, captured, ASSIST)).toMatchObject({ captured: true });
    expect(await settleSuccess(t.app, captured, ASSIST)).toMatchObject({
      ended: false,
      captured: false,
    });
    expect(await chargeReapedHold(t.app, captured, ASSIST)).toBeNull();
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
      expect(await chargeReapedHold(t.app, job, 6_000)).toBeNull();
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
    const ledger = t.app.get(JobLedger);
    const rehold = {
      amount: ASSIST,
      operation: 'assist',
      requestId: job.requestId,
      ttlSeconds: 60,
      keyId,
      subject: 'rq',
      now: NOW,
    };
    expect(await ledger.holdForAttempt({ ...claimed, from: 'running' }, rehold)).toEqual({
      refused: expect.objectContaining({ code: 'insufficient_credit' }),
    });
    // And only the attempt that holds the job places one: a superseded attempt places nothing.
    await db.query(
      `UPDATE balances SET balance = balance + $2 WHERE account_id = $1 AND mode = 'test'`,
      [accountId, ASSIST],
    );
    expect(await ledger.holdForAttempt({ ...job, from: 'running' }, rehold)).toBeNull();
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
