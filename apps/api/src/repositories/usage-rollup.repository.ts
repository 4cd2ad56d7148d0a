import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { SqlParams } from './sql-params';

/** Whose usage: an account, one mode or both, and for a restricted key only its key line. */
export interface UsageScope {
  accountId: string;
  mode: Mode | null;
  /** A key line (`api_keys.spend_owner`): only the records of its keys. Null: the account's. */
  confinedTo: string | null;
}

/** What to count; `from` inclusive, `to` exclusive, both on bucket boundaries. */
export interface UsageBucketQuery {
  from: Date;
  to: Date;
  granularity: 'hour' | 'day';
  groupBy: readonly UsageDimension[];
  operation?: string;
  subject?: string;
  keyId?: string;
  source?: 'api' | 'dashboard';
}

export type UsageDimension = 'operation' | 'subject' | 'key';

export interface UsageBucketRow {
  start: Date;
  operation?: string;
  subject?: string | null;
  key_id?: string | null;
  calls: string;
  charged_calls: string;
  charged: string;
  refused_calls: string;
  /** The row's place in the order, for the next page's cursor. */
  sort_key: string;
}

export interface UsageRecordExportRow {
  id: string;
  request_id: string;
  /** The job's public id (`job_` and its uuid's hex, as /v1/jobs shows it). */
  job_id: string | null;
  created_at: Date;
  /** `created_at` in microseconds since the epoch, for the cursor. */
  at_us: string;
  operation: string;
  market: string | null;
  subject: string | null;
  key_id: string | null;
  status: number;
  charged: string;
  duration_ms: number;
}

const COLUMN: Record<UsageDimension, string> = {
  operation: 'operation',
  subject: 'subject',
  key: 'key_id',
};

/** The scope and filters over `usage_rollups_hourly` or `usage_records` (same columns). */
function scopeWhere(
  p: SqlParams,
  scope: UsageScope,
  q: Omit<UsageBucketQuery, 'granularity' | 'groupBy' | 'from' | 'to'>,
): string[] {
  const account = p.add(scope.accountId);
  const where = [`account_id = ${account}`];
  if (scope.mode) where.push(`mode = ${p.add(scope.mode)}`);
  if (scope.confinedTo) {
    where.push(
      `key_id IN (SELECT k.id FROM api_keys k
                   WHERE k.account_id = ${account} AND k.spend_owner = ${p.add(scope.confinedTo)}::uuid)`,
    );
  }
  if (q.operation) where.push(`operation = ${p.add(q.operation)}`);
  if (q.subject) where.push(`subject = ${p.add(q.subject)}`);
  if (q.keyId) where.push(`key_id = ${p.add(q.keyId)}::uuid`);
  if (q.source) where.push(`source = ${p.add(q.source)}`);
  return where;
}

/**
 * The usage reads: buckets from `usage_rollups_hourly` (kept by a trigger on `usage_records`, so
 * a bucket costs what its hours cost, whatever the history behind it) and the raw records, newest
 * first. Both page by keyset and both run as a server-side cursor for a CSV of any size.
 */
