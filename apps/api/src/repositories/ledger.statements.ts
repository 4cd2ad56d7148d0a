/**
 * The statements of a paid call's job that move money, run by LedgerRepository
 * (docs/architecture.md §5). The money itself is moved by the functions of
 * libs/database/src/sql/money.sql (place_hold, capture_hold, void_hold, charge_reaped_hold,
 * reap_expired_holds, add_credit, reverse_credit); a statement here only fences and ends the job,
 * its Idempotency-Key and its usage record around one of those calls, so the job and its money
 * commit together. Each is one round trip: the job row (locked, fenced by its attempt and its
 * status) first, then what the function locks (the hold, the balance row, the spend counters).
 * The job and the Idempotency-Key row are reached by their keys through scalar subqueries
 * (`= (SELECT … FROM fence)`), never by joining a CTE, so each is an index lookup whatever plan
 * a connection keeps.
 */

import { namedStatement } from './named-sql';

/** Whether an ending job (`j`) has a webhook event to send: its account has an enabled endpoint. */
const EVENTS_PENDING = `EXISTS (
                    SELECT 1 FROM webhook_endpoints e
                     WHERE e.account_id = j.account_id AND e.mode = j.mode
                       AND e.status = 'enabled' AND e.deleted_at IS NULL)`;

/** The job columns a settlement fences and writes its usage record from. */
const FENCE_COLUMNS =
  'id, hold_id, account_id, mode, idempotency_key, request_id, key_id, subject, operation, source';

/**
 * The call's usage record, the one way a job's settlement writes it: a CTE `recorded` over the
 * job columns of `from` (a source exposing FENCE_COLUMNS as `f`, where `when` holds), with its
 * HTTP status, error code and charge.
 */
function usageRecordCte(
  from: string,
  when: string,
  p: { market: string; durationMs: string; status: string; errorCode: string; charged: string },
): string {
  return `recorded AS (
           INSERT INTO usage_records (request_id, account_id, key_id, mode, subject, operation,
                                      market, status, error_code, charged, duration_ms, source)
           SELECT f.request_id, f.account_id, f.key_id, f.mode, f.subject, f.operation, ${p.market},
                  ${p.status}, ${p.errorCode}, ${p.charged}, ${p.durationMs}, f.source
             FROM ${from} f WHERE ${when}
           RETURNING 1)`;
}

/** The Idempotency-Key of the fenced job marked done, once the job has ended. */
function keyDoneCte(status: string): string {
  return `keyed AS (
           UPDATE idempotency_keys k SET state = 'done', response_status = ${status}
            WHERE (k.account_id, k.mode, k.key, k.job_id) =
                  (SELECT account_id, mode, idempotency_key, id FROM fence)
              AND EXISTS (SELECT 1 FROM ended)
           RETURNING 1)`;
}

/**
 * A job and its hold, in one statement: `place_hold` reserves the amount and counts it in the
 * key's and subject's windows within their limits, or raises RS402 so that nothing at all is
 * written; then the job is inserted with it, in its initial status (`running` with its first
 * attempt claimed, or `queued`). `status` is written `::text`: the column is a domain and a
 * parameter has one type, also where it is compared with a literal.
 */
export const CREATE_JOB_WITH_HOLD = namedStatement(
  'jobs_create_with_hold',
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
  ] as const,
  (p) => `WITH hold AS (
           SELECT place_hold(${p.account}, ${p.mode}, ${p.amount}, ${p.key}, ${p.subject},
                             ${p.operation}, ${p.requestId}, ${p.ttlSeconds}, ${p.now}) AS id),
         job AS (
           INSERT INTO jobs (id, account_id, mode, key_id, subject, operation, execution, status, request,
             request_id, idempotency_key, hold_id, hold_amount, attempt, started_at, heartbeat_at, source)
           SELECT ${p.job}, ${p.account}, ${p.mode}, ${p.key}, ${p.subject}, ${p.operation}, ${p.execution},
                  ${p.status}::text, ${p.request}::text::jsonb, ${p.requestId}, ${p.idempotencyKey}, hold.id,
                  ${p.amount}::bigint, ${p.attempt}::int,
                  CASE WHEN ${p.status}::text = 'running' THEN now() END,
                  CASE WHEN ${p.status}::text = 'running' THEN now() END, ${p.source}
             FROM hold
           RETURNING hold_id)
         SELECT hold_id FROM job`,
);

/**
 * The hold of an attempt that needs a new one (a requeued or recovered job), attached to the job
 * only while the attempt holds it: `place_hold` without the limit check (the job was accepted
 * within its limits; only the available balance can refuse it).
 */
