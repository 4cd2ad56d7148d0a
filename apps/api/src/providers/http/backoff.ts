export interface BackoffOptions {
  /** First retry waits up to this long; each further retry doubles it. */
  baseMs: number;
  /** No wait is longer than this, whatever the provider's `Retry-After` says. */
  maxMs: number;
}

/**
 * "Full jitter" exponential backoff: a random wait in [0, min(max, base·2^attempt)], or the
 * provider's `Retry-After` when it asks for longer (still capped at `maxMs`).
 * `attempt` is 0 for the first retry.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
  const jittered = Math.floor(random() * ceiling);
  const wanted = retryAfterMs !== undefined ? Math.max(jittered, retryAfterMs) : jittered;
  return Math.min(wanted, options.maxMs);
}

/** `Retry-After` in milliseconds (seconds or an HTTP date); `undefined` when absent or unreadable. */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
