/**
 * The statements that settle a paid call (docs/architecture.md §5), run by LedgerRepository;
 * holds, the reaper and credit are in ledger-holds.statements.ts. Each is
 * one atomic round trip: the job row (locked, fenced by its attempt and its status) first, then
 * the account's balance row, then its spend counters, in that order everywhere; the functions
 * they call are in libs/database/src/sql/money.sql. The hold, the job, the balance and the
 * Idempotency-Key row are reached by their keys through scalar subqueries (`= (SELECT … FROM
 * fence)`), never by joining a CTE, so each is an index lookup whatever plan a connection keeps.
 */

import { namedStatement } from './named-sql';
import {
  clampedColumn,
  EVENTS_PENDING,
  FENCE_COLUMNS,
  giveBackCte,
  HOLD_SPEND,
  USAGE_COLUMNS,
} from './ledger-sql-parts';

/**
 * The settlement of a succeeded attempt, in one statement: the job row is locked and fenced by
 * its attempt; only then is its pending hold captured for the charge (the rest released), the
 * balance debited (`settle_balance`, a statement of its own), the charge's ledger entry appended
 * (when > 0), the job ended with its result, charge and balance after, and the call's usage
 * record written: one commit for the charge and its record. The select list reads `recorded`
 * first, so the usage row is written before `ended` reads `moved` and locks the balance row. A
 * superseded attempt writes nothing; a hold no longer pending (reaped) moves no money and leaves
 * `charged` null, for CHARGE_REAPED_HOLD.
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
         settled AS (
           UPDATE holds h SET status = 'captured', charged = ${p.charge}, settled_at = now()
            WHERE h.id = (SELECT hold_id FROM fence) AND h.status = 'pending'
           RETURNING h.id, ${HOLD_SPEND}),
         moved AS (
           SELECT m.balance, s.account_id, s.mode
             FROM settled s, settle_balance(s.account_id, s.mode, s.amount, ${p.charge}) AS m(balance)
            WHERE m.balance IS NOT NULL),
         ${giveBackCte('given', `SELECT settled.*, settled.amount - ${p.charge}::bigint AS back FROM settled`, 'moved')},
         entry AS (
           INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation, request_id)
           SELECT m.account_id, m.mode, 'charge', -${p.charge}::bigint, m.balance, s.id, f.operation, f.request_id
             FROM moved m, settled s, fence f WHERE ${p.charge}::bigint > 0
           RETURNING 1),
         ended AS (
           UPDATE jobs j SET status = ${p.to}, http_status = 200, result = ${p.result}::text::jsonb,
                  charged = CASE WHEN EXISTS (SELECT 1 FROM settled) THEN ${p.charge}::bigint END,
                  balance_after = (SELECT balance FROM moved), progress = 1, finished_at = now(),
                  heartbeat_at = NULL, events_pending = ${EVENTS_PENDING},
                  result_expires_at = now() + make_interval(secs => ${p.retentionSeconds})
            WHERE j.id = (SELECT id FROM fence)
           RETURNING j.events_pending),
         keyed AS (
           UPDATE idempotency_keys k SET state = 'done', response_status = 200
            WHERE (k.account_id, k.mode, k.key, k.job_id) =
                  (SELECT account_id, mode, idempotency_key, id FROM fence)
              AND EXISTS (SELECT 1 FROM ended)
           RETURNING 1),
         recorded AS (
           INSERT INTO usage_records (${USAGE_COLUMNS})
           SELECT f.request_id, f.account_id, f.key_id, f.mode, f.subject, f.operation, ${p.market}, 200,
                  NULL, ${p.charge}, ${p.durationMs}, f.source
             FROM fence f
            WHERE EXISTS (SELECT 1 FROM settled)
           RETURNING 1)
         SELECT (SELECT count(*) FROM recorded)::int AS recorded,
                (SELECT count(*) FROM ended)::int AS ended,
                (SELECT count(*) FROM settled)::int AS captured,
                (SELECT balance FROM moved) AS balance,
                coalesce((SELECT events_pending FROM ended), false) AS events_pending,
                ${clampedColumn('given')}`,
);

/**
 * The settlement of a call that ends without a charge, in one statement: the job row `fence`
 * picks is locked; its pending hold voided, released from the balance and given back to its
 * spend windows; the job ended with its status, HTTP status and error body; its Idempotency-Key
 * marked done; the call's usage record written.
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
           UPDATE jobs j SET status = ${p.to}, http_status = ${p.httpStatus},
                  error = ${p.error}::text::jsonb, charged = 0, progress = 1, finished_at = now(),
                  heartbeat_at = NULL, events_pending = ${EVENTS_PENDING},
                  result_expires_at = now() + make_interval(secs => ${p.retentionSeconds})
            WHERE j.id = (SELECT id FROM fence)
           RETURNING j.events_pending),
         keyed AS (
           UPDATE idempotency_keys k SET state = 'done', response_status = ${p.httpStatus}
            WHERE (k.account_id, k.mode, k.key, k.job_id) =
                  (SELECT account_id, mode, idempotency_key, id FROM fence)
              AND EXISTS (SELECT 1 FROM ended)
           RETURNING 1),
         recorded AS (
           INSERT INTO usage_records (${USAGE_COLUMNS})
           SELECT f.request_id, f.account_id, f.key_id, f.mode, f.subject, f.operation, ${p.market},
                  ${p.httpStatus}, ${p.errorCode}, 0, ${p.durationMs}, f.source
             FROM fence f WHERE EXISTS (SELECT 1 FROM ended)
           RETURNING 1)
         SELECT (SELECT count(*) FROM ended)::int AS ended,
                (SELECT count(*) FROM recorded)::int AS recorded,
                coalesce((SELECT events_pending FROM ended), false) AS events_pending,
                ${clampedColumn('given')}`;
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
 * voided, released and given back; the job queued without a hold (the next attempt places one).
 */
