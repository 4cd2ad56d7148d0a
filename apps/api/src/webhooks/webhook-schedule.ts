/**
 * When a failed attempt is tried again: the retry delays (seconds, `WEBHOOK_RETRY_DELAYS_S`) in
 * order, each ± 10 % so endpoints that failed together are not retried in one burst. After the
 * last delay's attempt fails, the delivery has failed. A manual redelivery is one attempt.
 */
export type NextStep = { kind: 'retry'; delayMs: number } | { kind: 'failed' };

export function parseRetryDelays(setting: string): number[] {
  return setting
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((seconds) => Number.isFinite(seconds) && seconds >= 0);
}

/**
 * After the `attempt`-th attempt (1-based) failed: retry after the `attempt`-th delay, or give up.
 * `random` is in [0, 1) (tests pass a fixed one).
 */
export function afterFailure(
  attempt: number,
  delaysS: readonly number[],
  manual: boolean,
  random: () => number = Math.random,
): NextStep {
  if (manual || attempt > delaysS.length) return { kind: 'failed' };
  const jitter = 1 + (random() * 0.2 - 0.1);
  return { kind: 'retry', delayMs: Math.round(delaysS[attempt - 1] * 1000 * jitter) };
}
