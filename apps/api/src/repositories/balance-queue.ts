import { pgPoolOf, runPrepared, type PreparedStatement } from '@reelscout/database';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { KeyedConcurrencyLimiter } from '../common/async/concurrency-limiter';

/** The balance row (account and mode) a money statement locks. */
export interface BalanceRow {
  accountId: string;
  mode: string;
}

/**
 * Money statements in flight at once per balance row, per pool (each API instance has its
 * own). Every charged call locks its account's balance row twice (its hold, its settlement);
 * when many calls of one account arrive at once, Postgres queues them on that row's lock, and
 * each waiter costs CPU to wake, re-check the row and find its newest version. Waiting here
 * instead is cheaper; 3 was the best width measured (docs/performance.md, "Where the time goes").
 */
export const STATEMENTS_PER_BALANCE = 3;

const queues = new WeakMap<Pool, KeyedConcurrencyLimiter>();

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
  let queue = queues.get(pool);
  if (!queue) {
    queue = new KeyedConcurrencyLimiter(STATEMENTS_PER_BALANCE);
    queues.set(pool, queue);
  }
  return queue.run(`${balance.accountId}:${balance.mode}`, () =>
    runPrepared<Row>(dataSource, statement, values),
  );
}
