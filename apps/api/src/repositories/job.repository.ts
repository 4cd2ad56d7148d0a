import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobExecution, JobStatus, Micros, Mode } from '@reelscout/domain';
import { runPrepared, type PreparedStatement } from '@reelscout/database';
import { DataSource, type EntityManager } from 'typeorm';
import { SqlParams } from './sql-params';

/** One `jobs` row as Postgres returns it (bigints as decimal strings). */
export interface JobRow {
  id: string;
  account_id: string;
  mode: Mode;
  key_id: string | null;
  subject: string | null;
  operation: string;
  execution: JobExecution;
  status: JobStatus;
  request: unknown;
  request_id: string;
  idempotency_key: string | null;
  hold_id: string | null;
  hold_amount: string;
  charged: string | null;
  balance_after: string | null;
  progress: number;
  http_status: number | null;
  result: unknown;
  error: unknown;
  attempt: number;
  cancel_requested_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  result_expires_at: Date | null;
  result_purged_at: Date | null;
}

export interface NewJob {
  id: string;
  accountId: string;
  mode: Mode;
  keyId: string | null;
  subject: string | null;
  operation: string;
  execution: JobExecution;
  /** The validated request body, as JSON text (see `toStoredBody`). */
  request: string;
  requestId: string;
  idempotencyKey: string | null;
  holdId: string;
  holdAmount: Micros;
}

/** How a job ended: written once, by the attempt that ran it. */
export interface JobEnding {
  status: Extract<JobStatus, 'succeeded' | 'failed' | 'canceled'>;
  httpStatus: number;
  /** JSON text (see `toStoredBody`), or null. */
  result: string | null;
  /** The error body as JSON text, or null. */
  error: string | null;
  charged: Micros;
  balanceAfter: Micros | null;
  retentionSeconds: number;
}

export interface JobListFilter {
  operation?: string;
  status?: JobStatus;
  createdFrom?: Date;
  createdTo?: Date;
  /** The x-request-id of the call that created the job (a client that hung up knows it). */
  requestId?: string;
}

const COLUMNS = `id, account_id, mode, key_id, subject, operation, execution, status, request, request_id,
  idempotency_key, hold_id, hold_amount, charged, balance_after, progress, http_status, result, error,
  attempt, cancel_requested_at, created_at, started_at, finished_at, result_expires_at, result_purged_at`;

/** A synchronous job: created running, its first attempt claimed by the instance that got the call. */
const CREATE_RUNNING: PreparedStatement = {
  name: 'jobs_create_running',
  text: `INSERT INTO jobs (id, account_id, mode, key_id, subject, operation, execution, status, request,
           request_id, idempotency_key, hold_id, hold_amount, attempt, started_at, heartbeat_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'running', $8::text::jsonb, $9, $10, $11, $12, 1, now(), now())
         RETURNING created_at, started_at`,
};

const HEARTBEAT: PreparedStatement = {
  name: 'jobs_heartbeat',
  text: `WITH beat AS (
           UPDATE jobs SET heartbeat_at = now(), progress = greatest(progress, $3)
            WHERE id = $1 AND attempt = $2 AND status = 'running'
            RETURNING cancel_requested_at IS NOT NULL AS cancel_requested)
         SELECT cancel_requested FROM beat`,
};

/**
 * `jobs`. Owned by JobsModule. A running job's row is fenced by its `attempt`: only the attempt
 * that holds it can beat its heartbeat or end it, so a job recovered elsewhere can never be
 * ended (or charged) twice.
 */
