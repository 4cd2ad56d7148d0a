import { setTimeout as sleep } from 'node:timers/promises';
import { type BeforeApplicationShutdown, Injectable, Logger, type Type } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ModuleRef } from '@nestjs/core';
import { DomainError, formatUsd, type Micros, type Operation } from '@reelscout/domain';
import type { Request, Response } from 'express';
import type { Caller } from '../request-context/caller';
import { BillingService, type Hold } from '../ledger/billing.service';
import { toDomainError, toErrorBody } from '../common/errors/error-envelope';
import { requestIdOf } from '../common/http/request-id';
import type { Environment } from '../config/environment';
import {
  IDEMPOTENCY_HEADER,
  IdempotencyService,
  parseIdempotencyKey,
  requestFingerprint,
  type IdempotencyScope,
  type StoredResponse,
} from '../idempotency/idempotency.service';
import {
  meterProviderCalls,
  totalOf,
  type ProviderCallTally,
} from '../providers/http/provider-call-meter';
import { ProvidersService, type LiveProviderSettingsMissing } from '../providers/providers.service';
import { claimInFlightSlot } from '../throttling/in-flight-slot';
import type { OperationContract } from './operation.contract';
import type { OperationLocals } from '../request-context/operation-locals';
import { ReplayedResponse } from '../common/http/replayed-response';

/** Extra time a hold and an idempotency lock outlive the deadline before the reaper frees them. */
export const HOLD_MARGIN_MS = 60_000;

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

/** What the work gets besides its abort signal: its deadline, for work that can answer less instead of failing. */
export interface WorkContext {
  /** When the deadline fires (epoch ms). */
  deadlineAt: number;
  /** The whole deadline, ms. */
  deadlineMs: number;
}

export interface OperationOutcome<T> {
  body: T;
  /** The actual charge (≤ the hold): 0 for an empty result. */
  chargeMicros: Micros;
  market?: string | null;
}

export const BILLING_HEADERS = ['x-service-charged-usd', 'x-service-balance-usd'] as const;

/**
 * Runs one billed operation through ARCHITECTURE §3 steps 7–10, the same way for all four:
 * idempotency → hold (402 before any provider call) → the work under its deadline →
 * capture (or void on every error path) → billing headers → stored idempotent response.
 */
