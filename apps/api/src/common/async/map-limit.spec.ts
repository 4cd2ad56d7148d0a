import { mapLimit, mapLimitSettled } from './map-limit';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A call that waits until its signal aborts, then rejects with the abort reason. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

describe('mapLimit', () => {
  it('keeps the input order with at most `limit` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, n));
      inFlight -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('rejects at the first failure, aborts the siblings in flight and starts no further item', async () => {
    const started: number[] = [];
    const signals: AbortSignal[] = [];
    const boom = new Error('boom');
    const result = mapLimit([0, 1, 2, 3, 4], 2, async (n, _i, signal) => {
      started.push(n);
      signals.push(signal);
      if (n === 1) {
        await tick();
        throw boom;
      }
      return untilAborted(signal);
    });
    await expect(result).rejects.toBe(boom);
    expect(started).toEqual([0, 1]);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('maps nothing to nothing', async () => {
    await expect(mapLimit([], 3, async () => 1)).resolves.toEqual([]);
  });
});

describe('mapLimitSettled', () => {
  it('records non-fatal failures as outcomes and keeps going', async () => {
    const out = await mapLimitSettled([1, 2, 3], 2, async (n) => {
      if (n === 2) throw new Error('two');
      return n;
    });
    expect(out).toEqual([
      { ok: true, value: 1 },
      { ok: false, error: new Error('two') },
      { ok: true, value: 3 },
    ]);
  });

  it('gives up on a fatal error: rejects with it and aborts the siblings', async () => {
    const signals: AbortSignal[] = [];
    const fatal = new TypeError('bug');
    const result = mapLimitSettled(
      [1, 2, 3],
      3,
      async (n, _i, signal) => {
        signals.push(signal);
        if (n === 2) throw new Error('tolerated');
        if (n === 3) {
          await tick();
          throw fatal;
        }
        return untilAborted(signal);
      },
      { isFatal: (error) => error instanceof TypeError },
    );
    await expect(result).rejects.toBe(fatal);
    expect(signals).toHaveLength(3);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it("passes the caller's signal on and starts nothing once it fired", async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const result = mapLimitSettled(
      [1, 2, 3],
      1,
      async (n, _i, signal) => {
        started.push(n);
        controller.abort(new Error('deadline'));
        expect(signal.aborted).toBe(true);
        return n;
      },
      { signal: controller.signal },
    );
    await expect(result).rejects.toThrow('deadline');
    expect(started).toEqual([1]);
  });
});
