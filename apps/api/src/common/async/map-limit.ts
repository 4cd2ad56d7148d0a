import { anySignal } from './abort';

/** One item's outcome in `mapLimitSettled`. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface MapLimitOptions {
  /** The caller's signal (e.g. the operation's deadline): once aborted, no new item starts. */
  signal?: AbortSignal;
}

export interface MapLimitSettledOptions extends MapLimitOptions {
  /**
   * An error for which the whole map gives up: sibling calls are aborted (through the signal
   * each call is given), no new item starts, and the map rejects with it. Every other error is
   * recorded as that item's outcome. Default: no error is fatal.
   */
  isFatal?: (error: unknown) => boolean;
}

/**
 * Maps `items` with at most `limit` calls in flight; results keep the input order. The first
 * failure rejects the map, aborts the signal every other call was given (so siblings stop their
 * work instead of running on for nothing) and starts no further item.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  options: MapLimitOptions = {},
): Promise<R[]> {
  const settled = await mapLimitSettled(items, limit, fn, { ...options, isFatal: () => true });
  return settled.map((outcome) => (outcome as { ok: true; value: R }).value);
}

/**
 * Like `mapLimit`, but one item's failure is that item's outcome (`{ok: false, error}`) unless
 * `isFatal` says the whole map must give up. Results keep the input order.
 */
export async function mapLimitSettled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  options: MapLimitSettledOptions = {},
): Promise<Settled<R>[]> {
  const results = new Array<Settled<R>>(items.length);
  const siblings = new AbortController();
  const signal = anySignal([options.signal, siblings.signal]);
  let fatal = false;
  let giveUp!: (error: unknown) => void;
  // Settles only on a fatal error: the map answers at once, not after the aborted siblings end.
  const gaveUp = new Promise<never>((_, reject) => {
    giveUp = reject;
  });
  let next = 0;
  let finished = 0;

  const worker = async () => {
    while (next < items.length && !fatal && !signal.aborted) {
      const index = next++;
      try {
        results[index] = { ok: true, value: await fn(items[index], index, signal) };
      } catch (error) {
        if (fatal) return; // a sibling already gave up for everyone; its error is the answer
        if (options.isFatal?.(error)) {
          fatal = true;
          siblings.abort(error);
          giveUp(error);
          return;
        }
        results[index] = { ok: false, error };
      }
      finished += 1;
    }
  };
  await Promise.race([
    Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker)),
    gaveUp,
  ]);
  // The caller's signal fired before every item ran: the map did not finish.
  if (finished < items.length) throw options.signal?.reason ?? new Error('mapLimit aborted');
  return results;
}
