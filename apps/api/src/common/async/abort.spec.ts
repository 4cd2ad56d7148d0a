import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { anySignal, sleep, timeout, withTimeoutSignal } from './abort';

/**
 * A full garbage collection, from inside Jest (which does not pass --expose-gc), after one turn
 * of the event loop so that what the current task created is no longer on the stack.
 */
async function collectGarbage(): Promise<void> {
  await sleep(5);
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * Resolves with the abort reason once a signal made from `make` aborts. Nothing but the signal's
 * own listener holds on to the signal, as in a running call whose frame is waiting on the network.
 */
function whenAborted(make: () => AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    const signal = make();
    signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

describe('timeout', () => {
  it('aborts after the given time with a TimeoutError', async () => {
    const reason = await whenAborted(() => timeout(5).signal);
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('TimeoutError');
  });

  it('never aborts once cleared', async () => {
    const timer = timeout(5);
    timer.clear();
    await sleep(30);
    expect(timer.signal.aborted).toBe(false);
  });

  it('still fires through anySignal after a garbage collection (nodejs/node#57736)', async () => {
    // With AbortSignal.timeout in place of `timeout`, none of these fire on Node 20: the combined
    // signal holds its sources weakly, and so does AbortSignal.timeout's own timer.
    const reasons = Array.from({ length: 50 }, () =>
      whenAborted(() =>
        anySignal([
          new AbortController().signal,
          anySignal([new AbortController().signal, timeout(200).signal]),
        ]),
      ),
    );
    await collectGarbage();
    // Bounded: a signal that was collected never fires, so the wait would otherwise not end.
    const giveUp = new AbortController();
    const settled = await Promise.race([
      Promise.all(reasons),
      sleep(10_000, giveUp.signal).then(() => 'never'),
    ]);
    giveUp.abort();
    expect(settled).not.toBe('never');
    expect(
      (settled as unknown[]).every((r) => r instanceof DOMException && r.name === 'TimeoutError'),
    ).toBe(true);
  });
});

describe('withTimeoutSignal', () => {
  it('hands the work a signal that aborts at the time limit', async () => {
    const reason = await withTimeoutSignal(5, (timedOut) => whenAborted(() => timedOut));
    expect((reason as DOMException).name).toBe('TimeoutError');
  });

  it('clears the timer once the work has settled, also when it failed', async () => {
    let seen: AbortSignal | undefined;
    await expect(
      withTimeoutSignal(20, async (timedOut) => {
        seen = timedOut;
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    await sleep(60);
    expect(seen!.aborted).toBe(false);
  });
});

describe('anySignal', () => {
  it('is the one signal itself when only one is given', () => {
    const controller = new AbortController();
    expect(anySignal([undefined, controller.signal])).toBe(controller.signal);
  });

  it('aborts with the first source to abort', () => {
    const first = new AbortController();
    const second = new AbortController();
    const combined = anySignal([first.signal, second.signal]);
    second.abort('second');
    first.abort('first');
    expect(combined.reason).toBe('second');
  });
});

describe('sleep', () => {
  it('rejects with the signal reason when aborted', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(slept).rejects.toThrow('stop');
  });
});
