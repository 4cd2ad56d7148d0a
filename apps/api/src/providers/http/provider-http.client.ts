import { Logger } from '@nestjs/common';
import { anySignal, sleep, withTimeoutSignal } from '../../common/async/abort';
import { at } from '../live/json-read';
import { backoffDelay, parseRetryAfter, type BackoffOptions } from './backoff';
import { CircuitBreakers, type CircuitBreakerOptions } from './circuit-breaker';
import { meteredRequestId, recordProviderRequest } from './provider-call-meter';
import { ProviderCallError } from './provider-call.error';
import { observeProviderRequest } from '../../common/observability/observe';

/** Waits for a send slot under the provider's request-rate limit (see provider-rate-limiter.ts). */
export interface SendGate {
  acquire(signal?: AbortSignal): Promise<void>;
}

export type FetchLike = typeof fetch;

export interface ProviderHttpOptions {
  baseUrl: string;
  apiKey: string;
  /** Each attempt (request and body) must finish within this. */
  timeoutMs: number;
  /** Attempts after the first one, for 429, 5xx, network errors and timeouts. */
  maxRetries: number;
  backoff: BackoffOptions;
  breaker: CircuitBreakerOptions;
  /** Injectable for tests; defaults to the global (undici) `fetch`. */
  fetch?: FetchLike;
  /** Injectable jitter source; defaults to `Math.random`. */
  random?: () => number;
  /** Largest JSON answer accepted. */
  maxResponseBytes?: number;
  /**
   * Every attempt waits here for a slot under the provider's rate limit (10 requests/s per key);
   * the wait counts against the caller's deadline.
   */
  gate?: SendGate;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface ProviderRequest {
  /** The endpoint family, e.g. `network_b.search.v2`: keys the circuit breaker and the logs. */
  family: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * Inspects a parsed 200 answer inside the attempt, and throws a `ProviderCallError`
   * (`risk_control`, `malformed`) when it is really a failure, so the breaker counts it.
   */
  check?: (body: unknown) => void;
  signal?: AbortSignal;
}

const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * JSON over HTTP to the video-data provider, with the resilience every call needs: a send slot
 * under the provider's rate limit, a timeout per attempt, retries with jittered exponential
 * backoff on transient failures (429 with its Retry-After, 5xx, the provider's "please retry"
 * 400, network errors, timeouts), never on a 422 (our bug, logged loudly), a 401/403 (our key,
 * logged loudly) or another 4xx, and a circuit breaker per endpoint family. Each request is
 * counted for the operation its signal belongs to (`provider-call-meter.ts`), and its log lines
 * name that operation's request id. Throws `ProviderCallError` only.
 */
export class ProviderHttpClient {
  readonly breakers: CircuitBreakers;
  private readonly logger = new Logger('VideoDataProvider');
  private readonly fetchImpl: FetchLike;
  private readonly random: () => number;

  constructor(private readonly options: ProviderHttpOptions) {
    this.breakers = new CircuitBreakers(options.breaker);
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.random = options.random ?? Math.random;
  }

  async request(request: ProviderRequest): Promise<unknown> {
    const breaker = this.breakers.for(request.family);
    let lastFailure: ProviderCallError | undefined;
    for (let attempt = 0; ; attempt += 1) {
      if (request.signal?.aborted) throw aborted(request.signal);
      if (!breaker.tryAcquire()) {
        // A circuit that opened during this call's own retries: report what actually went wrong.
        throw (
          lastFailure ?? new ProviderCallError('circuit_open', `circuit open for ${request.family}`)
        );
      }
      try {
        const body = await observeProviderRequest('video_data', request.family, () =>
          this.attempt(request),
        );
        breaker.recordSuccess();
        return body;
      } catch (error) {
        const failure = asCallError(error, request.signal);
        if (failure.kind === 'aborted') {
          breaker.release();
          throw failure;
        }
        if (failure.isOutage) breaker.recordFailure();
        else breaker.recordSuccess();
        lastFailure = failure;

        if (failure.kind === 'contract') {
          this.logger.error(
            {
              requestId: meteredRequestId(),
              endpoint: request.path,
              method: request.method,
              sent: sentParamNames(request),
              rejected: failure.params,
            },
            'the video-data provider refused our request as invalid (HTTP 422): the adapter breaks ' +
              'the published contract for this endpoint',
          );
          throw failure;
        }
        if (failure.isCredentialFailure) {
          this.logger.error(
            {
              requestId: meteredRequestId(),
              endpoint: request.path,
              status: failure.status,
            },
            'the video-data provider refused our API key or its quota is used up: check ' +
              'VIDEO_PROVIDER_API_KEY and the provider account',
          );
          throw failure;
        }
        if (!failure.retryable || attempt >= this.options.maxRetries) {
          this.logger.warn(
            { requestId: meteredRequestId() },
            `${request.family} failed: ${failure.kind}${failure.status ? ` ${failure.status}` : ''}` +
              ` after ${attempt + 1} attempt(s)`,
          );
          throw failure;
        }
        const delay = backoffDelay(
          attempt,
          this.options.backoff,
          this.random,
          failure.retryAfterMs,
        );
        this.logger.debug(
          { requestId: meteredRequestId() },
          `${request.family}: ${failure.kind}, retrying in ${delay} ms`,
        );
        try {
          await sleep(delay, request.signal);
        } catch {
          throw aborted(request.signal!);
        }
      }
    }
  }

