import { type Client } from 'pg';
import request from 'supertest';
import { Clock } from '../../src/common/clock/clock';
import { BillingService } from '../../src/ledger/billing.service';
import { createFundedKey } from './fixtures';
import { chargeReapedHold, openJob, settleSuccess, type OpenedJob } from './ledger-fixtures';
import { createTestApp, type TestApp } from './test-app';

export const ASSIST = 10_000;
export const SCAN_PER_REEL = 7_500;
export const GRANT = 10_000_000;

export type KeyLimit = 'limit_total_micros' | 'limit_daily_micros' | 'limit_monthly_micros';
export type SubjectLimit = 'subject_limit_daily_micros' | 'subject_limit_monthly_micros';

export const NOW = new Date('2026-03-10T12:00:00.000Z');

/**
 * The app, database client, clock and helpers the spend-limits specs share. Call it inside the
 * spec's `describe`: it registers the hooks, and `state` is filled in by `beforeAll`.
 */
export function spendLimitsSuite() {
  const state = {} as { t: TestApp; db: Client; clock: Clock };
  const server = () => state.t.app.getHttpServer();

  beforeAll(async () => {
    state.t = await createTestApp({
      env: {
        HOLD_REAPER_INTERVAL_MS: '0',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
        RATE_LIMIT_IN_FLIGHT_PER_KEY: '1000',
      },
    });
    state.db = state.t.sql;
    state.clock = state.t.app.get(Clock);
  });

  afterAll(async () => {
    state.clock.set(null);
    await state.t.close();
  });

  afterEach(() => state.clock.set(null));

  async function limitedKey(
    limits: Partial<Record<KeyLimit | SubjectLimit, number>> = {},
    accountLimits: Partial<Record<SubjectLimit, number>> = {},
  ) {
    const { account, keyId, key: secret } = await createFundedKey(state.t.app, { micros: GRANT });
    const key = { id: keyId, key: secret };
    for (const [column, value] of Object.entries(limits)) {
      await state.db.query(`UPDATE api_keys SET ${column} = $2 WHERE id = $1`, [key.id, value]);
    }
    for (const [column, value] of Object.entries(accountLimits)) {
      await state.db.query(`UPDATE accounts SET ${column} = $2 WHERE id = $1`, [account.id, value]);
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
    const { rows } = await state.db.query(
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
    const { rows } = await state.db.query(
      `SELECT spent FROM spend_counters
        WHERE scope = $1 AND owner = $2 AND period = $3 AND period_start = $4::date`,
      [scope, owner, period, start],
    );
    return rows.length ? Number(rows[0].spent) : 0;
  }

  const open = (
    party: { accountId: string; keyId: string; subject: string | null },
    amount = ASSIST,
  ) => openJob(state.t.app, { ...party, amount });

  /** Expires the job's hold and runs the reaper: the hold voided, given back. */
  async function reap(job: OpenedJob): Promise<void> {
    await state.db.query(
      `UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [job.holdId],
    );
    expect(await state.t.app.get(BillingService).reapExpiredHolds()).toBeGreaterThanOrEqual(1);
  }

  /**
   * Settles the success of a job whose hold was reaped, as production does: the settlement
   * captures nothing, then the late charge is made (when there is room); what it charged.
   */
  async function settleReaped(job: OpenedJob, charge: number) {
    expect(await settleSuccess(state.t.app, job, charge)).toMatchObject({
      ended: true,
      captured: false,
    });
    return chargeReapedHold(state.t.app, job, charge);
  }

  return { state, server, limitedKey, call, assist, money, counter, open, reap, settleReaped };
}
