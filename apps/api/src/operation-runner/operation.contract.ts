import type { Type } from '@nestjs/common';
import type { Micros, Mode, Operation } from '@reelscout/domain';
import type { Environment } from '../config/environment';
import type { LiveProviderSettingsMissing } from '../providers/providers.service';
import type { WorkContext } from '../jobs/runnable-operation';

/** The settings that hold an operation's deadline, in ms (`ASSIST_DEADLINE_MS`, …). */
export type DeadlineSetting = {
  [K in keyof Environment]-?: K extends `${string}_DEADLINE_MS` ? K : never;
}[keyof Environment];

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
 * Everything `OperationRunner.run` needs to know about one billed /v1 operation, declared once in
 * its `x.operation.ts`. The runner does the rest the same way for all four (ARCHITECTURE §3):
 * checks → in-flight slot → live providers → idempotency → hold → work under the deadline →
 * capture (or void) → billing headers. Prices come from `@reelscout/domain` (prices.ts).
 */
export interface OperationContract<Body, Result, Service> {
  operation: Operation;
  /** The setting of its deadline; past it the call fails with 504 `timeout`, its hold voided. */
  deadline: DeadlineSetting;
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
  /** The injectable that does the work (resolved from the application's container). */
  service: Type<Service>;
  work: (service: Service, call: OperationCall<Body>) => Promise<Result>;
}
