import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { KeyedLimiter } from './keyed-limiter';

/** A statement sent by name: Postgres parses and plans it once per connection, not per call. */
export interface PreparedStatement {
  /** Unique per text. */
  name: string;
  text: string;
}

/** The `pg` pool under a TypeORM data source (one pool: TypeORM's own). */
export function pgPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * Runs a hot-path statement as a named prepared statement on TypeORM's pool, skipping TypeORM's
 * query runner. For single statements outside a transaction (each is atomic on its own); a
 * PgBouncer in front of Postgres must then run in session mode, or in transaction mode with
 * `max_prepared_statements` set (PgBouncer ≥ 1.21).
 */
export async function runPrepared<Row>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const result = await pgPoolOf(dataSource).query({ ...statement, values });
  return result.rows as Row[];
}

/** The balance row (account and mode) a money statement locks. */
export interface BalanceRow {
  accountId: string;
  mode: string;
}

/**
 * Money statements in flight at once per balance row, per pool (each API instance has its
 * own). Every charged call locks its account's balance row twice (its hold, its settlement);
 * when many calls of one account arrive at once, Postgres queues them on that row's lock, and
 * each waiter costs CPU to wake, re-check the row and find its newest version. Measured on this
 * machine (docs/performance.md), one account's charged calls through the whole API: unqueued
 * 725 calls/s, 2 at a time 858 (Postgres CPU per call 1.5 → 0.8 ms); in alternating runs of a
 * later, slower hour, 2 at a time 757–763 calls/s, 3 at a time 802–887, 4 no better than 3.
 */
export const STATEMENTS_PER_BALANCE = 3;

const balanceLimiters = new WeakMap<Pool, KeyedLimiter>();

/**
 * runPrepared for a single money statement that locks one balance row (a hold, a settlement):
 * at most STATEMENTS_PER_BALANCE such statements per row run at once from this pool; the
 * others wait in arrival order before taking a connection. Only for statements on their own
 * (never inside a transaction): a waiting statement then holds no lock and no connection, so
 * the queue can never be part of a deadlock.
 */
export function runPreparedOnBalance<Row>(
  dataSource: DataSource,
  balance: BalanceRow,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const pool = pgPoolOf(dataSource);
  let limiter = balanceLimiters.get(pool);
  if (!limiter) {
    limiter = new KeyedLimiter(STATEMENTS_PER_BALANCE);
    balanceLimiters.set(pool, limiter);
  }
  return limiter.run(`${balance.accountId}:${balance.mode}`, () =>
    runPrepared<Row>(dataSource, statement, values),
  );
}
