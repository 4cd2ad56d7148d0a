/** Small helpers for deadlines: sleeping, timeouts and combining abort signals. */

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
 * The combined signals each source aborts, behind one 'abort' listener per source (no listener
 * per combination, so a busy operation's signal never trips Node's max-listeners warning). A
 * source holds its combinations strongly: a combined signal lives as long as a source that can
 * abort it.
 */
const dependents = new WeakMap<AbortSignal, Set<AbortController>>();

function follow(source: AbortSignal, combined: AbortController): void {
  let set = dependents.get(source);
  if (!set) {
    const created = new Set<AbortController>();
    dependents.set(source, created);
    source.addEventListener(
      'abort',
      () => {
        for (const controller of [...created]) controller.abort(source.reason);
      },
      { once: true },
    );
    set = created;
  }
  set.add(combined);
}

/**
 * A signal that aborts when any of the given signals does, with the reason of the first to
 * abort.
 *
 * Not `AbortSignal.any`: from Node 24 a combined signal that nothing listens to yet is worked
 * out lazily, from its sources in argument order, so when two sources abort before anyone looks
 * it reports the first *listed* rather than the first to abort.
 */
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length === 1) return present[0];
  const combined = new AbortController();
  const aborted = present.find((signal) => signal.aborted);
  if (aborted) {
    combined.abort(aborted.reason);
  } else {
    for (const source of present) follow(source, combined);
    combined.signal.addEventListener(
      'abort',
      () => {
        for (const source of present) dependents.get(source)?.delete(combined);
      },
      { once: true },
    );
  }
  return combined.signal;
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
