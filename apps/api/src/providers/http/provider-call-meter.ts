import { scopeOf, scopeSignal } from '../../common/async/signal-scope';

/**
 * What one operation spent at the video-data provider: requests per endpoint path, and how many
 * were answered 200 (the provider charges only those; retries of failed answers are free).
 */
export interface ProviderCallTally {
  /** Requests sent, per endpoint path. */
  requests: Record<string, number>;
  /** Requests answered 200, per endpoint path: the paid calls. */
  paid: Record<string, number>;
}

/** The operation scope (signal-scope.ts) the meter keeps on an operation's signal. */
interface MeteredScope {
  providerCalls: ProviderCallTally;
  /** The request that started the operation: the provider client's log lines name it. */
  requestId: string;
}

/**
 * A fresh tally for the operation whose work runs under `signal`: every provider request made
 * with that signal, or with one derived from it (`anySignal`, `inheritScope`), adds to it
 * (`recordProviderRequest`), across awaits and parallel branches.
 */
export function meterProviderCalls(signal: AbortSignal, requestId: string): ProviderCallTally {
  const tally: ProviderCallTally = { requests: {}, paid: {} };
  scopeSignal<MeteredScope>(signal, { providerCalls: tally, requestId });
  return tally;
}

/**
 * Counts one request to `path` for the operation `signal` belongs to (none for a signal outside
 * `meterProviderCalls`, or no signal).
 */
export function recordProviderRequest(
  signal: AbortSignal | undefined,
  path: string,
  status: number | null,
): void {
  const tally = scopeOf<MeteredScope>(signal)?.providerCalls;
  if (!tally) return;
  tally.requests[path] = (tally.requests[path] ?? 0) + 1;
  if (status === 200) tally.paid[path] = (tally.paid[path] ?? 0) + 1;
}

/** The request id of the metered operation `signal` belongs to, for log lines. */
export function meteredRequestId(signal: AbortSignal | undefined): string | undefined {
  return scopeOf<MeteredScope>(signal)?.requestId;
}

/** The sum of a tally's counters. */
export function totalOf(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, value) => sum + value, 0);
}
