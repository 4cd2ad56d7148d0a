import { Injectable } from '@nestjs/common';
import { DomainError, formatUsd } from '@reelscout/domain';
import {
  UsageRollupRepository,
  type UsageBucketQuery,
  type UsageBucketRow,
  type UsageDimension,
  type UsageRecordExportRow,
  type UsageScope,
} from '../repositories/usage-rollup.repository';
import { csvLine } from './csv';

export type { UsageDimension, UsageScope } from '../repositories/usage-rollup.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The longest range a query may span, per granularity. */
export const MAX_RANGE_DAYS = { day: 400, hour: 31 } as const;
/** The range when none is given. */
const DEFAULT_RANGE_DAYS = 30;

/** A query as the API takes it, validated field by field. */
export interface UsageRequest {
  from?: Date;
  to?: Date;
  granularity?: 'hour' | 'day';
  groupBy?: UsageDimension[];
  operation?: string;
  subject?: string;
  keyId?: string;
  source?: 'api' | 'dashboard';
}

export interface UsageBucket {
  start: string;
  end: string;
  operation?: string;
  subject?: string | null;
  key_id?: string | null;
  calls: number;
  charged_calls: number;
  charged_usd: string;
  refused_calls: number;
}

export interface UsageRecordItem {
  request_id: string;
  job_id: string | null;
  created_at: string;
  operation: string;
  market: string | null;
  subject: string | null;
  key_id: string | null;
  status: number;
  charged_usd: string;
  duration_ms: number;
}

export interface UsageListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

const invalid = (param: string, message: string) =>
  new DomainError('invalid_request', message, { param });

const encodeCursor = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
function decodeCursor(cursor: string | undefined, pattern: RegExp): string | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!pattern.test(text) || encodeCursor(text) !== cursor) {
    throw invalid('cursor', 'cursor must be the next_cursor of a previous page of this list.');
  }
  return text;
}

/**
 * Usage by API and in the dashboard, one query path for both: buckets read from the hourly
 * rollups, records read newest first, each as a page or as a CSV of every row.
 */
@Injectable()
export class UsageBucketsService {
  constructor(private readonly rollups: UsageRollupRepository) {}

  /** The request with its defaults, widened to whole buckets, or a 400 naming the field. */
  resolve(request: UsageRequest): UsageBucketQuery {
    const granularity = request.granularity ?? 'day';
    const unit = granularity === 'day' ? DAY_MS : HOUR_MS;
    const { from, to } = range(request, MAX_RANGE_DAYS[granularity], granularity);
    const groupBy = request.groupBy ?? [];
    return {
      from: new Date(Math.floor(from.getTime() / unit) * unit),
      to: new Date(Math.ceil(to.getTime() / unit) * unit),
      granularity,
      groupBy: (['operation', 'subject', 'key'] as const).filter((d) => groupBy.includes(d)),
      operation: request.operation,
      subject: request.subject,
      keyId: request.keyId,
      source: request.source,
    };
  }

  async buckets(
    scope: UsageScope,
    request: UsageRequest,
    page: { cursor?: string; limit: number },
  ): Promise<UsageListPage<UsageBucket>> {
    const q = this.resolve(request);
    const after = decodeCursor(page.cursor, /^\d{10}[\s\S]*$/);
    const rows = await this.rollups.buckets(scope, q, { after, limit: page.limit + 1 });
    const data = rows.slice(0, page.limit);
    const more = rows.length > page.limit;
    return {
      object: 'list',
      data: data.map((r) => toBucket(r, q)),
      has_more: more,
      next_cursor: more ? encodeCursor(data[data.length - 1].sort_key) : null,
    };
  }

  async records(
    scope: UsageScope,
    request: UsageRequest,
    page: { cursor?: string; limit: number },
  ): Promise<UsageListPage<UsageRecordItem>> {
    const q = this.recordsRange(request);
    const cursor = decodeCursor(page.cursor, /^-?\d{1,20}\.\d{1,19}$/);
    const before = cursor ? { atUs: cursor.split('.')[0], id: cursor.split('.')[1] } : undefined;
    const rows = await this.rollups.records(scope, q, { before, limit: page.limit + 1 });
    const data = rows.slice(0, page.limit);
    const more = rows.length > page.limit;
    const last = data[data.length - 1];
    return {
      object: 'list',
      data: data.map(toRecord),
      has_more: more,
      next_cursor: more ? encodeCursor(`${last.at_us}.${last.id}`) : null,
    };
  }

