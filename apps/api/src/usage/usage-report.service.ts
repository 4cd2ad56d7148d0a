import { Injectable } from '@nestjs/common';
import {
  formatUsd,
  type DailySpendView,
  type Micros,
  type Mode,
  type UsagePageView,
  type UsageView,
} from '@reelscout/domain';
import {
  UsageRecordRepository,
  type UsageFilter,
  type UsageRecordRow,
} from '../repositories/usage-record.repository';

export type { UsageFilter } from '../repositories/usage-record.repository';

const toUsageView = (r: UsageRecordRow): UsageView => ({
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

/**
 * The dashboard's read model of usage: the account's calls as pages, CSV and daily spend, and
 * the month's spend. Every query is scoped to the signed-in account.
 */
@Injectable()
export class UsageReportService {
  constructor(private readonly records: UsageRecordRepository) {}

  async usage(
    accountId: string,
    filter: UsageFilter,
    options: { cursor?: string; limit: number },
  ): Promise<UsagePageView> {
    const rows = await this.records.getNewestFirst(accountId, filter, {
      before: options.cursor,
      limit: options.limit + 1,
    });
    const items = rows.slice(0, options.limit).map(toUsageView);
    return { items, nextCursor: rows.length > options.limit ? items[items.length - 1].id : null };
  }

  /** Every matching call as CSV (capped), for the dashboard's export. */
  async usageCsv(accountId: string, filter: UsageFilter, cap = 50_000): Promise<string> {
    const rows = await this.records.getNewestFirst(accountId, filter, { limit: cap });
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
  async dailySpend(accountId: string, filter: UsageFilter): Promise<DailySpendView[]> {
    const rows = await this.records.getDailySpend(accountId, filter);
    return rows.map((r) => ({
      day: r.day,
      operation: r.operation,
      chargedMicros: Number(r.charged),
      calls: r.calls,
    }));
  }

  spendSince(accountId: string, mode: Mode, since: Date): Promise<Micros> {
    return this.records.getSpendSince(accountId, mode, since);
  }
}

/** Quotes a CSV cell; neutralises spreadsheet formulas in user-controlled text. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
