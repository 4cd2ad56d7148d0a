import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DomainError, type Micros } from '@reelscout/domain';
import { jobsConfig } from '../config';
import { toDomainError } from '../common/errors/error-envelope';
import {
  meterProviderCalls,
  totalOf,
  type ProviderCallTally,
} from '../providers/http/provider-call-meter';
import { withDeadline } from './deadline';
import {
  JobAggregate,
  type HoldOutcome,
  type JobAttempt,
  type JobSettlement,
  type NewJob,
  type UsageFacts,
} from './job-aggregate';
import type { RunnableOperation } from './operation.contract';
import { Clock } from '../common/clock/clock';

/** Pauses between tries to end a job whose settlement failed (well inside the stale threshold). */
const SETTLE_RETRY_DELAYS_MS = [100, 500, 2_000];

/** Extra time a hold and an idempotency lock outlive the deadline before the reaper frees them. */
export const HOLD_MARGIN_MS = 60_000;

/** Why an attempt was stopped from outside its work. */
export class CancelRequested extends Error {}
export class ShuttingDown extends Error {}
export class Superseded extends Error {}

/** How an attempt ended. */
export type Ending =
  | { kind: 'succeeded'; body: unknown; chargeMicros: Micros }
  | { kind: 'failed'; error: DomainError }
  | { kind: 'canceled' };

export type AttemptResult =
  | {
      kind: 'ended';
      settled: JobSettlement;
      ending: Ending;
      /** The error the work threw (a failed attempt), for a synchronous caller to rethrow as is. */
      thrown?: unknown;
      market: string | null;
    }
  /** Another attempt holds the job now (this one was taken for dead): nothing was settled here. */
  | { kind: 'superseded' }
  /** Stopped by a shutdown and put back in the queue, its hold voided. */
  | { kind: 'requeued' };

export interface AttemptOptions {
  /**
   * Whether a synchronous response will carry the outcome (its exception filter then logs a
   * bug); absent or false: nobody is waiting, so a bug is logged here.
   */
  answered?: () => boolean;
  /** Receives the work's own promise, which may settle after a 504 when the work does not stop at once. */
  onWorkStarted?: (work: Promise<unknown>) => void;
  /**
   * When the call began (`performance.now()`), for its usage record's duration: a synchronous
   * call's request; absent, the attempt's start.
   */
  startedAt?: number;
}

interface Running {
  controller: AbortController;
  progress: number;
  done: Promise<unknown>;
}

/**
 * Runs one attempt of a job: its hold (a new one for a recovered job), the work under its
 * deadline, a heartbeat that proves it alive and reads cancel requests, then the settlement,
 * each a move of the job aggregate (JobAggregate). The same path for a synchronous call (opened
 * here and run at once by the instance that got it) and a queued one (run by a worker).
 */
