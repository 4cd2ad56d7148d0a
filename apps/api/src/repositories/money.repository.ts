import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Micros, Mode } from '@reelscout/domain';
import { pgPoolOf, runPrepared } from '@reelscout/database';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { KeyedConcurrencyLimiter } from '../common/async/concurrency-limiter';
import { namedStatement, type NamedStatement } from './named-sql';

/**
 * Money statements in flight at once per balance row, per pool (each API instance has its
 * own). Every charged call locks its account's balance row twice (its hold, its settlement);
 * when many calls of one account arrive at once, Postgres queues them on that row's lock, and
 * each waiter costs CPU to wake, re-check the row and find its newest version. Waiting here
 * instead is cheaper; 3 was the best width measured (docs/performance.md, "Where the time goes").
 */
export const STATEMENTS_PER_BALANCE = 3;

const queues = new WeakMap<Pool, KeyedConcurrencyLimiter>();

/** The reaper (`reap_expired_holds`): how many expired holds it voided. */
export const REAP_EXPIRED = namedStatement(
  'money_reap_expired',
  ['limit'] as const,
  (p) => `SELECT reap_expired_holds(${p.limit}::int) AS count`,
);

/** `add_credit`: the balance after, or null when the purchase was already credited. */
export const ADD_CREDIT = namedStatement(
  'money_add_credit',
  ['account', 'mode', 'kind', 'amount', 'reference', 'reason'] as const,
  (p) => `SELECT add_credit(${p.account}, ${p.mode}, ${p.kind}, ${p.amount}::bigint,
                            ${p.reference}, ${p.reason}) AS balance_after`,
);

/** `reverse_credit`: takes back what the available balance holds, the rest becomes shortfall. */
export const REVERSE_CREDIT = namedStatement(
  'money_reverse_credit',
  ['account', 'mode', 'amount', 'disputes', 'kind', 'reference', 'reason'] as const,
  (p) => `SELECT reverse_credit(${p.account}, ${p.mode}, ${p.amount}::bigint, ${p.disputes}::int,
                                ${p.kind}, ${p.reference}, ${p.reason}) AS taken`,
);

/** The money module's own statements, for status-index-plans.e2e-spec.ts. */
export const MONEY_STATEMENTS = [ADD_CREDIT, REVERSE_CREDIT] as const;

/**
 * The money module's calls of libs/database/src/sql/money.sql that are not a job's (the reaper,
 * credit and its reversals), and the per-balance-row queue every money statement is sent
 * through, the job aggregate's too (`send`). Provided by MoneyModule. A statement sent on its
 * own waits its turn on its balance row's queue (at most STATEMENTS_PER_BALANCE at a time per
 * pool, the rest in arrival order, holding no lock and no connection while they wait, so the
 * queue can never be part of a deadlock); in a caller's `manager`, it runs on that
 * transaction's connection and never queues.
 */
@Injectable()
export class MoneyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Voids up to `limit` pending holds past their expiry; how many. */
  async reapExpired(limit: number): Promise<number> {
    const rows = await runPrepared<{ count: number }>(
      this.dataSource,
      REAP_EXPIRED,
      REAP_EXPIRED.values({ limit }),
    );
    return rows[0].count;
  }

  /**
   * Adds credit with its ledger entry (`add_credit`: the balance row created if missing, a
   * shortfall paid first); the balance after, or null when `reference` was already credited as
   * a purchase.
   */
  async addCredit(
    party: { accountId: string; mode: Mode },
    entry: { kind: string; amount: Micros; reference: string | null; reason: string | null },
    manager?: EntityManager,
  ): Promise<Micros | null> {
    const values = ADD_CREDIT.values({ account: party.accountId, mode: party.mode, ...entry });
    const [row] = await this.send<{ balance_after: string | null }>(
      ADD_CREDIT,
      values,
      party,
      manager,
    );
    return row.balance_after === null ? null : Number(row.balance_after);
  }

  /**
   * Takes back credit Stripe gave back to the payer (`reverse_credit`, in the caller's
   * transaction); `disputes` moves the count of open disputes. The amount taken.
   */
  async reverseCredit(
    party: { accountId: string; mode: Mode },
    entry: { kind: 'payment_refund' | 'chargeback'; amount: Micros; disputes: -1 | 0 | 1 },
    note: { reference: string; reason: string },
    manager: EntityManager,
  ): Promise<Micros> {
    const at = { account: party.accountId, mode: party.mode };
    const values = REVERSE_CREDIT.values({ ...at, ...entry, ...note });
    const [row] = await this.send<{ taken: string }>(REVERSE_CREDIT, values, party, manager);
    return Number(row.taken);
  }

  /**
   * Sends a statement that moves the money of `balance`'s row: in `manager`'s transaction on
   * its connection (prepared once per connection; an expected RS402 is not logged as a failed
   * query), else on the row's queue.
   */
  async send<Row>(
    statement: NamedStatement<string>,
    values: unknown[],
    balance: { accountId: string; mode: string },
    manager?: EntityManager,
  ): Promise<Row[]> {
    if (!manager) {
      const pool = pgPoolOf(this.dataSource);
      let queue = queues.get(pool);
      if (!queue) {
        queue = new KeyedConcurrencyLimiter(STATEMENTS_PER_BALANCE);
        queues.set(pool, queue);
      }
      return queue.run(`${balance.accountId}:${balance.mode}`, () =>
        runPrepared<Row>(this.dataSource, statement, values),
      );
    }
    const client = (
      manager.queryRunner as unknown as { databaseConnection?: PoolClient } | undefined
    )?.databaseConnection;
    if (!client) return manager.query(statement.text, values);
    const { name, text } = statement;
    return (await client.query<Row & QueryResultRow>({ name, text, values })).rows;
  }
}
