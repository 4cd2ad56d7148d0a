/**
 * Stable, machine-readable error codes of the public API (docs/architecture.md §4).
 * Integrators branch on these strings; never rename one.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  price_confirmation_required: 400,
  unauthorized: 401,
  insufficient_credit: 402,
  key_spend_limit_reached: 402,
  subject_spend_limit_reached: 402,
  credit_shortfall: 402,
  payment_disputed: 402,
  forbidden: 403,
  operation_not_allowed: 403,
  resource_not_allowed: 403,
  not_found: 404,
  idempotency_key_in_use: 409,
  job_canceled: 409,
  job_not_cancelable: 409,
  resource_limit_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  queue_limit_reached: 429,
  internal_error: 500,
  provider_error: 502,
  provider_unavailable: 503,
  timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The body of every error response: `{"error": {...}}`. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    param?: string;
    requestId: string;
  };
}

/**
 * A failure the API reports to its caller with one of the fixed codes.
 * Thrown anywhere (domain, services, adapters); one global filter turns it
 * into the error envelope. `message` must be safe to show to a customer:
 * never a provider body, SQL or a stack trace.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  /** Extra response headers (e.g. `x-service-balance-usd` on 402, `Retry-After` on 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { param?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}
