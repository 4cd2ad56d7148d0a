import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type JobView, type Mode, type UsageSource } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { errorCodeOf, toDomainError, toErrorBody } from '../common/errors/error-envelope';
import { requestIdOf, requestStartedAt } from '../common/http/request-id';
import { ReplayedResponse } from '../common/http/replayed-response';
import { jobsConfig } from '../config';
import {
  IDEMPOTENCY_HEADER,
  IdempotencyService,
  parseIdempotencyKey,
  requestFingerprint,
  toStoredBody,
  type IdempotencyScope,
} from '../idempotency/idempotency.service';
import { ProvidersService } from '../providers/providers.service';
import type { Caller } from '../request-context/caller';
import { claimInFlightSlot } from '../throttling/in-flight-slot';
import { UsageService } from '../usage/usage.service';
import { CallAnswers } from './call-answers';
import { newJobId, toPublicJobId } from './job-ids';
import { JobAggregate, type HoldOutcome, type NewJob } from './job-aggregate';
import { HOLD_MARGIN_MS, JobAttempts, type AttemptResult } from './job-attempts';
import { OperationCatalog } from './operation-catalog';
import type { OperationContract, RunnableOperation } from './operation.contract';
import { parsePrefer, type ResponsePreference } from './prefer';
import { Clock } from '../common/clock/clock';
import { recordRefusedCall } from '../common/observability/observe';

/**
 * Who runs the call: a key's caller (/v1), or a signed-in account's dashboard run, which has no
 * key (`keyId` null, `source: 'dashboard'`) and no subject.
 */
export type RunCaller = Omit<Caller, 'keyId'> & { keyId: string | null; source?: UsageSource };

export type CallContext = {
  caller: RunCaller;
  req: Request;
  res: Response;
  /** How to answer, instead of the request's `Prefer` header (a dashboard run is always async). */
  prefer?: ResponsePreference;
};

/** A signed-in account's run from the dashboard: always async, under no key and no subject. */
export function dashboardCall(
  accountId: string,
  mode: Mode,
  req: Request,
  res: Response,
): CallContext {
  return {
    caller: { accountId, keyId: null, mode, subject: null, confinedTo: null, source: 'dashboard' },
    req,
    res,
    prefer: { kind: 'async' },
  };
}

/**
 * The one entry of a paid call (docs/architecture.md §3), the same for all four operations, for
 * /v1, the dashboard's playground and the MCP tools (which call /v1): the contract's checks (a
 * 400 before any hold) → the live providers it needs (503) → the Idempotency-Key → the job with
 * its hold in one statement (402 before any work) → then, as `Prefer` (RFC 7240) asks: by
 * default the call runs here at once and answers its result with `x-job-id`; `respond-async`
 * queues the job for a worker and answers 202; `wait=N` runs it here and answers 202 if it has
 * not ended within N seconds.
 *
 * The call's usage record is this module's to write from the moment the call arrives here: a
 * call that gets a job has it written by the job's settlement, in the statement that ends it; a
 * call refused before its job (400, 402, a full queue's 429, 503, an Idempotency-Key retry) has
 * it written here when its response is done.
 */
