import {
  Core,
  type RequestOptions,
  type ResponseMeta,
  type WithResponse,
  withResponse,
} from './core';
import { ConflictError, errorFromResponse, ReelscoutError } from './errors';
import { Jobs } from './resources/jobs';
import { Usage } from './resources/usage';
import { Watches } from './resources/watches';
import { WebhookEndpoints } from './resources/webhook-endpoints';
import { Webhooks } from './resources/webhooks';
import type {
  AssistRequest,
  AssistResponse,
  Balance,
  Job,
  MusicRequest,
  MusicResponse,
  TrendsRequest,
  TrendsResponse,
  PlaybookRequest,
  PlaybookResponse,
  ScanRequest,
  ScanResponse,
} from './types';

export interface ClientOptions {
  /** `rs_live_…` or `rs_test_…`. Default: `REELSCOUT_API_KEY` (where there is a `process.env`). */
  apiKey?: string;
  /** Default: `REELSCOUT_BASE_URL`, else `http://localhost:4000` (what `npm start` serves). */
  baseURL?: string;
  /**
   * Milliseconds for a whole call: its attempts, retry waits and (for the operations) the polling
   * of its job. Default 360 000: the longest operation deadline (300 s), and a margin for the
   * queue, the polling and retries.
   */
  timeout?: number;
  /** Retries after the first attempt (see the README for which calls and errors). Default 2. */
  maxRetries?: number;
  /** Default `x-subject` of every call (your end customer). */
  subject?: string;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /** Headers sent with every request (names are case-insensitive). */
  defaultHeaders?: Record<string, string>;
  /**
   * The operations' `Prefer: wait=N`, 1–60 s (default 50): the API answers 200 with the result
   * when the job ends within N s, else 202 with the job, which the SDK then polls. 0 sends no
   * `Prefer` (a plain synchronous call, held open until the job ends).
   */
  syncWaitSeconds?: number;
}

export const DEFAULT_BASE_URL = 'http://localhost:4000';
export const DEFAULT_TIMEOUT_MS = 360_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_SYNC_WAIT_SECONDS = 50;
/** A `Prefer: wait=N` attempt gets N s plus this before it counts as timed out (and is retried). */
const WAIT_ATTEMPT_MARGIN_MS = 25_000;
/** Between two polls of a job that outlived the `wait` window. */
const SYNC_POLL_INTERVAL_MS = 1_000;

/** The environment variable `name`, on runtimes that have a `process.env` (Node, Bun; Deno's shim). */
function readEnv(name: string): string | undefined {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env;
    const value = env?.[name]?.trim();
    return value ? value : undefined;
  } catch {
    // Deno without --allow-env throws on access.
    return undefined;
  }
}

/**
 * The Reelscout API client.
 *
 * ```ts
 * const client = new Reelscout({ apiKey: process.env.REELSCOUT_API_KEY });
 * const scan = await client.scan({ query: 'home espresso', limit: 5 });
 * console.log(scan.reels.length, scan.lastResponse.chargedUsd);
 * ```
 */
export class Reelscout {
  readonly jobs: Jobs;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly watches: Watches;
  readonly usage: Usage;
  readonly webhooks: Webhooks;
  readonly balance: { get(options?: RequestOptions): Promise<WithResponse<Balance>> };
  /** Which sounds or hashtags of a network are new, rising, steady or fading (`POST /v1/trends`). */
  readonly trends: {
    list(body: TrendsRequest, options?: RequestOptions): Promise<WithResponse<TrendsResponse>>;
  };
  readonly #core: Core;

