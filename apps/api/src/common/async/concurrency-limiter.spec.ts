import { ConcurrencyLimiter, KeyedConcurrencyLimiter } from './concurrency-limiter';

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

/** A piece of work that ends when told to; records when it started. */
function gate(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: (error: Error) => fail(error),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedConcurrencyLimiter', () => {
  it('runs at most perKey at a time per key, the rest in arrival order', async () => {
    const limiter = new KeyedConcurrencyLimiter(2);
    const started: string[] = [];
    const works = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(started, name));
    const results = works.map((w) => limiter.run('account:test', w.work));
    await turn();
    expect(started).toEqual(['a', 'b']);

    works[1].finish();
    await turn();
    expect(started).toEqual(['a', 'b', 'c']);

    works[0].finish();
    works[2].finish();
    await turn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);

    works[3].finish();
    works[4].finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(limiter.activeKeys).toBe(0);
  });

  it('keeps keys independent', async () => {
    const limiter = new KeyedConcurrencyLimiter(1);
    const started: string[] = [];
    const one = gate(started, 'one-1');
    const two = gate(started, 'two-1');
    const oneAgain = gate(started, 'one-2');
    const results = [
      limiter.run('one', one.work),
      limiter.run('two', two.work),
      limiter.run('one', oneAgain.work),
    ];
    await turn();
    expect(started).toEqual(['one-1', 'two-1']);
    expect(limiter.activeKeys).toBe(2);

    two.finish();
    await turn();
    expect(started).toEqual(['one-1', 'two-1']);
    expect(limiter.activeKeys).toBe(1);

    one.finish();
    await turn();
    expect(started).toEqual(['one-1', 'two-1', 'one-2']);
    oneAgain.finish();
    await Promise.all(results);
    expect(limiter.activeKeys).toBe(0);
  });

  it('frees the slot of work that fails, and passes its error on', async () => {
    const limiter = new KeyedConcurrencyLimiter(1);
    const started: string[] = [];
    const failing = gate(started, 'fails');
    const next = gate(started, 'next');
    const first = limiter.run('k', failing.work);
    const second = limiter.run('k', next.work);
    failing.fail(new Error('statement failed'));
    await expect(first).rejects.toThrow('statement failed');
    await turn();
    expect(started).toEqual(['fails', 'next']);
    next.finish();
    await expect(second).resolves.toBe('next');
    expect(limiter.activeKeys).toBe(0);
  });

  it('frees the slot of work that throws before returning a promise', async () => {
    const limiter = new KeyedConcurrencyLimiter(1);
    await expect(
      limiter.run('k', () => {
        throw new Error('no statement');
      }),
    ).rejects.toThrow('no statement');
    await expect(limiter.run('k', async () => 'ran')).resolves.toBe('ran');
    expect(limiter.activeKeys).toBe(0);
  });

  it('refuses a limit that is not a positive integer', () => {
    for (const perKey of [0, -1, 1.5, Number.NaN]) {
      expect(() => new KeyedConcurrencyLimiter(perKey)).toThrow(RangeError);
    }
  });
});
