/** One counted request in a fixed window (see WindowCounters). */
export interface WindowCount {
  /** Requests counted in the current window, this one included (refused ones too). */
  totalHits: number;
  /** Over the ceiling: this request is refused, and so is every other until the window ends. */
  refused: boolean;
  /** Seconds until the window ends. At least 1. */
  resetSeconds: number;
}

interface Window {
  hits: number;
  endsAt: number;
}

/** How often ended windows are dropped, so memory follows the keys in use, not every key seen. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Request counters in this process, with the same semantics as the Redis store: a fixed window
 * per key, starting at its first request and `windowMs` long; every request is counted, refused
 * ones too, so a key over its ceiling stays refused until its window ends. One number per key:
 * constant time and memory per request, however high the ceiling (a log of every hit's time,
 * as @nestjs/throttler's memory store keeps, costs time and memory in proportion to it).
 */
export class WindowCounters {
  private readonly windows = new Map<string, Window>();
  private sweeper?: NodeJS.Timeout;

  count(key: string, windowMs: number, limit: number, now = Date.now()): WindowCount {
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      this.sweepLater();
    }
    window.hits += 1;
    return {
      totalHits: window.hits,
      refused: window.hits > limit,
      resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
    };
  }

  /** Keys with a window that has not ended (for tests and diagnostics). */
  size(now = Date.now()): number {
    this.sweep(now);
    return this.windows.size;
  }

  /** Drops the windows that have ended. */
  sweep(now = Date.now()): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  stop(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private sweepLater(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      this.sweep();
      if (this.windows.size === 0) this.stop();
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }
}
