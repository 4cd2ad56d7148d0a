import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobExecution, JobStatus, Micros, Mode, UsageSource } from '@reelscout/domain';
import { runPrepared, type PreparedStatement } from '@reelscout/database';
import { runPreparedOnBalance } from './balance-queue';
import type { PoolClient, QueryResultRow } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { SqlParams } from './sql-params';
import {
  clampedColumn,
  giveBackCte,
  holdRefusalOf,
  warnIfClamped,
} from './spend-counter.repository';

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
  holdAmount: Micros;
  /** The hold's expiry, from now (the reaper voids a hold its call outlived). */
  holdTtlSeconds: number;
  /** The clock the hold's spend windows (UTC day and month) are taken from. */
  now: Date;
  /** Where the call came from (its usage record says it); absent: `api`. */
  source?: UsageSource;
}

/** How a job ended without a charge (failed or canceled): written once, by its attempt. */
export interface JobErrorEnding {
  status: Extract<JobStatus, 'failed' | 'canceled'>;
  httpStatus: number;
  /** The error body as JSON text (see `toStoredBody`). */
  error: string;
  retentionSeconds: number;
}

/**
 * A running job's attempt, as a settling statement fences it (`id`, `attempt`), with the
 * balance row it settles against (`accountId`, `mode`).
 */
export interface JobAttempt {
  id: string;
  attempt: number;
  accountId: string;
  mode: Mode;
}

/** A succeeded attempt's ending: its result, its charge and the ledger entry's labels. */
export interface JobSuccess {
  /** The result as JSON text (see `toStoredBody`). */
  result: string;
  charge: Micros;
  operation: string;
  requestId: string;
  retentionSeconds: number;
  /**
   * The call's usage record, written by the same statement when the charge is captured (status
   * 200, the job's party and source, this market and duration); absent: none is written.
   */
  usage?: SettlementUsage;
}

/** What a succeeded call's usage record needs beyond its job row (see JobSuccess.usage). */
export interface SettlementUsage {
  market: string | null;
  durationMs: number;
}

/** Whether a job was ended, and whether its webhook event waits to be published. */
export interface JobEnded {
  ended: boolean;
  eventsPending: boolean;
}