@Injectable()
export class JobRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts a synchronous job as running (attempt 1); its timestamps. */
  async createRunning(job: NewJob): Promise<{ created_at: Date; started_at: Date }> {
    const rows = await runPrepared<{ created_at: Date; started_at: Date }>(
      this.dataSource,
      CREATE_RUNNING,
      [
        job.id,
        job.accountId,
        job.mode,
        job.keyId,
        job.subject,
        job.operation,
        job.execution,
        job.request,
        job.requestId,
        job.idempotencyKey,
        job.holdId,
        job.holdAmount,
      ],
    );
    return rows[0];
  }

  /** Inserts a queued job inside the caller's transaction (which also sends its queue message). */
  async createQueued(job: NewJob, manager: EntityManager): Promise<JobRow> {
    const rows: JobRow[] = await manager.query(
      `INSERT INTO jobs (id, account_id, mode, key_id, subject, operation, execution, status, request,
         request_id, idempotency_key, hold_id, hold_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8::text::jsonb, $9, $10, $11, $12)
       RETURNING ${COLUMNS}`,
      [
        job.id,
        job.accountId,
        job.mode,
        job.keyId,
        job.subject,
        job.operation,
        job.execution,
        job.request,
        job.requestId,
        job.idempotencyKey,
        job.holdId,
        job.holdAmount,
      ],
    );
    return rows[0];
  }

  /** The job, if it belongs to this account and mode. */
  async findOwned(id: string, accountId: string, mode: Mode): Promise<JobRow | null> {
    const rows: JobRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM jobs WHERE id = $1 AND account_id = $2 AND mode = $3`,
      [id, accountId, mode],
    );
    return rows[0] ?? null;
  }

  async findById(id: string, manager?: EntityManager): Promise<JobRow | null> {
    const rows: JobRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${COLUMNS} FROM jobs WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Newest first; `after` is the job the previous page ended with. */
  list(
    accountId: string,
    mode: Mode,
    filter: JobListFilter,
    page: { after: { created_at: Date; id: string } | null; limit: number },
  ): Promise<JobRow[]> {
    const p = new SqlParams();
    const where = [`account_id = ${p.add(accountId)}`, `mode = ${p.add(mode)}`];
    if (filter.operation) where.push(`operation = ${p.add(filter.operation)}`);
    if (filter.status) where.push(`status = ${p.add(filter.status)}`);
    if (filter.createdFrom) where.push(`created_at >= ${p.add(filter.createdFrom)}`);
    if (filter.createdTo) where.push(`created_at < ${p.add(filter.createdTo)}`);
    if (filter.requestId) where.push(`request_id = ${p.add(filter.requestId)}`);
    if (page.after) {
      where.push(
        `(created_at, id) < (${p.add(page.after.created_at)}::timestamptz, ${p.add(page.after.id)}::uuid)`,
      );
    }
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM jobs WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT ${p.add(page.limit)}`,
      p.values,
    );
  }

  /** Claims a queued job for its next attempt; the row, or null when it is no longer queued. */
  async start(id: string): Promise<JobRow | null> {
    const rows: JobRow[] = await this.dataSource.query(
      `WITH started AS (
         UPDATE jobs SET status = 'running', attempt = attempt + 1, heartbeat_at = now(),
                started_at = coalesce(started_at, now())
          WHERE id = $1 AND status = 'queued'
          RETURNING ${COLUMNS})
       SELECT * FROM started`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Records the hold of an attempt that had to place a new one (a recovered job). */
  async setHold(id: string, attempt: number, holdId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH h AS (UPDATE jobs SET hold_id = $3 WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING 1)
       SELECT 1 FROM h`,
      [id, attempt, holdId],
    );
    return rows.length === 1;
  }

  /**
   * Proves the attempt alive and records its progress. Whether a cancel was requested, or null
   * when the attempt no longer holds the job (it was recovered elsewhere).
   */
  async heartbeat(id: string, attempt: number, progress: number): Promise<boolean | null> {
    const rows = await runPrepared<{ cancel_requested: boolean }>(this.dataSource, HEARTBEAT, [
      id,
      attempt,
      progress,
    ]);
    return rows.length ? rows[0].cancel_requested : null;
  }

  /**
   * Ends the attempt's job, inside the transaction that settles its hold. Whether it did (false:
   * the attempt no longer holds the job, and the transaction must not settle anything).
   */
  async finish(
    id: string,
    attempt: number,
    ending: JobEnding,
    manager: EntityManager,
  ): Promise<JobRow | null> {
    const rows: JobRow[] = await manager.query(
      `WITH ended AS (
         UPDATE jobs SET status = $3, http_status = $4, result = $5::text::jsonb, error = $6::text::jsonb,
                charged = $7, balance_after = $8, progress = 1, finished_at = now(), heartbeat_at = NULL,
                result_expires_at = now() + make_interval(secs => $9)
          WHERE id = $1 AND attempt = $2 AND status = 'running'
          RETURNING ${COLUMNS})
       SELECT * FROM ended`,
      [
        id,
        attempt,
        ending.status,
        ending.httpStatus,
        ending.result,
        ending.error,
        ending.charged,
        ending.balanceAfter,
        ending.retentionSeconds,
      ],
    );
    return rows[0] ?? null;
  }

  /** Ends a job that never ran (canceled while queued, or expired in the queue). */
  async finishQueued(
    id: string,
    ending: JobEnding,
    manager: EntityManager,
  ): Promise<JobRow | null> {
    const rows: JobRow[] = await manager.query(
      `WITH ended AS (
         UPDATE jobs SET status = $2, http_status = $3, error = $4::text::jsonb, charged = 0,
                progress = 1, finished_at = now(), result_expires_at = now() + make_interval(secs => $5)
          WHERE id = $1 AND status = 'queued'
          RETURNING ${COLUMNS})
       SELECT * FROM ended`,
      [id, ending.status, ending.httpStatus, ending.error, ending.retentionSeconds],
    );
    return rows[0] ?? null;
  }

  /** Asks a running job to stop at its next step; whether the job is running. */
  async requestCancel(id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH c AS (
         UPDATE jobs SET cancel_requested_at = coalesce(cancel_requested_at, now())
          WHERE id = $1 AND status = 'running' RETURNING 1)
       SELECT 1 FROM c`,
      [id],
    );
    return rows.length === 1;
  }

  /** Running jobs whose heartbeat stopped, locked for recovery (skipping ones being recovered). */
  lockStale(staleSeconds: number, limit: number, manager: EntityManager): Promise<JobRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM jobs
        WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1)
        ORDER BY heartbeat_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [staleSeconds, limit],
    );
  }

  /** Queued jobs older than `maxSeconds`, locked so they can be failed. */
  lockExpiredQueued(maxSeconds: number, limit: number, manager: EntityManager): Promise<JobRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM jobs
        WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [maxSeconds, limit],
    );
  }

  /** Puts a running job back in the queue for a new attempt, without a hold (its own was voided). */
  async requeue(id: string, attempt: number, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `WITH q AS (
         UPDATE jobs SET status = 'queued', hold_id = NULL, heartbeat_at = NULL, progress = 0
          WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING 1)
       SELECT 1 FROM q`,
      [id, attempt],
    );
    return rows.length === 1;
  }

  /** A NOTIFY on `channel`, delivered when the caller's transaction commits. */
  async notify(manager: EntityManager, channel: string, payload: string): Promise<void> {
    await manager.query(`SELECT pg_notify($1, $2)`, [channel, payload]);
  }

  /** Drops results (and requests) past their retention; how many. The rows stay. */
  async purgeResults(limit: number): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH purged AS (
         UPDATE jobs SET result = NULL, request = NULL, result_purged_at = now()
          WHERE id IN (SELECT id FROM jobs WHERE result_purged_at IS NULL AND result_expires_at < now()
                        ORDER BY result_expires_at LIMIT $1)
          RETURNING 1)
       SELECT 1 FROM purged`,
      [limit],
    );
    return rows.length;
  }
}
