import { AsyncLocalStorage } from 'node:async_hooks';

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

interface MeteredScope {
  providerCalls: ProviderCallTally;
  /** The request that started the operation: the provider client's log lines name it. */
  requestId: string;
}

/**
 * The operation a provider request belongs to, carried by the async context: every request made
 * inside `meterProviderCalls`' work (across awaits, parallel branches and shared work it
 * started) adds to that operation's tally.
 */
const metered = new AsyncLocalStorage<MeteredScope>();

/**
 * Runs `work` with a fresh tally for its provider requests; `onTally` receives the tally at once,
 * so a caller whose work fails can still read what it spent.
 */
export function meterProviderCalls<T>(
  requestId: string,
  onTally: (tally: ProviderCallTally) => void,
  work: () => T,
): T {
  const tally: ProviderCallTally = { requests: {}, paid: {} };
  onTally(tally);
  return metered.run({ providerCalls: tally, requestId }, work);
}

/** Counts one request to `path` for the metered operation running now (none outside one). */
export function recordProviderRequest(path: string, status: number | null): void {
  const tally = metered.getStore()?.providerCalls;
  if (!tally) return;
  tally.requests[path] = (tally.requests[path] ?? 0) + 1;
  if (status === 200) tally.paid[path] = (tally.paid[path] ?? 0) + 1;
}

/** The request id of the metered operation running now, for log lines. */
export function meteredRequestId(): string | undefined {
  return metered.getStore()?.requestId;
}

/** The sum of a tally's counters. */
export function totalOf(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, value) => sum + value, 0);
}