  /**
   * Every bucket as CSV lines (the header first), a batch at a time. The request is checked
   * now, so a bad one is a 400 before anything is streamed.
   */
  bucketsCsv(scope: UsageScope, request: UsageRequest): AsyncGenerator<string> {
    return this.bucketLines(scope, this.resolve(request));
  }

  private async *bucketLines(scope: UsageScope, q: UsageBucketQuery): AsyncGenerator<string> {
    const columns = ['start', 'end', ...q.groupBy.map((d) => (d === 'key' ? 'key_id' : d))];
    columns.push('calls', 'charged_calls', 'charged_usd', 'refused_calls');
    yield csvLine(columns);
    for await (const rows of this.rollups.stream<UsageBucketRow>(
      this.rollups.bucketsSql(scope, q, {}),
    )) {
      yield rows
        .map((r) => {
          const b = toBucket(r, q) as unknown as Record<string, unknown>;
          return csvLine(columns.map((c) => b[c] as string | number | null));
        })
        .join('');
    }
  }

  /** Every matching record as CSV lines, newest first (checked now, like bucketsCsv). */
  recordsCsv(scope: UsageScope, request: UsageRequest): AsyncGenerator<string> {
    return this.recordLines(scope, this.recordsRange(request));
  }

  private async *recordLines(scope: UsageScope, q: UsageBucketQuery): AsyncGenerator<string> {
    const columns = [
      'request_id',
      'job_id',
      'created_at',
      'operation',
      'market',
      'subject',
      'key_id',
      'status',
      'charged_usd',
      'duration_ms',
    ] as const;
    yield csvLine([...columns]);
    const sql = this.rollups.recordsSql(scope, q, {});
    for await (const rows of this.rollups.stream<UsageRecordExportRow>(sql)) {
      yield rows
        .map((r) => {
          const item = toRecord(r);
          return csvLine(columns.map((c) => item[c]));
        })
        .join('');
    }
  }

  /** The records' range: the defaults and limit of day buckets, to the instant asked. */
  private recordsRange(request: UsageRequest): UsageBucketQuery {
    return {
      ...this.resolve({ ...request, groupBy: [] }),
      ...range(request, MAX_RANGE_DAYS.day, 'day'),
    };
  }
}

/** `from`/`to` with their defaults (the last 30 days, to now), at most `maxDays` apart. */
function range(
  request: UsageRequest,
  maxDays: number,
  granularity: string,
): { from: Date; to: Date } {
  const to = request.to ?? new Date();
  const from = request.from ?? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (to.getTime() <= from.getTime()) throw invalid('to', 'to must be after from.');
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) {
    throw invalid(
      request.to ? 'to' : 'from',
      `With granularity=${granularity}, from and to may be at most ${maxDays} days apart.`,
    );
  }
  return { from, to };
}

function toBucket(r: UsageBucketRow, q: UsageBucketQuery): UsageBucket {
  const start = new Date(r.start);
  const unit = q.granularity === 'day' ? DAY_MS : HOUR_MS;
  const bucket: UsageBucket = {
    start: start.toISOString(),
    end: new Date(start.getTime() + unit).toISOString(),
    calls: 0,
    charged_calls: 0,
    charged_usd: '',
    refused_calls: 0,
  };
  if (q.groupBy.includes('operation')) bucket.operation = r.operation;
  if (q.groupBy.includes('subject')) bucket.subject = r.subject ?? null;
  if (q.groupBy.includes('key')) bucket.key_id = r.key_id ?? null;
  bucket.calls = Number(r.calls);
  bucket.charged_calls = Number(r.charged_calls);
  bucket.charged_usd = formatUsd(Number(r.charged));
  bucket.refused_calls = Number(r.refused_calls);
  return bucket;
}

function toRecord(r: UsageRecordExportRow): UsageRecordItem {
  return {
    request_id: r.request_id,
    job_id: r.job_id,
    created_at: new Date(r.created_at).toISOString(),
    operation: r.operation,
    market: r.market,
    subject: r.subject,
    key_id: r.key_id,
    status: r.status,
    charged_usd: formatUsd(Number(r.charged)),
    duration_ms: r.duration_ms,
  };
}
