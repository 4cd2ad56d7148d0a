/**
 * A counting semaphore: at most `max` tasks run at once, the rest wait in arrival order.
 * A waiting task whose signal aborts leaves the queue at once (it never starts).
 */
export class ConcurrencyLimiter {
  private running = 0;
  private readonly queue: { start: () => void }[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`ConcurrencyLimiter needs a positive integer, got ${max}`);
    }
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get pending(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.running < this.max) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.queue.indexOf(entry);
        if (index >= 0) this.queue.splice(index, 1);
        reject(abortReason(signal!));
      };
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running += 1;
          resolve();
        },
      };
      this.queue.push(entry);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    this.running -= 1;
    const next = this.queue.shift();
    next?.start();
  }
}

/** The reason an aborted signal carries, or a standard AbortError when it has none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
