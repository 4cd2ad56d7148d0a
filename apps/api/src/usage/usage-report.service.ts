import { Injectable } from '@nestjs/common';
import {
  formatUsd,
  type DailySpendView,
  type Micros,
  type Mode,
  type UsageGroupBy,
  type UsageGroupView,
  type UsagePageView,
  type UsageView,
} from '@reelscout/domain';
import {
  UsageRecordRepository,
  type UsageFilter,
  type UsageGroupRow,
  type UsageRecordRow,
} from '../repositories/usage-record.repository';
import { UsageRollupRepository, type UsageScope } from '../repositories/usage-rollup.repository';

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
  source: r.source,
});

const toGroupView = (r: UsageGroupRow): UsageGroupView => ({
  group: r.group,
  keyName: r.key_name,
  keyStart: r.key_start === null ? null : `${r.key_start}…`,
  calls: r.calls,
  chargedMicros: Number(r.charged),
});

/**
 * The dashboard's read model of usage: the account's calls as pages, CSV and daily spend, and
 * the month's spend. Every query is scoped to the signed-in account.
 */
@Injectable()
export class UsageReportService {
  constructor(
    private readonly records: UsageRecordRepository,
    private readonly rollups: UsageRollupRepository,
  ) {}

  async usage(
    accountId: string,
    filter: UsageFilter,
    options: { cursor?: string; limit: number; groupBy?: UsageGroupBy },
  ): Promise<UsagePageView> {
    const [rows, groups] = await Promise.all([
      this.records.getNewestFirst(accountId, filter, {
        before: options.cursor,
        limit: options.limit + 1,
      }),
      options.groupBy ? this.groups(accountId, filter, options.groupBy) : null,
    ]);
    const items = rows.slice(0, options.limit).map(toUsageView);
    return {
      items,
      nextCursor: rows.length > options.limit ? items[items.length - 1].id : null,
      groups,
    };
  }

  /**
   * Calls and spend per key or per subject over every matching call, most charged first: read
   * from the hourly rollups, as `/v1/usage` reads them (the range in whole hours).
   */
  async groups(
    accountId: string,
    filter: UsageFilter,
    by: UsageGroupBy,
  ): Promise<UsageGroupView[]> {
    const rows = await this.rollups.groupTotals(scopeOf(accountId, filter), filter, by);
    return rows.map((r) => toGroupView({ ...r }));
  }

  /**
   * Every matching call as CSV (capped), for the dashboard's export; with `groupBy`, one row per
   * key or subject instead (calls and charge).
   */
  async usageCsv(
    accountId: string,
    filter: UsageFilter,
    options: { groupBy?: UsageGroupBy; cap?: number } = {},
  ): Promise<string> {
    if (options.groupBy) {
      const groups = await this.groups(accountId, filter, options.groupBy);
      const header =
        options.groupBy === 'key' ? 'key_id,key,calls,charge_usd' : 'subject,calls,charge_usd';
      const lines = groups.map((g) =>
        (options.groupBy === 'key'
          ? [g.group ?? '', keyLabel(g.keyName, g.keyStart), g.calls, formatUsd(g.chargedMicros)]
          : [g.group ?? '', g.calls, formatUsd(g.chargedMicros)]
        )
          .map(csvCell)
          .join(','),
      );
      return [header, ...lines].join('\n') + '\n';
    }
    const rows = await this.records.getNewestFirstWithKeys(accountId, filter, {
      limit: options.cap ?? 50_000,
    });
    const header =
      'time,request_id,operation,mode,key_id,key,subject,market,status,error_code,charge_usd,duration_ms,source';
    const lines = rows.map((r) => {
      const u = toUsageView(r);
      return [
        u.createdAt,
        u.requestId,
        u.operation,
        u.mode,
        u.keyId ?? '',
        keyLabel(r.key_name, r.key_start === null ? null : `${r.key_start}…`),
        u.subject ?? '',
        u.market ?? '',
        u.status,
        u.errorCode ?? '',
        formatUsd(u.chargedMicros),
        u.durationMs,
        u.source,
      ]
        .map(csvCell)
        .join(',');
    });
    return [header, ...lines].join('\n') + '\n';
  }

  /** Spend per UTC day and operation, from the hourly rollups like `/v1/usage`. */
  async dailySpend(accountId: string, filter: UsageFilter): Promise<DailySpendView[]> {
    const rows = await this.rollups.dailyByOperation(scopeOf(accountId, filter), filter);
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

/** The dashboard sees the whole account, in the mode filtered (or both). */
const scopeOf = (accountId: string, filter: UsageFilter): UsageScope => ({
  accountId,
  mode: filter.mode ?? null,
  confinedTo: null,
});

/** A key as the CSV names it: its label and display start, `production (rs_live_AbCd…)`. */
function keyLabel(name: string | null, start: string | null): string {
  if (name === null) return '';
  return start === null ? name : `${name} (${start})`;
}

/** Quotes a CSV cell; neutralises spreadsheet formulas in user-controlled text. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
