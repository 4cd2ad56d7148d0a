import { KeyedLimiter } from './keyed-limiter';

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

describe('KeyedLimiter', () => {
  it('runs at most perKey at a time per key, the rest in arrival order', async () => {
    const limiter = new KeyedLimiter(2);
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
    const limiter = new KeyedLimiter(1);
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
    const limiter = new KeyedLimiter(1);
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
    const limiter = new KeyedLimiter(1);
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
      expect(() => new KeyedLimiter(perKey)).toThrow(RangeError);
    }
  });
});
