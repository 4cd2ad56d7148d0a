import { applyDecorators, type Type } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import {
  ApiErrors,
  RATE_LIMIT,
  REQUEST_ID,
  RETRY_AFTER,
  WWW_AUTHENTICATE,
  type ErrorDoc,
} from './api-errors';

/** The security scheme names of the document (see openapi.ts). */
export const BEARER_SCHEME = 'bearer';
export const SESSION_SCHEME = 'session';

/** Said on every route a key restricted to some operations may not call. */
const UNRESTRICTED_KEYS_ONLY_NOTE =
  'Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.';

interface RouteDoc {
  /** Stable camelCase: SDKs name their methods after it. */
  operationId: string;
  summary: string;
  description?: string;
}

/** The `x-subject` and `x-request-id` request headers every /v1 route reads. */
export function ApiV1RequestHeaders(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'x-subject',
      required: false,
      description:
        'Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:@-]{1,128}$' },
    }),
    ApiHeader({
      name: 'x-request-id',
      required: false,
      description:
        'Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,128}$' },
    }),
  );
}

/** The 2xx of a /v1 resource route (jobs, webhook endpoints): its body and headers. */
export function ApiV1Ok(
  type: Type<unknown>,
  options: { status?: number; description?: string } = {},
): MethodDecorator {
  return ApiResponse({
    status: options.status ?? 200,
    description: options.description ?? 'Success.',
    type,
    headers: { ...RATE_LIMIT, ...REQUEST_ID },
  });
}

/**
 * A /v1 resource route (jobs, webhook endpoints; bearer key from the controller): its id,
 * summary, request headers and the errors it can answer: always 400, 401, 403, 429 and 500;
 * `notFound` (an id in the path), `conflict` (a 409) and `body` (413, 415) when they apply.
 */
export function ApiV1Route(
  doc: RouteDoc & {
    /** When it answers 404: why, and the message (and `param`) it says. */
    notFound?: { when: string; message: string; param?: string };
    conflict?: ErrorDoc;
    body?: boolean;
    /** The route refuses a key restricted to some operations (403 `resource_not_allowed`). */
    unrestrictedKeysOnly?: boolean;
  },
): MethodDecorator {
  const errors: Record<number, ErrorDoc> = {
    400: {
      description:
        '`invalid_request`: a field, query parameter or header is invalid; `param` names it.',
      headers: RATE_LIMIT,
    },
    401: {
      description:
        '`unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers.',
      headers: WWW_AUTHENTICATE,
    },
    403: doc.unrestrictedKeysOnly
      ? {
          description:
            '`forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account.',
          codes: ['forbidden', 'resource_not_allowed'],
          headers: RATE_LIMIT,
        }
      : {
          description: '`forbidden`: the account has no API access.',
          headers: RATE_LIMIT,
        },
  };
  if (doc.notFound) {
    const { when, message, param } = doc.notFound;
    errors[404] = {
      description: `\`not_found\`: ${when}`,
      headers: RATE_LIMIT,
      samples: { not_found: { message, param } },
    };
  }
  if (doc.conflict) errors[409] = doc.conflict;
  if (doc.body) {
    errors[413] = { description: '`payload_too_large`: the body is over 64 KiB.' };
    errors[415] = { description: '`unsupported_media_type`: the body is not `application/json`.' };
  }
  errors[429] = {
    description: '`rate_limited`: over a ceiling; retry after `Retry-After` seconds.',
    headers: { ...RETRY_AFTER, ...RATE_LIMIT },
  };
  errors[500] = {
    description: '`internal_error`: a bug on our side; no details leak.',
    headers: RATE_LIMIT,
  };
  return applyDecorators(
    ApiOperation({
      operationId: doc.operationId,
      summary: doc.summary,
      description: doc.unrestrictedKeysOnly
        ? [doc.description, UNRESTRICTED_KEYS_ONLY_NOTE].filter(Boolean).join(' ')
        : doc.description,
    }),
    ApiV1RequestHeaders(),
    ApiErrors(errors),
  );
}

const NOT_SIGNED_IN: ErrorDoc = {
  description: '`unauthorized`: not signed in (no, expired or ended session).',
  samples: { unauthorized: { message: 'Sign in first.' } },
};

/**
 * Who may call a dashboard route: `session` needs the signed-in session cookie (401 without);
 * `public` needs nothing; `optional` reads the session when there is one.
 */
export type DashboardAuth = 'session' | 'public' | 'optional';

/** The 403 of a state-changing dashboard request from another site (CSRF defence). */
const CROSS_SITE: ErrorDoc = {
  description:
    '`forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours).',
  samples: { forbidden: { message: 'Cross-site requests are not allowed here.' } },
};

/**
 * The errors of a state-changing dashboard request (POST, PATCH, DELETE) besides the common ones:
 * 403 from another site; 413 and 415 (a body, even on a route that reads none, must be JSON of at
 * most 64 KiB) unless `body` is false. `forbidden` documents another 403 of the route
 * (no API access, not an administrator) beside the cross-site one.
 */
export function dashboardBodyErrors(
  options: { body?: boolean; forbidden?: string } = {},
): Record<number, ErrorDoc> {
  const errors: Record<number, ErrorDoc> = {
    403: options.forbidden
      ? {
          description: `${CROSS_SITE.description} ${options.forbidden}`,
          samples: CROSS_SITE.samples,
        }
      : CROSS_SITE,
  };
  if (options.body !== false) {
    errors[413] = { description: '`payload_too_large`: the body is over 64 KiB.' };
    errors[415] = { description: '`unsupported_media_type`: the body is not `application/json`.' };
  }
  return errors;
}

/**
 * A dashboard back-end route (`/auth/*`, `/account/*`), authenticated by the session cookie: its
 * id, summary, security and errors. Every one can answer 429 (the per-IP dashboard ceiling) and
 * 400 (a bad query parameter or field; at least a NUL character in the query string); `session`
 * routes add 401. State-changing routes add their 403 (cross-site) and body errors
 * (`dashboardBodyErrors`) and any other in `errors`, which may also replace these.
 */
export function ApiDashboardRoute(
  doc: RouteDoc & {
    auth: DashboardAuth;
    errors?: Record<number, ErrorDoc>;
    /** Sign-in, sign-up and password reset: the lower per-IP ceiling of auth attempts. */
    authAttempt?: boolean;
  },
): MethodDecorator {
  const errors: Record<number, ErrorDoc> = {
    400: {
      description:
        '`invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it.',
    },
    429: {
      description: doc.authAttempt
        ? '`rate_limited`: over the per-IP ceiling of the dashboard, or the lower one of sign-in, sign-up and password-reset attempts; retry after `Retry-After` seconds.'
        : '`rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds.',
      headers: { ...RETRY_AFTER, ...RATE_LIMIT },
    },
    ...doc.errors,
  };
  if (doc.auth === 'session') errors[401] ??= NOT_SIGNED_IN;
  return applyDecorators(
    ApiOperation({
      operationId: doc.operationId,
      summary: doc.summary,
      description: doc.description,
      ...(doc.auth === 'public' ? { security: [] } : {}),
      ...(doc.auth === 'optional' ? { security: [{}, { [SESSION_SCHEME]: [] }] } : {}),
    }),
    ...(doc.auth === 'session' ? [ApiSecurity(SESSION_SCHEME)] : []),
    ApiErrors(errors),
  );
}
