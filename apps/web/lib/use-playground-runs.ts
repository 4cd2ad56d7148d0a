'use client';

import type { JobView } from '@reelscout/domain/views';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from './api';
import { createJobRequest, jobPath, pollDelayMs } from './playground';
import type { AnyInput, Mode, PlaygroundOperation } from './playground-types';

const FINAL = new Set(['succeeded', 'failed', 'canceled']);
/** Longer than the slowest operation's deadline (300 s) plus time in the queue. */
const FOLLOW_MS = 12 * 60_000;
/** Consecutive failed polls before the run is given up on (the job itself goes on). */
const MAX_POLL_FAILURES = 5;

export interface PlaygroundRun {
  operation: PlaygroundOperation;
  mode: Mode;
  input: AnyInput;
  /** The job once created; updated by polling until it ends. */
  job?: JobView;
  /** The job could not be created (400, 402, 403…). */
  startError?: ApiError;
  /** Polling stopped: the job's state is no longer followed. */
  lostTrack?: string;
  canceling: boolean;
  cancelError?: string;
}

export function isFinalJob(job: JobView | undefined): boolean {
  return job !== undefined && FINAL.has(job.status);
}

/** Whether the run still needs the reader to wait (starting, queued or running). */
export function isBusy(run: PlaygroundRun | undefined): boolean {
  return run !== undefined && !run.startError && !run.lostTrack && !isFinalJob(run.job);
}

type Runs = Partial<Record<PlaygroundOperation, PlaygroundRun>>;

/**
 * The playground's runs, one per operation (the latest): creates the job, follows its progress
 * until it ends, and cancels it on request. Leaving the page stops the polling, not the jobs.
 */
export function usePlaygroundRuns() {
  const t = useTranslations('playground');
  const router = useRouter();
  const pathname = usePathname();
  const [runs, setRuns] = useState<Runs>({});
  const timers = useRef(new Map<PlaygroundOperation, ReturnType<typeof setTimeout>>());
  const generation = useRef(new Map<PlaygroundOperation, number>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const update = useCallback(
    (operation: PlaygroundOperation, gen: number, change: Partial<PlaygroundRun>) => {
      if (!mounted.current || generation.current.get(operation) !== gen) return;
      setRuns((previous) => {
        const run = previous[operation];
        return run ? { ...previous, [operation]: { ...run, ...change } } : previous;
      });
    },
    [],
  );

  const signInAgain = useCallback(() => {
    router.replace(`/sign-in?next=${encodeURIComponent(pathname)}`);
  }, [router, pathname]);

  const follow = useCallback(
    (operation: PlaygroundOperation, gen: number, job: JobView, mode: Mode) => {
      const deadline = Date.now() + FOLLOW_MS;
      let polls = 0;
      let failures = 0;
      const tick = async () => {
        if (!mounted.current || generation.current.get(operation) !== gen) return;
        try {
          const fresh = await api<JobView>(jobPath(job.id, mode));
          failures = 0;
          update(operation, gen, { job: fresh });
          if (FINAL.has(fresh.status)) return;
        } catch (error) {
          const apiError = error instanceof ApiError ? error : undefined;
          if (apiError?.status === 401) return signInAgain();
          failures += 1;
          if (failures >= MAX_POLL_FAILURES) {
            update(operation, gen, { lostTrack: apiError?.message ?? String(error) });
            return;
          }
        }
        polls += 1;
        if (Date.now() > deadline) {
          update(operation, gen, {
            lostTrack: t('run.followTimeout', { minutes: Math.round(FOLLOW_MS / 60_000) }),
          });
          return;
        }
        timers.current.set(
          operation,
          setTimeout(() => void tick(), pollDelayMs(polls)),
        );
      };
      timers.current.set(
        operation,
        setTimeout(() => void tick(), pollDelayMs(0)),
      );
    },
    [update, signInAgain, t],
  );

  const start = useCallback(
    async (operation: PlaygroundOperation, mode: Mode, input: AnyInput) => {
      const gen = (generation.current.get(operation) ?? 0) + 1;
      generation.current.set(operation, gen);
      const timer = timers.current.get(operation);
      if (timer) clearTimeout(timer);
      setRuns((previous) => ({
        ...previous,
        [operation]: { operation, mode, input, canceling: false },
      }));
      const request = createJobRequest(operation, input, mode);
      try {
        const job = await api<JobView>(request.path, { method: 'POST', body: request.body });
        update(operation, gen, { job });
        if (!FINAL.has(job.status)) follow(operation, gen, job, mode);
      } catch (error) {
        const apiError =
          error instanceof ApiError ? error : new ApiError(0, 'unexpected', t('run.unexpected'));
        if (apiError.status === 401) return signInAgain();
        update(operation, gen, { startError: apiError });
      }
    },
    [follow, update, signInAgain, t],
  );

  const cancel = useCallback(
    async (operation: PlaygroundOperation) => {
      const run = runs[operation];
      const gen = generation.current.get(operation) ?? 0;
      if (!run?.job || isFinalJob(run.job)) return;
      update(operation, gen, { canceling: true, cancelError: undefined });
      try {
        const job = await api<JobView>(jobPath(run.job.id, run.mode, '/cancel'), {
          method: 'POST',
        });
        update(operation, gen, { job, canceling: false });
      } catch (error) {
        update(operation, gen, {
          canceling: false,
          cancelError: error instanceof ApiError ? error.message : String(error),
        });
      }
    },
    [runs, update],
  );

  return { runs, start, cancel };
}
