import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobExecution, JobStatus, Mode, UsageSource } from '@reelscout/domain';
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
  /** Times a dead attempt was recovered (a shutdown's requeue does not count). */
  recoveries: number;
  cancel_requested_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  result_expires_at: Date | null;
  result_purged_at: Date | null;
  /** `api` (a key's call) or `dashboard` (a playground run, no key). */
  source: UsageSource;
  /** The queue message that carries it to a worker (queued jobs; null before one was sent). */
  queue_message_id: string | null;
  /** The W3C traceparent of the trace that queued the job (null when tracing is off). */
  trace_parent: string | null;
}

/** Whose jobs: an account and mode, and for a restricted key its key line (`api_keys.spend_owner`). */
export interface JobScope {
  accountId: string;
  mode: Mode;
  confinedTo?: string | null;
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
  attempt, recoveries, cancel_requested_at, created_at, started_at, finished_at, result_expires_at, result_purged_at,
  source, queue_message_id, trace_parent`;

const HEARTBEAT: PreparedStatement = {
  name: 'jobs_heartbeat',
  text: `WITH beat AS (
           UPDATE jobs SET heartbeat_at = now(), progress = greatest(progress, $3)
            WHERE id = $1 AND attempt = $2 AND status = 'running'
            RETURNING cancel_requested_at IS NOT NULL AS cancel_requested)
         SELECT cancel_requested FROM beat`,
};

/**
 * The sweepers' scans by time: each reads its status index (`jobs_running_idx`, `jobs_queued_idx`),
 * whose predicate its strict comparison implies.
 */
export const LOCK_STALE_SQL = `SELECT ${COLUMNS} FROM jobs
        WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1)
        ORDER BY heartbeat_at LIMIT $2 FOR UPDATE SKIP LOCKED`;
export const LOCK_EXPIRED_QUEUED_SQL = `SELECT ${COLUMNS} FROM jobs
        WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`;

/**
 * What a worker's fair claim may take (the worker keeps the counts; see execution/slot-shares.ts).
 */
export interface FairClaimScope {
  /** The operations of the queue the slot serves. */
  operations: string[];
  /** Accounts at their share of the slots, by the mode of the job: none of their jobs is taken. */
  fullLive: string[];
  fullTest: string[];
  /** Whether test-mode work is under its share of the slots (when not, only live jobs are taken). */
  testAllowed: boolean;
}

/**
 * The fair next jobs of a queue, best first: the oldest queued job of each account, mode and
 * operation (a skip scan of `jobs_queued_by_account_idx`: one index probe per group that has queued
 * work, however many jobs a group holds), less the groups of accounts at their share and of test
 * mode when it is at its own; live before test, then the group whose oldest job has waited
 * longest. $1 the queue's operations, $2/$3 the full accounts (live, test), $4 whether test jobs
 * may be taken, $5 how many candidates.
 */
export const FAIR_CANDIDATES_SQL = `WITH RECURSIVE grp AS (
    (SELECT account_id, mode, operation FROM jobs
      WHERE status = 'queued' AND created_at IS NOT NULL
      ORDER BY account_id, mode, operation LIMIT 1)
    UNION ALL
    SELECT nxt.account_id, nxt.mode, nxt.operation FROM grp
     CROSS JOIN LATERAL (
       SELECT j.account_id, j.mode, j.operation FROM jobs j
        WHERE j.status = 'queued' AND j.created_at IS NOT NULL
          AND (j.account_id, j.mode, j.operation) > (grp.account_id, grp.mode, grp.operation)
        ORDER BY j.account_id, j.mode, j.operation LIMIT 1) nxt)
  SELECT head.id FROM grp
   CROSS JOIN LATERAL (
     SELECT j.id, j.created_at FROM jobs j
      WHERE j.status = 'queued' AND j.created_at IS NOT NULL
        AND j.account_id = grp.account_id AND j.mode = grp.mode AND j.operation = grp.operation
      ORDER BY j.created_at, j.id LIMIT 1) head
   WHERE grp.operation = ANY($1::text[])
     AND CASE WHEN grp.mode = 'live' THEN NOT (grp.account_id = ANY($2::uuid[]))
              ELSE $4::boolean AND NOT (grp.account_id = ANY($3::uuid[])) END
   ORDER BY grp.mode = 'test', head.created_at, head.id
   LIMIT $5`;

/** Rounds of candidates a fair claim reads before it gives up on losing every race. */
const CLAIM_ROUNDS = 3;
const CLAIM_CANDIDATES = 4;

/** This file's prepared statement, for status-index-plans.e2e-spec.ts. */
export const JOB_STATEMENTS: readonly PreparedStatement[] = [HEARTBEAT];

/**
 * The conditions of a JobScope. A confined scope takes the jobs of the line's keys (at most the
 * account's keys, found by the account's index), so a roll keeps its predecessor's jobs in reach.
 */
function scopeWhere(scope: JobScope, p: SqlParams): string[] {
  const account = p.add(scope.accountId);
  const where = [`account_id = ${account}`, `mode = ${p.add(scope.mode)}`];
  if (scope.confinedTo) {
    where.push(
      `key_id IN (SELECT k.id FROM api_keys k
                   WHERE k.account_id = ${account} AND k.spend_owner = ${p.add(scope.confinedTo)}::uuid)`,
    );
  }
  return where;
}

/**
 * `jobs`, the reads and the moves that carry no money. Owned by ExecutionModule; its creation
 * with a hold and every settlement are money statements (LedgerRepository). A running job's row
 * is fenced by its `attempt`: only the attempt that holds it can beat its heartbeat or end it,
 * so a job recovered elsewhere can never be ended (or charged) twice.
 */
@Injectable()
export class JobRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The job, if it belongs to this account and mode (and key line, when confined). */
  async findOwned(id: string, scope: JobScope): Promise<JobRow | null> {
    const p = new SqlParams();
    const where = [`id = ${p.add(id)}`, ...scopeWhere(scope, p)];
    const rows: JobRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM jobs WHERE ${where.join(' AND ')}`,
      p.values,
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
    scope: JobScope,
    filter: JobListFilter,
    page: { after: { created_at: Date; id: string } | null; limit: number },
  ): Promise<JobRow[]> {
    const p = new SqlParams();
    const where = scopeWhere(scope, p);
    if (filter.operation) where.push(`operation = ${p.add(filter.operation)}`);
    if (filter.status) where.push(`status = ${p.add(filter.status)}`);
    if (filter.createdFrom) where.push(`created_at >= ${p.add(filter.createdFrom)}`);
    if (filter.createdTo) where.push(`created_at < ${p.add(filter.createdTo)}`);
    if (filter.requestId) where.push(`request_id = ${p.add(filter.requestId)}`);
    if (page.after) {
      where.push(
        // The cursor row's own timestamp: a JS Date would drop its microseconds.
        `(created_at, id) < (SELECT created_at, id FROM jobs WHERE id = ${p.add(page.after.id)}::uuid)`,
      );
    }
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM jobs WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT ${p.add(page.limit)}`,
      p.values,
    );
  }

  /**
   * Claims a queued job for its next attempt (`from` → `to` of the state machine's `claim`); the
   * row, or null when it is no longer queued.
   */
  async claim(id: string, move: { from: JobStatus; to: JobStatus }): Promise<JobRow | null> {
    const rows: JobRow[] = await this.dataSource.query(
      `WITH started AS (
         UPDATE jobs SET status = $3, attempt = attempt + 1, heartbeat_at = now(),
                started_at = coalesce(started_at, now())
          WHERE id = $1 AND status = $2
          RETURNING ${COLUMNS})
       SELECT * FROM started`,
      [id, move.from, move.to],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims the fair next queued job (FAIR_CANDIDATES_SQL) for its next attempt: each candidate by
   * the conditional UPDATE of `claim`, the next one when another slot took it first. Null when no
   * job may be taken.
   */
  async claimFair(
    scope: FairClaimScope,
    move: { from: JobStatus; to: JobStatus },
  ): Promise<JobRow | null> {
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const candidates: { id: string }[] = await this.dataSource.query(FAIR_CANDIDATES_SQL, [
        scope.operations,
        scope.fullLive,
        scope.fullTest,
        scope.testAllowed,
        CLAIM_CANDIDATES,
      ]);
      if (candidates.length === 0) return null;
      for (const { id } of candidates) {
        const row = await this.claim(id, move);
        if (row) return row;
      }
    }
    return null;
  }

  /**
   * In the caller's transaction: takes the lock of one account's queue in `mode` (until the
   * transaction ends, so two calls cannot both see room under the cap) and counts its queued
   * jobs, up to `upTo` (the count reads at most that many index entries).
   */
  async lockAndCountQueued(
    accountId: string,
    mode: Mode,
    upTo: number,
    manager: EntityManager,
  ): Promise<number> {
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('jobs-queued:' || $1 || ':' || $2, 0))`,
      [accountId, mode],
    );
    const rows: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM jobs
          WHERE account_id = $1 AND mode = $2 AND status = 'queued' AND created_at IS NOT NULL
          LIMIT $3) queued`,
      [accountId, mode, upTo],
    );
    return rows[0].n;
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
   * Ended jobs whose webhook event is still to be written (only jobs of accounts that had an
   * enabled endpoint when they ended are marked), locked for the publisher.
   */
  lockEventsPending(limit: number, manager: EntityManager): Promise<JobRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM jobs WHERE events_pending
        ORDER BY finished_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async clearEventsPending(ids: string[], manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE jobs SET events_pending = false WHERE id = ANY($1::uuid[])`, [ids]);
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
    return manager.query(LOCK_STALE_SQL, [staleSeconds, limit]);
  }

  /** Queued jobs older than `maxSeconds`, locked so they can be failed. */
  lockExpiredQueued(maxSeconds: number, limit: number, manager: EntityManager): Promise<JobRow[]> {
    return manager.query(LOCK_EXPIRED_QUEUED_SQL, [maxSeconds, limit]);
  }

  /**
   * Queued jobs older than `seconds`, with their queue message's id, locked so a lost message
   * can be sent again (the sweeper asks the queue about each message).
   */
  lockQueuedOlderThan(
    seconds: number,
    limit: number,
    manager: EntityManager,
  ): Promise<{ id: string; operation: string; queue_message_id: string | null }[]> {
    return manager.query(
      `SELECT id, operation, queue_message_id FROM jobs
        WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [seconds, limit],
    );
  }

  /** Records the queue message that now carries a queued job (in the sending transaction). */
  async setQueueMessage(
    id: string,
    messageId: string | null,
    manager: EntityManager,
    traceParent: string | null = null,
  ) {
    await manager.query(
      `UPDATE jobs SET queue_message_id = $2, trace_parent = coalesce($3, trace_parent) WHERE id = $1`,
      [id, messageId, traceParent],
    );
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