/** What settling a succeeded attempt did. */
export interface SettledSuccess {
  /** False: the attempt no longer held the job; nothing was written. */
  ended: boolean;
  /** False: the job's hold was no longer pending (the reaper voided it); nothing was charged. */
  captured: boolean;
  /** The mode's balance after the charge (when captured). */
  balance: string | null;
  /** The job's account has a webhook endpoint of its mode: an event waits to be published. */
  eventsPending: boolean;
  /** The call's usage record was written with the charge (asked for, and captured). */
  usageRecorded: boolean;
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
  source`;

/**
 * A job and its hold in one statement: `place_hold` (migrations 1763700700000, 1763700900000)
 * reserves the amount, counts it in the key's and subject's spend windows within their limits
 * (read fresh) and records the pending hold, or raises RS402 so that nothing at all is written;
 * then the job is inserted with it. A synchronous job ($14 = 'running') is created with its first
 * attempt claimed; an async one is queued. `$14` (that status) is written `$14::text`: the column is
 * a domain (`job_status`), and a parameter has one type, also where it is compared with a literal.
 */
const CREATE_WITH_HOLD: PreparedStatement = {
  name: 'jobs_create_with_hold',
  text: `WITH hold AS (
           SELECT place_hold($2, $3, $12, $4, $5, $6, $9, $13, $16) AS id),
         job AS (
           INSERT INTO jobs (id, account_id, mode, key_id, subject, operation, execution, status, request,
             request_id, idempotency_key, hold_id, hold_amount, attempt, started_at, heartbeat_at, source)
           SELECT $1, $2, $3, $4, $5, $6, $7, $14::text, $8::text::jsonb, $9, $10, hold.id, $11, $15::int,
                  CASE WHEN $14::text = 'running' THEN now() END, CASE WHEN $14::text = 'running' THEN now() END, $17
             FROM hold
           RETURNING hold_id)
         SELECT hold_id FROM job`,
};

/** The hold columns a settling statement returns, for the give-back of its spend windows. */
const HOLD_SPEND =
  'h.account_id, h.mode, h.amount, h.key_owner, h.subject, h.day_start, h.month_start';

/** Whether an ending job (`j`) has a webhook event to send: its account has an enabled endpoint. */
const EVENTS_PENDING = `EXISTS (
                    SELECT 1 FROM webhook_endpoints e
                     WHERE e.account_id = j.account_id AND e.mode = j.mode
                       AND e.status = 'enabled' AND e.deleted_at IS NULL)`;

/**
 * Ends a succeeded attempt and charges it, in one statement: the job row is locked and fenced
 * by its attempt; only then is its pending hold captured for the charge (the rest released),
 * the balance debited, the charge's ledger entry appended (when > 0), the job ended with its
 * result, its charge and the balance after, and (when $8) the call's usage record written with
 * its charge: one commit for the charge and its record. The usage record needs the fenced job
 * and the captured hold, not the balance: the select list reads `recorded` first, so it is
 * written before `ended` reads `moved` and locks the account's balance row, and its insert is
 * not part of the time that row is held. A superseded attempt writes nothing; a hold that is no
 * longer pending (reaped) moves no money, writes no usage record and leaves `charged` null for
 * the caller to settle. The balance row is updated by `settle_balance` (migration 1763701100000),
 * a statement of its own: when it waited for another call's commit, Postgres re-checks that row
 * for that small statement only, not for every CTE of this one. `moved` is read by the final
 * select list, so it always runs, and before any spend counter (`given` counts it first).
 * The hold, the job and the Idempotency-Key row are reached by their keys through scalar
 * subqueries (`= (SELECT … FROM fence)`), never by joining the CTE: joined, Postgres planned a
 * scan of the whole `holds` table when the plan was made on a new database, and a prepared
 * statement keeps its plan for the connection's life (migration 1763701300000 has the story).
 */
const SETTLE_SUCCESS: PreparedStatement = {
  name: 'jobs_settle_success',
  text: `WITH fence AS (
           SELECT id, hold_id, account_id, mode, idempotency_key, request_id, key_id, subject,
                  operation, source FROM jobs
            WHERE id = $1 AND attempt = $2 AND status = 'running' FOR UPDATE),
         settled AS (
           UPDATE holds h SET status = 'captured', charged = $3, settled_at = now()
            WHERE h.id = (SELECT hold_id FROM fence) AND h.status = 'pending'
           RETURNING h.id, ${HOLD_SPEND}),
         moved AS (
           SELECT m.balance, s.account_id, s.mode
             FROM settled s, settle_balance(s.account_id, s.mode, s.amount, $3) AS m(balance)
            WHERE m.balance IS NOT NULL),
         ${giveBackCte('given', 'SELECT settled.*, settled.amount - $3::bigint AS back FROM settled', 'moved')},
         entry AS (
           INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation, request_id)
           SELECT m.account_id, m.mode, 'charge', -$3::bigint, m.balance, s.id, $4, $5
             FROM moved m, settled s WHERE $3::bigint > 0
           RETURNING 1),
         ended AS (
           UPDATE jobs j SET status = 'succeeded', http_status = 200, result = $6::text::jsonb,
                  charged = CASE WHEN EXISTS (SELECT 1 FROM settled) THEN $3::bigint END,
                  balance_after = (SELECT balance FROM moved), progress = 1, finished_at = now(),
                  heartbeat_at = NULL, events_pending = ${EVENTS_PENDING},
                  result_expires_at = now() + make_interval(secs => $7)
            WHERE j.id = (SELECT id FROM fence)
           RETURNING j.events_pending),
         keyed AS (
           UPDATE idempotency_keys k SET state = 'done', response_status = 200
            WHERE (k.account_id, k.mode, k.key, k.job_id) =
                  (SELECT account_id, mode, idempotency_key, id FROM fence)
              AND EXISTS (SELECT 1 FROM ended)
           RETURNING 1),
         recorded AS (
           INSERT INTO usage_records (request_id, account_id, key_id, mode, subject, operation, market,
             status, error_code, charged, duration_ms, source)
           SELECT f.request_id, f.account_id, f.key_id, f.mode, f.subject, f.operation, $9, 200, NULL,
                  $3, $10, f.source
             FROM fence f
            WHERE $8::boolean AND EXISTS (SELECT 1 FROM settled)
           RETURNING 1)
         SELECT (SELECT count(*) FROM recorded)::int AS recorded,
                (SELECT count(*) FROM ended)::int AS ended,
                (SELECT count(*) FROM settled)::int AS captured,
                (SELECT balance FROM moved) AS balance,
                coalesce((SELECT events_pending FROM ended), false) AS events_pending,
                ${clampedColumn('given')}`,
};

/**
 * Ends a job without a charge, in one statement: the row `fence` picks is locked; its pending
 * hold is voided, released from the balance and given back to the spend windows it counted; the
 * job ends with its status, HTTP status and error body; its Idempotency-Key is marked done.
 * `$n` of the ending are numbered from `first` (the fence's own parameters come before).
 */
function endWithoutChargeSql(fence: string, first: number): string {
  const [status, httpStatus, error, retention] = [0, 1, 2, 3].map((i) => `$${first + i}`);
  return `WITH fence AS (
           SELECT id, hold_id, account_id, mode, idempotency_key FROM jobs
            WHERE ${fence} FOR UPDATE),
         voided AS (
           UPDATE holds h SET status = 'voided', settled_at = now()
            WHERE h.id = (SELECT hold_id FROM fence) AND h.status = 'pending'
           RETURNING ${HOLD_SPEND}),
         released AS (
           UPDATE balances b SET held = b.held - (SELECT amount FROM voided), updated_at = now()
            WHERE (b.account_id, b.mode) = (SELECT account_id, mode FROM voided)
           RETURNING 1),
         ${giveBackCte('given', 'SELECT voided.*, voided.amount AS back FROM voided', 'released')},
         ended AS (
           UPDATE jobs j SET status = ${status}, http_status = ${httpStatus},
                  error = ${error}::text::jsonb, charged = 0, progress = 1, finished_at = now(),
                  heartbeat_at = NULL, events_pending = ${EVENTS_PENDING},
                  result_expires_at = now() + make_interval(secs => ${retention})
            WHERE j.id = (SELECT id FROM fence)
           RETURNING j.events_pending),
         keyed AS (
           UPDATE idempotency_keys k SET state = 'done', response_status = ${httpStatus}
            WHERE (k.account_id, k.mode, k.key, k.job_id) =
                  (SELECT account_id, mode, idempotency_key, id FROM fence)
              AND EXISTS (SELECT 1 FROM ended)
           RETURNING 1)
         SELECT (SELECT count(*) FROM ended)::int AS ended,
                coalesce((SELECT events_pending FROM ended), false) AS events_pending,
                ${clampedColumn('given')}`;
}

/** Ends a running attempt that failed or was canceled (fenced by its attempt). */
const SETTLE_WITHOUT_CHARGE: PreparedStatement = {
  name: 'jobs_settle_without_charge',
  text: endWithoutChargeSql(`id = $1 AND attempt = $2 AND status = 'running'`, 3),
};

/** Ends a job that never started (canceled or expired in the queue). */
const END_QUEUED = endWithoutChargeSql(`id = $1 AND status = 'queued'`, 2);

/**
 * The hold of an attempt that needs a new one (see holdForAttempt). `place_hold` without the
 * limit check (its last argument): the job was accepted within its limits; only the available
 * balance can refuse it.
 */
const HOLD_FOR_ATTEMPT: PreparedStatement = {
  name: 'jobs_hold_for_attempt',
  text: `WITH fence AS (
           SELECT id FROM jobs
            WHERE id = $1 AND attempt = $2 AND status = 'running' AND hold_id IS NULL FOR UPDATE),
         hold AS (
           SELECT place_hold($3, $4, $5, $9, $10, $6, $7, $8, $11, false) AS id FROM fence),
         attached AS (
           UPDATE jobs j SET hold_id = hold.id FROM hold, fence WHERE j.id = fence.id
           RETURNING j.hold_id)
         SELECT (SELECT count(*) FROM fence)::int AS fenced, (SELECT hold_id FROM attached) AS hold_id`,
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
 * The sweepers' scans by time: each reads its status index (`jobs_running_idx`, `jobs_queued_idx`;
 * migration 1763701300000), whose predicate its strict comparison implies.
 */
export const LOCK_STALE_SQL = `SELECT ${COLUMNS} FROM jobs
        WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1)
        ORDER BY heartbeat_at LIMIT $2 FOR UPDATE SKIP LOCKED`;
export const LOCK_EXPIRED_QUEUED_SQL = `SELECT ${COLUMNS} FROM jobs
        WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`;

/**
 * The prepared statements of a job's money path, for status-index-plans.e2e-spec.ts, which checks
 * that each reaches its rows by their keys on a new database.
 */
export const JOB_MONEY_STATEMENTS: readonly PreparedStatement[] = [
  CREATE_WITH_HOLD,
  SETTLE_SUCCESS,
  SETTLE_WITHOUT_CHARGE,
  HOLD_FOR_ATTEMPT,
  HEARTBEAT,
];

/**
 * Sends a prepared statement on a transaction's own connection (TypeORM's query runner holds
 * it): parsed once per connection like runPrepared, and an expected refusal (RS402) is not
 * logged by TypeORM as a failed query. Falls back to the manager outside a query runner.
 */
async function queryIn<Row>(
  manager: EntityManager,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const client = (manager.queryRunner as unknown as { databaseConnection?: PoolClient } | undefined)
    ?.databaseConnection;
  if (!client) return manager.query(statement.text, values);
  return (await client.query<Row & QueryResultRow>({ ...statement, values })).rows;
}

/**
 * `jobs`. Owned by JobsModule. A running job's row is fenced by its `attempt`: only the attempt
 * that holds it can beat its heartbeat or end it, so a job recovered elsewhere can never be
 * ended (or charged) twice.
 */
@Injectable()
export class JobRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Inserts a job with its hold (one statement): `running` with its first attempt claimed (a
   * synchronous call), or `queued` (inside the caller's transaction, which sends its queue
   * message). The hold's id; throws HoldRefused when the available balance or a spend limit
   * refuses (nothing written: the statement failed as a whole).
   */
  async createWithHold(
    job: NewJob,
    status: 'running' | 'queued',
    manager?: EntityManager,
  ): Promise<string> {
    const values = [
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
      job.holdAmount,
      job.holdAmount,
      job.holdTtlSeconds,
      status,
      status === 'running' ? 1 : 0,
      job.now,
      job.source ?? 'api',
    ];
    try {
      const rows: { hold_id: string }[] = manager
        ? await queryIn(manager, CREATE_WITH_HOLD, values)
        : await runPreparedOnBalance(this.dataSource, job, CREATE_WITH_HOLD, values);
      return rows[0].hold_id;
    } catch (error) {
      throw holdRefusalOf(error, job.now);
    }
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

  /**
   * Places the hold of an attempt that needs a new one (a recovered or re-queued job), in one
   * statement: only while the attempt holds the job, `place_hold` reserves the amount, counts it
   * in the job's key's and subject's spend windows (of `now`) without their limits (the job was
   * accepted within them; its first hold was given back), and records the hold, which is attached
   * to the job. `fenced` false: the attempt no longer holds the job (nothing written). Throws
   * HoldRefused (nothing written) when the available balance is short.
   */
  async holdForAttempt(
    id: string,
    attempt: number,
    hold: {
      accountId: string;
      mode: Mode;
      amount: Micros;
      operation: string;
      requestId: string;
      ttlSeconds: number;
      keyId: string | null;
      subject: string | null;
      now: Date;
    },
  ): Promise<{ fenced: boolean; holdId: string | null }> {
    try {
      const rows = await runPrepared<{ fenced: number; hold_id: string | null }>(
        this.dataSource,
        HOLD_FOR_ATTEMPT,
        [
          id,
          attempt,
          hold.accountId,
          hold.mode,
          hold.amount,
          hold.operation,
          hold.requestId,
          hold.ttlSeconds,
          hold.keyId,
          hold.subject,
          hold.now,
        ],
      );
      return { fenced: rows[0].fenced === 1, holdId: rows[0].hold_id };
    } catch (error) {
      throw holdRefusalOf(error, hold.now);
    }
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

  /** Ends a succeeded attempt and captures its charge, in one statement (see SETTLE_SUCCESS). */
  async settleSuccess(
    job: JobAttempt,
    success: JobSuccess,
    manager?: EntityManager,
  ): Promise<SettledSuccess> {
    const values = [
      job.id,
      job.attempt,
      success.charge,
      success.operation,
      success.requestId,
      success.result,
      success.retentionSeconds,
      success.usage !== undefined,
      success.usage?.market ?? null,
      Math.max(0, Math.round(success.usage?.durationMs ?? 0)),
    ];
    const rows: {
      ended: number;
      captured: number;
      recorded: number;
      balance: string | null;
      events_pending: boolean;
      clamped: unknown;
    }[] = manager
      ? await manager.query(SETTLE_SUCCESS.text, values)
      : await runPreparedOnBalance(this.dataSource, job, SETTLE_SUCCESS, values);
    warnIfClamped(rows[0].clamped, { jobId: job.id });
    return {
      ended: rows[0].ended === 1,
      captured: rows[0].captured === 1,
      balance: rows[0].balance,
      eventsPending: rows[0].events_pending,
      usageRecorded: rows[0].recorded === 1,
    };
  }

  /** Records the charge of a succeeded job whose hold was no longer pending (charged directly). */
  async setCharge(id: string, charged: Micros, balanceAfter: Micros, manager: EntityManager) {
    await manager.query(`UPDATE jobs SET charged = $2, balance_after = $3 WHERE id = $1`, [
      id,
      charged,
      balanceAfter,
    ]);
  }

  /** Ends a failed or canceled attempt, its hold voided (one statement); whether it did. */
  async settleWithoutCharge(
    job: JobAttempt,
    ending: JobErrorEnding,
    manager?: EntityManager,
  ): Promise<JobEnded> {
    const values = [
      job.id,
      job.attempt,
      ending.status,
      ending.httpStatus,
      ending.error,
      ending.retentionSeconds,
    ];
    const rows: { ended: number; events_pending: boolean; clamped: unknown }[] = manager
      ? await manager.query(SETTLE_WITHOUT_CHARGE.text, values)
      : await runPreparedOnBalance(this.dataSource, job, SETTLE_WITHOUT_CHARGE, values);
    warnIfClamped(rows[0].clamped, { jobId: job.id });
    return { ended: rows[0].ended === 1, eventsPending: rows[0].events_pending };
  }

  /** Ends a job that never started (canceled or expired in the queue), its hold voided. */
  async endQueued(id: string, ending: JobErrorEnding, manager: EntityManager): Promise<JobEnded> {
    const rows: { ended: number; events_pending: boolean; clamped: unknown }[] =
      await manager.query(END_QUEUED, [
        id,
        ending.status,
        ending.httpStatus,
        ending.error,
        ending.retentionSeconds,
      ]);
    warnIfClamped(rows[0].clamped, { jobId: id });
    return { ended: rows[0].ended === 1, eventsPending: rows[0].events_pending };
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
   * Queued jobs older than `seconds` whose queue message is gone (used up without starting the
   * job: a worker killed between fetching it and starting the job, or stopping), locked so their
   * message can be sent again. A message still waiting, or taken within `seconds`, is alive.
   */
  lockQueuedWithoutMessage(
    seconds: number,
    limit: number,
    manager: EntityManager,
  ): Promise<{ id: string; operation: string }[]> {
    return manager.query(
      `SELECT j.id, j.operation FROM jobs j
        WHERE j.status = 'queued' AND j.created_at < now() - make_interval(secs => $1)
          AND NOT EXISTS (
                SELECT 1 FROM pgboss.job m
                 WHERE m.name IN ('jobs-light', 'jobs-heavy') AND m.data->>'jobId' = j.id::text
                   AND (m.state IN ('created', 'retry')
                        OR (m.state = 'active' AND m.started_on > now() - make_interval(secs => $1))))
        ORDER BY j.created_at LIMIT $2 FOR UPDATE OF j SKIP LOCKED`,
      [seconds, limit],
    );
  }

  /**
   * Puts a running job back in the queue for a new attempt, without a hold (its own was voided).
   * Not one whose cancel was asked for: that one is to end canceled, not to run again.
   */
  async requeue(
    id: string,
    attempt: number,
    manager: EntityManager,
    recovery = false,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `WITH q AS (
         UPDATE jobs SET status = 'queued', hold_id = NULL, heartbeat_at = NULL, progress = 0,
                recoveries = recoveries + CASE WHEN $3 THEN 1 ELSE 0 END
          WHERE id = $1 AND attempt = $2 AND status = 'running' AND cancel_requested_at IS NULL
          RETURNING 1)
       SELECT 1 FROM q`,
      [id, attempt, recovery],
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
