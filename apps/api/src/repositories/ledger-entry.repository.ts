import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Micros, Mode } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

/** The ledger's filters; `from` inclusive, `to` exclusive, as for usage. */
export interface LedgerFilter {
  mode?: Mode;
  operation?: string;
  from?: Date;
  to?: Date;
}

export interface LedgerEntryRow {
  id: string;
  mode: Mode;
  kind: string;
  amount: string;
  balance_after: string;
  operation: string | null;
  request_id: string | null;
  reason: string | null;
  created_at: Date;
}

export interface NewChargeEntry {
  /** Negative: a charge takes money. */
  amount: Micros;
  balanceAfter: Micros;
  holdId: string;
  operation: string | null;
  requestId: string | null;
}

export interface NewCreditEntry {
  kind: string;
  amount: Micros;
  balanceAfter: Micros;
  reference: string | null;
  reason: string | null;
}

/**
 * `ledger_entries`, append-only. Owned by LedgerModule (BillingService). Captures of pending
 * holds append their entry in HoldRepository's capture statement (one atomic round trip).
 */
@Injectable()
export class LedgerEntryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async createCharge(
    accountId: string,
    mode: Mode,
    entry: NewChargeEntry,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation, request_id)
       VALUES ($1, $2, 'charge', $3, $4, $5, $6, $7)`,
      [
        accountId,
        mode,
        entry.amount,
        entry.balanceAfter,
        entry.holdId,
        entry.operation,
        entry.requestId,
      ],
    );
  }

  async createCredit(
    accountId: string,
    mode: Mode,
    entry: NewCreditEntry,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, reference, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        accountId,
        mode,
        entry.kind,
        entry.amount,
        entry.balanceAfter,
        entry.reference,
        entry.reason,
      ],
    );
  }

  /** Whether a purchase with this reference was credited (references are unique among them). */
  async hasPurchase(reference: string, manager: EntityManager): Promise<boolean> {
    const seen: unknown[] = await manager.query(
      `SELECT 1 FROM ledger_entries WHERE kind = 'purchase' AND reference = $1`,
      [reference],
    );
    return seen.length > 0;
  }

  /** The account's entries, newest first: at most `limit`, older than the `before` id. */
  getNewestFirst(
    accountId: string,
    filter: LedgerFilter,
    page: { before?: string; limit: number },
  ): Promise<LedgerEntryRow[]> {
    return this.dataSource.query(
      `SELECT id, mode, kind, amount, balance_after, operation, request_id, reason, created_at
         FROM ledger_entries
        WHERE account_id = $1
          AND ($2::text IS NULL OR mode = $2)
          AND ($3::text IS NULL OR operation = $3)
          AND ($4::timestamptz IS NULL OR created_at >= $4)
          AND ($5::timestamptz IS NULL OR created_at < $5)
          AND ($6::bigint IS NULL OR id < $6)
        ORDER BY id DESC LIMIT $7`,
      [
        accountId,
        filter.mode ?? null,
        filter.operation ?? null,
        filter.from ?? null,
        filter.to ?? null,
        page.before ?? null,
        page.limit,
      ],
    );
  }
}
