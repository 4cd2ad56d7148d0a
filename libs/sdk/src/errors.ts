/**
 * Everything the SDK throws is a ReelscoutError. HTTP errors are mapped by the API's error
 * `code` (libs/domain/src/errors.ts: stable strings), falling back on the status.
 */

export class ReelscoutError extends Error {
  // Explicit names (not the constructor's): a minifier renames classes.
  override name = 'ReelscoutError';
  /** HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  /** The API's error code (`invalid_request`, `insufficient_credit`, …). */
  readonly code: string | undefined;
  /** The offending field or header (`limit`, `history[2].text`, `x-subject`), when the API names one. */
  readonly param: string | undefined;
  /** The `requestId` of the error body (or the `x-request-id` header). */
  readonly requestId: string | undefined;
  /** The response headers, lower-case names. */
  readonly headers: Record<string, string>;
  /** The parsed error body. */
  readonly body: unknown;

  constructor(
    message: string,
    init: {
      status?: number;
      code?: string;
      param?: string;
      requestId?: string;
      headers?: Record<string, string>;
      body?: unknown;
      cause?: unknown;
    } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.param = init.param;
    this.requestId = init.requestId;
    this.headers = init.headers ?? {};
    this.body = init.body;
  }
}

/** The API answered with an error status. */
export class APIError extends ReelscoutError {
  override name = 'APIError';
  declare readonly status: number;
}

/** 400 `invalid_request` (also 413 `payload_too_large`, 415 `unsupported_media_type`): see `param`. */
export class InvalidRequestError extends APIError {
  override name = 'InvalidRequestError';
}
/** 401 `unauthorized`: a missing, malformed, unknown or revoked key. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 402 `insufficient_credit`: nothing was held or charged. */
export class InsufficientCreditError extends APIError {
  override name = 'InsufficientCreditError';
  /** `x-service-balance-usd`: the credit available, six decimals. */
  readonly balanceUsd: string | undefined;
  /** `x-service-price-usd`: what the call would have held, six decimals. */
  readonly priceUsd: string | undefined;

  constructor(message: string, init: ConstructorParameters<typeof ReelscoutError>[1] = {}) {
    super(message, init);
    this.balanceUsd = this.headers['x-service-balance-usd'];
    this.priceUsd = this.headers['x-service-price-usd'];
  }
}
/**
 * 402 `key_spend_limit_reached` (the key's total, daily or monthly limit) or
 * `subject_spend_limit_reached` (the `x-subject`'s daily or monthly limit): nothing was held or
 * charged. A day or month window reopens at `resetsAt`; a total limit never does.
 */
export class SpendLimitError extends APIError {
  override name = 'SpendLimitError';
  /** `x-service-limit-window`: `total`, `day` or `month`. */
  readonly window: string | undefined;
  /** `x-service-limit-usd`: the limit, six decimals. */
  readonly limitUsd: string | undefined;
  /** `x-service-limit-resets-at`: when the window reopens (ISO 8601; none for a total limit). */
  readonly resetsAt: string | undefined;
  /** `x-service-price-usd`: what the call would have held, six decimals. */
  readonly priceUsd: string | undefined;

  constructor(message: string, init: ConstructorParameters<typeof ReelscoutError>[1] = {}) {
    super(message, init);
    this.window = this.headers['x-service-limit-window'];
    this.limitUsd = this.headers['x-service-limit-usd'];
    this.resetsAt = this.headers['x-service-limit-resets-at'];
    this.priceUsd = this.headers['x-service-price-usd'];
  }
}
/**
 * 402 `credit_shortfall` (a refund or a lost dispute took back live credit that was already
 * spent; live calls resume once added credit covers it) or `payment_disputed` (a payment of the
 * account is disputed; live calls resume when the dispute closes). Live keys only; nothing was
 * held or charged, and test keys keep working.
 */
export class LiveCallsSuspendedError extends APIError {
  override name = 'LiveCallsSuspendedError';
}
/**
 * 403 `forbidden` (the account has no API access), `operation_not_allowed` (the key's
 * operations do not include this one; the message names them) or `resource_not_allowed` (a key
 * restricted to some operations may not manage webhook endpoints).
 */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
