import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse, type HeaderObject } from '@nestjs/swagger';
import { ERROR_CODES, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@reelscout/domain';

/** The `error` object of every error body. */
export class ErrorDetailDto {
  @ApiProperty({
    enum: ERROR_CODES,
    description: 'Stable, machine-readable: branch on it.',
    example: 'invalid_request',
  })
  code: ErrorCode;

  @ApiProperty({
    description: 'For a human; safe to show, may change.',
    example: '`limit` must not be greater than 20.',
  })
  message: string;

  @ApiPropertyOptional({
    description:
      'The offending field (`history[2].text`), query parameter or header (`x-subject`).',
    example: 'limit',
  })
  param?: string;

  @ApiProperty({
    description: 'The `x-request-id` of this request; quote it to support.',
    example: 'req_7f3a9c2e4b1d4e6f',
  })
  requestId: string;
}

/** Every error response: `{"error": {code, message, param?, requestId}}`. */
export class ErrorDto implements ErrorBody {
  @ApiProperty({ type: ErrorDetailDto })
  error: ErrorDetailDto;
}

export type Headers = Record<string, HeaderObject>;

/** On every response. */
export const REQUEST_ID: Headers = {
  'x-request-id': {
    description:
      'The id of this request (yours, when you sent a sane `x-request-id`); quote it to support.',
    schema: { type: 'string' },
  },
};

/** On every response that got as far as the rate ceilings. */
export const RATE_LIMIT: Headers = {
  'RateLimit-Limit': {
    description: 'The ceiling of the tightest counter (per key, or per key and subject).',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window of that counter.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until that window resets.',
    schema: { type: 'integer' },
  },
};

export const RETRY_AFTER: Headers = {
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer' },
  },
};

export const WWW_AUTHENTICATE: Headers = {
  'WWW-Authenticate': { description: '`Bearer`.', schema: { type: 'string' } },
};

/** What an example of each code says (the real messages vary with the case). */
const SAMPLE: Record<ErrorCode, { message: string; param?: string }> = {
  invalid_request: { message: '`limit` must not be greater than 20.', param: 'limit' },
  price_confirmation_required: {
    message:
      'A live run costs up to 0.200000 USD: send confirm_price_usd "0.200000" to confirm it.',
    param: 'confirm_price_usd',
  },
  unauthorized: { message: 'A valid API key is required.' },
  insufficient_credit: {
    message:
      'This call needs 0.150000 USD of available test credit; 0.000000 USD is available. Add credit in the dashboard.',
  },
  key_spend_limit_reached: {
    message:
      "This key's daily spend limit of 5.000000 USD is reached; it resets at 2026-11-26T00:00:00.000Z (UTC midnight).",
  },
  subject_spend_limit_reached: {
    message:
      'The monthly spend limit of 20.000000 USD for subject `cust-42` is reached; it resets at 2026-12-01T00:00:00.000Z.',
    param: 'x-subject',
  },
  credit_shortfall: {
    message:
      'Live calls are paused: a refund or a lost dispute took back 12.000000 USD of live credit that had already been spent. Add live credit to cover it.',
  },
  payment_disputed: {
    message:
      'Live calls are paused while a payment of this account is disputed with its bank. Test keys keep working.',
  },
  forbidden: { message: 'This account does not have access to this resource.' },
  operation_not_allowed: {
    message: 'This key may call only: assist, scan.',
  },
  resource_not_allowed: {
    message:
      'This key is restricted to some operations (assist, scan); only an unrestricted key or the dashboard can manage webhook endpoints.',
  },
  not_found: { message: 'Not found.' },
  idempotency_key_in_use: {
    message: 'A request with this Idempotency-Key is still running.',
    param: 'Idempotency-Key',
  },
  job_canceled: { message: 'This job was canceled before it finished; nothing was charged.' },
  job_not_cancelable: {
    message:
      'This job has already ended (succeeded); only a queued or running job can be canceled.',
    param: 'id',
  },
  resource_limit_reached: {
    message:
      'This account already has 16 test-mode webhook endpoints, the most allowed; delete one first.',
    param: 'webhook_endpoints',
  },
  payload_too_large: { message: 'The request body is larger than 64 KiB.' },
  unsupported_media_type: {
    message: 'Send the request body as JSON with Content-Type: application/json.',
  },
  idempotency_key_reused: {
    message: 'This Idempotency-Key was already used with a different request.',
    param: 'Idempotency-Key',
  },
  rate_limited: {
    message: 'Too many requests; slow down and retry after the time in Retry-After.',
  },
  queue_limit_reached: {
    message:
      'This account already has 1000 test-mode jobs queued, the most allowed; nothing was charged. Retry after Retry-After seconds, when some have started.',
  },
  internal_error: {
    message: 'Something went wrong on our side. Retry later; quote the requestId if it persists.',
  },
  provider_error: { message: 'A provider failed; nothing was charged. Retry later.' },
  provider_unavailable: { message: 'A provider is unavailable right now; nothing was charged.' },
  timeout: { message: 'The deadline passed; nothing was charged.' },
};

/** An example error body of `code` (for the document's `examples`). */
export function errorExample(
  code: ErrorCode,
  sample: { message?: string; param?: string } = {},
): ErrorBody {
  const { message, param } = { ...SAMPLE[code], ...sample };
  return {
    error: {
      code,
      message,
      ...(param !== undefined ? { param } : {}),
      requestId: 'req_7f3a9c2e4b1d4e6f',
    },
  };
}

export interface ErrorDoc {
  /** What happens, starting with the code(s) in backticks. */
  description: string;
  /** The codes this status answers here; one example each. Default: the status's own code. */
  codes?: ErrorCode[];
  /** Response headers besides `x-request-id`. */
  headers?: Headers;
  /** Example messages (and `param`) per code, when the generic one does not fit the route. */
  samples?: Partial<Record<ErrorCode, { message?: string; param?: string }>>;
}

const codesOf = (status: number): ErrorCode[] =>
  ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);

/** One documented error response: the `ErrorDto` body, an example per code, its headers. */
export function ApiError(status: number, doc: ErrorDoc): MethodDecorator & ClassDecorator {
  const codes = doc.codes ?? codesOf(status).slice(0, 1);
  return ApiResponse({
    status,
    description: doc.description,
    headers: { ...REQUEST_ID, ...doc.headers },
    type: ErrorDto,
    examples: Object.fromEntries(
      codes.map((code) => [
        code,
        { summary: `\`${code}\``, value: errorExample(code, doc.samples?.[code]) },
      ]),
    ),
  });
}

/** Several error responses at once, by status. */
export function ApiErrors(errors: Record<number, ErrorDoc>): MethodDecorator {
  return applyDecorators(
    ...Object.entries(errors).map(([status, doc]) => ApiError(Number(status), doc)),
  );
}
