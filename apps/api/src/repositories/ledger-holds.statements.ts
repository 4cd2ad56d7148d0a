/**
 * The statements that place holds, reap them and add credit (docs/architecture.md §5), run by
 * LedgerRepository; the settlements are in ledger-settle.statements.ts. Each is
 * one atomic round trip: the job row (locked, fenced by its attempt and its status) first, then
 * the account's balance row, then its spend counters, in that order everywhere; the functions
 * they call are in libs/database/src/sql/money.sql. The hold, the job, the balance and the
 * Idempotency-Key row are reached by their keys through scalar subqueries (`= (SELECT … FROM
 * fence)`), never by joining a CTE, so each is an index lookup whatever plan a connection keeps.
 */

import { namedStatement } from './named-sql';
import { clampedColumn, giveBackCte } from './ledger-sql-parts';

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
 * The reaper: up to `limit` pending holds past their expiry voided, released and given back. It
 * scans `holds_pending_expiry_idx`, whose predicate its `expires_at < now()` implies.
 */
export const VOID_EXPIRED_SQL = `WITH expired AS (
         UPDATE holds SET status = 'voided', settled_at = now()
          WHERE id IN (SELECT id FROM holds WHERE status = 'pending' AND expires_at < now()
                        ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING account_id, mode, amount, key_owner, subject, day_start, month_start),
       sums AS (SELECT account_id, mode, sum(amount) AS amount FROM expired GROUP BY 1, 2),
       released AS (
         UPDATE balances b SET held = b.held - s.amount, updated_at = now()
           FROM sums s WHERE b.account_id = s.account_id AND b.mode = s.mode
           RETURNING 1),
       ${giveBackCte('given', 'SELECT expired.*, expired.amount AS back FROM expired', 'released')}
       SELECT (SELECT count(*) FROM expired)::int AS count, ${clampedColumn('given')}`;

/** Credit (a purchase, grant, refund or adjustment): the balance raised, its entry appended. */
export const ADD_CREDIT = namedStatement(
  'ledger_add_credit',
  ['account', 'mode', 'kind', 'amount', 'reference', 'reason'] as const,
  (p) => `WITH moved AS (
           UPDATE balances SET balance = balance + ${p.amount}, updated_at = now()
            WHERE account_id = ${p.account} AND mode = ${p.mode}
           RETURNING balance)
         INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, reference, reason)
         SELECT ${p.account}, ${p.mode}, ${p.kind}, ${p.amount}, moved.balance, ${p.reference}, ${p.reason}
           FROM moved
         RETURNING balance_after`,
);

/** The statements that place a hold, for status-index-plans.e2e-spec.ts. */
export const HOLDING_STATEMENTS = [CREATE_JOB_WITH_HOLD, HOLD_FOR_ATTEMPT, ADD_CREDIT] as const;
