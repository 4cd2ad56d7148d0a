import { DomainError } from '@reelscout/domain';
import type { WorkContext } from './operation.contract';

/**
 * Runs `work` with an AbortSignal that fires at the deadline (the call then fails with 504
 * `timeout`) or when `stop` fires (a cancel, a shutdown: the call fails with `stop`'s reason).
 * Either way the caller stops waiting at once, even for work that does not stop itself.
 * `onStarted` receives the work's own promise, which may settle later.
 */
export async function withDeadline<T>(
  ms: number,
  work: (signal: AbortSignal, context: WorkContext) => Promise<T>,
  stop?: AbortSignal,
  onStarted?: (work: Promise<T>) => void,
): Promise<T> {
  const controller = new AbortController();
  const deadlineAt = Date.now() + ms;
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DomainError(
        'timeout',
        `The operation did not finish within ${Math.round(ms / 1000)} s.`,
      );
      controller.abort(error);
      reject(error);
    }, ms);
    if (stop) {
      onStop = () => {
        controller.abort(stop.reason);
        reject(stop.reason as Error);
      };
      if (stop.aborted) onStop();
      else stop.addEventListener('abort', onStop, { once: true });
    }
  });
  try {
    const running = work(controller.signal, { deadlineAt, deadlineMs: ms });
    onStarted?.(running);
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
    if (onStop) stop?.removeEventListener('abort', onStop);
  }
}
