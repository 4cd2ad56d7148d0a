/** How long one Redis call may take before the caller falls back (Redis is never required). */
export const REDIS_CALL_TIMEOUT_MS = 500;

/**
 * Rejects when `promise` has not settled `ms` after the call. The timer measures Redis, not our
 * own event loop: after a stall (GC, a busy CPU) the timers phase runs before the poll phase
 * that would deliver a reply already waiting in the socket, so the rejection waits one
 * `setImmediate` (after that poll phase) and loses the race to a reply that is already here.
 */
export function withTimeout<T>(promise: Promise<T>, ms = REDIS_CALL_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        immediate = setImmediate(() => reject(new Error(`timed out after ${ms} ms`)));
      }, ms);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  });
}
