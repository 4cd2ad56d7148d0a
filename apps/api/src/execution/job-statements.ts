/**
 * Every statement on `jobs`, run by the job aggregate (job-aggregate.ts), the only writer of the
 * table (docs/architecture.md §5). A status appears only as `SQL_STATUS` or as a parameter from
 * a transition of job-state.ts. Where money moves, a statement calls the functions of
 * libs/database/src/sql/money.sql (place_hold, capture_hold, void_hold, charge_reaped_hold) and
 * nothing else writes money: the job and its money commit together, in one round trip. Lock
 * order: the job row (locked, fenced by its attempt and its status) first, then what the
 * function locks (the hold, the balance row, the spend counters). The job and the
 * Idempotency-Key row are reached by their keys through scalar subqueries
 * (`= (SELECT … FROM fence)`), never by joining a CTE, so each is an index lookup whatever plan
 * a connection keeps.
 */

import type { Mode } from '@reelscout/domain';
import type { PreparedStatement } from '@reelscout/database';
import { namedStatement } from '../repositories/named-sql';
import type { SqlParams } from '../repositories/sql-params';
import { SQL_STATUS } from './job-state';

const QUEUED = SQL_STATUS.queued;
const RUNNING = SQL_STATUS.running;

export const COLUMNS = `id, account_id, mode, key_id, subject, operation, execution, status, request, request_id,
  idempotency_key, hold_id, hold_amount, charged, balance_after, progress, http_status, result, error,
  attempt, recoveries, cancel_requested_at, created_at, started_at, finished_at, result_expires_at, result_purged_at,
  source, queue_message_id, trace_parent`;

/** Whether an ending job (`j`) has a webhook event to send: its account has an enabled endpoint. */
const EVENTS_PENDING = `EXISTS (
                    SELECT 1 FROM webhook_endpoints e
                     WHERE e.account_id = j.account_id AND e.mode = j.mode
                       AND e.status = 'enabled' AND e.deleted_at IS NULL)`;

/** The job columns a settlement fences and writes its usage record from. */
const FENCE_COLUMNS =
  'id, hold_id, account_id, mode, idempotency_key, request_id, key_id, subject, operation, source';

/**
 * open: a job and its hold, in one statement. `place_hold` reserves the amount and counts it in
 * the key's and subject's windows within their limits, or raises RS402 so that nothing at all is
 * written; then the job is inserted with it, in its initial status (`running` with its first
 * attempt claimed, or `queued` with its queue message, whose wake-up is sent at the commit).
 * `status` is written `::text`: the column is a domain and a parameter has one type, also where
 * it is compared with a literal.
 */
export const OPEN = namedStatement(
  'jobs_open',
  [
    'job',
    'account',
    'mode',
    'key',
    'subject',
    'operation',
    'execution',
    'request',
    'requestId',
    'idempotencyKey',
    'amount',
    'ttlSeconds',
    'status',
    'attempt',
    'now',
    'source',
    'message',
    'channel',
    'queue',
    'traceParent',
  ] as const,
  (p) => `WITH hold AS (
           SELECT place_hold(${p.account}, ${p.mode}, ${p.amount}, ${p.key}, ${p.subject},
                             ${p.operation}, ${p.requestId}, ${p.ttlSeconds}, ${p.now}) AS id),
         job AS (
           INSERT INTO jobs (id, account_id, mode, key_id, subject, operation, execution, status, request,
             request_id, idempotency_key, hold_id, hold_amount, attempt, started_at, heartbeat_at, source,
             queue_message_id, trace_parent)
           SELECT ${p.job}, ${p.account}, ${p.mode}, ${p.key}, ${p.subject}, ${p.operation}, ${p.execution},
                  ${p.status}::text, ${p.request}::text::jsonb, ${p.requestId}, ${p.idempotencyKey}, hold.id,
                  ${p.amount}::bigint, ${p.attempt}::int,
                  CASE WHEN ${p.status}::text = ${RUNNING} THEN now() END,
                  CASE WHEN ${p.status}::text = ${RUNNING} THEN now() END, ${p.source}, ${p.message}::uuid,
                  ${p.traceParent}::text
             FROM hold
           RETURNING hold_id, queue_message_id),
         woken AS (
           SELECT pg_notify(${p.channel}, ${p.queue}) FROM job WHERE queue_message_id IS NOT NULL)
         SELECT hold_id, (SELECT count(*) FROM woken)::int AS woken FROM job`,
);

/**
 * The hold of a claimed attempt that has none (a requeued or recovered job), attached to the job
 * only while the attempt holds it: `place_hold` without the limit check (the job was accepted
 * within its limits; only the available balance can refuse it).
 */