export const HOLD_FOR_ATTEMPT = namedStatement(
  'jobs_hold_for_attempt',
  [
    'job',
    'attempt',
    'from',
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
            WHERE id = ${p.job} AND attempt = ${p.attempt} AND status = ${p.from}
              AND hold_id IS NULL FOR UPDATE),
         hold AS (
           SELECT place_hold(${p.account}, ${p.mode}, ${p.amount}, ${p.key}, ${p.subject}, ${p.operation},
                             ${p.requestId}, ${p.ttlSeconds}, ${p.now}, false) AS id FROM fence),
         attached AS (
           UPDATE jobs j SET hold_id = (SELECT id FROM hold) WHERE j.id = (SELECT id FROM fence)
           RETURNING j.hold_id)
         SELECT (SELECT count(*) FROM fence)::int AS fenced, (SELECT hold_id FROM attached) AS hold_id`,
);

/**
 * The settlement of a succeeded attempt, in one statement: the job row is locked and fenced by
 * its attempt, then its hold, if still pending (locked: the reaper skips it now); it is captured
 * for the charge (`capture_hold`); the job ended with its result, charge and balance after; its
 * Idempotency-Key marked done; and the call's usage record written: one commit for the charge
 * and its record. The select list reads `recorded` first, so the usage row is written before
 * `ended` runs the capture and locks the balance row. A superseded attempt writes nothing; a
 * hold no longer pending (reaped) moves no money, leaves `charged` null and writes no record
 * yet: CHARGE_REAPED_HOLD does.
 */
export const SETTLE_SUCCESS = namedStatement(
  'jobs_settle_success',
  [
    'job',
    'attempt',
    'from',
    'to',
    'charge',
    'result',
    'retentionSeconds',
    'market',
    'durationMs',
  ] as const,
  (p) => `WITH fence AS (
           SELECT ${FENCE_COLUMNS} FROM jobs
            WHERE id = ${p.job} AND attempt = ${p.attempt} AND status = ${p.from} FOR UPDATE),
         pending AS (
           SELECT h.id FROM holds h
            WHERE h.id = (SELECT hold_id FROM fence) AND h.status = 'pending' FOR UPDATE),
         captured AS (
           SELECT capture_hold((SELECT id FROM pending), ${p.charge}) AS balance),
         ended AS (
           UPDATE jobs j SET status = ${p.to}, http_status = 200, result = ${p.result}::text::jsonb,
                  charged = CASE WHEN c.balance IS NOT NULL THEN ${p.charge}::bigint END,
                  balance_after = c.balance, progress = 1, finished_at = now(),
                  heartbeat_at = NULL, events_pending = ${EVENTS_PENDING},
                  result_expires_at = now() + make_interval(secs => ${p.retentionSeconds})
             FROM captured c
            WHERE j.id = (SELECT id FROM fence)
           RETURNING j.events_pending, j.charged),
         ${keyDoneCte('200')},
         ${usageRecordCte('fence', 'EXISTS (SELECT 1 FROM pending)', {
           ...p,
           status: '200',
           errorCode: 'NULL',
           charged: p.charge,
         })}
         SELECT (SELECT count(*) FROM recorded)::int AS recorded,
                (SELECT count(*) FROM ended)::int AS ended,
                (SELECT count(*) FROM ended WHERE charged IS NOT NULL)::int AS captured,
                (SELECT balance FROM captured) AS balance,
                coalesce((SELECT events_pending FROM ended), false) AS events_pending`,
);

/**
 * The settlement of a call that ends without a charge, in one statement: the job row `fence`
 * picks is locked; its pending hold voided (`void_hold`); the job ended with its status, HTTP
 * status and error body; its Idempotency-Key marked done; the call's usage record written.
 */
function endWithoutChargeSql(
  p: Readonly<
    Record<
      | 'from'
      | 'to'
      | 'httpStatus'
      | 'error'
      | 'errorCode'
      | 'retentionSeconds'
      | 'market'
      | 'durationMs',
      string
    >
  >,
  fence: string,
): string {
  return `WITH fence AS (
           SELECT ${FENCE_COLUMNS} FROM jobs WHERE ${fence} AND status = ${p.from} FOR UPDATE),
         voided AS (SELECT id, void_hold(hold_id) AS voided FROM fence),
         ended AS (
           UPDATE jobs j SET status = ${p.to}, http_status = ${p.httpStatus},
                  error = ${p.error}::text::jsonb, charged = 0, progress = 1, finished_at = now(),
                  heartbeat_at = NULL, events_pending = ${EVENTS_PENDING},
                  result_expires_at = now() + make_interval(secs => ${p.retentionSeconds})
            WHERE j.id = (SELECT id FROM voided)
           RETURNING j.events_pending),
         ${keyDoneCte(p.httpStatus)},
         ${usageRecordCte('fence', 'EXISTS (SELECT 1 FROM ended)', {
           ...p,
           status: p.httpStatus,
           charged: '0',
         })}
         SELECT (SELECT count(*) FROM ended)::int AS ended,
                (SELECT count(*) FROM recorded)::int AS recorded,
                coalesce((SELECT events_pending FROM ended), false) AS events_pending`;
}

const ENDING = [
  'from',
  'to',
  'httpStatus',
  'error',
  'errorCode',
  'retentionSeconds',
  'market',
  'durationMs',
] as const;

/** Settles a running attempt that failed or was canceled (fenced by its attempt). */
export const SETTLE_WITHOUT_CHARGE = namedStatement(
  'jobs_settle_without_charge',
  ['job', 'attempt', ...ENDING] as const,
  (p) => endWithoutChargeSql(p, `id = ${p.job} AND attempt = ${p.attempt}`),
);

/** Settles a job that never started (canceled or expired in the queue). */
export const END_QUEUED = namedStatement('jobs_end_queued', ['job', ...ENDING] as const, (p) =>
  endWithoutChargeSql(p, `id = ${p.job}`),
);

/**
 * Puts a running attempt's job back in the queue, in one statement: fenced by its attempt (and
 * not one whose cancel was asked for: that one is to end canceled, not to run again), its hold
 * voided (`void_hold`); the job queued without a hold (the next attempt places one).
 */
export const REQUEUE = namedStatement(
  'jobs_requeue',
  ['job', 'attempt', 'from', 'to', 'recovery'] as const,
  (p) => `WITH fence AS (
           SELECT id, hold_id FROM jobs
            WHERE id = ${p.job} AND attempt = ${p.attempt} AND status = ${p.from}
              AND cancel_requested_at IS NULL FOR UPDATE),
         voided AS (SELECT id, void_hold(hold_id) AS voided FROM fence),
         requeued AS (
           UPDATE jobs SET status = ${p.to}, hold_id = NULL, heartbeat_at = NULL, progress = 0,
                  recoveries = recoveries + CASE WHEN ${p.recovery}::boolean THEN 1 ELSE 0 END
            WHERE id = (SELECT id FROM voided)
           RETURNING 1)
         SELECT (SELECT count(*) FROM requeued)::int AS requeued`,
);

/**
 * The late charge of a succeeded job whose hold the reaper voided first, in one statement: the
 * job (only one whose charge is still unset: a second run changes nothing) locked, then
 * `charge_reaped_hold` (once, only if the credit and the hold's windows still have room; with
 * its ledger entry), the job's charge and balance after, and the call's usage record.
 */
export const CHARGE_REAPED_HOLD = namedStatement(
  'jobs_charge_reaped_hold',
  ['job', 'charge', 'market', 'durationMs'] as const,
  (p) => `WITH fence AS (
           SELECT ${FENCE_COLUMNS} FROM jobs WHERE id = ${p.job} AND charged IS NULL FOR UPDATE),
         late AS (SELECT id, charge_reaped_hold(hold_id, ${p.charge}) AS balance FROM fence),
         ended AS (
           UPDATE jobs j SET charged = CASE WHEN l.balance IS NULL THEN 0 ELSE ${p.charge}::bigint END,
                  balance_after = coalesce(l.balance, (SELECT b.balance FROM balances b
                                   WHERE b.account_id = j.account_id AND b.mode = j.mode))
             FROM late l
            WHERE j.id = (SELECT id FROM late)
           RETURNING j.charged, j.balance_after),
         ${usageRecordCte('fence', 'EXISTS (SELECT 1 FROM ended)', {
           ...p,
           status: '200',
           errorCode: 'NULL',
           charged: '(SELECT charged FROM ended)',
         })}
         SELECT (SELECT charged FROM ended) AS charged, (SELECT balance_after FROM ended) AS balance,
                (SELECT count(*) FROM recorded)::int AS recorded`,
);

/** The reaper (`reap_expired_holds`): how many expired holds it voided. */
export const REAP_EXPIRED = namedStatement(
  'ledger_reap_expired',
  ['limit'] as const,
  (p) => `SELECT reap_expired_holds(${p.limit}::int) AS count`,
);

/** `add_credit`: the balance after, or null when the purchase was already credited. */
export const ADD_CREDIT = namedStatement(
  'ledger_add_credit',
  ['account', 'mode', 'kind', 'amount', 'reference', 'reason'] as const,
  (p) => `SELECT add_credit(${p.account}, ${p.mode}, ${p.kind}, ${p.amount}::bigint,
                            ${p.reference}, ${p.reason}) AS balance_after`,
);

/** `reverse_credit`: takes back what the available balance holds, the rest becomes shortfall. */
export const REVERSE_CREDIT = namedStatement(
  'ledger_reverse_credit',
  ['account', 'mode', 'amount', 'disputes', 'kind', 'reference', 'reason'] as const,
  (p) => `SELECT reverse_credit(${p.account}, ${p.mode}, ${p.amount}::bigint, ${p.disputes}::int,
                                ${p.kind}, ${p.reference}, ${p.reason}) AS taken`,
);

/** The statements of a paid call's job, for status-index-plans.e2e-spec.ts. */
export const MONEY_STATEMENTS = [
  CREATE_JOB_WITH_HOLD,
  HOLD_FOR_ATTEMPT,
  SETTLE_SUCCESS,
  SETTLE_WITHOUT_CHARGE,
  END_QUEUED,
  REQUEUE,
  CHARGE_REAPED_HOLD,
  ADD_CREDIT,
] as const;
