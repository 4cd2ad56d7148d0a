import type { JobExecution, JobStatus } from '@reelscout/domain';

/**
 * The life of one paid call, as its job row records it (docs/architecture.md §5 draws it):
 *
 *   (created) ──sync──▶ running ──settle: succeed──▶ succeeded
 *       │                 ▲  │ ──settle: fail────▶ failed
 *       └──async──▶ queued│  │ ──settle: cancel──▶ canceled
 *                     │   │  └──requeue──▶ queued   (shutdown, or a dead attempt recovered)
 *                     │   └──claim (a worker's next attempt)
 *                     ├──cancel──▶ canceled
 *                     └──expire──▶ failed           (waited past JOBS_MAX_QUEUE_MS)
 *
 * Every move of a job's status is one of these transitions and nothing else: the statements
 * that make them take their `from` and `to` from here (`transition`), and each runs only while
 * the row is still in `from` (fenced by the attempt for a running job), so two processes can
 * never both make a move from the same state. The settlement step is the move out of `running`
 * that ends the call: one statement settles its hold (capture or void), appends the ledger
 * entry, ends the job and writes the call's usage record.
 */
export type JobEvent =
  /** A worker starts the next attempt of a queued job. */
  | 'claim'
  /** Settlement of a succeeded attempt: the hold captured for the charge. */
  | 'succeed'
  /** Settlement of a failed attempt: the hold voided, nothing charged. */
  | 'fail'
  /** Settlement of a canceled attempt (asked for, or stopped at shutdown while a cancel was due). */
  | 'cancel'
  /** Back to the queue for another attempt, the hold voided (a new one is placed then). */
  | 'requeue'
  /** A queued job that waited too long: it ends failed without running. */
  | 'expire';

export interface Transition {
  from: JobStatus;
  event: JobEvent;
  to: JobStatus;
  /** Whether this move settles the call (hold captured or voided, usage record written). */
  settles: boolean;
}

/** Every allowed move, and only those. */
export const TRANSITIONS: readonly Transition[] = [
  { from: 'queued', event: 'claim', to: 'running', settles: false },
  { from: 'queued', event: 'cancel', to: 'canceled', settles: true },
  { from: 'queued', event: 'expire', to: 'failed', settles: true },
  { from: 'running', event: 'succeed', to: 'succeeded', settles: true },
  { from: 'running', event: 'fail', to: 'failed', settles: true },
  { from: 'running', event: 'cancel', to: 'canceled', settles: true },
  { from: 'running', event: 'requeue', to: 'queued', settles: false },
];

/**
 * Each status as a SQL literal (`'running'`): the job's statements (job-statements.ts) write a
 * status only through this or as a parameter from a transition, never as a literal of their own,
 * so the statuses a statement reads are the ones this machine moves between.
 */
export const SQL_STATUS: Readonly<Record<JobStatus, string>> = {
  queued: `'queued'`,
  running: `'running'`,
  succeeded: `'succeeded'`,
  failed: `'failed'`,
  canceled: `'canceled'`,
};

/** The statuses a job ends in: no transition leaves them. */
export const FINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];

/** The final statuses of a call that delivered nothing (its hold voided, nothing charged). */
export const ENDED_WITHOUT_DELIVERY: readonly JobStatus[] = ['failed', 'canceled'];

/** Where a job starts: a synchronous call's job runs its first attempt at once; an async one waits. */
export function initialStatus(execution: JobExecution): Extract<JobStatus, 'queued' | 'running'> {
  return execution === 'sync' ? 'running' : 'queued';
}

export class IllegalTransition extends Error {
  constructor(from: JobStatus, event: JobEvent) {
    super(`a ${from} job cannot ${event}`);
    this.name = 'IllegalTransition';
  }
}

/** The move `event` makes from `from`; throws for a move the machine does not allow. */
export function transition(from: JobStatus, event: JobEvent): Transition {
  const found = TRANSITIONS.find((t) => t.from === from && t.event === event);
  if (!found) throw new IllegalTransition(from, event);
  return found;
}

/** Whether a job in `status` can still be canceled (it has not ended). */
export function cancelable(status: JobStatus): boolean {
  return TRANSITIONS.some((t) => t.from === status && t.event === 'cancel');
}
