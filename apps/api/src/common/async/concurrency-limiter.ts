import { abortReason } from './abort';

/**
 * A counting semaphore: at most `max` tasks run at once, the rest wait in arrival order.
 * A waiting task whose signal aborts leaves the queue at once (it never starts).
 */
export class ConcurrencyLimiter {
  private running = 0;
  private readonly queue: { start: () => void }[] = [];

  constructor(readonly max: number) {
    checkConcurrency('ConcurrencyLimiter', max);
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

/**
 * A ConcurrencyLimiter per key: at most `perKey` tasks at once for each key, the rest of that
 * key's waiting in arrival order; keys do not wait on each other. A key with nothing running or
 * waiting keeps no limiter.
 */
export class KeyedConcurrencyLimiter {
  private readonly limiters = new Map<string, ConcurrencyLimiter>();

  constructor(readonly perKey: number) {
    checkConcurrency('KeyedConcurrencyLimiter', perKey);
  }

  /** Keys with tasks running or waiting. */
  get activeKeys(): number {
    return this.limiters.size;
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let limiter = this.limiters.get(key);
    if (!limiter) {
      limiter = new ConcurrencyLimiter(this.perKey);
      this.limiters.set(key, limiter);
    }
    try {
      return await limiter.run(task);
    } finally {
      // Only this key's current limiter: an idle one may already have been dropped and replaced.
      if (limiter.active === 0 && limiter.pending === 0 && this.limiters.get(key) === limiter) {
        this.limiters.delete(key);
      }
    }
  }
}

function checkConcurrency(what: string, max: number): void {
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError(`${what} needs a positive integer, got ${max}`);
  }
}
