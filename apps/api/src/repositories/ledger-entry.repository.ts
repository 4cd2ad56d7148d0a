import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';

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

/**
 * `ledger_entries`, append-only: the reads. Entries are appended by the statements that move
 * money (the functions of money.sql). Owned by MoneyModule (BillingService).
 */
@Injectable()
export class LedgerEntryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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