/** 404 `not_found`. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/**
 * 409: `idempotency_key_in_use`, `job_canceled`, `job_not_cancelable`, `resource_limit_reached`
 * (the account has as many webhook endpoints or keys as it may; `param` names which).
 */
export class ConflictError extends APIError {
  override name = 'ConflictError';
  /** `x-job-id`: the job the conflict is about, when the API names one. */
  get jobId(): string | undefined {
    return this.headers['x-job-id'];
  }
}
/** 422 `idempotency_key_reused`: the same key was sent with a different request. */
export class IdempotencyError extends APIError {
  override name = 'IdempotencyError';
}
/**
 * 429 `rate_limited`: over a ceiling; `queue_limit_reached`: the account has the most queued jobs
 * allowed. Never charged.
 */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** `Retry-After`, in seconds. */
  readonly retryAfter: number | undefined;

  constructor(message: string, init: ConstructorParameters<typeof ReelscoutError>[1] = {}) {
    super(message, init);
    this.retryAfter = parseRetryAfterSeconds(this.headers['retry-after']);
  }
}
/** 500 `internal_error`, and any 5xx without a known code. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}
/** 502 `provider_error`, 503 `provider_unavailable`, 504 `timeout` (the operation's deadline). */
export class ProviderError extends InternalServerError {
  override name = 'ProviderError';
}

/** No response: the connection failed. */
export class APIConnectionError extends ReelscoutError {
  override name = 'APIConnectionError';
}
/** No response within the `timeout` (or `jobs.wait`'s `timeoutMs`). */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
}
/** The caller's `signal` aborted the request. */
export class APIUserAbortError extends ReelscoutError {
  override name = 'APIUserAbortError';
}
/** A webhook whose signature, timestamp or body does not verify. */
export class WebhookVerificationError extends ReelscoutError {
  override name = 'WebhookVerificationError';
}

type APIErrorClass = new (
  message: string,
  init: ConstructorParameters<typeof ReelscoutError>[1],
) => APIError;

const BY_CODE: Record<string, APIErrorClass> = {
  invalid_request: InvalidRequestError,
  price_confirmation_required: InvalidRequestError,
  payload_too_large: InvalidRequestError,
  unsupported_media_type: InvalidRequestError,
  unauthorized: AuthenticationError,
  insufficient_credit: InsufficientCreditError,
  key_spend_limit_reached: SpendLimitError,
  subject_spend_limit_reached: SpendLimitError,
  credit_shortfall: LiveCallsSuspendedError,
  payment_disputed: LiveCallsSuspendedError,
  forbidden: PermissionDeniedError,
  operation_not_allowed: PermissionDeniedError,
  resource_not_allowed: PermissionDeniedError,
  not_found: NotFoundError,
  idempotency_key_in_use: ConflictError,
  job_canceled: ConflictError,
  job_not_cancelable: ConflictError,
  resource_limit_reached: ConflictError,
  idempotency_key_reused: IdempotencyError,
  rate_limited: RateLimitError,
  queue_limit_reached: RateLimitError,
  internal_error: InternalServerError,
  provider_error: ProviderError,
  provider_unavailable: ProviderError,
  timeout: ProviderError,
};

const BY_STATUS: Record<number, APIErrorClass> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  402: InsufficientCreditError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: InvalidRequestError,
  415: InvalidRequestError,
  422: IdempotencyError,
  429: RateLimitError,
  502: ProviderError,
  503: ProviderError,
  504: ProviderError,
};

/** The typed error of an error response. */
export function errorFromResponse(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): APIError {
  const envelope = isErrorBody(body) ? body.error : undefined;
  const code = envelope?.code;
  const Class =
    (code !== undefined ? BY_CODE[code] : undefined) ??
    BY_STATUS[status] ??
    (status >= 500 ? InternalServerError : APIError);
  const message = envelope?.message ?? `HTTP ${status}`;
  return new Class(message, {
    status,
    code,
    param: envelope?.param,
    requestId: envelope?.requestId ?? headers['x-request-id'],
    headers,
    body,
  });
}

function isErrorBody(
  body: unknown,
): body is { error: { code?: string; message?: string; param?: string; requestId?: string } } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'object' &&
    (body as { error?: unknown }).error !== null
  );
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfterSeconds(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
