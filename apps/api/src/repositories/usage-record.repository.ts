import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Micros, Mode, UsageSource } from '@reelscout/domain';
import { runPrepared, type PreparedStatement } from '@reelscout/database';
import { DataSource } from 'typeorm';
import { SqlParams } from './sql-params';

/** The usage filters; `from` inclusive, `to` exclusive. */
export interface UsageFilter {
  mode?: Mode;
  operation?: string;
  subject?: string;
  keyId?: string;
  source?: UsageSource;
  from?: Date;
  to?: Date;
}

/** One call as the usage hook records it. */
export interface UsageRecord {
  requestId: string;
  accountId: string;
  keyId: string | null;
  mode: Mode;
  subject: string | null;
  operation: string;
  market: string | null;
  status: number;
  errorCode: string | null;
  charged: Micros;
  durationMs: number;
  /** Where the call came from; default `api` (a key). A dashboard run has no key. */
  source?: UsageSource;
}

/** One row to write: the record and when it was made. */
export interface NewUsageRecord extends UsageRecord {
  createdAt: Date;
}

export interface UsageRecordRow {
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
  source: UsageSource;
}

/** A usage row with its key's label and display start (null: no key, or the key is gone). */
export interface UsageRecordWithKeyRow extends UsageRecordRow {
  key_name: string | null;
  key_start: string | null;
}

/** Calls and spend of one key or one subject (null: calls without a key or without a subject). */
export interface UsageGroupRow {
  group: string | null;
  key_name: string | null;
  key_start: string | null;
  calls: number;
  charged: string;
}

/**
 * Any number of records in one statement: one array per column. The ids are drawn in the order
 * the calls ended (the dashboard lists by id); the rows are then inserted in the order of their
 * hourly rollup rows, which the rollup trigger locks one by one, so two batches written at once
 * take those locks in the same order and never wait on each other in a cycle.
 */
const INSERT_USAGE: PreparedStatement = {
  name: 'usage_insert',
  text: `INSERT INTO usage_records
           (id, request_id, account_id, key_id, mode, subject, operation, market, status, error_code,
            charged, duration_ms, created_at, source)
         SELECT id, request_id, account_id, key_id, mode, subject, operation, market, status,
                error_code, charged, duration_ms, created_at, source
           FROM (SELECT nextval('usage_records_id_seq') AS id, u.*
                   FROM (SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::text[],
                                              $6::text[], $7::text[], $8::int[], $9::text[], $10::bigint[],
                                              $11::int[], $12::timestamptz[], $13::text[])
                                WITH ORDINALITY AS r(request_id, account_id, key_id, mode, subject,
                                                     operation, market, status, error_code, charged,
                                                     duration_ms, created_at, source, n)
                          ORDER BY n) u) numbered
          ORDER BY account_id, mode, date_trunc('hour', created_at, 'UTC'), operation, subject,
                   key_id, source`,
};

const USAGE_COLUMNS =
  'id, request_id, created_at, operation, mode, subject, market, status, error_code, charged, duration_ms, key_id, source';

/** The account's records that match `filter`, as a WHERE condition over `params`. */
function usageWhere(params: SqlParams, accountId: string, filter: UsageFilter): string {
  const account = params.add(accountId);
  const mode = params.add(filter.mode ?? null);
  const operation = params.add(filter.operation ?? null);
  const subject = params.add(filter.subject ?? null);
  const keyId = params.add(filter.keyId ?? null);
  const source = params.add(filter.source ?? null);
  const from = params.add(filter.from ?? null);
  const to = params.add(filter.to ?? null);
  return `account_id = ${account}
        AND (${mode}::text IS NULL OR mode = ${mode})
        AND (${operation}::text IS NULL OR operation = ${operation})
        AND (${subject}::text IS NULL OR subject = ${subject})
        AND (${keyId}::uuid IS NULL OR key_id = ${keyId})
        AND (${source}::text IS NULL OR source = ${source})
        AND (${from}::timestamptz IS NULL OR created_at >= ${from})
        AND (${to}::timestamptz IS NULL OR created_at < ${to})`;
}

/**
 * `usage_records`: one row per /v1 call. Owned by UsageModule (UsageService writes,
 * UsageReportService reads). Every read is scoped to one account.
 */
@Injectable()
export class UsageRecordRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes the records in one statement (all or none). */
  async createMany(records: readonly NewUsageRecord[]): Promise<void> {
    const column = <T>(pick: (record: NewUsageRecord) => T): T[] => records.map(pick);
    await runPrepared(this.dataSource, INSERT_USAGE, [
      column((r) => r.requestId),
      column((r) => r.accountId),
      column((r) => r.keyId),
      column((r) => r.mode),
      column((r) => r.subject),
      column((r) => r.operation),
      column((r) => r.market),
      column((r) => r.status),
      column((r) => r.errorCode),
      column((r) => r.charged),
      column((r) => Math.max(0, Math.round(r.durationMs))),
      column((r) => r.createdAt),
      column((r) => r.source ?? 'api'),
    ]);
  }

  /** The account's matching records, newest first: at most `limit`, older than the `before` id. */
  getNewestFirst(
    accountId: string,
    filter: UsageFilter,
    page: { before?: string; limit: number },
  ): Promise<UsageRecordRow[]> {
    const params = new SqlParams();
    const where = usageWhere(params, accountId, filter);
    const before = params.add(page.before ?? null);
    const limit = params.add(page.limit);
    return this.dataSource.query(
      `SELECT ${USAGE_COLUMNS}
         FROM usage_records
        WHERE ${where} AND (${before}::bigint IS NULL OR id < ${before})
        ORDER BY id DESC LIMIT ${limit}`,
      params.values,
    );
  }

  /** Like getNewestFirst, each row with its key's label and display start (the CSV). */
  getNewestFirstWithKeys(
    accountId: string,
    filter: UsageFilter,
    page: { limit: number },
  ): Promise<UsageRecordWithKeyRow[]> {
    const params = new SqlParams();
    const where = usageWhere(params, accountId, filter);
    const limit = params.add(page.limit);
    return this.dataSource.query(
      `SELECT u.*, k.name AS key_name, k.display_start AS key_start
         FROM (SELECT ${USAGE_COLUMNS} FROM usage_records
                WHERE ${where} ORDER BY id DESC LIMIT ${limit}) u
         LEFT JOIN api_keys k ON k.id = u.key_id
        ORDER BY u.id DESC`,
      params.values,
    );
  }

  /** What the account's calls in `mode` were charged since `since`. */
  async getSpendSince(accountId: string, mode: Mode, since: Date): Promise<Micros> {
    const rows: { charged: string | null }[] = await this.dataSource.query(
      `SELECT sum(charged)::bigint AS charged FROM usage_records WHERE account_id = $1 AND mode = $2 AND created_at >= $3`,
      [accountId, mode, since],
    );
    return Number(rows[0]?.charged ?? 0);
  }
}
