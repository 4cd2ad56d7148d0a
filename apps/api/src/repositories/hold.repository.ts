import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Micros, Mode } from '@reelscout/domain';
import { runPrepared, type PreparedStatement } from '@reelscout/database';
import { runPreparedOnBalance } from './balance-queue';
import { DataSource, type EntityManager } from 'typeorm';
import {
  clampedColumn,
  giveBackCte,
  holdRefusalOf,
  warnIfClamped,
} from './spend-counter.repository';

/**
 * The three statements of every billed call, each one atomic round trip, sent as named
 * prepared statements (parsed and planned once per connection).
 */
const HOLD: PreparedStatement = {
  name: 'billing_hold',
  // place_hold (migration 1763700700000): the balance reserved, the key's and subject's
  // windows counted within their limits, the hold inserted; or SQLSTATE RS402, nothing written.
  text: `SELECT place_hold($1, $2, $3, $7, $8, $4, $5, $6, $9) AS id`,
};

/** Settle the pending hold, move the money, append the ledger entry. */
const CAPTURE: PreparedStatement = {
  name: 'billing_capture',
  text: `WITH settled AS (
           UPDATE holds SET status = 'captured', charged = $4, settled_at = now()
            WHERE id = $1 AND status = 'pending'
            RETURNING account_id, mode, amount, key_owner, subject, day_start, month_start),
         moved AS (
           UPDATE balances SET held = held - settled.amount, balance = balance - $4, updated_at = now()
             FROM settled WHERE balances.account_id = $2 AND balances.mode = $3
             RETURNING balances.balance),
         entry AS (
           INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation, request_id)
           SELECT $2, $3, 'charge', -$4::bigint, moved.balance, $1, $5, $6 FROM moved WHERE $4::bigint > 0
           RETURNING 1),
         ${giveBackCte('given', 'SELECT settled.*, settled.amount - $4::bigint AS back FROM settled', 'moved')}
         SELECT balance, ${clampedColumn('given')} FROM moved`,
};

/** Void the pending hold, release its amount, give its windows back what it counted. */
const VOID: PreparedStatement = {
  name: 'billing_void',
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

/**
 * The late charge of a hold the reaper voided (`charge_reaped_hold`, migration 1763700700000):
 * once per hold (a second capture is a no-op), only if the available balance still covers it
 * and every window the hold counted still has room for it under its limit (read fresh), all or
 * nothing. The balance after, or null when nothing was charged (the call is free, nothing
 * counted).
 */
const CHARGE_VOIDED: PreparedStatement = {
  name: 'billing_charge_voided',
  text: `SELECT charge_reaped_hold($1, $2, $3, $4) AS balance`,
};

/**
 * The reaper's statement: up to $1 pending holds past their expiry voided, released and given
 * back. It scans `holds_pending_expiry_idx` (migration 1763701300000), whose predicate
 * `expires_at < now()` implies.
 */
export const VOID_EXPIRED_SQL = `WITH expired AS (
         UPDATE holds SET status = 'voided', settled_at = now()
          WHERE id IN (SELECT id FROM holds WHERE status = 'pending' AND expires_at < now()
                        ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING account_id, mode, amount, key_owner, subject, day_start, month_start),
       sums AS (SELECT account_id, mode, sum(amount) AS amount FROM expired GROUP BY 1, 2),
       released AS (
         UPDATE balances b SET held = b.held - s.amount, updated_at = now()
           FROM sums s WHERE b.account_id = s.account_id AND b.mode = s.mode
           RETURNING 1),
       ${giveBackCte('given', 'SELECT expired.*, expired.amount AS back FROM expired', 'released')}
       SELECT (SELECT count(*) FROM expired)::int AS count, ${clampedColumn('given')}`;

/** This file's prepared statements, for status-index-plans.e2e-spec.ts (see JOB_MONEY_STATEMENTS). */
export const HOLD_MONEY_STATEMENTS: readonly PreparedStatement[] = [
  HOLD,
  CAPTURE,
  VOID,
  CHARGE_VOIDED,
];

export interface HoldMeta {
  operation: string | null;
  requestId: string | null;
}

/** Whose spend a hold counts (its key's and subject's windows) and the clock of its windows. */
export interface HoldSpender {
  keyId: string | null;
  subject: string | null;
  now: Date;
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
   * Reserves `amount` of the available balance, counts it in the spender's windows within their
   * limits and records the pending hold, in one statement. The hold's id; throws HoldRefused
   * (nothing written) when the balance or a limit refuses.
   */
  async create(
    accountId: string,
    mode: Mode,
    amount: Micros,
    meta: HoldMeta & { ttlSeconds: number },
    spender: HoldSpender = { keyId: null, subject: null, now: new Date() },
  ): Promise<string> {
    try {
      const rows = await runPreparedOnBalance<{ id: string }>(
        this.dataSource,
        { accountId, mode },
        HOLD,
        [
          accountId,
          mode,
          amount,
          meta.operation,
          meta.requestId,
          meta.ttlSeconds,
          spender.keyId,
          spender.subject,
          spender.now,
        ],
      );
      return rows[0].id;
    } catch (error) {
      throw holdRefusalOf(error, spender.now);
    }
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
    const rows = await runPreparedOnBalance<{ balance: string; clamped: unknown }>(
      this.dataSource,
      { accountId, mode },
      CAPTURE,
      [holdId, accountId, mode, charge, meta.operation, meta.requestId],
    );
    warnIfClamped(rows[0]?.clamped, { holdId });
    return rows.length === 1 ? rows[0].balance : null;
  }

  /**
   * Charges a reaped hold, directly, with the charge counted in the hold's windows (see
   * CHARGE_VOIDED); the balance after, or null when nothing was charged (not a reaped hold, a
   * hold already charged, the available balance short, or a window's limit reached).
   */
  async chargeVoided(
    holdId: string,
    accountId: string,
    mode: Mode,
    charge: Micros,
    manager: EntityManager,
  ): Promise<string | null> {
    const rows: { balance: string | null }[] = await manager.query(CHARGE_VOIDED.text, [
      holdId,
      accountId,
      mode,
      charge,
    ]);
    return rows[0]?.balance ?? null;
  }

  /** Whether the hold was captured (by a settlement; a hold the reaper voided was not). */
  async isCaptured(holdId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM holds WHERE id = $1 AND status = 'captured'`,
      [holdId],
    );
    return rows.length > 0;
  }

  /** Voids a pending hold, releases its amount and gives back its windows; a no-op for a settled one. */
  async void(holdId: string, manager?: EntityManager): Promise<void> {
    const rows: { clamped: unknown }[] = manager
      ? await manager.query(VOID.text, [holdId])
      : await runPrepared(this.dataSource, VOID, [holdId]);
    warnIfClamped(rows[0]?.clamped, { holdId });
  }

  /** Voids up to `limit` pending holds past their expiry and releases them; how many. */
  async voidExpired(limit: number): Promise<number> {
    const rows: { count: number; clamped: unknown }[] = await this.dataSource.query(
      VOID_EXPIRED_SQL,
      [limit],
    );
    warnIfClamped(rows[0]?.clamped, { reaper: true });
    return rows[0]?.count ?? 0;
  }
}
