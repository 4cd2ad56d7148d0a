import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A balance row's place in the audit's walk, in (account_id, mode) order. */
export interface AuditCursor {
  accountId: string;
  mode: string;
}

export interface AuditedBalance {
  account_id: string;
  mode: string;
  /** Its balance is not the sum of its ledger entries, or its held not the sum of its pending holds. */
  mismatch: boolean;
}

/**
 * The batch after the cursor, each row checked against the money invariants in one statement (one
 * snapshot, so a settlement in flight cannot look like a mismatch). The ledger sum reads the
 * account's index; the pending holds are few.
 */
const AUDIT_SQL = `WITH batch AS (
    SELECT account_id, mode, balance, held FROM balances
     WHERE (account_id, mode::text) > ($1::uuid, $2::text)
     ORDER BY account_id, mode LIMIT $3),
  pending AS (
    SELECT h.account_id, h.mode::text AS mode, sum(h.amount) AS held
      FROM holds h JOIN batch b ON b.account_id = h.account_id AND b.mode::text = h.mode::text
     WHERE h.status = 'pending'
     GROUP BY h.account_id, h.mode)
  SELECT b.account_id, b.mode::text AS mode,
         b.balance <> coalesce((SELECT sum(l.amount) FROM ledger_entries l
                                 WHERE l.account_id = b.account_id AND l.mode = b.mode), 0)
         OR b.held <> coalesce(p.held, 0) AS mismatch
    FROM batch b LEFT JOIN pending p ON p.account_id = b.account_id AND p.mode = b.mode::text
   ORDER BY b.account_id, b.mode`;

/**
 * `balances` read against `ledger_entries` and `holds`: the money audit's one statement. Read
 * only. Owned by ObservabilityModule (MoneyAudit).
 */
@Injectable()
export class BalanceAuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Up to `limit` balance rows after `after`, each with whether it breaks an invariant. */
  auditAfter(after: AuditCursor, limit: number): Promise<AuditedBalance[]> {
    return this.dataSource.query(AUDIT_SQL, [after.accountId, after.mode, limit]);
  }
}