@Injectable()
export class UsageRollupRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The buckets query: rows ordered by start, then each grouped dimension (nulls first). */
  bucketsSql(
    scope: UsageScope,
    q: UsageBucketQuery,
    page: { after?: string; limit?: number },
  ): { text: string; values: unknown[] } {
    const p = new SqlParams();
    const where = scopeWhere(p, scope, q);
    where.push(`hour >= ${p.add(q.from)}`, `hour < ${p.add(q.to)}`);
    const unit = p.add(q.granularity);
    const dims = q.groupBy.map((d) => COLUMN[d]);
    const select = dims.map((c) => `${c}`).join(', ');
    // A sortable text per row: the bucket's start, then each dimension ('' for null sorts first).
    const sortKey = [
      `to_char(start AT TIME ZONE 'UTC', 'YYYYMMDDHH24')`,
      ...dims.map((c) => `coalesce(${c}::text, '')`),
    ].join(` || E'\\x1f' || `);
    const after = page.after === undefined ? null : p.add(page.after);
    const limit = page.limit === undefined ? '' : `LIMIT ${p.add(page.limit)}`;
    const text = `
      SELECT * FROM (
        SELECT start, ${select ? `${select}, ` : ''}calls, charged_calls, charged, refused_calls,
               ${sortKey} AS sort_key
          FROM (SELECT date_trunc(${unit}, hour, 'UTC') AS start${select ? `, ${select}` : ''},
                       sum(calls)::bigint AS calls, sum(charged_calls)::bigint AS charged_calls,
                       sum(charged)::bigint AS charged, sum(refused_calls)::bigint AS refused_calls
                  FROM usage_rollups_hourly
                 WHERE ${where.join(' AND ')}
                 GROUP BY 1${dims.map((_, i) => `, ${i + 2}`).join('')}) b
         WHERE calls > 0) s
      ${after ? `WHERE sort_key COLLATE "C" > ${after}` : ''}
      ORDER BY sort_key COLLATE "C"
      ${limit}`;
    return { text, values: p.values };
  }

  buckets(scope: UsageScope, q: UsageBucketQuery, page: { after?: string; limit: number }) {
    const { text, values } = this.bucketsSql(scope, q, page);
    return this.dataSource.query(text, values) as Promise<UsageBucketRow[]>;
  }

  /**
   * Calls and charge per key or per subject over the whole range, most charged first (the
   * dashboard's groups), with the key's label and display start.
   */
  groupTotals(
    scope: UsageScope,
    q: Omit<UsageBucketQuery, 'granularity' | 'groupBy' | 'from' | 'to'> & {
      from?: Date;
      to?: Date;
    },
    by: 'key' | 'subject',
    limit = 1_000,
  ): Promise<
    {
      group: string | null;
      key_name: string | null;
      key_start: string | null;
      calls: number;
      charged: string;
    }[]
  > {
    const p = new SqlParams();
    const where = scopeWhere(p, scope, q);
    if (q.from) where.push(`hour >= date_trunc('hour', ${p.add(q.from)}::timestamptz, 'UTC')`);
    if (q.to) where.push(`hour < ${p.add(q.to)}`);
    const column = by === 'key' ? 'key_id::text' : 'subject';
    return this.dataSource.query(
      `SELECT g.grp AS "group", k.name AS key_name, k.display_start AS key_start, g.calls, g.charged
         FROM (SELECT ${column} AS grp, sum(calls)::int AS calls, sum(charged)::bigint AS charged
                 FROM usage_rollups_hourly WHERE ${where.join(' AND ')}
                GROUP BY 1 HAVING sum(calls) > 0
                ORDER BY 3 DESC, 2 DESC, 1 LIMIT ${p.add(limit)}) g
         LEFT JOIN api_keys k ON ${by === 'key' ? 'k.id::text = g.grp' : 'false'}
        ORDER BY g.charged DESC, g.calls DESC, g.grp`,
      p.values,
    );
  }

  /** Spend and calls per UTC day and operation over the range, oldest first. */
  dailyByOperation(
    scope: UsageScope,
    q: Omit<UsageBucketQuery, 'granularity' | 'groupBy' | 'from' | 'to'> & {
      from?: Date;
      to?: Date;
    },
  ): Promise<{ day: string; operation: string; charged: string; calls: number }[]> {
    const p = new SqlParams();
    const where = scopeWhere(p, scope, q);
    if (q.from) where.push(`hour >= date_trunc('hour', ${p.add(q.from)}::timestamptz, 'UTC')`);
    if (q.to) where.push(`hour < ${p.add(q.to)}`);
    return this.dataSource.query(
      `SELECT to_char(date_trunc('day', hour, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, operation,
              sum(charged)::bigint AS charged, sum(calls)::int AS calls
         FROM usage_rollups_hourly WHERE ${where.join(' AND ')}
        GROUP BY 1, 2 HAVING sum(calls) > 0 ORDER BY 1, 2`,
      p.values,
    );
  }

  /** The records query, newest first (by `created_at`, then id), before the cursor's record. */
  recordsSql(
    scope: UsageScope,
    q: Omit<UsageBucketQuery, 'granularity' | 'groupBy'>,
    page: { before?: { atUs: string; id: string }; limit?: number },
  ): { text: string; values: unknown[] } {
    const p = new SqlParams();
    const where = scopeWhere(p, scope, q).map((w) => `u.${w}`);
    where.push(`u.created_at >= ${p.add(q.from)}`, `u.created_at < ${p.add(q.to)}`);
    if (page.before) {
      const at = `('epoch'::timestamptz + ${p.add(page.before.atUs)}::bigint * interval '1 microsecond')`;
      where.push(`(u.created_at, u.id) < (${at}, ${p.add(page.before.id)}::bigint)`);
    }
    const limit = page.limit === undefined ? '' : `LIMIT ${p.add(page.limit)}`;
    const text = `
      SELECT u.id, u.request_id, j.public_id AS job_id, u.created_at,
             ((extract(epoch FROM u.created_at) * 1000000)::numeric(20, 0))::text AS at_us,
             u.operation, u.market, u.subject, u.key_id, u.status, u.charged, u.duration_ms
        FROM usage_records u
        LEFT JOIN LATERAL (SELECT 'job_' || replace(j.id::text, '-', '') AS public_id FROM jobs j
                            WHERE j.account_id = u.account_id AND j.request_id = u.request_id
                              AND j.mode = u.mode LIMIT 1) j ON true
       WHERE ${where.join(' AND ')}
       ORDER BY u.created_at DESC, u.id DESC
       ${limit}`;
    return { text, values: p.values };
  }

  records(
    scope: UsageScope,
    q: Omit<UsageBucketQuery, 'granularity' | 'groupBy'>,
    page: { before?: { atUs: string; id: string }; limit: number },
  ) {
    const { text, values } = this.recordsSql(scope, q, page);
    return this.dataSource.query(text, values) as Promise<UsageRecordExportRow[]>;
  }

  /** Makes the month partitions of `usage_records` from `from`'s month to `to`'s; how many. */
  async ensurePartitions(from: Date, to: Date): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT usage_records_ensure_partitions($1, $2) AS n`,
      [from, to],
    );
    return rows[0].n;
  }

  /** Drops the month partitions wholly before `cutoff`, and their rollups; how many. */
  async dropPartitionsBefore(cutoff: Date): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT usage_records_drop_before($1) AS n`,
      [cutoff],
    );
    return rows[0].n;
  }

  /**
   * Every row of `sql`, `size` at a time, through a server-side cursor on a connection of its
   * own: memory holds one batch whatever the result's size. Stopping early (the client left)
   * closes the cursor and gives the connection back.
   */
  async *stream<T>(sql: { text: string; values: unknown[] }, size = 1_000): AsyncGenerator<T[]> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let open = false;
    try {
      await runner.query('BEGIN READ ONLY');
      open = true;
      await runner.query(`DECLARE usage_export NO SCROLL CURSOR FOR ${sql.text}`, sql.values);
      for (;;) {
        const rows: T[] = await runner.query(`FETCH ${size} FROM usage_export`);
        if (rows.length > 0) yield rows;
        if (rows.length < size) break;
      }
    } finally {
      if (open) await runner.query('ROLLBACK').catch(() => undefined);
      await runner.release();
    }
  }
}
