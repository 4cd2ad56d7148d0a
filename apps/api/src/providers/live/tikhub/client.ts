import { Logger } from '@nestjs/common';
import { EgressRefusedError, type EgressGuard } from '../../../egress';
import { ProviderCallError, toDomainError } from '../../http/provider-call.error';
import {
  ProviderHttpClient,
  type FetchLike,
  type SendGate,
  type ProviderRequest,
} from '../../http/provider-http.client';
import type { Endpoint } from '../tikhub-endpoints';

export interface TikhubVideoDataSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  downloadTimeoutMs: number;
  maxRetries: number;
  breakerThreshold: number;
  breakerCoolDownMs: number;
  /** Backoff between retries; defaults to 250 ms doubling up to 4 s. */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * Region (ISO 3166-1 alpha-2) of network_a's market for its search, sound search and charts
   * (`region` / `country_code`); the provider's default is US.
   */
  region?: string;
  /** Waits for a send slot under the provider's rate limit (10 requests/s per key). */
  gate?: SendGate;
  fetch?: FetchLike;
  random?: () => number;
  now?: () => number;
  /** Media and caption URLs come from the provider's answers: every one goes through it. */
  egress: EgressGuard;
}

/** How failures name the provider in their message. */
export const WHAT = 'the video-data provider';

/** The page size asked of the endpoints that take one. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * What every capability of the adapter shares: one HTTP client (retries, a circuit breaker per
 * endpoint family, the rate gate), one logger, and the rules for falling back and for the errors
 * that may leave the adapter.
 */
export class TikhubClient {
  readonly logger = new Logger('VideoDataProvider');
  private readonly http: ProviderHttpClient;

  constructor(readonly settings: TikhubVideoDataSettings) {
    this.http = new ProviderHttpClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      timeoutMs: settings.timeoutMs,
      maxRetries: settings.maxRetries,
      backoff: settings.backoff ?? { baseMs: 250, maxMs: 4_000 },
      breaker: {
        failureThreshold: settings.breakerThreshold,
        coolDownMs: settings.breakerCoolDownMs,
        now: settings.now,
      },
      fetch: settings.fetch,
      random: settings.random,
      gate: settings.gate,
    });
  }

  get region(): string {
    return this.settings.region ?? 'US';
  }

  /** Breaker state per endpoint family (for health reporting and tests). */
  circuitState(family: string): string {
    return this.http.breakers.stateOf(family);
  }

  call(
    endpoint: Endpoint,
    request: Omit<ProviderRequest, 'family' | 'method' | 'path'>,
  ): Promise<unknown> {
    return this.http.request({
      family: endpoint.family,
      method: endpoint.method,
      path: endpoint.path,
      ...request,
    });
  }

  /**
   * Runs the steps in order until one answers. Falls back on any failure except the caller's
   * deadline and a rejected key (which every endpoint would reject too).
   */
  async firstThatAnswers<T>(steps: (() => Promise<T>)[]): Promise<T> {
    const errors: unknown[] = [];
    for (const step of steps) {
      try {
        return await step();
      } catch (error) {
        if (!canFallBack(error)) throw error;
        errors.push(error);
      }
    }
    throw pickFailure(errors);
  }

  /** Every public method of the adapter ends here: only `DomainError`s leave it. */
  async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toDomainError(error, WHAT);
    }
  }

  /** A media URL the egress guard refused is logged with its host and the reason. */
  logRefusal(error: unknown, what: string): void {
    const refusal = error instanceof ProviderCallError ? error.cause : error;
    if (!(refusal instanceof EgressRefusedError)) return;
    this.logger.warn(
      { host: refusal.host, reason: refusal.reason },
      `${what} URL refused by the egress guard: ${refusal.host} (${refusal.reason})`,
    );
  }
}

export function riskControl(): ProviderCallError {
  return new ProviderCallError('risk_control', 'empty answer (throttling or risk control)');
}

export function abortedError(signal: AbortSignal): ProviderCallError {
  return new ProviderCallError('aborted', 'the caller aborted', undefined, {
    cause: signal.reason,
  });
}

export function canFallBack(error: unknown): boolean {
  if (!(error instanceof ProviderCallError)) return false;
  if (error.kind === 'aborted') return false;
  return !(error.kind === 'http' && (error.status === 401 || error.status === 403));
}

/**
 * The provider says the thing does not exist. Only a 404: a 400 is a failed request (transient
 * when its envelope asks to retry), never "not found"; network_b reports missing posts as a 200
 * with an empty item and a `filter_list` reason instead.
 */
export function isNotFoundAnswer(error: unknown): boolean {
  return error instanceof ProviderCallError && error.kind === 'http' && error.status === 404;
}

/** After every fallback failed: a real failure beats "circuit open" (503 only when all were). */
export function pickFailure(errors: unknown[]): unknown {
  const real = errors.filter(
    (error) => !(error instanceof ProviderCallError && error.kind === 'circuit_open'),
  );
  return real[real.length - 1] ?? errors[errors.length - 1];
}
