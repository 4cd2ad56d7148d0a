/**
 * The HTTP core: one request, with retries, time-outs, idempotency keys and typed errors. Only the
 * global `fetch`, `AbortController`, `setTimeout` and `crypto` are used, so it runs on Node ≥ 20,
 * Deno, Bun and browsers.
 */
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  type APIError,
  errorFromResponse,
  parseRetryAfterSeconds,
  ReelscoutError,
} from './errors';

export const VERSION = '0.1.0';

/** Options of one call; each overrides the client's setting for that call. */
export interface RequestOptions {
  /**
   * Sent as `Idempotency-Key` by the operations (`assist`, `scan`, `playbook`, `music`,
   * `jobs.create`); one is generated when left out (the same on every retry). An
   * `Idempotency-Key` in `headers` is used the same way. Other calls send none.
   */
  idempotencyKey?: string;
  /** Sent as `x-subject`: your end customer (rate ceilings and usage are scoped by it). */
  subject?: string;
  /** Aborts the call (retries and waits included). */
  signal?: AbortSignal;
  /**
   * Milliseconds for the whole call: every attempt, retry wait and (for the operations) the
   * polling of the job included.
   */
  timeout?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Extra request headers (e.g. `x-request-id`); names are case-insensitive. */
  headers?: Record<string, string>;
  /**
   * The operations' `Prefer: wait=N` (1–60 s; default 50): how long the API holds the call
   * before answering 202 with the job, which the SDK then polls. 0 sends no `Prefer` (a plain
   * synchronous call).
   */
  syncWaitSeconds?: number;
}

/** What the response said besides its body: the billing and tracing headers. */
export interface ResponseMeta {
  /** `x-request-id`. */
  requestId: string | undefined;
  /** `x-service-charged-usd`: what this call cost (six decimals), on the operations' 200s. */
  chargedUsd: string | undefined;
  /** `x-service-balance-usd`: the balance after the call (six decimals). */
  balanceUsd: string | undefined;
  /** `x-job-id`: the job that ran the call. */
  jobId: string | undefined;
  /** The HTTP status. */
  status: number;
  /** The `Idempotency-Key` sent (the operations), the same on every retry. */
  idempotencyKey: string | undefined;
  /** `Idempotent-Replayed: true`: a stored answer to an earlier call with the same key. */
  replayed: boolean;
  /** Attempts made (1 when no retry was needed). */
  attempts: number;
  /** Every response header, lower-case names. */
  headers: Record<string, string>;
}

/** A result: the API's body, with the response's headers in the non-enumerable `lastResponse`. */
export type WithResponse<T> = T & { readonly lastResponse: ResponseMeta };

export interface CoreOptions {
  apiKey: string | undefined;
  baseURL: string;
  timeout: number;
  maxRetries: number;
  subject: string | undefined;
  fetch: typeof fetch;
  defaultHeaders: Record<string, string>;
  syncWaitSeconds: number;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  options?: RequestOptions;
  /**
   * An operation (`POST /v1/assist|scan|playbook|music`, any `Prefer`): the server deduplicates
   * it by `Idempotency-Key`, so it carries one and every failure without an answer is retried.
   */
  idempotent?: boolean;
  /** Caps each attempt's HTTP time-out (ms), e.g. a `Prefer: wait=N` request's N s + margin. */
  attemptTimeout?: number;
}

/** Longest `Retry-After` the client waits for by itself; a longer one is thrown at once. */
const MAX_RETRY_AFTER_S = 60;
const INITIAL_BACKOFF_S = 0.5;
const MAX_BACKOFF_S = 8;

export class Core {
  constructor(readonly options: CoreOptions) {}