@Injectable()
export class JobAttempts {
  private readonly logger = new Logger('Jobs');
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly jobs: JobAggregate,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
    private readonly clock: Clock,
  ) {}

  /** How many attempts this process is running. */
  get size(): number {
    return this.running.size;
  }

  /** Set by a shutdown: attempts that would start now go back to the queue instead. */
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /**
   * A synchronous call's job: opened with its hold (`running`, its first attempt), then run at
   * once. The 402 of a refused hold (nothing written), or the attempt under way.
   */
  async start(
    job: NewJob,
    runnable: RunnableOperation,
    options: AttemptOptions,
  ): Promise<{ refused: DomainError } | { attempt: Promise<AttemptResult> }> {
    const opened: HoldOutcome = await this.jobs.open(job);
    if ('refused' in opened) return opened;
    const attempt: JobAttempt = { ...job, holdId: opened.holdId, attempt: 1 };
    return { attempt: this.run(attempt, runnable, options) };
  }

  run(
    job: JobAttempt,
    runnable: RunnableOperation,
    options: AttemptOptions,
  ): Promise<AttemptResult> {
    if (this.draining) {
      // Shutting down: another instance runs it (its hold voided, a new one placed then).
      return this.jobs
        .requeue(job)
        .then((done): AttemptResult => (done ? { kind: 'requeued' } : { kind: 'superseded' }));
    }
    const controller = new AbortController();
    const entry: Running = { controller, progress: 0, done: Promise.resolve() };
    this.running.set(job.id, entry);
    const done = this.attempt(job, runnable, entry, options).finally(() =>
      this.running.delete(job.id),
    );
    entry.done = done.catch(() => undefined);
    return done;
  }

  /** A cancel requested on this instance: the attempt stops at once (others learn at their heartbeat). */
  cancelLocal(jobId: string): void {
    this.running.get(jobId)?.controller.abort(new CancelRequested());
  }

  /**
   * Shutting down: no attempt starts from now on (see `run`); running ones get up to `graceMs`
   * to finish, then are stopped and put back in the queue. Returns once none is left.
   */
  async drain(graceMs: number): Promise<void> {
    this.drainingSince = Date.now();
    const graceEnds = this.drainingSince + graceMs;
    // Bounded: every round either waits out the grace or stops every attempt it sees.
    for (let round = 0; round < 100 && this.running.size > 0; round++) {
      const all = Promise.all([...this.running.values()].map((r) => r.done));
      const left = graceEnds - Date.now();
      if (left > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
        clearTimeout(timer);
        continue;
      }
      this.logger.warn(
        { jobs: this.running.size },
        'shutdown: putting running jobs back in the queue',
      );
      for (const r of this.running.values()) r.controller.abort(new ShuttingDown());
      await all;
    }
  }

  private async attempt(
    job: JobAttempt,
    runnable: RunnableOperation,
    entry: Running,
    options: AttemptOptions,
  ): Promise<AttemptResult> {
    const startedAt = performance.now();
    if (!job.holdId) {
      // A recovered or requeued job: its first hold was voided, so this attempt places its own.
      // Counted in the key's and subject's windows but not limited (the job was accepted, 202,
      // within them); only short credit can refuse it.
      const placed = await this.jobs.holdForAttempt(job, {
        amount: runnable.holdMicros,
        ttlSeconds: (runnable.deadlineMs + HOLD_MARGIN_MS) / 1000,
        now: this.clock.now(),
      });
      if (!placed) return { kind: 'superseded' };
      if ('refused' in placed) {
        // A refused hold (short credit) wrote nothing: the job fails with its 402.
        return this.settle(job, { kind: 'failed', error: placed.refused }, options, {
          startedAt,
          market: null,
          thrown: placed.refused,
        });
      }
      job = { ...job, holdId: placed.holdId, holdAmount: runnable.holdMicros };
    }

    const heartbeat = setInterval(() => void this.beat(job, entry), this.config.heartbeatMs);
    heartbeat.unref();
    const { controller } = entry;
    let ending: Ending;
    let market: string | null = null;
    let thrown: unknown;
    try {
      let tally: ProviderCallTally | undefined;
      try {
        const outcome = await withDeadline(
          runnable.deadlineMs,
          (signal, deadline) =>
            meterProviderCalls(
              job.requestId,
              (meter) => (tally = meter),
              () =>
                runnable.work(signal, {
                  ...deadline,
                  jobId: job.id,
                  progress: (fraction) => {
                    entry.progress = Math.min(0.99, Math.max(entry.progress, fraction));
                  },
                }),
            ),
          controller.signal,
          options.onWorkStarted,
        );
        ending = { kind: 'succeeded', body: outcome.body, chargeMicros: outcome.chargeMicros };
        market = outcome.market ?? null;
      } finally {
        if (tally) this.logProviderCalls(job, tally);
      }
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      clearInterval(heartbeat);
      if (reason instanceof Superseded) return { kind: 'superseded' };
      if (reason instanceof ShuttingDown && (await this.jobs.requeue(job))) {
        return { kind: 'requeued' };
      }
      // Not put back at a shutdown: a cancel was asked for (it ends canceled now), or another
      // attempt holds the job (then the ending below is fenced out).
      if (reason instanceof CancelRequested || reason instanceof ShuttingDown) {
        ending = { kind: 'canceled' };
      } else {
        thrown = error;
        ending = { kind: 'failed', error: toDomainError(error) };
      }
    } finally {
      clearInterval(heartbeat);
    }
    return this.settle(job, ending, options, { startedAt, market, thrown });
  }

  private async settle(
    job: JobAttempt,
    ending: Ending,
    options: AttemptOptions,
    meta: { startedAt: number; market: string | null; thrown?: unknown },
  ): Promise<AttemptResult> {
    const unheard = !options.answered?.();
    if (ending.kind === 'failed' && !(meta.thrown instanceof DomainError) && unheard) {
      // No exception filter sees this failure: log the bug here (its body says only 500).
      this.logger.error({ err: meta.thrown, jobId: job.id }, 'job failed unexpectedly');
    }
    const began = options.startedAt ?? meta.startedAt;
    const usage = { market: meta.market, durationMs: performance.now() - began };
    const settled = await this.endWithRetries(job, ending, usage);
    if (!settled) return { kind: 'superseded' };
    return { kind: 'ended', settled, ending, thrown: meta.thrown, market: meta.market };
  }

  /**
   * Ends the job, retrying a failed settlement (the database away for a moment) a few times.
   * Each try is one transaction, so a failed one charged nothing. If every try fails, the error
   * goes up (a synchronous caller gets 500 with its x-job-id); the job stays running without a
   * heartbeat and the sweeper recovers it, so its hold is never left pending.
   */
  private async endWithRetries(job: JobAttempt, ending: Ending, usage: UsageFacts) {
    let failedBefore = false;
    for (const delayMs of [...SETTLE_RETRY_DELAYS_MS, null]) {
      try {
        const settled = await this.end(job, ending, usage);
        // An earlier try may have committed without our hearing of it (a connection lost
        // after the commit): then the job ended by this attempt is the answer, not a takeover.
        return settled ?? (failedBefore ? await this.jobs.endedBy(job) : null);
      } catch (error) {
        if (delayMs === null) throw error;
        failedBefore = true;
        this.logger.warn({ err: error, jobId: job.id }, 'could not end a job; retrying');
        await sleep(delayMs);
      }
    }
    return null;
  }

  /** The aggregate's move that settles an ending (succeed, fail or cancel). */
  private end(job: JobAttempt, ending: Ending, usage: UsageFacts): Promise<JobSettlement | null> {
    if (ending.kind === 'succeeded') return this.jobs.succeed(job, ending, usage);
    if (ending.kind === 'failed') return this.jobs.fail(job, ending.error, usage);
    return this.jobs.cancel(job, usage);
  }

  /** Proves the attempt alive; stops it when a cancel was requested or another attempt took over. */
  private async beat(job: JobAttempt, entry: Running): Promise<void> {
    try {
      const cancel = await this.jobs.beat(job, entry.progress);
      if (cancel === null) entry.controller.abort(new Superseded());
      else if (cancel) entry.controller.abort(new CancelRequested());
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id }, 'job heartbeat failed');
    }
  }

  /**
   * What the call cost at the video-data provider, per endpoint: requests sent and the paid ones
   * (answered 200). Live calls only; the sandbox makes no provider requests.
   */
  private logProviderCalls(job: JobAttempt, tally: ProviderCallTally): void {
    const requests = totalOf(tally.requests);
    if (requests === 0) return;
    this.logger.log(
      {
        requestId: job.requestId,
        jobId: job.id,
        operation: job.operation,
        providerCallsPaid: totalOf(tally.paid),
        providerRequests: requests,
        providerCallsByEndpoint: tally.paid,
        providerRequestsByEndpoint: tally.requests,
      },
      'provider calls',
    );
  }
}