export const REQUEUE = namedStatement(
  'jobs_requeue',
  ['job', 'attempt', 'from', 'to', 'recovery'] as const,
  (p) => `WITH fence AS (
           SELECT id, hold_id FROM jobs
            WHERE id = ${p.job} AND attempt = ${p.attempt} AND status = ${p.from}
              AND cancel_requested_at IS NULL FOR UPDATE),
         voided AS (
           UPDATE holds h SET status = 'voided', settled_at = now()
            WHERE h.id = (SELECT hold_id FROM fence) AND h.status = 'pending'
           RETURNING ${HOLD_SPEND}),
         released AS (
           UPDATE balances b SET held = b.held - (SELECT amount FROM voided), updated_at = now()
            WHERE (b.account_id, b.mode) = (SELECT account_id, mode FROM voided)
           RETURNING 1),
         ${giveBackCte('given', 'SELECT voided.*, voided.amount AS back FROM voided', 'released')},
         requeued AS (
           UPDATE jobs SET status = ${p.to}, hold_id = NULL, heartbeat_at = NULL, progress = 0,
                  recoveries = recoveries + CASE WHEN ${p.recovery}::boolean THEN 1 ELSE 0 END
            WHERE id = (SELECT id FROM fence)
           RETURNING 1)
         SELECT (SELECT count(*) FROM requeued)::int AS requeued, ${clampedColumn('given')}`,
);

/**
 * The late charge of a succeeded job whose hold the reaper voided first (`charge_reaped_hold`:
 * once, only if the credit and the hold's windows still have room), with its ledger entry, the
 * job's charge and balance after, and the call's usage record, in one statement. Only a job whose
 * charge is still unset: a second run changes nothing.
 */
export const CHARGE_REAPED_HOLD = namedStatement(
  'jobs_charge_reaped_hold',
  ['job', 'hold', 'account', 'mode', 'charge', 'market', 'durationMs'] as const,
  (p) => `WITH charged AS (
           SELECT charge_reaped_hold(${p.hold}, ${p.account}, ${p.mode}, ${p.charge}) AS balance),
         job AS (
           UPDATE jobs j SET charged = CASE WHEN c.balance IS NULL THEN 0 ELSE ${p.charge}::bigint END,
                  balance_after = coalesce(c.balance, (SELECT b.balance FROM balances b
                                   WHERE b.account_id = ${p.account} AND b.mode = ${p.mode}))
             FROM charged c
            WHERE j.id = ${p.job} AND j.charged IS NULL
           RETURNING j.request_id, j.account_id, j.key_id, j.mode, j.subject, j.operation, j.source,
                     j.charged, j.balance_after),
         entry AS (
           INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id, operation, request_id)
           SELECT j.account_id, j.mode, 'charge', -j.charged, j.balance_after, ${p.hold}, j.operation, j.request_id
             FROM job j WHERE j.charged > 0
           RETURNING 1),
         recorded AS (
           INSERT INTO usage_records (${USAGE_COLUMNS})
           SELECT j.request_id, j.account_id, j.key_id, j.mode, j.subject, j.operation, ${p.market}, 200,
                  NULL, j.charged, ${p.durationMs}, j.source
             FROM job j
           RETURNING 1)
         SELECT (SELECT charged FROM job) AS charged, (SELECT balance_after FROM job) AS balance,
                (SELECT count(*) FROM recorded)::int AS recorded`,
);

/** The settling statements, for status-index-plans.e2e-spec.ts. */
export const SETTLING_STATEMENTS = [
  SETTLE_SUCCESS,
  SETTLE_WITHOUT_CHARGE,
  END_QUEUED,
  REQUEUE,
  CHARGE_REAPED_HOLD,
] as const;
