import { DomainError } from '@reelscout/domain';

/**
 * Why one provider call failed. Internal only: adapters turn it into a `DomainError` with
 * `toDomainError`, so nothing the provider sent reaches a response.
 */
export type ProviderFailureKind =
  /** The provider answered with an HTTP error status. */
  | 'http'
  /**
   * The provider refused the request as invalid (HTTP 422, `{detail: [{loc, msg, type}]}`): a
   * parameter we sent breaks its published contract. Our bug: never retried.
   */
  | 'contract'
  /** The connection failed or was reset. */
  | 'network'
  /** The per-call timeout passed. */
  | 'timeout'
  /** The answer was not JSON, was empty, or did not have the expected shape. */
  | 'malformed'
  /**
   * A 200 that is really throttling or risk control (docs/configuration.md, "How failures
   * are read").
   */
  | 'risk_control'
  /** The endpoint's circuit breaker is open: no request was sent. */
  | 'circuit_open'
  /** The caller's deadline fired. */
  | 'aborted'
  /**
   * The egress guard refused a URL from the provider's answer (a private address, another
   * scheme or port, credentials in the URL): nothing was sent.
   */
  | 'refused';

export type MediaFailure = 'too_large' | 'expired' | 'truncated' | 'empty' | 'not_media';

export class ProviderCallError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly status?: number,
    options: {
      cause?: unknown;
      retryAfterMs?: number;
      media?: MediaFailure;
      transient?: boolean;
      params?: string[];
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderCallError';
    this.retryAfterMs = options.retryAfterMs;
    this.media = options.media;
    this.transient = options.transient ?? false;
    this.params = options.params ?? [];
  }

  /**
   * The provider said this failure is passing: its HTTP 400 "request failed, please retry"
   * envelope for an upstream fetch that failed. Retried like a 5xx.
   */
  readonly transient: boolean;
  /** For `contract` failures: the parameter names the provider's validation error points at. */
  readonly params: string[];

  /** The provider's `Retry-After` on a 429, in milliseconds. */
  readonly retryAfterMs?: number;
  /** For media downloads: what was wrong with the file. */
  readonly media?: MediaFailure;

  /**
   * Worth another attempt: 429, 5xx, the provider's "please retry" 400, network errors and
   * timeouts. Never a 422 (our request is wrong), a 401/403 (our key is), or another 4xx.
   */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    if (this.kind !== 'http' || this.status === undefined) return false;
    return isRetryableStatus(this.status) || (this.status === 400 && this.transient);
  }

  /** The provider refused our key (401) or its quota is used up (403). */
  get isCredentialFailure(): boolean {
    return this.kind === 'http' && (this.status === 401 || this.status === 403);
  }

  /** Counts towards opening the endpoint's circuit: the provider is unhealthy, not the request. */
  get isOutage(): boolean {
    return this.retryable || this.kind === 'malformed' || this.kind === 'risk_control';
  }
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** The customer-safe error for a failed call to `what` ("the video-data provider", "the LLM"). */
export function toDomainError(error: unknown, what: string): DomainError {
  if (error instanceof DomainError) return error;
  if (!(error instanceof ProviderCallError)) {
    return new DomainError('provider_error', `${capitalise(what)} failed.`, { cause: error });
  }
  switch (error.media) {
    case 'too_large':
      return new DomainError('provider_error', `The media file is too large: ${error.message}.`, {
        cause: error,
      });
    case 'expired':
      return new DomainError(
        'provider_error',
        `The media URL from ${what} has expired or is gone; fetch the post again.`,
        { cause: error },
      );
    case 'truncated':
    case 'empty':
      return new DomainError('provider_error', `The media file from ${what} was cut off.`, {
        cause: error,
      });
    case 'not_media':
      return new DomainError(
        'provider_error',
        `The media URL from ${what} did not answer with a media file (${error.message}).`,
        { cause: error },
      );
  }
  switch (error.kind) {
    case 'aborted':
      return new DomainError('timeout', `The deadline passed while waiting for ${what}.`, {
        cause: error,
      });
    case 'refused':
      return new DomainError(
        'provider_error',
        `A media URL was refused: it points to a destination the service does not connect to (${what}).`,
        { cause: error },
      );
    case 'circuit_open':
      return new DomainError(
        'provider_unavailable',
        `${capitalise(what)} is temporarily unavailable after repeated failures; retry in a minute.`,
        { cause: error },
      );
    case 'timeout':
      return new DomainError('provider_error', `${capitalise(what)} did not answer in time.`, {
        cause: error,
      });
    case 'malformed':
    case 'risk_control':
      return new DomainError('provider_error', `${capitalise(what)} returned an unusable answer.`, {
        cause: error,
      });
    case 'network':
      return new DomainError('provider_error', `${capitalise(what)} could not be reached.`, {
        cause: error,
      });
    case 'contract':
      return new DomainError(
        'provider_error',
        `${capitalise(what)} refused the request as invalid; this is a fault on our side and has been logged.`,
        { cause: error },
      );
    case 'http':
      if (error.isCredentialFailure) {
        return new DomainError(
          'provider_unavailable',
          `${capitalise(what)} refused our credentials or its quota is used up; the operator has been alerted. Retry later.`,
          { cause: error },
        );
      }
      return new DomainError(
        'provider_error',
        `${capitalise(what)} returned an error (HTTP ${error.status ?? 'unknown'}).`,
        { cause: error },
      );
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
