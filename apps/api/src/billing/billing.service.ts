import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, formatUsd, type Micros, type Mode, type Operation } from '@reelscout/domain';
import { runPrepared, type PreparedStatement } from '@reelscout/database';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';

export type CreditKind = 'purchase' | 'grant' | 'refund' | 'adjustment';

export interface Hold {
  id: string;
  accountId: string;
  mode: Mode;
  amount: Micros;
}

export interface BalanceView {
  balance: Micros;
  held: Micros;
  available: Micros;
}

export interface CaptureResult {
  charged: Micros;
  balance: Micros;
}

/** The subset of the caller billing needs. */
export interface BillingParty {
  accountId: string;
  mode: Mode;
}

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

const toMicros = (value: string | number | null | undefined): Micros => Number(value ?? 0);

/**
 * The one money path every operation uses (ARCHITECTURE §5):
 * hold (one conditional UPDATE, or 402) → work → capture (charge the actual amount, release the
 * rest, append a ledger entry, one transaction) or void. Balances can never go negative: the
 * conditional update and the table's CHECK both forbid it, under any concurrency.
 */
@Injectable()
export class BillingService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Billing');
  private reaper?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  onModuleInit(): void {
    const everyMs = this.config.get('HOLD_REAPER_INTERVAL_MS', { infer: true });
    if (everyMs > 0) {
      this.reaper = setInterval(() => {
        this.reapExpiredHolds().catch((error: unknown) =>
          this.logger.warn({ err: error }, 'hold reaper failed'),
        );
      }, everyMs);
      this.reaper.unref();
    }
  }

  onModuleDestroy(): void {
    if (this.reaper) clearInterval(this.reaper);
  }

  /** Reserves `amount` for one call, or throws 402 insufficient_credit before any work. */
  async hold(
    party: BillingParty,
    amount: Micros,
    meta: { operation?: Operation | string; requestId?: string; ttlMs: number },
  ): Promise<Hold> {
    const rows = await runPrepared<{ id: string }>(this.dataSource, HOLD, [
      party.accountId,
      party.mode,
      amount,
      meta.operation ?? null,
      meta.requestId ?? null,
      meta.ttlMs / 1000,
    ]);
    if (rows.length === 0) {
      const { balance, available } = await this.balance(party);
      throw new DomainError(
        'insufficient_credit',
        `This call needs ${formatUsd(amount)} USD of available ${party.mode} credit; ${formatUsd(available)} USD is available. Add credit in the dashboard.`,
        { headers: { 'x-service-balance-usd': formatUsd(balance) } },
      );
    }
    return { id: rows[0].id, accountId: party.accountId, mode: party.mode, amount };
  }

  /**
   * Charges `charge` (≤ the hold) and releases the rest, appending the ledger entry, in one
   * transaction. A hold the reaper already voided (a call that outlived its deadline) is charged
   * directly only if the credit is still there; otherwise the call is free.
   */
  async capture(
    hold: Hold,
    charge: Micros,
    meta: { operation?: string; requestId?: string } = {},
  ): Promise<CaptureResult> {
    if (!Number.isSafeInteger(charge) || charge < 0 || charge > hold.amount) {
      throw new RangeError(`charge ${charge} is outside [0, ${hold.amount}]`);
    }
    // The usual case, in one statement (one round trip, atomic).
    const rows = await runPrepared<{ balance: string }>(this.dataSource, CAPTURE, [
      hold.id,
      hold.accountId,
      hold.mode,
      charge,
      meta.operation ?? null,
      meta.requestId ?? null,
    ]);
    if (rows.length === 1) return { charged: charge, balance: toMicros(rows[0].balance) };
    return this.captureSettledHold(hold, charge, meta);
  }

  /**
   * A hold the reaper already voided (a call that outlived its deadline and margin): charge
   * directly, only if the credit is still available; otherwise the call is free.
   */
  private captureSettledHold(
    hold: Hold,
    charge: Micros,
    meta: { operation?: string; requestId?: string },
  ): Promise<CaptureResult> {
    this.logger.warn({ holdId: hold.id }, 'capturing a hold that is no longer pending');
    return this.dataSource.transaction(async (manager) => {
      const balanceRows: { balance: string }[] = charge
        ? await manager.query(
            `WITH b AS (
               UPDATE balances SET balance = balance - $3, updated_at = now()
                WHERE account_id = $1 AND mode = $2 AND balance - held >= $3
                RETURNING balance)
             SELECT balance FROM b`,
            [hold.accountId, hold.mode, charge],
          )
        : [];
      if (balanceRows.length === 0) {
        return { charged: 0, balance: (await this.balance(hold, manager)).balance };
      }
      const balance = toMicros(balanceRows[0].balance);
      await manager.query(
        `INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation, request_id)
         VALUES ($1, $2, 'charge', $3, $4, $5, $6, $7)`,
        [
          hold.accountId,
          hold.mode,
          -charge,
          balance,
          hold.id,
          meta.operation ?? null,
          meta.requestId ?? null,
        ],
      );
      return { charged: charge, balance };
    });
  }

  /** Releases a hold without charging. Safe to call twice, or after capture (no-op). */
  async void(hold: Pick<Hold, 'id'>): Promise<void> {
    await runPrepared(this.dataSource, VOID, [hold.id]);
  }

  /** Voids holds whose request died (their expiry is the deadline plus a margin). */
  async reapExpiredHolds(limit = 500): Promise<number> {
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
    const count = rows[0]?.count ?? 0;
    if (count > 0) this.logger.warn({ count }, 'voided expired holds');
    return count;
  }

  /**
   * Adds credit (purchase, grant, refund or a positive adjustment) with its ledger entry.
   * `reference` makes a purchase idempotent: the same reference never credits twice.
   * Returns null when that reference was already credited.
   */
  async credit(
    party: BillingParty,
    amount: Micros,
    entry: { kind: CreditKind; reason?: string; reference?: string },
    manager?: EntityManager,
  ): Promise<{ balance: Micros } | null> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError('credit must be positive');
    const run = async (m: EntityManager) => {
      await m.query(
        `INSERT INTO balances (account_id, mode) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [party.accountId, party.mode],
      );
      if (entry.kind === 'purchase' && entry.reference) {
        const seen: unknown[] = await m.query(
          `SELECT 1 FROM ledger_entries WHERE kind = 'purchase' AND reference = $1`,
          [entry.reference],
        );
        if (seen.length > 0) return null;
      }
      const rows: { balance: string }[] = await m.query(
        `WITH b AS (
           UPDATE balances SET balance = balance + $3, updated_at = now()
            WHERE account_id = $1 AND mode = $2 RETURNING balance)
         SELECT balance FROM b`,
        [party.accountId, party.mode, amount],
      );
      const balance = toMicros(rows[0].balance);
      await m.query(
        `INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, reference, reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          party.accountId,
          party.mode,
          entry.kind,
          amount,
          balance,
          entry.reference ?? null,
          entry.reason ?? null,
        ],
      );
      return { balance };
    };
    if (manager) return run(manager);
    try {
      return await this.dataSource.transaction(run);
    } catch (error) {
      // Two concurrent credits of one purchase: the unique reference lets exactly one through.
      if ((error as { code?: string }).code === '23505' && entry.kind === 'purchase') return null;
      throw error;
    }
  }

  async balance(
    party: BillingParty,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BalanceView> {
    const rows: { balance: string; held: string }[] = await manager.query(
      `SELECT balance, held FROM balances WHERE account_id = $1 AND mode = $2`,
      [party.accountId, party.mode],
    );
    const balance = toMicros(rows[0]?.balance);
    const held = toMicros(rows[0]?.held);
    return { balance, held, available: balance - held };
  }

  async balances(accountId: string): Promise<Record<Mode, BalanceView>> {
    const [live, test] = await Promise.all([
      this.balance({ accountId, mode: 'live' }),
      this.balance({ accountId, mode: 'test' }),
    ]);
    return { live, test };
  }
}