export const HOLD_FOR_ATTEMPT = namedStatement(
  'jobs_hold_for_attempt',
  [
    'job',
    'attempt',
    'account',
    'mode',
    'amount',
    'operation',
    'requestId',
    'ttlSeconds',
    'key',
    'subject',
    'now',
  ] as const,
  (p) => `WITH fence AS (
           SELECT id FROM jobs
            WHERE id = ${p.job} AND attempt = ${p.attempt} AND status = ${RUNNING}
              AND hold_id IS NULL FOR UPDATE),
         hold AS (
           SELECT place_hold(${p.account}, ${p.mode}, ${p.amount}, ${p.key}, ${p.subject}, ${p.operation},
                             ${p.requestId}, ${p.ttlSeconds}, ${p.now}, false) AS id FROM fence),
         attached AS (
           UPDATE jobs j SET hold_id = (SELECT id FROM hold) WHERE j.id = (SELECT id FROM fence)
           RETURNING j.hold_id)
         SELECT (SELECT count(*) FROM fence)::int AS fenced, (SELECT hold_id FROM attached) AS hold_id`,
);

/** claim: a queued job's next attempt, by id; the row, none when it is no longer queued. */
export const CLAIM = namedStatement(
  'jobs_claim',
  ['job', 'from', 'to'] as const,
  (p) => `WITH started AS (
           UPDATE jobs SET status = ${p.to}, attempt = attempt + 1, heartbeat_at = now(),
                  started_at = coalesce(started_at, now())
            WHERE id = ${p.job} AND status = ${p.from}
            RETURNING ${COLUMNS})
         SELECT * FROM started`,
);

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
      WHERE status = ${QUEUED} AND created_at IS NOT NULL
      ORDER BY account_id, mode, operation LIMIT 1)
    UNION ALL
    SELECT nxt.account_id, nxt.mode, nxt.operation FROM grp
     CROSS JOIN LATERAL (
       SELECT j.account_id, j.mode, j.operation FROM jobs j
        WHERE j.status = ${QUEUED} AND j.created_at IS NOT NULL
          AND (j.account_id, j.mode, j.operation) > (grp.account_id, grp.mode, grp.operation)
        ORDER BY j.account_id, j.mode, j.operation LIMIT 1) nxt)
  SELECT head.id FROM grp
   CROSS JOIN LATERAL (
     SELECT j.id, j.created_at FROM jobs j
      WHERE j.status = ${QUEUED} AND j.created_at IS NOT NULL
        AND j.account_id = grp.account_id AND j.mode = grp.mode AND j.operation = grp.operation
      ORDER BY j.created_at, j.id LIMIT 1) head
   WHERE grp.operation = ANY($1::text[])
     AND CASE WHEN grp.mode = 'live' THEN NOT (grp.account_id = ANY($2::uuid[]))
              ELSE $4::boolean AND NOT (grp.account_id = ANY($3::uuid[])) END
   ORDER BY grp.mode = 'test', head.created_at, head.id
   LIMIT $5`;

/** beat: the attempt proven alive, its progress kept; whether a cancel was asked for. */
export const HEARTBEAT: PreparedStatement = {
  name: 'jobs_heartbeat',
  text: `WITH beat AS (
           UPDATE jobs SET heartbeat_at = now(), progress = greatest(progress, $3)
            WHERE id = $1 AND attempt = $2 AND status = ${RUNNING}
            RETURNING cancel_requested_at IS NOT NULL AS cancel_requested)
         SELECT cancel_requested FROM beat`,
};

/** request cancel: a running job asked to stop at its next step. */
export const REQUEST_CANCEL_SQL = `WITH c AS (
         UPDATE jobs SET cancel_requested_at = coalesce(cancel_requested_at, now())
          WHERE id = $1 AND status = ${RUNNING} RETURNING 1)
       SELECT 1 FROM c`;

/**
 * The call's usage record, the one statement that writes it for a call that reached the
 * execution module with a job: a CTE `recorded` over the fenced job (`fence`).
 */
function usageRecordCte(p: {
  market: string;
  durationMs: string;
  status: string;
  errorCode: string;
  charged: string;
}): string {
  return `recorded AS (
           INSERT INTO usage_records (request_id, account_id, key_id, mode, subject, operation,
                                      market, status, error_code, charged, duration_ms, source)
           SELECT f.request_id, f.account_id, f.key_id, f.mode, f.subject, f.operation, ${p.market},
                  ${p.status}, ${p.errorCode}, ${p.charged}, ${p.durationMs}, f.source
             FROM fence f
           RETURNING 1)`;
}

/**
 * succeed, fail, cancel, expire: the settlement, one statement for every ending. The job row is
 * locked and fenced by its status (and, for a running job, its attempt: a superseded attempt
 * writes nothing); then its hold, if still pending (locked: the reaper skips it now). A charge
 * (`charge` not null, a success): the pending hold captured for it (`capture_hold`), or, when
 * the reaper voided the hold first, the late charge (`charge_reaped_hold`: once, only if the
 * credit and the hold's windows still have room, else the call is free). No charge (a failure,
 * a cancel, an expiry): the hold voided (`void_hold`). The job ended with its result or error,
 * charge and balance after; its Idempotency-Key marked done; the call's usage record written:
 * one commit for the money, the job and its record. The select list reads `recorded` first, so
 * the usage row is written before `ended` runs the money function and locks the balance row
 * (only a late charge, whose amount the function decides, writes it after).
 */
export const SETTLE = namedStatement(
  'jobs_settle',
  [
    'job',
    'attempt',
    'from',
    'to',
    'charge',
    'httpStatus',
    'result',
    'error',
    'errorCode',
    'retentionSeconds',
    'market',
    'durationMs',
  ] as const,
  (p) => `WITH fence AS (
           SELECT ${FENCE_COLUMNS} FROM jobs
            WHERE id = ${p.job} AND status = ${p.from} AND attempt = coalesce(${p.attempt}::int, attempt)
            FOR UPDATE),
         pending AS (
           SELECT h.id FROM holds h
            WHERE h.id = (SELECT hold_id FROM fence) AND h.status = 'pending' FOR UPDATE),
         moved AS (
           SELECT CASE WHEN ${p.charge}::bigint IS NULL THEN NULL
                       WHEN EXISTS (SELECT 1 FROM pending)
                         THEN capture_hold((SELECT id FROM pending), ${p.charge}::bigint)
                       ELSE charge_reaped_hold(f.hold_id, ${p.charge}::bigint) END AS balance,
                  CASE WHEN ${p.charge}::bigint IS NULL THEN void_hold(f.hold_id) END AS voided
             FROM fence f),
         ended AS (
           UPDATE jobs j SET status = ${p.to}, http_status = ${p.httpStatus},
                  result = ${p.result}::text::jsonb, error = ${p.error}::text::jsonb,
                  charged = CASE WHEN m.balance IS NULL THEN 0 ELSE ${p.charge}::bigint END,
                  balance_after = CASE WHEN ${p.charge}::bigint IS NOT NULL THEN coalesce(m.balance,
                                    (SELECT b.balance FROM balances b
                                      WHERE b.account_id = j.account_id AND b.mode = j.mode)) END,
                  progress = 1, finished_at = now(), heartbeat_at = NULL,
                  events_pending = ${EVENTS_PENDING},
                  result_expires_at = now() + make_interval(secs => ${p.retentionSeconds})
             FROM moved m
            WHERE j.id = (SELECT id FROM fence)
           RETURNING j.events_pending, j.charged, j.balance_after),
         keyed AS (
           UPDATE idempotency_keys k SET state = 'done', response_status = ${p.httpStatus}
            WHERE (k.account_id, k.mode, k.key, k.job_id) =
                  (SELECT account_id, mode, idempotency_key, id FROM fence)
              AND EXISTS (SELECT 1 FROM ended)
           RETURNING 1),
         ${usageRecordCte({
           ...p,
           status: p.httpStatus,
           charged: `CASE WHEN ${p.charge}::bigint IS NULL THEN 0
                          WHEN EXISTS (SELECT 1 FROM pending) THEN ${p.charge}::bigint
                          ELSE (SELECT charged FROM ended) END`,
         })}
         SELECT (SELECT count(*) FROM recorded)::int AS recorded,
                (SELECT count(*) FROM ended)::int AS ended,
                (SELECT charged FROM ended) AS charged,
                (SELECT balance_after FROM ended) AS balance,
                coalesce((SELECT events_pending FROM ended), false) AS events_pending,
                (SELECT count(*) FROM keyed)::int AS keyed`,
);

/**
 * requeue: a running attempt's job back in the queue, in one statement: fenced by its attempt
 * (and not one whose cancel was asked for: that one is to end canceled, not to run again), its
 * hold voided (`void_hold`); the job queued without a hold (the next attempt places one), with
 * its new queue message, whose wake-up is sent at the commit.
 */
export const REQUEUE = namedStatement(
  'jobs_requeue',
  ['job', 'attempt', 'from', 'to', 'recovery', 'message', 'channel', 'queue'] as const,
  (p) => `WITH fence AS (
           SELECT id, hold_id FROM jobs
            WHERE id = ${p.job} AND attempt = ${p.attempt} AND status = ${p.from}
              AND cancel_requested_at IS NULL FOR UPDATE),
         voided AS (SELECT id, void_hold(hold_id) AS voided FROM fence),
         requeued AS (
           UPDATE jobs SET status = ${p.to}, hold_id = NULL, heartbeat_at = NULL, progress = 0,
                  recoveries = recoveries + CASE WHEN ${p.recovery}::boolean THEN 1 ELSE 0 END,
                  queue_message_id = ${p.message}::uuid
            WHERE id = (SELECT id FROM voided)
           RETURNING 1),
         woken AS (SELECT pg_notify(${p.channel}, ${p.queue}) FROM requeued)
         SELECT (SELECT count(*) FROM requeued)::int AS requeued,
                (SELECT count(*) FROM woken)::int AS woken`,
);

/** A queued job's new queue message (its last one was lost), with the wake-up at the commit. */
export const RESEND_SQL = `WITH sent AS (
         UPDATE jobs SET queue_message_id = $2::uuid WHERE id = $1 AND status = ${QUEUED} RETURNING 1),
       woken AS (SELECT pg_notify($3, $4) FROM sent)
       SELECT (SELECT count(*) FROM woken)::int AS sent`;

/**
 * The sweepers' scans by time: each reads its status index (`jobs_running_idx`, `jobs_queued_idx`),
 * whose predicate its strict comparison implies.
 */
export const LOCK_STALE_SQL = `SELECT ${COLUMNS} FROM jobs
        WHERE status = ${RUNNING} AND heartbeat_at < now() - make_interval(secs => $1)
        ORDER BY heartbeat_at LIMIT $2 FOR UPDATE SKIP LOCKED`;
export const LOCK_EXPIRED_QUEUED_SQL = `SELECT ${COLUMNS} FROM jobs
        WHERE status = ${QUEUED} AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`;
export const LOCK_QUEUED_OLDER_SQL = `SELECT id, operation, queue_message_id FROM jobs
        WHERE status = ${QUEUED} AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`;

/** An account's queued jobs in a mode, counted up to $3 under the lock of its queue. */
export const LOCK_QUEUE_SQL = `SELECT pg_advisory_xact_lock(hashtextextended('jobs-queued:' || $1 || ':' || $2, 0))`;
export const COUNT_QUEUED_SQL = `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM jobs
          WHERE account_id = $1 AND mode = $2 AND status = ${QUEUED} AND created_at IS NOT NULL
          LIMIT $3) queued`;

/** The outbox: ended jobs whose webhook event is still to be written, and their clearing. */
export const LOCK_EVENTS_PENDING_SQL = `SELECT ${COLUMNS} FROM jobs WHERE events_pending
        ORDER BY finished_at LIMIT $1 FOR UPDATE SKIP LOCKED`;
export const CLEAR_EVENTS_PENDING_SQL = `UPDATE jobs SET events_pending = false WHERE id = ANY($1::uuid[])`;

/** Results (and requests) past their retention dropped; the rows stay. */
export const PURGE_RESULTS_SQL = `WITH purged AS (
         UPDATE jobs SET result = NULL, request = NULL, result_purged_at = now()
          WHERE id IN (SELECT id FROM jobs WHERE result_purged_at IS NULL AND result_expires_at < now()
                        ORDER BY result_expires_at LIMIT $1)
          RETURNING 1)
       SELECT 1 FROM purged`;

export const FIND_BY_ID_SQL = `SELECT ${COLUMNS} FROM jobs WHERE id = $1`;

/** Whose jobs: an account and mode, and for a restricted key its key line (`api_keys.spend_owner`). */
export interface JobScope {
  accountId: string;
  mode: Mode;
  confinedTo?: string | null;
}

/**
 * The conditions of a JobScope. A confined scope takes the jobs of the line's keys (at most the
 * account's keys, found by the account's index), so a roll keeps its predecessor's jobs in reach.
 */
export function scopeWhere(scope: JobScope, p: SqlParams): string[] {
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

/** A page of jobs (`where` from scopeWhere and the filters), newest first. */
export function listSql(where: string[], limit: string): string {
  return `SELECT ${COLUMNS} FROM jobs WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

export function findWhereSql(where: string[]): string {
  return `SELECT ${COLUMNS} FROM jobs WHERE ${where.join(' AND ')}`;
}

/** The cursor row's own timestamp: a JS Date would drop its microseconds. */
export function afterSql(id: string): string {
  return `(created_at, id) < (SELECT created_at, id FROM jobs WHERE id = ${id}::uuid)`;
}

/** The named statements, for status-index-plans.e2e-spec.ts. */
export const JOB_STATEMENTS: readonly PreparedStatement[] = [
  OPEN,
  HOLD_FOR_ATTEMPT,
  CLAIM,
  HEARTBEAT,
  SETTLE,
  REQUEUE,
];
