import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  formatUsd,
  type JobView,
  type Micros,
  type Operation,
  type UsageSource,
} from '@reelscout/domain';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { Caller } from '../request-context/caller';
import { BillingService } from '../ledger/billing.service';
import { toDomainError, toErrorBody } from '../common/errors/error-envelope';
import { requestIdOf } from '../common/http/request-id';
import type { Environment } from '../config/environment';
import {
  IDEMPOTENCY_HEADER,
  IdempotencyService,
  parseIdempotencyKey,
  requestFingerprint,
  toStoredBody,
  type IdempotencyScope,
} from '../idempotency/idempotency.service';
import { ProvidersService, type LiveProviderSettingsMissing } from '../providers/providers.service';
import { JobRepository, type JobRow, type NewJob } from '../repositories/job.repository';
import { HoldRefused } from '../repositories/spend-counter.repository';
import { claimInFlightSlot } from '../throttling/in-flight-slot';
import type { OperationLocals } from '../request-context/operation-locals';
import { ReplayedResponse } from '../common/http/replayed-response';
import { HOLD_MARGIN_MS, JobExecutor, type AttemptResult } from '../jobs/job-executor';
import { newJobId, toPublicJobId } from '../jobs/job-ids';
import { JobQueue } from '../jobs/job-queue';
import { canceledError } from '../jobs/job-settlement';
import { toJobView } from '../jobs/job-view';
import { JobWaiter } from '../jobs/job-waiter';
import { OperationRegistry } from '../jobs/operation-registry';
import { parsePrefer, type ResponsePreference } from '../jobs/prefer';
import type { OperationOutcome, RunnableOperation, WorkContext } from '../jobs/runnable-operation';
import { Clock } from '../common/clock/clock';
import type { OperationContract } from './operation.contract';

export { HOLD_MARGIN_MS } from '../jobs/job-executor';
export { withDeadline } from '../jobs/deadline';
export type { OperationOutcome, WorkContext } from '../jobs/runnable-operation';

export interface OperationSpec {
  operation: Operation | string;
  /** The most this call can cost: held before any work. */
  holdMicros: Micros;
  /** Past this, the call fails with 504 timeout, its hold voided. */
  deadlineMs: number;
  /**
   * The live providers the work cannot do without: when one is not configured, a live call
   * fails with 503 provider_unavailable naming the setting, before its idempotency key is taken
   * or any hold, provider call or LLM token is spent.
   */
  requires?: (keyof LiveProviderSettingsMissing)[];
}

export const BILLING_HEADERS = ['x-service-charged-usd', 'x-service-balance-usd'] as const;

/**
 * Who runs the call: a key's caller (/v1), or a signed-in account's dashboard run, which has no
 * key (`keyId` null, `source: 'dashboard'`) and no subject.
 */
export type RunningParty = Omit<Caller, 'keyId'> & {
  keyId: string | null;
  /**
   * Where the call came from, for its job and usage record; absent: `api`. The job carries it
   * from its insert; a synchronous call's usage record is the key guard's (`api`), and a
   * dashboard run is always async (its context's `prefer`).
   */
  source?: UsageSource;
};

export type CallContext = {
  caller: RunningParty;
  req: Request;
  res: Response;
  /** How to answer, instead of the request's `Prefer` header (a dashboard run is always async). */
  prefer?: ResponsePreference;
};

/**
 * Runs one billed operation through ARCHITECTURE §3 steps 7–10, the same way for all four, as a
 * job: idempotency → hold (402 before any work) → the job row → the work under its deadline →
 * capture (or void), stored with the job's result in one transaction → billing headers.
 *
 * How the caller is answered follows `Prefer` (RFC 7240): by default the call waits for its job
 * (run at once by this instance, no queue on the fast path) and answers its result with
 * `x-job-id`; `respond-async` queues the job for a worker and answers 202 with the job;
 * `wait=N` runs it here and answers 202 if it has not ended within N seconds.
 */
@Injectable()
export class OperationRunner {
  private readonly logger = new Logger('Operations');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly billing: BillingService,
    private readonly idempotency: IdempotencyService,
    private readonly providers: ProvidersService,
    private readonly registry: OperationRegistry,
    private readonly executor: JobExecutor,
    private readonly jobs: JobRepository,
    private readonly queue: JobQueue,
    private readonly waiter: JobWaiter,
    private readonly config: ConfigService<Environment, true>,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs one operation as its contract declares it: its checks first (a 400 before any hold),
   * then the job with its hold, deadline, required providers, work, charge and market.
   */
  async run<Body, Result, Service>(
    contract: OperationContract<Body, Result, Service>,
    context: CallContext,
    body: Body,
  ): Promise<Result | JobView> {
    for (const check of contract.checks ?? []) check(body);
    const runnable = this.registry.runnable(contract, context.caller.mode, body);
    return this.start(context, runnable, body);
  }

