import type { INestApplication } from '@nestjs/common';
import type { DomainError, JobExecution, Micros, Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/common/clock/clock';
import { newJobId } from '../../src/execution/job-ids';
import { transition } from '../../src/execution/job-state';
import {
  JobLedger,
  type FencedAttempt,
  type HoldOutcome,
} from '../../src/ledger/job-ledger.service';
import { JobRepository } from '../../src/repositories/job.repository';
import { LedgerRepository } from '../../src/repositories/ledger.repository';

/** A job opened with its hold by production's statement, as a synchronous call opens one. */
export interface OpenedJob {
  id: string;
  attempt: number;
  accountId: string;
  mode: Mode;
  holdId: string;
  amount: Micros;
  keyId: string | null;
  subject: string | null;
  requestId: string;
}

/** What a job's hold is placed for: its party (key, subject), amount, expiry and clock. */
export interface JobOptions {
  accountId: string;
  mode?: Mode;
  keyId?: string | null;
  subject?: string | null;
  amount: Micros;
  /** The hold's expiry from now (default 60 s; negative: already expired, for the reaper). */
  ttlSeconds?: number;
  /** The clock the spend windows are taken from (default: the app's Clock, as production). */
  now?: Date;
  operation?: string;
  execution?: JobExecution;
}

/**
 * Opens a running job with a hold of `amount` through JobLedger (the statement every paid call
 * runs): the job, or the 402 its refusal answers with (thrown, a DomainError).
 */
export async function openJob(app: INestApplication, party: JobOptions): Promise<OpenedJob> {
  const outcome = await tryOpenJob(app, party);
  if ('refused' in outcome) throw outcome.refused;
  return outcome.job;
}

/** openJob, with the refusal returned rather than thrown. */
export async function tryOpenJob(
  app: INestApplication,
  party: JobOptions,
): Promise<{ job: OpenedJob } | { refused: DomainError }> {
  const id = newJobId();
  const mode = party.mode ?? 'test';
  const requestId = `req_${id.replace(/-/g, '')}`;
  const keyId = party.keyId ?? null;
  const subject = party.subject ?? null;
  const outcome: HoldOutcome = await app.get(JobLedger).openJob({
    id,
    accountId: party.accountId,
    mode,
    keyId,
    subject,
    operation: party.operation ?? 'assist',
    execution: party.execution ?? 'sync',
    status: 'running',
    request: '{}',
    requestId,
    idempotencyKey: null,
    holdAmount: party.amount,
    holdTtlSeconds: party.ttlSeconds ?? 60,
    now: party.now ?? app.get(Clock).now(),
    source: 'api',
  });
  if ('refused' in outcome) return { refused: outcome.refused };
  return {
    job: {
      id,
      attempt: 1,
      accountId: party.accountId,
      mode,
      holdId: outcome.holdId,
      amount: party.amount,
      keyId,
      subject,
      requestId,
    },
  };
}

const NO_USAGE = { market: null, durationMs: 0 };

/** Settles the attempt's success for `charge` (production's settlement); what it did. */
export function settleSuccess(app: INestApplication, job: FencedAttempt, charge: Micros) {
  return app.get(LedgerRepository).settleSuccess(job, transition('running', 'succeed'), {
    charge,
    result: '{}',
    retentionSeconds: 3600,
    usage: NO_USAGE,
  });
}

/** Settles the attempt as failed: its hold voided, nothing charged (production's settlement). */
export function settleFailure(app: INestApplication, job: FencedAttempt) {
  return app.get(LedgerRepository).settleWithoutCharge(
    job,
    transition('running', 'fail'),
    {
      httpStatus: 502,
      error: JSON.stringify({ error: { code: 'provider_error', message: 'test' } }),
      errorCode: 'provider_error',
      retentionSeconds: 3600,
    },
    NO_USAGE,
  );
}

/** The late charge of a succeeded job whose hold the reaper voided (production's statement). */
export function chargeReapedHold(
  app: INestApplication,
  job: FencedAttempt & { holdId: string },
  charge: Micros,
) {
  return app.get(LedgerRepository).chargeReapedHold(job, charge, NO_USAGE);
}

/**
 * Puts the running attempt's job back in the queue, its hold voided (LedgerRepository.requeue, in a
 * transaction of its own, as JobSettlement runs it); whether it did.
 */
export function requeue(app: INestApplication, job: FencedAttempt, recovery = false) {
  return app
    .get(DataSource)
    .transaction((manager) =>
      app.get(LedgerRepository).requeue(job, transition('running', 'requeue'), recovery, manager),
    );
}

/**
 * A worker's next attempt of a queued job: the job claimed (its attempt incremented), then the
 * attempt's own hold placed by JobLedger.holdForAttempt (counted in its windows, not limited).
 * `claimed` is the new attempt (running, whatever the hold's outcome); `outcome` is the hold's
 * (null: the attempt no longer held the job). Throws when the job was not queued.
 */
export async function claimAndHold(
  app: INestApplication,
  job: OpenedJob,
  options: { amount?: Micros; ttlSeconds?: number; now?: Date } = {},
): Promise<{ claimed: FencedAttempt; outcome: HoldOutcome | null; job: OpenedJob | null }> {
  const row = await app.get(JobRepository).claim(job.id, transition('queued', 'claim'));
  if (!row) throw new Error(`job ${job.id} was not queued`);
  const claimed = { id: job.id, attempt: row.attempt, accountId: job.accountId, mode: job.mode };
  const amount = options.amount ?? job.amount;
  const outcome = await app.get(JobLedger).holdForAttempt(
    { ...claimed, from: 'running' },
    {
      amount,
      operation: row.operation,
      requestId: job.requestId,
      ttlSeconds: options.ttlSeconds ?? 60,
      keyId: job.keyId,
      subject: job.subject,
      now: options.now ?? app.get(Clock).now(),
    },
  );
  const held =
    outcome && 'holdId' in outcome
      ? { ...job, attempt: row.attempt, holdId: outcome.holdId, amount }
      : null;
  return { claimed, outcome, job: held };
}
