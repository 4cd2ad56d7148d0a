import type { Micros, Mode } from '@reelscout/domain';
import { runPrepared, type PreparedStatement } from '@reelscout/database';
import type { DataSource } from 'typeorm';

/**
 * Bench only: the least a Postgres ledger can do for one charged call, two statements and no
 * job row: a hold (`place_hold`, the same function production's job statement calls) and its
 * capture. Production runs neither alone (every paid call is a job: the job aggregate); the benches
 * use them as a fixed floor to compare the paid call's path against, so a change to that path
 * moves the ratio and a change to the floor cannot.
 */
/**
 * The give-back of a settled hold's spend windows, as production's statements wrote it before the
 * money moved into money.sql's functions: kept here verbatim so the floor stays fixed.
 */
function giveBackCte(name: string, source: string, lockedFirst: string): string {
  return `${name} AS (
    UPDATE spend_counters c SET spent = greatest(c.spent - g.back, 0),
                                give_back_clamped = c.spent < g.back
      FROM (SELECT w.scope, w.owner, w.period, w.period_start, sum(s.back) AS back
              FROM (${source}) s CROSS JOIN LATERAL (VALUES
                ('key', s.key_owner::text, 'total', DATE '1970-01-01'),
                ('key', s.key_owner::text, 'day', s.day_start),
                ('key', s.key_owner::text, 'month', s.month_start),
                ('subject', s.account_id::text || ':' || s.mode || ':' || s.subject, 'day', s.day_start),
                ('subject', s.account_id::text || ':' || s.mode || ':' || s.subject, 'month', s.month_start)
              ) AS w(scope, owner, period, period_start)
             WHERE w.owner IS NOT NULL AND w.period_start IS NOT NULL
               AND s.back > 0 AND (SELECT count(*) FROM ${lockedFirst}) > 0
             GROUP BY 1, 2, 3, 4) g
     WHERE c.scope = g.scope AND c.owner = g.owner AND c.period = g.period
       AND c.period_start = g.period_start
    RETURNING c.scope, c.owner, c.period, c.period_start, c.give_back_clamped AS clamped)`;
}

function clampedColumn(name: string): string {
  return `(SELECT json_agg(json_build_object('scope', scope, 'owner', owner, 'period', period,
             'periodStart', period_start)) FROM ${name} WHERE clamped) AS clamped`;
}

const HOLD: PreparedStatement = {
  name: 'bench_bare_hold',
  text: `SELECT place_hold($1, $2, $3, NULL, NULL, 'assist', NULL, $4, now()) AS id`,
};

const CAPTURE: PreparedStatement = {
  name: 'bench_bare_capture',
  text: `WITH settled AS (
           UPDATE holds SET status = 'captured', charged = $4, settled_at = now()
            WHERE id = $1 AND status = 'pending'
            RETURNING account_id, mode, amount, key_owner, subject, day_start, month_start),
         moved AS (
           UPDATE balances SET held = held - settled.amount, balance = balance - $4, updated_at = now()
             FROM settled WHERE balances.account_id = $2 AND balances.mode = $3
             RETURNING balances.balance),
         entry AS (
           INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation)
           SELECT $2, $3, 'charge', -$4::bigint, moved.balance, $1, 'assist' FROM moved WHERE $4::bigint > 0
           RETURNING 1),
         ${giveBackCte('given', 'SELECT settled.*, settled.amount - $4::bigint AS back FROM settled', 'moved')}
         SELECT balance, ${clampedColumn('given')} FROM moved`,
};

const VOID: PreparedStatement = {
  name: 'bench_bare_void',
  text: `WITH voided AS (
           UPDATE holds SET status = 'voided', settled_at = now()
            WHERE id = $1 AND status = 'pending'
            RETURNING account_id, mode, amount, key_owner, subject, day_start, month_start),
         released AS (
           UPDATE balances b SET held = b.held - (SELECT amount FROM voided), updated_at = now()
            WHERE (b.account_id, b.mode) = (SELECT account_id, mode FROM voided)
           RETURNING 1),
         ${giveBackCte('given', 'SELECT voided.*, voided.amount AS back FROM voided', 'released')}
         SELECT ${clampedColumn('given')}`,
};

/** Holds `amount`, then captures `charge` of it; the balance after. */
export async function bareHoldAndCapture(
  dataSource: DataSource,
  party: { accountId: string; mode: Mode },
  amount: Micros,
  charge: Micros,
): Promise<number> {
  const [{ id }] = await runPrepared<{ id: string }>(dataSource, HOLD, [
    party.accountId,
    party.mode,
    amount,
    120,
  ]);
  const [row] = await runPrepared<{ balance: string }>(dataSource, CAPTURE, [
    id,
    party.accountId,
    party.mode,
    charge,
  ]);
  return Number(row.balance);
}

/** The hold alone (then `bareCapture`, or `bareVoid` for a path that fails after holding). */
export async function bareHold(
  dataSource: DataSource,
  party: { accountId: string; mode: Mode },
  amount: Micros,
): Promise<string> {
  const [{ id }] = await runPrepared<{ id: string }>(dataSource, HOLD, [
    party.accountId,
    party.mode,
    amount,
    120,
  ]);
  return id;
}

export async function bareCapture(
  dataSource: DataSource,
  party: { accountId: string; mode: Mode },
  holdId: string,
  charge: Micros,
): Promise<number> {
  const [row] = await runPrepared<{ balance: string }>(dataSource, CAPTURE, [
    holdId,
    party.accountId,
    party.mode,
    charge,
  ]);
  return Number(row.balance);
}

export async function bareVoid(dataSource: DataSource, holdId: string): Promise<void> {
  await runPrepared(dataSource, VOID, [holdId]);
}