  /** An operation without a registered contract (it runs only synchronously, on this instance). */
  execute<T>(
    context: CallContext,
    spec: OperationSpec,
    work: (signal: AbortSignal, context: WorkContext) => Promise<OperationOutcome<T>>,
  ): Promise<T | JobView> {
    const runnable: RunnableOperation<T> = {
      operation: String(spec.operation),
      holdMicros: spec.holdMicros,
      deadlineMs: spec.deadlineMs,
      requires: spec.requires ?? [],
      work,
    };
    return this.start(context, runnable, context.req.body);
  }

  private async start<T>(
    context: CallContext,
    runnable: RunnableOperation<T>,
    body: unknown,
  ): Promise<T | JobView> {
    // First, before anything can wait: this call's in-flight slot (slow operations) is now ours.
    // It is given back when the work itself has settled: not when the client hangs up (the work
    // runs on and is captured), and not at a 504 while work that ignores its signal still runs.
    const slot = claimInFlightSlot(context.res);
    const started: { work?: Promise<unknown> } = {};
    try {
      return await this.steps(context, runnable, body, started);
    } finally {
      if (slot) {
        const release = () => slot.release();
        if (started.work) void started.work.then(release, release);
        else await release();
      }
    }
  }

  private async steps<T>(
    context: CallContext,
    runnable: RunnableOperation<T>,
    body: unknown,
    started: { work?: Promise<unknown> },
  ): Promise<T | JobView> {
    const { caller, req, res } = context;
    const prefer = context.prefer ?? parsePrefer(req.headers.prefer);
    if (prefer.kind === 'async' && !this.registry.has(runnable.operation)) {
      throw new DomainError('invalid_request', `${runnable.operation} cannot run asynchronously.`, {
        param: 'Prefer',
      });
    }
    this.providers.requireConfigured(caller.mode, ...runnable.requires);
    const locals = res.locals as OperationLocals;
    locals.operation = runnable.operation;
    const requestId = requestIdOf(req);
    const jobId = newJobId();

    const key = parseIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]);
    const scope: IdempotencyScope | null = key
      ? { accountId: caller.accountId, mode: caller.mode, key }
      : null;
    if (scope) {
      const fingerprint = requestFingerprint({
        method: req.method,
        path: req.path,
        body: req.body,
        subject: caller.subject,
      });
      const begun = await this.idempotency.begin(
        scope,
        fingerprint,
        runnable.deadlineMs + HOLD_MARGIN_MS,
        jobId,
      );
      if (begun.kind === 'replay') throw new ReplayedResponse(begun.response);
      if (begun.kind === 'job') return this.answerExisting(begun.jobId, prefer, res, true);
    }

    const execution = prefer.kind === 'async' ? 'async' : 'sync';
    // The hold outlives the deadline by a margin (the reaper frees a dead call's); a queued job's
    // also covers its longest wait in the queue.
    const queuedMs =
      execution === 'async' ? this.config.get('JOBS_MAX_QUEUE_MS', { infer: true }) : 0;
    const job: NewJob = {
      id: jobId,
      accountId: caller.accountId,
      mode: caller.mode,
      keyId: caller.keyId,
      subject: caller.subject,
      operation: runnable.operation,
      execution,
      request: toStoredBody(body ?? null),
      requestId,
      idempotencyKey: key,
      holdAmount: runnable.holdMicros,
      holdTtlSeconds: (queuedMs + runnable.deadlineMs + HOLD_MARGIN_MS) / 1000,
      now: this.clock.now(),
      source: caller.source,
    };
    let holdId: string;
    try {
      if (execution === 'async') {
        // The job, its hold and its queue message commit together.
        holdId = await this.dataSource.transaction(async (manager) => {
          const held = await this.jobs.createWithHold(job, 'queued', manager);
          await this.queue.send(manager, runnable.operation, jobId);
          return held;
        });
      } else {
        holdId = await this.jobs.createWithHold(job, 'running');
      }
    } catch (thrown) {
      // A refused hold (credit or a spend limit) wrote nothing: its 402, before any work. That
      // refusal is not the Idempotency-Key's outcome: the key is released (never stored and
      // replayed), so the same key runs once the credit, the limit or the window allows it.
      const error = await this.billing.holdError(caller, runnable.holdMicros, thrown);
      if (thrown instanceof HoldRefused) await this.releaseKey(scope);
      else await this.abandon(scope, error, requestId);
      throw error;
    }
    if (execution === 'async') {
      locals.jobRecordsUsage = true;
      return this.accepted(res, (await this.jobs.findById(jobId))!);
    }

    res.setHeader('x-job-id', toPublicJobId(jobId));
    let usageByJob = false;
    const attempt = this.executor.run({ ...job, holdId, attempt: 1 }, runnable, {
      usageByJob: () => usageByJob,
      onWorkStarted: (work) => (started.work = work),
      startedAt: (res.locals as { startedAt?: number }).startedAt,
    });
    if (prefer.kind === 'wait') {
      const timer = new Promise<'waited'>((resolve) =>
        setTimeout(resolve, prefer.seconds * 1000, 'waited').unref(),
      );
      const first = await Promise.race([attempt, timer]);
      if (first === 'waited') {
        // Still running: the job goes on here, and ends (and records its usage) on its own.
        usageByJob = true;
        locals.jobRecordsUsage = true;
        void attempt.catch(() => undefined);
        const row = await this.jobs.findById(jobId);
        return this.accepted(res, row!);
      }
    }
    return this.answer<T>(await attempt, res, locals, jobId);
  }

  /** A synchronous call's answer from its attempt: the result, or the error the work raised. */
  private async answer<T>(
    result: AttemptResult,
    res: Response,
    locals: OperationLocals,
    jobId: string,
  ): Promise<T | JobView> {
    if (result.kind === 'requeued') {
      // This instance is shutting down: a worker finishes the job; the caller polls it.
      locals.jobRecordsUsage = true;
      const row = await this.jobs.findById(jobId);
      return this.accepted(res, row!);
    }
    if (result.kind === 'superseded') {
      // The attempt that replaced this one ends the job and writes its usage record.
      locals.jobRecordsUsage = true;
      throw new DomainError(
        'internal_error',
        'This call was taken over by another worker; fetch its job with the x-job-id header.',
      );
    }
    const { ending, settled } = result;
    // A charged call's usage record was written with its charge (the key guard writes none).
    if (settled.usageRecorded) locals.jobRecordsUsage = true;
    if (ending.kind === 'canceled') throw canceledError();
    if (ending.kind === 'failed') throw result.thrown ?? ending.error;
    // Captured: the call has succeeded and been charged. Nothing after this point may turn it
    // into an error (a 500 for a charged call, with its billing headers already set).
    const captured = settled.captured!;
    res.setHeader('x-service-charged-usd', formatUsd(captured.charged));
    res.setHeader('x-service-balance-usd', formatUsd(captured.balance));
    locals.chargedMicros = captured.charged;
    locals.market = result.market;
    return ending.body as T;
  }

  /**
   * A retry of a call whose job exists (same Idempotency-Key): the same job, whichever mode the
   * retry uses. Async: 202 with it. Wait: wait for it up to N s. Sync: its stored answer once it
   * ended, else 409 `idempotency_key_in_use` with its `x-job-id`.
   */
  private async answerExisting(
    jobId: string,
    prefer: ResponsePreference,
    res: Response,
    replayed: boolean,
  ): Promise<JobView> {
    let row = await this.jobs.findById(jobId);
    if (!row) throw new DomainError('internal_error', 'The job of this Idempotency-Key is gone.');
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('x-job-id', toPublicJobId(row.id));
    if (prefer.kind === 'wait' && !row.finished_at) {
      row = await this.waiter.waitForEnd(row.id, prefer.seconds * 1000);
    }
    if (prefer.kind === 'async' || !row.finished_at) {
      if (prefer.kind === 'sync') {
        throw new DomainError(
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still running; retry after it finishes, or fetch its job (x-job-id).',
          { param: 'Idempotency-Key', headers: { 'x-job-id': toPublicJobId(row.id) } },
        );
      }
      return this.accepted(res, row);
    }
    const view = toJobView(row);
    if (row.status === 'succeeded') {
      const headers: Record<string, string> = {
        'x-service-charged-usd': view.billing.charged_usd ?? '0.000000',
        'x-job-id': view.id,
      };
      if (view.billing.balance_usd) headers['x-service-balance-usd'] = view.billing.balance_usd;
      throw new ReplayedResponse({ status: 200, body: view.result, headers });
    }
    throw new ReplayedResponse({
      status: row.http_status ?? 500,
      body: view.error,
      headers: { 'x-job-id': view.id },
    });
  }

  /** 202 Accepted with the job, where to poll it, and its id. */
  private accepted(res: Response, row: JobRow): JobView {
    const view = toJobView(row);
    res.status(202);
    res.setHeader('Location', `/v1/jobs/${view.id}`);
    res.setHeader('x-job-id', view.id);
    return view;
  }

  /** Releases the Idempotency-Key of a call refused before any work (a retry runs anew). */
  private async releaseKey(scope: IdempotencyScope | null): Promise<void> {
    if (!scope) return;
    await this.idempotency
      .release(scope)
      .catch((error: unknown) =>
        this.logger.error({ err: error }, 'could not release an Idempotency-Key'),
      );
  }

  /**
   * A call that failed before its job existed (nothing was held): its key's error stored (or the
   * key released, for the statuses IdempotencyService does not store: 4xx of the caller's own).
   */
  private async abandon(
    scope: IdempotencyScope | null,
    error: unknown,
    requestId: string,
  ): Promise<void> {
    if (!scope) return;
    const domain = toDomainError(error);
    await this.idempotency
      .finish(scope, {
        status: domain.status,
        body: toErrorBody(domain, requestId),
        headers: { ...domain.headers },
      })
      .catch((finishError: unknown) =>
        this.logger.error({ err: finishError }, 'could not store an idempotent error response'),
      );
  }
}
