import { APITimeoutError } from '../errors';
import { type Core, type RequestOptions, sleep, type WithResponse } from '../core';
import { Page, type ListBody, pagePromise, type PagePromise } from '../pagination';
import type { Job, JobListParams, Operation, Operations } from '../types';

const FINAL: ReadonlySet<Job['status']> = new Set(['succeeded', 'failed', 'canceled']);

export interface WaitOptions {
  /**
   * Gives up (JobWaitTimeoutError; the job keeps running) after this many ms, each poll's HTTP
   * time-out capped by the time left. Default 10 minutes.
   */
  timeoutMs?: number;
  /** Between two polls of `GET /v1/jobs/{id}`. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Called with the job whenever its status or progress changed. */
  onProgress?: (job: Job) => void;
  signal?: AbortSignal;
}

/** `jobs.wait` gave up: the job had not ended. */
export class JobWaitTimeoutError extends APITimeoutError {
  override name = 'JobWaitTimeoutError';
  /** The job as last seen (undefined when no poll answered in time). */
  declare readonly job: Job;
}

/** Async calls: `/v1/jobs` and `Prefer: respond-async`. */
export class Jobs {
  constructor(private readonly core: Core) {}

  /**
   * Starts `operation` as a job (`Prefer: respond-async`): 202 with the job at once; the hold is
   * placed, and 402/400/429 are thrown before any job exists.
   */
  create<O extends Operation>(
    operation: O,
    body: Operations[O]['request'],
    options?: RequestOptions,
  ): Promise<WithResponse<Job>> {
    return this.core.request<Job>({
      method: 'POST',
      path: `/v1/${operation}`,
      body,
      headers: { prefer: 'respond-async' },
      options,
      idempotent: true,
    });
  }

  get(id: string, options?: RequestOptions): Promise<WithResponse<Job>> {
    return this.core.request<Job>({
      method: 'GET',
      path: `/v1/jobs/${encodeURIComponent(id)}`,
      options,
    });
  }

  /** Newest first. `for await (const job of client.jobs.list())` pages through all of them. */
  list(params: JobListParams = {}, options?: RequestOptions): PagePromise<Job> {
    const fetchPage = async (startingAfter?: string): Promise<Page<Job>> => {
      const body = await this.core.request<ListBody<Job>>({
        method: 'GET',
        path: '/v1/jobs',
        query: { ...params, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        options,
      });
      return new Page(body, fetchPage);
    };
    return pagePromise(fetchPage(params.starting_after));
  }

  /**
   * Cancels a queued or running job (nothing is charged); 409 `job_not_cancelable` once ended.
   * Not retried on network errors, time-outs or 5xx (a second cancel would answer 409).
   */
  cancel(id: string, options?: RequestOptions): Promise<WithResponse<Job>> {
    return this.core.request<Job>({
      method: 'POST',
      path: `/v1/jobs/${encodeURIComponent(id)}/cancel`,
      options,
    });
  }

  /**
   * Polls the job until it ended (`succeeded`, `failed` or `canceled`) and returns it; a failed
   * job is returned, not thrown (its `error` is the API's error body).
   */
  async wait(
    id: string,
    options: WaitOptions & Omit<RequestOptions, 'signal'> = {},
  ): Promise<WithResponse<Job>> {
    const {
      timeoutMs = 600_000,
      pollIntervalMs = 1_000,
      onProgress,
      signal,
      timeout,
      ...request
    } = options;
    const deadline = Date.now() + timeoutMs;
    let seen = '';
    let last: WithResponse<Job> | undefined;
    const gaveUp = (cause?: unknown) => {
      const status = last ? ` (status ${last.status})` : '';
      const error = new JobWaitTimeoutError(
        `Job ${id} had not ended after ${timeoutMs} ms${status}.`,
        cause === undefined ? {} : { cause },
      );
      Object.defineProperty(error, 'job', { value: last, enumerable: true });
      return error;
    };
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw gaveUp();
      let job: WithResponse<Job>;
      try {
        // Each poll (its retries included) ends by the deadline.
        job = await this.get(id, {
          ...request,
          signal,
          timeout: Math.min(left, timeout ?? Infinity),
        });
      } catch (error) {
        if (error instanceof APITimeoutError && Date.now() >= deadline) throw gaveUp(error);
        throw error;
      }
      last = job;
      const state = `${job.status}:${job.progress}`;
      if (state !== seen) {
        seen = state;
        onProgress?.(job);
      }
      if (FINAL.has(job.status)) return job;
      const wait = deadline - Date.now();
      if (wait <= 0) throw gaveUp();
      await sleep(Math.min(pollIntervalMs, wait), signal);
    }
  }
}
