import type { INestApplication } from '@nestjs/common';
import { DomainError, type JobExecution, type Micros, type Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/common/clock/clock';
import { newJobId } from '../../src/execution/job-ids';
import { JobAggregate, type HoldOutcome, type JobAttempt } from '../../src/execution/job-aggregate';

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
 * Opens a running job (an async one queued, then claimed) with a hold of `amount` through the
 * job aggregate (the statement every
 * paid call runs): the job, or the 402 its refusal answers with (thrown, a DomainError).
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
  const outcome: HoldOutcome = await app.get(JobAggregate).open({
    id,
    accountId: party.accountId,
    mode,
    keyId,
    subject,
    operation: party.operation ?? 'assist',
    execution: party.execution ?? 'sync',
    request: '{}',
    requestId,
    idempotencyKey: null,
    holdAmount: party.amount,
    holdTtlSeconds: party.ttlSeconds ?? 60,
    now: party.now ?? app.get(Clock).now(),
    source: 'api',
  });
  if ('refused' in outcome) return { refused: outcome.refused };
  // An async job starts queued: a worker's claim makes it the running attempt asked for.
  const attempt =
    party.execution === 'async' ? (await app.get(JobAggregate).claim({ jobId: id }))!.attempt : 1;
  return {
    job: {
      id,
      attempt,
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

/** The attempt a job's settlement fences, as the executor holds it. */
export function attemptOfJob(job: OpenedJob): JobAttempt {
  return {
    id: job.id,
    attempt: job.attempt,
    accountId: job.accountId,
    mode: job.mode,
    keyId: job.keyId,
    subject: job.subject,
    operation: 'assist',
    requestId: job.requestId,
    idempotencyKey: null,
    holdId: job.holdId,
    holdAmount: job.amount,
  };
}

/**
 * Settles the attempt's success for `charge` (production's settlement: the hold captured, or
 * the late charge of a hold the reaper voided); what it recorded, null when the attempt no longer
 * held the job.
 */
export async function settleSuccess(
  app: INestApplication,
  job: OpenedJob,
  charge: Micros,
): Promise<{ ended: boolean; captured: boolean; charged: Micros | null; balance: string | null }> {
  const settled = await app
    .get(JobAggregate)
    .succeed(attemptOfJob(job), { body: {}, chargeMicros: charge }, NO_USAGE);
  if (!settled) return { ended: false, captured: false, charged: null, balance: null };
  // Captured: the hold was still pending; else the reaper had voided it (the late charge).
  const [hold] = (await app
    .get(DataSource)
    .query(`SELECT status FROM holds WHERE id = $1`, [job.holdId])) as { status: string }[];
  return {
    ended: true,
    captured: hold?.status === 'captured',
    charged: settled.captured!.charged,
    balance: String(settled.captured!.balance),
  };
}

/** Settles the attempt as failed: its hold voided, nothing charged (production's settlement). */
export async function settleFailure(app: INestApplication, job: OpenedJob) {
  const settled = await app
    .get(JobAggregate)
    .fail(attemptOfJob(job), new DomainError('provider_error', 'test'), NO_USAGE);
  return { ended: settled !== null };
}

/**
 * Puts the running attempt's job back in the queue, its hold voided (the aggregate's requeue, in
 * a transaction of its own, with its new queue message); whether it did.
 */
export function requeue(app: INestApplication, job: OpenedJob, recovery = false) {
  return app.get(JobAggregate).requeue(attemptOfJob(job), { recovery });
}

/**
 * A worker's next attempt of a queued job: the job claimed (its attempt incremented), then the
 * attempt's own hold placed (JobAggregate.holdForAttempt: counted in its windows, not limited).
 * `claimed` is the new attempt (running, whatever the hold's outcome); `outcome` is the hold's
 * (null: the attempt no longer held the job). Throws when the job was not queued.
 */
export async function claimAndHold(
  app: INestApplication,
  job: OpenedJob,
  options: { amount?: Micros; ttlSeconds?: number; now?: Date } = {},
): Promise<{ claimed: OpenedJob; outcome: HoldOutcome | null; job: OpenedJob | null }> {
  const jobs = app.get(JobAggregate);
  const row = await jobs.claim({ jobId: job.id });
  if (!row) throw new Error(`job ${job.id} was not queued`);
  const claimed = { ...job, attempt: row.attempt };
  const amount = options.amount ?? job.amount;
  const outcome = await jobs.holdForAttempt(
    { ...attemptOfJob(claimed), holdId: null },
    {
      amount,
      ttlSeconds: options.ttlSeconds ?? 60,
      now: options.now ?? app.get(Clock).now(),
    },
  );
  const held =
    outcome && 'holdId' in outcome
      ? { ...job, attempt: row.attempt, holdId: outcome.holdId, amount }
      : null;
  return { claimed, outcome, job: held };
}