@Injectable()
export class OperationRunner implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Operations');
  /** Background stores of captured calls' idempotent responses (see `storeSuccess`). */
  private readonly pendingStores = new Set<Promise<void>>();
  /** Aborted when the application shuts down: background retries stop waiting. */
  private readonly shutdown = new AbortController();
  /** Operations' services, by class (see `serviceOf`). */
  private readonly services = new Map<Type<unknown>, unknown>();

  constructor(
    private readonly billing: BillingService,
    private readonly idempotency: IdempotencyService,
    private readonly providers: ProvidersService,
    private readonly config: ConfigService<Environment, true>,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * Runs one operation as its contract declares it: its checks first (a 400 before any hold),
   * then `execute` with its hold, deadline, required providers, work, charge and market.
   */
  async run<Body, Result, Service>(
    contract: OperationContract<Body, Result, Service>,
    context: { caller: Caller; req: Request; res: Response },
    body: Body,
  ): Promise<Result> {
    for (const check of contract.checks ?? []) check(body);
    const service = this.serviceOf(contract.service);
    return this.execute(
      context,
      {
        operation: contract.operation,
        holdMicros: contract.hold(body),
        deadlineMs: this.config.get(contract.deadline, { infer: true }),
        requires: contract.requires,
      },
      async (signal, deadline) => {
        const result = await contract.work(service, {
          mode: context.caller.mode,
          body,
          signal,
          deadline,
        });
        return {
          body: result,
          chargeMicros: contract.charge(result, body),
          market: contract.market?.(result),
        };
      },
    );
  }

  /** An operation's service, looked up across modules once and then kept (not per call). */
  private serviceOf<Service>(type: Type<Service>): Service {
    if (!this.services.has(type)) {
      this.services.set(type, this.moduleRef.get(type, { strict: false }));
    }
    return this.services.get(type) as Service;
  }

  async execute<T>(
    context: { caller: Caller; req: Request; res: Response },
    spec: OperationSpec,
    work: (signal: AbortSignal, context: WorkContext) => Promise<OperationOutcome<T>>,
  ): Promise<T> {
    // First, before anything can wait: this call's in-flight slot (slow operations) is now ours.
    // It is given back when the work itself has settled: not when the client hangs up (the work
    // runs on and is captured), and not at a 504 while work that ignores its signal still runs.
    const slot = claimInFlightSlot(context.res);
    const started: { work?: Promise<unknown> } = {};
    try {
      return await this.steps(context, spec, work, started);
    } finally {
      if (slot) {
        const release = () => slot.release();
        if (started.work) void started.work.then(release, release);
        else await release();
      }
    }
  }

  private async steps<T>(
    context: { caller: Caller; req: Request; res: Response },
    spec: OperationSpec,
    work: (signal: AbortSignal, context: WorkContext) => Promise<OperationOutcome<T>>,
    started: { work?: Promise<unknown> },
  ): Promise<T> {
    const { caller, req, res } = context;
    this.providers.requireConfigured(caller.mode, ...(spec.requires ?? []));
    const locals = res.locals as OperationLocals;
    locals.operation = String(spec.operation);
    const requestId = requestIdOf(req);

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
        spec.deadlineMs + HOLD_MARGIN_MS,
      );
      if (begun.kind === 'replay') throw new ReplayedResponse(begun.response);
    }

    let hold: Hold | undefined;
    let outcome: OperationOutcome<T>;
    let captured: Awaited<ReturnType<BillingService['capture']>>;
    try {
      hold = await this.billing.hold(caller, spec.holdMicros, {
        operation: spec.operation,
        requestId,
        ttlMs: spec.deadlineMs + HOLD_MARGIN_MS,
      });
      const metered = meterProviderCalls(() =>
        withDeadline(spec.deadlineMs, work, (promise) => (started.work = promise)),
      );
      try {
        outcome = await metered.result;
      } finally {
        this.logProviderCalls(String(spec.operation), requestId, metered.tally);
      }
      captured = await this.billing.capture(hold, outcome.chargeMicros, {
        operation: String(spec.operation),
        requestId,
      });
    } catch (error) {
      if (hold) {
        await this.billing
          .void(hold)
          .catch((voidError: unknown) =>
            this.logger.error(
              { err: voidError, holdId: hold!.id },
              'could not void a hold; the reaper will',
            ),
          );
      }
      if (scope) {
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
      throw error;
    }

    // Captured: the call has succeeded and been charged. Nothing after this point may turn it
    // into an error (a 500 for a charged call, with its billing headers already set).
    const headers = {
      'x-service-charged-usd': formatUsd(captured.charged),
      'x-service-balance-usd': formatUsd(captured.balance),
    };
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    locals.chargedMicros = captured.charged;
    locals.market = outcome.market ?? null;
    if (scope)
      await this.storeSuccess(scope, { status: 200, body: outcome.body, headers }, requestId);
    return outcome.body;
  }

  /**
   * What the call cost at the video-data provider, per endpoint: requests sent and the paid ones
   * (answered 200). Live calls only; the sandbox makes no provider requests.
   */
  private logProviderCalls(operation: string, requestId: string, tally: ProviderCallTally): void {
    const requests = totalOf(tally.requests);
    if (requests === 0) return;
    this.logger.log(
      {
        requestId,
        operation,
        providerCallsPaid: totalOf(tally.paid),
        providerRequests: requests,
        providerCallsByEndpoint: tally.paid,
        providerRequestsByEndpoint: tally.requests,
      },
      'provider calls',
    );
  }

  /**
   * Stores a captured call's 200 for its Idempotency-Key. If that fails, the 200 is still
   * returned (the call was charged) and the store is retried in the background. Until a retry
   * lands, the key's row stays `running` under its lock (deadline + HOLD_MARGIN_MS from the
   * start, so at least HOLD_MARGIN_MS from now): a retry with the same key gets 409
   * `idempotency_key_in_use` ("retry after it finishes"), never a second run and charge, and once
   * the store lands it gets this 200 replayed. The retries end inside that lock; if every one
   * fails (the database down for that long) the lock expires and a later retry would run again,
   * so the failure is logged with what an operator needs to reconcile it.
   */
  private async storeSuccess(
    scope: IdempotencyScope,
    response: StoredResponse,
    requestId: string,
  ): Promise<void> {
    try {
      await this.idempotency.finish(scope, response);
      return;
    } catch (error) {
      this.logger.error(
        { err: error, requestId, accountId: scope.accountId, mode: scope.mode },
        'a charged call succeeded but its idempotent response could not be stored; retrying',
      );
    }
    const retries = this.retryStore(scope, response, requestId);
    this.pendingStores.add(retries);
    void retries.finally(() => this.pendingStores.delete(retries));
  }

  /** Retries the store with backoff; resolves when it landed or was given up (logged). */
  private async retryStore(
    scope: IdempotencyScope,
    response: StoredResponse,
    requestId: string,
  ): Promise<void> {
    let lastError: unknown;
    for (const [index, delayMs] of STORE_RETRY_DELAYS_MS.entries()) {
      // A shutdown stops the waiting, not the attempts: the remaining ones run at once.
      await sleep(delayMs, undefined, { signal: this.shutdown.signal }).catch(() => undefined);
      try {
        await this.idempotency.finish(scope, response);
        this.logger.warn(
          { requestId, attempt: index + 1 },
          'stored the idempotent response on a retry',
        );
        return;
      } catch (error) {
        lastError = error;
      }
    }
    this.logger.error(
      {
        err: lastError,
        requestId,
        accountId: scope.accountId,
        mode: scope.mode,
        idempotencyKey: scope.key,
      },
      'gave up storing the idempotent response of a charged call; a retry with this key after its lock expires would run (and charge) again',
    );
  }

  /**
   * Shutting down (a deploy): the background stores must not vanish with the process, or the
   * key's row would stay `running` and a retry after its lock expires would charge again. Their
   * remaining attempts run now, and shutdown waits for them.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.shutdown.abort();
    await Promise.all([...this.pendingStores]);
  }
}

/** Background retries of a captured call's idempotent store: all well inside HOLD_MARGIN_MS. */
const STORE_RETRY_DELAYS_MS = [250, 1_000, 3_000, 8_000, 15_000];

/**
 * Runs `work` with an AbortSignal that fires at the deadline; the call then fails with 504.
 * `onStarted` receives the work's own promise, which may settle after a 504 when the work does
 * not stop at once.
 */
export async function withDeadline<T>(
  ms: number,
  work: (signal: AbortSignal, context: WorkContext) => Promise<T>,
  onStarted?: (work: Promise<T>) => void,
): Promise<T> {
  const controller = new AbortController();
  const deadlineAt = Date.now() + ms;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DomainError(
        'timeout',
        `The operation did not finish within ${Math.round(ms / 1000)} s.`,
      );
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    const running = work(controller.signal, { deadlineAt, deadlineMs: ms });
    onStarted?.(running);
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
