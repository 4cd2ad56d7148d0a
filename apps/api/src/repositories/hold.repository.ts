import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Micros, Mode } from '@reelscout/domain';
import { runPrepared, type PreparedStatement } from '@reelscout/database';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The three statements of every billed call, each one atomic round trip, sent as named
 * prepared statements (parsed and planned once per connection).
 */
const HOLD: PreparedStatement = {
  name: 'billing_hold',
  text: `WITH reserved AS (
           UPDATE balances SET held = held + $3, updated_at = now()
            WHERE account_id = $1 AND mode = $2 AND balance - held >= $3
            RETURNING account_id, mode)
         INSERT INTO holds (account_id, mode, amount, operation, request_id, expires_at)
         SELECT account_id, mode, $3, $4, $5, now() + make_interval(secs => $6) FROM reserved
         RETURNING id`,
};

/** Settle the pending hold, move the money, append the ledger entry. */
const CAPTURE: PreparedStatement = {
  name: 'billing_capture',
  text: `WITH settled AS (
           UPDATE holds SET status = 'captured', charged = $4, settled_at = now()
            WHERE id = $1 AND status = 'pending'
            RETURNING amount),
         moved AS (
           UPDATE balances SET held = held - settled.amount, balance = balance - $4, updated_at = now()
             FROM settled WHERE account_id = $2 AND mode = $3
             RETURNING balances.balance),
         entry AS (
           INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation, request_id)
           SELECT $2, $3, 'charge', -$4::bigint, moved.balance, $1, $5, $6 FROM moved WHERE $4::bigint > 0
           RETURNING 1)
         SELECT balance FROM moved`,
};

const VOID: PreparedStatement = {
  name: 'billing_void',
  text: `WITH voided AS (
           UPDATE holds SET status = 'voided', settled_at = now()
            WHERE id = $1 AND status = 'pending'
            RETURNING account_id, mode, amount)
         UPDATE balances b SET held = b.held - v.amount, updated_at = now()
           FROM voided v WHERE b.account_id = v.account_id AND b.mode = v.mode`,
};

export interface HoldMeta {
  operation: string | null;
  requestId: string | null;
}

/**
 * `holds`. Owned by LedgerModule (BillingService). A hold moves money with it, so its
 * statements also update `balances` (and capture appends to `ledger_entries`) in the same
 * statement: each is one atomic round trip (ARCHITECTURE §5).
 */
@Injectable()
export class HoldRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Reserves `amount` of the available balance and records the pending hold, in one
   * conditional statement. The hold's id, or null when the available balance is short.
   */
  async create(
    accountId: string,
    mode: Mode,
    amount: Micros,
    meta: HoldMeta & { ttlSeconds: number },
  ): Promise<string | null> {
    const rows = await runPrepared<{ id: string }>(this.dataSource, HOLD, [
      accountId,
      mode,
      amount,
      meta.operation,
      meta.requestId,
      meta.ttlSeconds,
    ]);
    return rows[0]?.id ?? null;
  }

  /**
   * Settles the pending hold for `charge`, releases the rest, debits the balance and appends the
   * charge's ledger entry (when `charge` > 0), in one statement. The balance after, or null when
   * the hold was not pending.
   */
  async capture(
    accountId: string,
    mode: Mode,
    holdId: string,
    charge: Micros,
    meta: HoldMeta,
  ): Promise<string | null> {
    const rows = await runPrepared<{ balance: string }>(this.dataSource, CAPTURE, [
      holdId,
      accountId,
      mode,
      charge,
      meta.operation,
      meta.requestId,
    ]);
    return rows.length === 1 ? rows[0].balance : null;
  }

  /** Voids a pending hold and releases its amount; a no-op for a settled one. */
  async void(holdId: string, manager?: EntityManager): Promise<void> {
    if (manager) await manager.query(VOID.text, [holdId]);
    else await runPrepared(this.dataSource, VOID, [holdId]);
  }

  /** Voids up to `limit` pending holds past their expiry and releases them; how many. */
  async voidExpired(limit: number): Promise<number> {
    const rows: { count: number }[] = await this.dataSource.query(
      `WITH expired AS (
         UPDATE holds SET status = 'voided', settled_at = now()
          WHERE id IN (SELECT id FROM holds WHERE status = 'pending' AND expires_at < now()
                        ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING account_id, mode, amount),
       sums AS (SELECT account_id, mode, sum(amount) AS amount FROM expired GROUP BY 1, 2),
       released AS (
         UPDATE balances b SET held = b.held - s.amount, updated_at = now()
           FROM sums s WHERE b.account_id = s.account_id AND b.mode = s.mode
           RETURNING 1)
       SELECT (SELECT count(*) FROM expired)::int AS count`,
      [limit],
    );
    return rows[0]?.count ?? 0;
  }
}
