import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { ErrorCode } from '@reelscout/domain';
import {
  ApiError,
  RATE_LIMIT,
  REQUEST_ID,
  RETRY_AFTER,
  WWW_AUTHENTICATE,
  type Headers,
} from '../common/openapi/api-errors';
import { JobDto } from './dto/jobs.dto';

const USD_SCHEMA = { type: 'string', pattern: '^\\d+\\.\\d{6}$', example: '0.037500' };

/** On a response replayed for a repeated Idempotency-Key (stored: 200, 404, 500, 502–504). */
const REPLAYED: Headers = {
  'Idempotent-Replayed': {
    description:
      '`true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const CHARGED: Headers = {
  'x-service-charged-usd': {
    description:
      'What this call charged, USD, six decimal places (`0.000000` when free; a replay repeats the original charge without charging again).',
    schema: USD_SCHEMA,
  },
};

const BALANCE: Headers = {
  'x-service-balance-usd': {
    description:
      "The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it.",
    schema: USD_SCHEMA,
  },
};

const PRICE: Headers = {
  'x-service-price-usd': {
    description:
      'The most this call can cost (the hold it needs), USD, six decimal places: add at least the difference to the available balance.',
    schema: USD_SCHEMA,
  },
};

const SPEND_LIMIT: Headers = {
  'x-service-limit-window': {
    description: 'A spend-limit 402: the window whose limit refused the call.',
    schema: { type: 'string', enum: ['total', 'day', 'month'] },
  },
  'x-service-limit-usd': {
    description: "A spend-limit 402: that window's limit, USD, six decimal places.",
    schema: USD_SCHEMA,
  },
  'x-service-limit-resets-at': {
    description:
      'A spend-limit 402 of a daily or monthly window: when it resets (ISO 8601, UTC midnight or the first of the next month). Absent for a total limit, which never resets.',
    schema: { type: 'string', format: 'date-time' },
  },
};

const JOB_ID: Headers = {
  'x-job-id': {
    description: 'The job of this call (every paid call is a job): `GET /v1/jobs/{id}`.',
    schema: { type: 'string', pattern: '^job_[0-9a-f]{32}$' },
  },
};

const error = (status: number, description: string, headers: Headers = {}, codes?: ErrorCode[]) =>
  ApiError(status, { description, headers, codes });

/**
 * The 200 of a /v1 operation: its body, plus the billing headers (docs/architecture.md §5), the
 * rate-limit headers, the replay marker and the request id.
 */
export function ApiOperationOk(type: Type<unknown>, ...alternatives: Type<unknown>[]) {
  // An operation with more than one answer shape (a watch's run: a niche's or a creator's).
  const body =
    alternatives.length === 0
      ? { type }
      : { schema: { oneOf: [type, ...alternatives].map((t) => ({ $ref: getSchemaPath(t) })) } };
  return applyDecorators(
    ApiExtraModels(type, ...alternatives),
    ApiHeader({
      name: 'Prefer',
      required: false,
      description:
        'RFC 7240. `respond-async`: answer 202 at once with the job (run by a worker; poll `Location` or receive a webhook). ' +
        '`wait=N` (1–60): wait up to N seconds, then 200 with the result or 202 with the job if it is still running. ' +
        'Without it the call waits for its job. Other preferences are ignored; a `wait` outside 1–60 is 400 (`param: "Prefer"`).',
      schema: { type: 'string', example: 'respond-async' },
    }),
    ApiResponse({
      status: 200,
      description:
        'Success. Charged the amount in `x-service-charged-usd`; `x-service-balance-usd` is the balance after it. `x-job-id` names the job, so a client that hung up can fetch the result at `/v1/jobs/{id}`.',
      ...body,
      headers: { ...CHARGED, ...BALANCE, ...JOB_ID, ...RATE_LIMIT, ...REPLAYED, ...REQUEST_ID },
    }),
    ApiResponse({
      status: 202,
      description:
        "Accepted (`Prefer: respond-async`, or `Prefer: wait=N` ran out): the job as it stands when answered: queued or running (a quick `respond-async` job may already have ended). Poll `Location`; its `result` is this operation's 200 body once it succeeded.",
      type: JobDto,
      headers: {
        Location: { description: '`/v1/jobs/{id}`.', schema: { type: 'string' } },
        ...JOB_ID,
        ...RATE_LIMIT,
        ...REQUEST_ID,
      },
    }),
  );
}

/** The request headers, errors and error headers every /v1 operation shares. */
export function ApiOperationErrors(extra: { notFound?: boolean | string; tooSoon?: string } = {}) {
  return applyDecorators(
    ApiHeader({
      name: 'x-subject',
      required: false,
      description:
        'Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:@-]{1,128}$' },
    }),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        '1–255 printable ASCII characters without spaces; a retry with the same key and the same request replays the stored response (kept at least 24 h) with `Idempotent-Replayed: true`.',
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
    }),
    ApiHeader({
      name: 'x-request-id',
      required: false,
      description:
        'Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,128}$' },
    }),
    error(400, '`invalid_request`: a field or header is invalid; `param` names it.', RATE_LIMIT),
    error(
      401,
      '`unauthorized`: missing, malformed, unknown or revoked key (only the `Authorization: Bearer` header is read). No key to count against, so no RateLimit headers.',
      WWW_AUTHENTICATE,
    ),
    error(
      402,
      "Before any work; nothing charged. `insufficient_credit`: the available balance is short (`x-service-balance-usd`). `key_spend_limit_reached`: the key's total, daily or monthly spend limit; `subject_spend_limit_reached`: the `x-subject` customer's daily or monthly limit (`param`: `x-subject`). A limit's message and headers name the window, the limit and when it resets (docs/key-controls.md). Live keys only: `credit_shortfall`, a refund or a lost dispute took back credit that was already spent, and live calls wait until added credit covers it; `payment_disputed`, a payment of the account is disputed, and live calls wait until the dispute closes.",
      { ...BALANCE, ...PRICE, ...SPEND_LIMIT, ...RATE_LIMIT },
      [
        'insufficient_credit',
        'key_spend_limit_reached',
        'subject_spend_limit_reached',
        'credit_shortfall',
        'payment_disputed',
      ],
    ),
    error(
      403,
      "`forbidden`: the account has no API access. `operation_not_allowed`: the key's scopes do not include this operation (the message names them); before any hold, nothing charged. Counts against the key's per-key ceiling.",
      RATE_LIMIT,
      ['forbidden', 'operation_not_allowed'],
    ),
    ...(extra.notFound
      ? [
          error(
            404,
            typeof extra.notFound === 'string'
              ? extra.notFound
              : '`not_found`: a valid link to a missing post, or a post without a video. Not charged.',
            { ...RATE_LIMIT, ...REPLAYED },
          ),
        ]
      : []),
    error(
      409,
      '`idempotency_key_in_use`: the same key is still running (`x-job-id` names its job); `job_canceled`: the job was canceled before it finished.',
      { ...RATE_LIMIT, ...JOB_ID },
      ['idempotency_key_in_use', 'job_canceled'],
    ),
    error(413, '`payload_too_large`: the body is over 64 KiB.'),
    error(415, '`unsupported_media_type`: the body is not `application/json`.'),
    error(422, '`idempotency_key_reused`: the key was used with a different request.', RATE_LIMIT),
    error(
      429,
      `${extra.tooSoon ?? '`rate_limited`: over a ceiling; retry after `Retry-After` seconds.'} ` +
        '`queue_limit_reached` (`Prefer: respond-async` only): the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of this mode queued; nothing held or queued, retry after `Retry-After` seconds.',
      { ...RETRY_AFTER, ...RATE_LIMIT },
      ['rate_limited', 'queue_limit_reached'],
    ),
    error(500, '`internal_error`: a bug on our side; no details leak. Not charged.', {
      ...RATE_LIMIT,
      ...REPLAYED,
    }),
    error(502, '`provider_error`: a provider failed or answered garbage. Not charged.', {
      ...RATE_LIMIT,
      ...REPLAYED,
    }),
    error(
      503,
      '`provider_unavailable`: a provider is not configured or its circuit is open. Not charged.',
      { ...RATE_LIMIT, ...REPLAYED },
    ),
    error(504, '`timeout`: the deadline passed. Not charged.', { ...RATE_LIMIT, ...REPLAYED }),
  );
}
