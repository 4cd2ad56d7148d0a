import { DomainError } from '@reelscout/domain';
import { withDeadline } from './deadline';

describe('withDeadline', () => {
  it('gives the work its deadline and answers what the work answers in time', async () => {
    const before = Date.now();
    const result = await withDeadline(5_000, async (signal, { deadlineAt }) => {
      expect(signal.aborted).toBe(false);
      return deadlineAt;
    });
    expect(result).toBeGreaterThanOrEqual(before + 5_000);
    expect(result).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('fails with timeout at the deadline, aborts the signal, and hands out the work that runs on', async () => {
    let started: Promise<string> | undefined;
    let seenSignal: AbortSignal | undefined;
    let finish!: (value: string) => void;
    const outcome = withDeadline(
      30,
      (signal) => {
        seenSignal = signal;
        // Work that ignores its signal: it ends when it ends.
        return new Promise<string>((resolve) => (finish = resolve));
      },
      undefined,
      (work) => (started = work),
    );
    await expect(outcome).rejects.toEqual(expect.any(DomainError));
    await expect(outcome).rejects.toMatchObject({ code: 'timeout' });
    expect(seenSignal?.aborted).toBe(true);
    // The 504 came first; the work's own promise is still pending and settles later.
    let settled = false;
    void started!.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    finish('late');
    await expect(started).resolves.toBe('late');
  });
});
