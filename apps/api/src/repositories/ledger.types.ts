import type { JobExecution, JobStatus, Micros, Mode, UsageSource } from '@reelscout/domain';

/** The shapes LedgerRepository's statements take and give, and how a refused hold reads. */

/** What refused a hold (SQLSTATE RS402 from `place_hold`). */
export type SpendRefusalKind =
  | 'insufficient_credit'
  | 'credit_shortfall'
  | 'payment_disputed'
  | 'key_total'
  | 'key_day'
  | 'key_month'
  | 'subject_day'
  | 'subject_month';

const REFUSALS: readonly SpendRefusalKind[] = [
  'insufficient_credit',
  'credit_shortfall',
  'payment_disputed',
  'key_total',
  'key_day',
  'key_month',
  'subject_day',
  'subject_month',
];

/** A hold that was refused: nothing was written (its statement failed as a whole). */
export class HoldRefused extends Error {
  constructor(
    readonly kind: SpendRefusalKind,
    /** The limit of the refusing window (0 for insufficient_credit and the live suspensions). */
    readonly limitMicros: number,
    /** What the window had counted when it refused (for credit_shortfall: the shortfall). */
    readonly spentMicros: number,
    /** The clock the windows were computed from. */
    readonly at: Date,
  ) {
    super(`hold refused: ${kind}`);
    this.name = 'HoldRefused';
  }
}

/** The HoldRefused a failed hold statement stands for, or the error itself (any other failure). */
export function holdRefusalOf(error: unknown, at: Date): unknown {
  const e = error as { code?: string; detail?: string; hint?: string } | null;
  if (!e || e.code !== 'RS402') return error;
  const kind = REFUSALS.find((k) => k === e.detail);
  if (!kind) return error;
  const [limit, spent] = (e.hint ?? '0:0').split(':').map(Number);
  return new HoldRefused(kind, limit || 0, spent || 0, at);
}

/** A new job and its hold (see CREATE_JOB_WITH_HOLD). */
export interface NewJobWithHold {
  id: string;
  accountId: string;
  mode: Mode;
  keyId: string | null;
  subject: string | null;
  operation: string;
  execution: JobExecution;
  status: Extract<JobStatus, 'queued' | 'running'>;
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

/** One attempt of a job, as a settling statement fences it, and the balance row it moves. */
export interface FencedAttempt {
  id: string;
  attempt: number;
  accountId: string;
  mode: Mode;
}

/** A status move of the job state machine (execution/job-state.ts). */
export interface StatusMove {
  from: JobStatus;
  to: JobStatus;
}

/** What a settlement's usage record needs beyond the job row. */
export interface UsageFacts {
  market: string | null;
  durationMs: number;
}

/** How a call ends without a charge. */
export interface ErrorEnding {
  httpStatus: number;
  /** The error body, as JSON text. */
  error: string;
  errorCode: string;
  retentionSeconds: number;
}

/** How a settling statement ended its job. */
export interface JobEnded {
  /** False: the attempt (or the queued job) was no longer in `from`; nothing was written. */
  ended: boolean;
  /** An event of this ending waits to be published (the account has a webhook endpoint). */
  eventsPending: boolean;
}

export interface SettledSuccess extends JobEnded {
  /** False: the hold was no longer pending (the reaper voided it); nothing was charged yet. */
  captured: boolean;
  /** The mode's balance after the charge (when captured). */
  balance: string | null;
}

/** A new hold for an attempt that has none (see LedgerRepository.holdForAttempt). */
export interface AttemptHold {
  amount: Micros;
  operation: string;
  requestId: string;
  ttlSeconds: number;
  keyId: string | null;
  subject: string | null;
  now: Date;
}

/** A usage record's duration: whole milliseconds, never negative. */
export const durationOf = (usage: UsageFacts) => Math.max(0, Math.round(usage.durationMs));