@Injectable()
export class ExecutionService {
  private readonly logger = new Logger('Execution');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: OperationCatalog,
    private readonly idempotency: IdempotencyService,
    private readonly providers: ProvidersService,
    private readonly attempts: JobAttempts,
    private readonly jobs: JobAggregate,
    private readonly answers: CallAnswers,
    private readonly usage: UsageService,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
    private readonly clock: Clock,
  ) {}

  async run<Body, Result, Service>(
    contract: OperationContract<Body, Result, Service>,
    context: CallContext,
    body: Body,
  ): Promise<Result | JobView> {
    const { req, res, caller } = context;
    const call = { jobCreated: false };
    this.usage.takeOver(req);
    this.usage.recordWhenDone(res, () =>
      call.jobCreated
        ? null // the job's settlement writes it
        : {
            requestId: requestIdOf(req),
            accountId: caller.accountId,
            keyId: caller.keyId,
            mode: caller.mode,
            subject: caller.subject,
            operation: contract.operation,
            market: null,
            status: res.statusCode,
            errorCode: errorCodeOf(res),
            charged: 0,
            durationMs: performance.now() - (requestStartedAt(res) ?? performance.now()),
            source: caller.source ?? 'api',
          },
    );
    // Before anything can wait: this call's in-flight slot (slow operations) is now ours. It is
    // given back when the work has settled: not when the client hangs up (the work runs on and
    // is settled), and not at a 504 while work that ignores its signal still runs.
    const slot = claimInFlightSlot(res);
    const started: { work?: Promise<unknown> } = {};
    try {
      for (const check of contract.checks ?? []) check(body);
      const runnable = this.catalog.runnable(contract.operation, caller.mode, body);
      return (await this.start(context, runnable, body, call, started)) as Result | JobView;
    } catch (error) {
      if (!call.jobCreated) recordRefusedCall(contract.operation, caller.mode, error);
      throw error;
    } finally {
      if (slot) {
        const release = () => slot.release();
        if (started.work) void started.work.then(release, release);
        else await release();
      }
    }
  }

  private async start(
    context: CallContext,
    runnable: RunnableOperation,
    body: unknown,
    call: { jobCreated: boolean },
    started: { work?: Promise<unknown> },
  ): Promise<unknown> {
    const { caller, req, res } = context;
    const prefer = context.prefer ?? parsePrefer(req.headers.prefer);
    this.providers.requireConfigured(caller.mode, ...runnable.requires);
    const requestId = requestIdOf(req);
    const jobId = newJobId();

    const key = parseIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]);
    const scope: IdempotencyScope | null = key
      ? { accountId: caller.accountId, mode: caller.mode, key, confinedTo: caller.confinedTo }
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
      if (begun.kind === 'job') return this.answers.existing(begun.jobId, prefer, res, true);
    }

    const execution = prefer.kind === 'async' ? 'async' : 'sync';
    const job = this.newJob(caller, runnable, body, {
      id: jobId,
      execution,
      requestId,
      idempotencyKey: key,
    });
    let answered = true;
    let opened: HoldOutcome | { attempt: Promise<AttemptResult> };
    try {
      opened =
        execution === 'async'
          ? // The job, its hold and its queue message commit together, under the queue's cap.
            await this.jobs.open(job, { capped: true })
          : await this.attempts.start(job, runnable, {
              answered: () => answered,
              onWorkStarted: (work) => (started.work = work),
              startedAt: requestStartedAt(res),
            });
    } catch (thrown) {
      await this.abandon(scope, thrown, requestId);
      throw thrown;
    }
    if ('refused' in opened) {
      // A refused hold (credit or a spend limit) wrote nothing: its 402, before any work. It is
      // not the Idempotency-Key's outcome: the key is released, so it runs once allowed.
      await this.releaseKey(scope);
      throw opened.refused;
    }
    call.jobCreated = true;
    if (!('attempt' in opened)) return this.answers.accepted(res, jobId);

    res.setHeader('x-job-id', toPublicJobId(jobId));
    const { attempt } = opened;
    if (prefer.kind === 'wait') {
      const timer = new Promise<'waited'>((resolve) =>
        setTimeout(resolve, prefer.seconds * 1000, 'waited').unref(),
      );
      const first = await Promise.race([attempt, timer]);
      if (first === 'waited') {
        // Still running: the job goes on here, and its settlement writes its usage record.
        answered = false;
        void attempt.catch(() => undefined);
        return this.answers.accepted(res, jobId);
      }
    }
    return this.answers.fromAttempt(await attempt, res, jobId);
  }

  /**
   * A run the service starts by itself (a watch's scheduled slot), queued for a worker: the
   * contract's checks, the live providers, then the job with its hold and its queue message in
   * the caller's transaction, so the run exists if and only if the caller's own writes commit.
   * A refusal (the 402 of a hold, a 503 of a missing provider) wrote nothing and is returned.
   */
  async enqueue<Body, Result, Service>(
    contract: OperationContract<Body, Result, Service>,
    party: RunCaller,
    body: Body,
    manager: EntityManager,
    requestId: string,
  ): Promise<{ jobId: string } | { refused: DomainError }> {
    let runnable: RunnableOperation;
    try {
      for (const check of contract.checks ?? []) check(body);
      runnable = this.catalog.runnable(contract.operation, party.mode, body);
      this.providers.requireConfigured(party.mode, ...runnable.requires);
    } catch (error) {
      if (error instanceof DomainError) return { refused: error };
      throw error;
    }
    const job = this.newJob(party, runnable, body, {
      id: newJobId(),
      execution: 'async',
      requestId,
      idempotencyKey: null,
    });
    const opened = await this.jobs.open(job, { manager });
    if ('refused' in opened) return opened;
    return { jobId: job.id };
  }

  /**
   * The job row (with its hold) of a call: the hold outlives the deadline by a margin (the
   * reaper frees a dead call's); a queued job's also covers its longest wait in the queue.
   */
  private newJob(
    party: RunCaller,
    runnable: RunnableOperation,
    body: unknown,
    call: {
      id: string;
      execution: 'sync' | 'async';
      requestId: string;
      idempotencyKey: string | null;
    },
  ): NewJob {
    const queuedMs = call.execution === 'async' ? this.config.maxQueueMs : 0;
    return {
      id: call.id,
      accountId: party.accountId,
      mode: party.mode,
      keyId: party.keyId,
      subject: party.subject,
      operation: runnable.operation,
      execution: call.execution,
      request: toStoredBody(body ?? null),
      requestId: call.requestId,
      idempotencyKey: call.idempotencyKey,
      holdAmount: runnable.holdMicros,
      holdTtlSeconds: (queuedMs + runnable.deadlineMs + HOLD_MARGIN_MS) / 1000,
      now: this.clock.now(),
      source: party.source ?? 'api',
    };
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