  async request<T>(spec: RequestSpec): Promise<WithResponse<T>> {
    const { options: opts } = this;
    const callOptions = spec.options ?? {};
    const maxRetries = Math.max(0, callOptions.maxRetries ?? opts.maxRetries);
    const timeout = callOptions.timeout ?? opts.timeout;
    const deadline = Date.now() + timeout;
    const signal = callOptions.signal;
    const url = this.url(spec.path, spec.query);
    const policy = retryPolicy(spec);

    if (!opts.apiKey) {
      throw new ReelscoutError(
        'No API key: pass `apiKey` to new Reelscout() or set REELSCOUT_API_KEY.',
      );
    }
    const callHeaders = { ...lowerCaseKeys(spec.headers), ...lowerCaseKeys(callOptions.headers) };
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...lowerCaseKeys(opts.defaultHeaders),
      authorization: `Bearer ${opts.apiKey}`,
    };
    const subject = callOptions.subject ?? opts.subject;
    if (subject !== undefined) headers['x-subject'] = subject;
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    Object.assign(headers, callHeaders);
    let idempotencyKey: string | undefined;
    if (policy === 'idempotent') {
      idempotencyKey = callOptions.idempotencyKey ?? callHeaders['idempotency-key'] ?? randomUUID();
      headers['idempotency-key'] = idempotencyKey;
    } else {
      // Not deduplicated by the server: a key would promise a safety the call does not have.
      delete headers['idempotency-key'];
    }