  private async attempt(request: ProviderRequest): Promise<unknown> {
    // The wait for a send slot counts against the caller's deadline, not the attempt's timeout.
    if (this.options.gate) {
      try {
        await this.options.gate.acquire(request.signal);
      } catch (error) {
        if (request.signal?.aborted) throw aborted(request.signal);
        throw new ProviderCallError('network', 'rate limiter failed', undefined, { cause: error });
      }
    }
    return withTimeoutSignal(this.options.timeoutMs, (timedOut) =>
      this.attemptWithin(request, timedOut),
    );
  }

  /** One attempt, bounded by `timedOut` (this attempt's timeout) and the caller's signal. */
  private async attemptWithin(request: ProviderRequest, timedOut: AbortSignal): Promise<unknown> {
    const signal = anySignal([request.signal, timedOut]);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: 'application/json',
    };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }

    let response: Response;
    try {
      response = await this.fetchImpl(this.url(request), {
        method: request.method,
        headers,
        body,
        signal,
        redirect: 'error',
      });
    } catch (error) {
      recordProviderRequest(request.path, null);
      throw classifyThrown(error, request.signal, timedOut);
    }
    recordProviderRequest(request.path, response.status);

    let text: string;
    try {
      text = await readTextCapped(
        response,
        this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      );
    } catch (error) {
      throw classifyThrown(error, request.signal, timedOut);
    }

    if (!response.ok) throw failureOf(response, text);
    if (text.trim() === '') throw new ProviderCallError('malformed', 'empty body');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ProviderCallError('malformed', 'body is not JSON', undefined, { cause: error });
    }
    checkEnvelope(parsed);
    request.check?.(parsed);
    return parsed;
  }

  private url(request: ProviderRequest): string {
    const url = new URL(request.path.replace(/^\//, ''), withTrailingSlash(this.options.baseUrl));
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }
}

/**
 * What a non-2xx answer means, by what the provider says (TikHub V5.3.2): 422 is its validation
 * error (`{detail: [{loc, msg, type}]}`); a 400 whose envelope asks to retry is an upstream fetch
 * that failed; 429 carries its Retry-After. The body itself never leaves this function.
 */
function failureOf(response: Response, text: string): ProviderCallError {
  const status = response.status;
  const detail = at(parseQuietly(text), 'detail');
  if (status === 422) {
    const params = Array.isArray(detail)
      ? detail
          .map((issue) => at(issue, 'loc'))
          .filter(Array.isArray)
          .map((loc) => String(loc[loc.length - 1]))
      : [];
    return new ProviderCallError('contract', 'HTTP 422 (request refused as invalid)', status, {
      params: [...new Set(params)],
    });
  }
  const message = at(detail, 'message');
  const transient = status === 400 && typeof message === 'string' && /\bretry\b/i.test(message);
  return new ProviderCallError('http', `HTTP ${status}`, status, {
    transient,
    retryAfterMs: status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
  });
}

function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The parameter names (never values) a request carried, for the logs. */
function sentParamNames(request: ProviderRequest): string[] {
  const query = Object.entries(request.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name]) => `query.${name}`);
  const body =
    request.body !== null && typeof request.body === 'object'
      ? Object.keys(request.body).map((name) => `body.${name}`)
      : [];
  return [...query, ...body];
}

/**
 * TikHub wraps answers as `{code, message, data}`; a `code` other than 200 inside a 200 is the
 * provider reporting its own failure.
 */
function checkEnvelope(body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ProviderCallError('malformed', 'body is not a JSON object');
  }
  const code = (body as { code?: unknown }).code;
  if (typeof code === 'number' && code !== 200 && code !== 0) {
    const status = code >= 400 && code < 600 ? code : 502;
    throw new ProviderCallError('http', `envelope code ${code}`, status);
  }
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

function aborted(signal: AbortSignal): ProviderCallError {
  return new ProviderCallError('aborted', 'the caller aborted', undefined, {
    cause: signal.reason,
  });
}

function classifyThrown(
  error: unknown,
  callerSignal: AbortSignal | undefined,
  timeout: AbortSignal,
): ProviderCallError {
  if (error instanceof ProviderCallError) return error;
  if (callerSignal?.aborted) return aborted(callerSignal);
  if (timeout.aborted) {
    return new ProviderCallError('timeout', 'the provider did not answer in time', undefined, {
      cause: error,
    });
  }
  return new ProviderCallError('network', 'network error', undefined, { cause: error });
}

function asCallError(error: unknown, callerSignal: AbortSignal | undefined): ProviderCallError {
  if (error instanceof ProviderCallError) return error;
  if (callerSignal?.aborted) return aborted(callerSignal);
  return new ProviderCallError('network', 'unexpected failure', undefined, { cause: error });
}

/** The body as text, refusing bodies larger than `maxBytes`. */
async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new ProviderCallError('malformed', 'answer too large', response.status);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderCallError('malformed', 'answer too large', response.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
