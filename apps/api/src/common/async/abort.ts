/** Small helpers for deadlines: sleeping, timeouts and combining abort signals. */
import { inheritScope } from './signal-scope';

/** Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A timer-driven signal; `clear()` stops the timer once the work it bounds has ended. */
export interface Timeout {
  readonly signal: AbortSignal;
  clear(): void;
}

/**
 * A signal that aborts after `ms` with a `TimeoutError`, like `AbortSignal.timeout(ms)`, but held
 * by its own timer. Node 20's `AbortSignal.any` holds its sources weakly and
 * `AbortSignal.timeout`'s timer holds its signal weakly too, so a bare `AbortSignal.timeout`
 * combined through `AbortSignal.any` can be garbage-collected before it fires; the combined signal
 * then never aborts and the bound it was meant to set is gone (nodejs/node#57736). Always pair
 * with `clear()` (in a `finally`), or use `withTimeoutSignal`, which does.
 */
export function timeout(ms: number): Timeout {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/**
 * Runs `work` with a `timeout(ms)` signal (`timedOut`), cleared once the work has settled. The
 * work combines it with its caller's signal and reads `timedOut.aborted` to tell which fired.
 */
export async function withTimeoutSignal<T>(
  ms: number,
  work: (timedOut: AbortSignal) => Promise<T>,
): Promise<T> {
  const timer = timeout(ms);
  try {
    return await work(timer.signal);
  } finally {
    timer.clear();
  }
}

/**
 * A signal that aborts when any of the given signals does. It belongs to the operation of the
 * first of them that has a scope (signal-scope.ts).
 */
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  return present.length === 1 ? present[0] : inheritScope(AbortSignal.any(present), ...present);
}

/** The reason an aborted signal carries, or a standard AbortError when it has none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * `work`'s outcome, or a rejection as soon as `signal` aborts. For work that does not watch
 * its signal all the way through (the OpenAI SDK sleeps through a backoff or a `Retry-After`
 * without it). `work` is always observed, so its late rejection is never unhandled.
 */
export function settledOrAborted<R>(work: Promise<R>, signal: AbortSignal): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
