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

const storage = new AsyncLocalStorage<ProviderCallTally>();

/**
 * Runs `work` with a fresh tally that every provider request made inside it (through
 * `recordProviderRequest`) adds to, across awaits and parallel branches.
 */
export function meterProviderCalls<T>(work: () => Promise<T>): {
  tally: ProviderCallTally;
  result: Promise<T>;
} {
  const tally: ProviderCallTally = { requests: {}, paid: {} };
  return { tally, result: storage.run(tally, work) };
}

/** Counts one request to `path` for the operation running now (none outside `meterProviderCalls`). */
export function recordProviderRequest(path: string, status: number | null): void {
  const tally = storage.getStore();
  if (!tally) return;
  tally.requests[path] = (tally.requests[path] ?? 0) + 1;
  if (status === 200) tally.paid[path] = (tally.paid[path] ?? 0) + 1;
}

/** The sum of a tally's counters. */
export function totalOf(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, value) => sum + value, 0);
}
