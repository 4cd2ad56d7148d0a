import {
  DomainError,
  type JobExecution,
  type JobStatus,
  type Micros,
  type Mode,
  type UsageSource,
} from '@reelscout/domain';

/** The shapes the job aggregate (job-aggregate.ts) takes and gives. */

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

export interface JobListFilter {
  operation?: string;
  status?: JobStatus;
  createdFrom?: Date;
  createdTo?: Date;
  /** The x-request-id of the call that created the job (a client that hung up knows it). */
  requestId?: string;
}

/** A new job, before its hold: it starts `running` (sync) or `queued` (async). */
export interface NewJob {
  id: string;
  accountId: string;
  mode: Mode;
  keyId: string | null;
  subject: string | null;
  operation: string;
  execution: JobExecution;
  /** The validated request body, as JSON text. */
  request: string;
  requestId: string;
  idempotencyKey: string | null;
  holdAmount: Micros;
  /** The hold's expiry, from now (the reaper voids a hold its call outlived). */
  holdTtlSeconds: number;
  /** The clock the hold's spend windows (UTC day and month) are taken from. */
  now: Date;
  source: UsageSource;
}

/** One attempt of a running job: what fences and settles it. */
export interface JobAttempt {
  id: string;
  attempt: number;
  accountId: string;
  mode: Mode;
  keyId: string | null;
  subject: string | null;
  operation: string;
  requestId: string;
  idempotencyKey: string | null;
  holdId: string | null;
  holdAmount: Micros;
  /** Where the call came from (its usage record says it); absent: `api`. */
  source?: UsageSource;
}

export function attemptOf(row: JobRow): JobAttempt {
  return {
    id: row.id,
    attempt: row.attempt,
    accountId: row.account_id,
    mode: row.mode,
    keyId: row.key_id,
    subject: row.subject,
    operation: row.operation,
    requestId: row.request_id,
    idempotencyKey: row.idempotency_key,
    holdId: row.hold_id,
    holdAmount: Number(row.hold_amount),
    source: row.source,
  };
}

/** A hold that was placed, or the 402 its refusal answers with (nothing was written). */
export type HoldOutcome = { holdId: string } | { refused: DomainError };

/** What a settlement's usage record needs beyond the job row. */
export interface UsageFacts {
  market: string | null;
  durationMs: number;
}

/** How a job's call ended, as its settlement recorded it. */
export interface JobSettlement {
  /** The HTTP status the synchronous call answers with. */
  httpStatus: number;
  /** A succeeded job's charge and the balance after it; null for a failed or canceled one. */
  captured: { charged: Micros; balance: Micros } | null;
}

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

export function canceledError(): DomainError {
  return new DomainError(
    'job_canceled',
    'This job was canceled before it finished; nothing was charged.',
  );
}

/** A dead call's usage: no market, its time from arrival to its end. */
export function usageOfRow(row: Pick<JobRow, 'created_at'>): UsageFacts {
  return { market: null, durationMs: Date.now() - row.created_at.getTime() };
}
