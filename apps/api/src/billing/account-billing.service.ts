import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  formatUsd,
  type LedgerEntryView,
  type Micros,
  type Mode,
  type UsageView,
} from '@reelscout/domain';
import { DataSource } from 'typeorm';

/** The ledger's filters; `from` inclusive, `to` exclusive, as for usage. */
export interface LedgerFilter {
  mode?: Mode;
  operation?: string;
  from?: Date;
  to?: Date;
}

export interface UsageFilter extends LedgerFilter {
  subject?: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

interface UsageRow {
  id: string;
  request_id: string;
  created_at: Date;
  operation: string;
  mode: Mode;
  subject: string | null;
  market: string | null;
  status: number;
  error_code: string | null;
  charged: string;
  duration_ms: number;
  key_id: string | null;
}

const toUsageView = (r: UsageRow): UsageView => ({
  id: r.id,
  requestId: r.request_id,
  createdAt: r.created_at.toISOString(),
  operation: r.operation,
  mode: r.mode,
  subject: r.subject,
  market: r.market,
  status: r.status,
  errorCode: r.error_code,
  chargedMicros: Number(r.charged),
  durationMs: r.duration_ms,
  keyId: r.key_id,
});

/** Read side of billing for the dashboard. Every query is scoped to the signed-in account. */
@Injectable()
export class AccountBillingService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async ledger(
    accountId: string,
    filter: LedgerFilter,
    options: { cursor?: string; limit: number },
  ): Promise<Page<LedgerEntryView>> {
    const rows: {
      id: string;
      mode: Mode;
      kind: string;
      amount: string;
      balance_after: string;
      operation: string | null;
      request_id: string | null;
      reason: string | null;
      created_at: Date;
    }[] = await this.dataSource.query(
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
        options.cursor ?? null,
        options.limit + 1,
      ],
    );
    const items = rows.slice(0, options.limit).map((r) => ({
      id: r.id,
      mode: r.mode,
      kind: r.kind,
      amountMicros: Number(r.amount),
      balanceAfterMicros: Number(r.balance_after),
      operation: r.operation,
      requestId: r.request_id,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
    }));
    return { items, nextCursor: rows.length > options.limit ? items[items.length - 1].id : null };
  }

  private usageWhere(
    accountId: string,
    filter: UsageFilter,
    first = 1,
  ): { sql: string; params: unknown[] } {
    const n = (i: number) => `$${first + i}`;
    return {
      sql: `account_id = ${n(0)}
        AND (${n(1)}::text IS NULL OR mode = ${n(1)})
        AND (${n(2)}::text IS NULL OR operation = ${n(2)})
        AND (${n(3)}::text IS NULL OR subject = ${n(3)})
        AND (${n(4)}::timestamptz IS NULL OR created_at >= ${n(4)})
        AND (${n(5)}::timestamptz IS NULL OR created_at < ${n(5)})`,
      params: [
        accountId,
        filter.mode ?? null,
        filter.operation ?? null,
        filter.subject ?? null,
        filter.from ?? null,
        filter.to ?? null,
      ],
    };
  }

  async usage(
    accountId: string,
    filter: UsageFilter,
    options: { cursor?: string; limit: number },
  ): Promise<Page<UsageView>> {
    const where = this.usageWhere(accountId, filter);
    const rows: UsageRow[] = await this.dataSource.query(
      `SELECT id, request_id, created_at, operation, mode, subject, market, status, error_code, charged, duration_ms, key_id
         FROM usage_records
        WHERE ${where.sql} AND ($7::bigint IS NULL OR id < $7)
        ORDER BY id DESC LIMIT $8`,
      [...where.params, options.cursor ?? null, options.limit + 1],
    );
    const items = rows.slice(0, options.limit).map(toUsageView);
    return { items, nextCursor: rows.length > options.limit ? items[items.length - 1].id : null };
  }

  /** Every matching call as CSV (capped), for the dashboard's export. */
  async usageCsv(accountId: string, filter: UsageFilter, cap = 50_000): Promise<string> {
    const where = this.usageWhere(accountId, filter);
    const rows: UsageRow[] = await this.dataSource.query(
      `SELECT id, request_id, created_at, operation, mode, subject, market, status, error_code, charged, duration_ms, key_id
         FROM usage_records WHERE ${where.sql} ORDER BY id DESC LIMIT $7`,
      [...where.params, cap],
    );
    const header =
      'time,request_id,operation,mode,subject,market,status,error_code,charge_usd,duration_ms';
    const lines = rows
      .map(toUsageView)
      .map((u) =>
        [
          u.createdAt,
          u.requestId,
          u.operation,
          u.mode,
          u.subject ?? '',
          u.market ?? '',
          u.status,
          u.errorCode ?? '',
          formatUsd(u.chargedMicros),
          u.durationMs,
        ]
          .map(csvCell)
          .join(','),
      );
    return [header, ...lines].join('\n') + '\n';
  }

  /** Spend per UTC day and operation. */
  async dailySpend(
    accountId: string,
    filter: UsageFilter,
  ): Promise<{ day: string; operation: string; chargedMicros: Micros; calls: number }[]> {
    const where = this.usageWhere(accountId, filter);
    const rows: { day: string; operation: string; charged: string; calls: number }[] =
      await this.dataSource.query(
        `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, operation,
              sum(charged)::bigint AS charged, count(*)::int AS calls
         FROM usage_records WHERE ${where.sql}
        GROUP BY 1, 2 ORDER BY 1, 2`,
        where.params,
      );
    return rows.map((r) => ({
      day: r.day,
      operation: r.operation,
      chargedMicros: Number(r.charged),
      calls: r.calls,
    }));
  }

  async spendSince(accountId: string, mode: Mode, since: Date): Promise<Micros> {
    const rows: { charged: string | null }[] = await this.dataSource.query(
      `SELECT sum(charged)::bigint AS charged FROM usage_records WHERE account_id = $1 AND mode = $2 AND created_at >= $3`,
      [accountId, mode, since],
    );
    return Number(rows[0]?.charged ?? 0);
  }
}

/** Quotes a CSV cell; neutralises spreadsheet formulas in user-controlled text. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
