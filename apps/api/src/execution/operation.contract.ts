import type { Type } from '@nestjs/common';
import type { JobView, Micros, Mode, Operation, WebhookEventType } from '@reelscout/domain';
import type { DeadlineSetting } from '../config';
import type { LiveProviderSettingsMissing } from '../providers/providers.service';

/**
 * Which queue a queued job runs on: heavy media work (download, ffmpeg, frames) has its own,
 * smaller set of worker slots (`JOBS_HEAVY_SLOTS`), so it never starves the light ones.
 */
export type QueueClass = 'light' | 'heavy';

/** What the work gets besides its abort signal: its deadline, for work that can answer less. */
export interface WorkContext {
  /** When the deadline fires (epoch ms). */
  deadlineAt: number;
  /** The whole deadline, ms. */
  deadlineMs: number;
  /** Reports how far the work has got (0–1); shown as the job's `progress`. */
  progress?: (fraction: number) => void;
  /** The job the work runs for (the same across its attempts), for work that records by job. */
  jobId?: string;
}

/** What an operation's work is given, besides its service. */
export interface OperationCall<Body> {
  mode: Mode;
  body: Body;
  /** Fires at the deadline (the call then fails with 504). */
  signal: AbortSignal;
  /** The deadline, for work that can answer less instead of failing. */
  deadline: WorkContext;
}

/**
 * Everything about one billed /v1 operation, declared once in its `x.operation.ts`: the
 * execution module does the rest the same way for all four (docs/architecture.md §3): checks →
 * in-flight slot → live providers → idempotency → the job with its hold → the work under its
 * deadline → the settlement → billing headers. No other list of these traits exists: the queue,
 * the in-flight cap, the OpenAPI text and the price a dashboard run confirms all read them here.
 * Prices come from `@reelscout/domain` (prices.ts).
 */
export interface OperationContract<Body, Result, Service> {
  operation: Operation;
  /**
   * A variant of the operation (a watch's run is a scan job): registered beside the operation's
   * own contract, it runs the jobs of that operation whose stored body it recognises. Its jobs,
   * prices, usage records and key scopes are the operation's.
   */
  variant?: { name: string; matches: (body: unknown) => boolean };
  /** Webhook events its succeeded job emits besides `job.succeeded` (the job's result given). */
  events?: (job: JobView) => { type: WebhookEventType; data: object }[];
  /** The setting of its deadline; past it the call fails with 504 `timeout`, its hold voided. */
  deadline: DeadlineSetting;
  /** The queue its queued jobs run on. */
  queue: QueueClass;
  /** Whether a key's calls of it count toward the key's cap of slow calls in flight at once. */
  slow: boolean;
  /**
   * The live providers the work cannot do without: when one is not configured, a live call fails
   * with 503 `provider_unavailable` before its idempotency key is taken or anything is held.
   */
  requires: (keyof LiveProviderSettingsMissing)[];
  /**
   * Refusals that need no provider (an unsupported link, an unknown language), run first: a 400
   * comes before the hold, even on an empty balance. Each throws a `DomainError` or returns.
   */
  checks?: ((body: Body) => void)[];
  /** The most the call can cost, from the request: held before any work. */
  hold: (body: Body) => Micros;
  /** What the call costs, from the outcome (≤ the hold; 0 for an empty result). */
  charge: (result: Result, body: Body) => Micros;
  /** The market the outcome is about, for the usage record. */
  market?: (result: Result) => string | null;
  /**
   * The OpenAPI operation's text: what it does, and a description that states its price (built
   * from `@reelscout/domain`'s price list, never a copy of a figure) and what else to know.
   */
  docs: { summary: string; description: string };
  /** The injectable that does the work (its module binds it: OperationCatalog.register). */
  service: Type<Service>;
  work: (service: Service, call: OperationCall<Body>) => Promise<Result>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyContract = OperationContract<any, any, any>;

export interface OperationOutcome<T> {
  body: T;
  /** The actual charge (≤ the hold): 0 for an empty result. */
  chargeMicros: Micros;
  market: string | null;
}

/** One operation with its body, ready to run as a job: its hold, deadline and bound work. */
export interface RunnableOperation<T = unknown> {
  operation: Operation;
  /** The most this call can cost: held before any work. */
  holdMicros: Micros;
  /** Past this, the attempt fails with 504 timeout, its hold voided. */
  deadlineMs: number;
  /** Live providers the work cannot do without (503 before anything is held when one is missing). */
  requires: (keyof LiveProviderSettingsMissing)[];
  work: (signal: AbortSignal, context: WorkContext) => Promise<OperationOutcome<T>>;
}