    for (let attempt = 0; ; attempt++) {
      const retriesLeft = maxRetries - attempt;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new APITimeoutError(`No answer within ${timeout} ms (${spec.method} ${url}).`);
      }
      const attemptTimeout = Math.min(left, spec.attemptTimeout ?? Infinity);
      let answer: Awaited<ReturnType<Core['attempt']>>;
      try {
        answer = await this.attempt(
          url,
          { method: spec.method, headers, body },
          attemptTimeout,
          signal,
        );
      } catch (error) {
        // No response: a connection error or a time-out (retried when the call may safely run
        // twice), or the caller's abort.
        if (error instanceof APIConnectionError && retriesLeft > 0 && policy !== 'rateLimitOnly') {
          const delay = retryDelayMs(attempt, undefined);
          if (delay < deadline - Date.now()) {
            await sleep(delay, signal);
            continue;
          }
        }
        throw error;
      }
      const { response, parsed, responseHeaders } = answer;
      const meta: ResponseMeta = {
        requestId: responseHeaders['x-request-id'],
        chargedUsd: responseHeaders['x-service-charged-usd'],
        balanceUsd: responseHeaders['x-service-balance-usd'],
        jobId: responseHeaders['x-job-id'],
        status: response.status,
        idempotencyKey,
        replayed: responseHeaders['idempotent-replayed'] === 'true',
        attempts: attempt + 1,
        headers: responseHeaders,
      };
      if (response.ok) return withResponse(parsed as T, meta);
      const error = errorFromResponse(response.status, parsed, responseHeaders);
      Object.defineProperty(error, 'lastResponse', { value: meta, enumerable: false });
      if (retriesLeft <= 0 || !shouldRetry(error, meta, policy)) throw error;
      const retryAfterS = parseRetryAfterSeconds(responseHeaders['retry-after']);
      if (retryAfterS !== undefined && retryAfterS > MAX_RETRY_AFTER_S) throw error;
      const delay = retryDelayMs(attempt, retryAfterS);
      if (delay >= deadline - Date.now()) throw error;
      await sleep(delay, signal);
    }
  }

  /** One attempt: the response and its parsed body, within `timeout` ms. */
  private async attempt(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string | undefined },
    timeout: number,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Response; parsed: unknown; responseHeaders: Record<string, string> }> {
    if (signal?.aborted) throw userAbort(signal);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.options.fetch(url, { ...init, signal: controller.signal });
      const text = await response.text();
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        responseHeaders[name.toLowerCase()] = value;
      });
      let parsed: unknown = undefined;
      if (text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      return { response, parsed, responseHeaders };
    } catch (error) {
      if (signal?.aborted) throw userAbort(signal);
      if (timedOut) {
        throw new APITimeoutError(`No response within ${timeout} ms (${init.method} ${url}).`, {
          cause: error,
        });
      }
      throw new APIConnectionError(
        `Connection error (${init.method} ${url}): ${(error as Error)?.message ?? error}`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private url(path: string, query: RequestSpec['query']): string {
    const base = this.options.baseURL.replace(/\/+$/, '');
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const qs = search.toString();
    return `${base}${path}${qs ? `?${qs}` : ''}`;
  }
}

/**
 * How a call may be retried:
 * - `idempotent`: the operations. They carry an `Idempotency-Key` (the same on every attempt)
 *   that the server deduplicates, so network errors, time-outs, 5xx and 429 are retried and a
 *   retry never runs or charges a call twice.
 * - `safe`: GET and PATCH (reading, or setting fields to given values): retried the same way.
 * - `rateLimitOnly`: the other POSTs and DELETE (creating an endpoint, rotating its secret,
 *   cancelling a job, redelivering): a second run is a second effect, so only a 429 (refused by
 *   the rate limiter before any work) is retried.
 */
type RetryPolicy = 'idempotent' | 'safe' | 'rateLimitOnly';

function retryPolicy(spec: RequestSpec): RetryPolicy {
  if (spec.idempotent) return 'idempotent';
  return spec.method === 'GET' || spec.method === 'PATCH' ? 'safe' : 'rateLimitOnly';
}

/**
 * Retried: 429 (after `Retry-After`); for idempotent and safe calls also 5xx and 409
 * `idempotency_key_in_use` without a job to wait for (the operations wait for the job named by
 * `x-job-id` instead). Never a stored replay: it would not change. Network errors and time-outs
 * are handled by the caller of this.
 */
function shouldRetry(error: APIError, meta: ResponseMeta, policy: RetryPolicy): boolean {
  if (meta.replayed) return false;
  if (error.status === 429) return true;
  if (policy === 'rateLimitOnly') return false;
  if (error.status === 409) {
    return error.code === 'idempotency_key_in_use' && meta.jobId === undefined;
  }
  return error.status >= 500;
}

/**
 * `Retry-After` plus up to 25 % of jitter (never sooner than it says, so retries of many clients
 * spread out), else jittered exponential backoff: 0.5 s, 1 s, 2 s … ≤ 8 s, −25 %.
 */
export function retryDelayMs(attempt: number, retryAfterS: number | undefined): number {
  if (retryAfterS !== undefined) return Math.ceil(retryAfterS * (1 + Math.random() * 0.25) * 1000);
  const backoff = Math.min(INITIAL_BACKOFF_S * 2 ** attempt, MAX_BACKOFF_S);
  return Math.round(backoff * (1 - Math.random() * 0.25) * 1000);
}

export function withResponse<T>(data: T, meta: ResponseMeta): WithResponse<T> {
  const target = (typeof data === 'object' && data !== null ? data : { value: data }) as object;
  Object.defineProperty(target, 'lastResponse', {
    value: meta,
    enumerable: false,
    configurable: true,
  });
  return target as WithResponse<T>;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(userAbort(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(userAbort(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function userAbort(signal: AbortSignal): APIUserAbortError {
  return new APIUserAbortError('The request was aborted.', { cause: signal.reason });
}

function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** A v4 UUID from the platform's `crypto` (Node ≥ 19, Deno, Bun, browsers). */
export function randomUUID(): string {
  const cryptoObject = (
    globalThis as {
      crypto?: { randomUUID?: () => string; getRandomValues?: (array: Uint8Array) => Uint8Array };
    }
  ).crypto;
  if (cryptoObject && typeof cryptoObject.randomUUID === 'function') {
    return cryptoObject.randomUUID();
  }
  if (!cryptoObject || typeof cryptoObject.getRandomValues !== 'function') {
    throw new ReelscoutError('No crypto.getRandomValues: pass an idempotencyKey.');
  }
  const bytes = cryptoObject.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
