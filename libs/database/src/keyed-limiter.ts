/**
 * At most `perKey` pieces of work at a time per key, the rest waiting in arrival order (FIFO):
 * a queue in this process in front of a contended resource. A finishing piece of work hands its
 * slot straight to the next waiter; a key with nothing running or waiting holds no memory.
 */
export class KeyedLimiter {
  private readonly lanes = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(readonly perKey: number) {
    if (!Number.isSafeInteger(perKey) || perKey < 1) {
      throw new RangeError(`perKey must be a positive integer, not ${perKey}`);
    }
  }

  /** Runs `work` once one of the key's slots is free; its result or error, as it settles. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running < this.perKey) {
      lane.running += 1;
    } else {
      const queued = lane;
      await new Promise<void>((resolve) => queued.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) this.lanes.delete(key);
    }
  }

  /** Keys with work running or waiting. */
  get activeKeys(): number {
    return this.lanes.size;
  }
}