  constructor(options: ClientOptions = {}) {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') {
      throw new Error('No global fetch: pass `fetch` to new Reelscout() (Node ≥ 20 has one).');
    }
    this.#core = new Core({
      apiKey: options.apiKey ?? readEnv('REELSCOUT_API_KEY'),
      baseURL: options.baseURL ?? readEnv('REELSCOUT_BASE_URL') ?? DEFAULT_BASE_URL,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      subject: options.subject,
      // Called unbound: some runtimes' fetch refuses another `this`.
      fetch: (input, init) => fetchImpl(input, init),
      defaultHeaders: options.defaultHeaders ?? {},
      syncWaitSeconds: checkWaitSeconds(options.syncWaitSeconds ?? DEFAULT_SYNC_WAIT_SECONDS),
    });
    this.jobs = new Jobs(this.#core);
    this.webhookEndpoints = new WebhookEndpoints(this.#core);
    this.watches = new Watches(this.#core, (path, options) => this.operation(path, {}, options));
    this.webhooks = new Webhooks();
    this.usage = new Usage(this.#core);
    const core = this.#core;
    this.balance = {
      get: (requestOptions?: RequestOptions) =>
        core.request<Balance>({ method: 'GET', path: '/v1/balance', options: requestOptions }),
    };
    this.trends = {
      list: (body: TrendsRequest, requestOptions?: RequestOptions) =>
        this.operation<TrendsResponse>('trends', body, requestOptions),
    };
  }

  /** The base URL requests go to. */
  get baseURL(): string {
    return this.#core.options.baseURL;
  }

  /** Chat assistant: a reply, and a ready-to-scan brief when the message asks for reels. */
  assist(body: AssistRequest, options?: RequestOptions): Promise<WithResponse<AssistResponse>> {
    return this.operation('assist', body, options);
  }

  /** The top reels of a niche, a product or competitors' handles. */
  scan(body: ScanRequest, options?: RequestOptions): Promise<WithResponse<ScanResponse>> {
    return this.operation('scan', body, options);
  }

  /** A shoot-ready plan from one video link. */
  playbook(
    body: PlaybookRequest,
    options?: RequestOptions,
  ): Promise<WithResponse<PlaybookResponse>> {
    return this.operation('playbook', body, options);
  }

  /** Sounds that fit one video, best first. */
  music(body: MusicRequest, options?: RequestOptions): Promise<WithResponse<MusicResponse>> {
    return this.operation('music', body, options);
  }

  /**
   * One operation, robust to long jobs: sent with `Prefer: wait=N`; a 202 (the job outlived the
   * window) or a 409 `idempotency_key_in_use` naming a job (an earlier attempt with this key
   * still runs) is followed by polling that job, and its `result` is returned (or its `error`
   * thrown) as the 200 (or error) the synchronous call would have answered. `timeout` bounds the
   * whole of it.
   */
  private async operation<T>(
    name: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<WithResponse<T>> {
    const core = this.#core;
    const timeout = options.timeout ?? core.options.timeout;
    const deadline = Date.now() + timeout;
    const waitS = checkWaitSeconds(options.syncWaitSeconds ?? core.options.syncWaitSeconds);
    let jobId: string;
    let meta: ResponseMeta;
    try {
      const answer = await core.request<T | Job>({
        method: 'POST',
        path: `/v1/${name}`,
        body,
        headers: waitS > 0 ? { prefer: `wait=${waitS}` } : undefined,
        options: { ...options, timeout },
        idempotent: true,
        attemptTimeout: waitS > 0 ? waitS * 1000 + WAIT_ATTEMPT_MARGIN_MS : undefined,
      });
      if (answer.lastResponse.status !== 202) return answer as WithResponse<T>;
      meta = answer.lastResponse;
      jobId = (answer as Job).id ?? meta.jobId;
    } catch (error) {
      const inUse =
        error instanceof ConflictError && error.code === 'idempotency_key_in_use'
          ? error.jobId
          : undefined;
      if (inUse === undefined) throw error;
      jobId = inUse;
      meta = (error as unknown as { lastResponse: ResponseMeta }).lastResponse;
    }
    const job = await this.jobs.wait(jobId, {
      timeoutMs: Math.max(0, deadline - Date.now()),
      pollIntervalMs: SYNC_POLL_INTERVAL_MS,
      signal: options.signal,
      subject: options.subject,
      maxRetries: options.maxRetries,
    });
    return fromJob<T>(job, meta);
  }
}

function checkWaitSeconds(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 60) {
    throw new ReelscoutError('`syncWaitSeconds` must be a whole number of seconds, 0–60.');
  }
  return seconds;
}

/**
 * An ended job as the synchronous call's answer: its `result` (the 200 body) with billing from
 * the job, or its `error` (the error body, with the status in `http_status`) thrown typed.
 */
function fromJob<T>(job: WithResponse<Job>, sent: ResponseMeta): WithResponse<T> {
  const headers: Record<string, string> = { ...job.lastResponse.headers, 'x-job-id': job.id };
  if (job.request_id) headers['x-request-id'] = job.request_id;
  if (job.billing?.charged_usd) headers['x-service-charged-usd'] = job.billing.charged_usd;
  if (job.billing?.balance_usd) headers['x-service-balance-usd'] = job.billing.balance_usd;
  const meta: ResponseMeta = {
    requestId: job.request_id ?? undefined,
    chargedUsd: job.billing?.charged_usd ?? undefined,
    balanceUsd: job.billing?.balance_usd ?? undefined,
    jobId: job.id,
    status: job.status === 'succeeded' ? 200 : (job.http_status ?? 500),
    idempotencyKey: sent.idempotencyKey,
    replayed: sent.replayed,
    attempts: sent.attempts,
    headers,
  };
  if (job.status === 'succeeded') return withResponse(job.result as T, meta);
  const error = errorFromResponse(meta.status, job.error, headers);
  Object.defineProperty(error, 'lastResponse', { value: meta, enumerable: false });
  throw error;
}
