import { ConcurrencyLimiter } from './concurrency-limiter';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('ConcurrencyLimiter', () => {
  it('runs at most `max` tasks at once, the rest in arrival order', async () => {
    const limiter = new ConcurrencyLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let peak = 0;
    const runs = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        peak = Math.max(peak, limiter.active);
        await gate.promise;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(limiter.pending).toBe(2);
    gates[1].resolve();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((gate) => gate.resolve());
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('drops a waiting task whose signal aborts, without ever starting it', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const controller = new AbortController();
    const task = jest.fn(async () => 'never');
    const waiting = limiter.run(task, controller.signal);
    expect(limiter.pending).toBe(1);
    controller.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    expect(limiter.pending).toBe(0);
    gate.resolve();
    await first;
    expect(task).not.toHaveBeenCalled();
  });

  it('rejects at once when the signal is already aborted', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(async () => 1, AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('refuses a non-positive size', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow(RangeError);
  });
});
