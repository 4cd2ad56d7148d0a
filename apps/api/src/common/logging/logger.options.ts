import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import type { Options } from 'pino-http';
import type { Environment } from '../../config/environment';

/** Never logged: credentials in headers, cookies, and the secrets we hand out. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.apiKey',
  '*.key',
  '*.token',
  '*.secret',
];

export function createRootLogger(env: Pick<Environment, 'LOG_LEVEL' | 'LOG_PRETTY'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'reelscout-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

type Req = IncomingMessage & { route?: { path?: string }; originalUrl?: string };

/** Stands in for a secret path segment (invite and password-reset tokens) in the logs. */
export const TOKEN_PLACEHOLDER = ':token';

/**
 * Path segments that carry a secret: the segment after `invites/` or `invite/` (the API's
 * `GET /auth/invites/:token`, the dashboard's `/invite/:token`), after `reset-password/`
 * (the dashboard's reset link) and after `password-reset/` unless it is one of the API's own
 * `request`/`confirm` routes. Matched anywhere in the path and in any letter case, because the
 * router matches case-insensitively.
 */
const TOKEN_SEGMENTS: [RegExp, string][] = [
  [/\/(invites?|reset-password)\/[^/]+/gi, `/$1/${TOKEN_PLACEHOLDER}`],
  [/\/(password-reset)\/(?!(?:request|confirm)(?:\/|$))[^/]+/gi, `/$1/${TOKEN_PLACEHOLDER}`],
];

/**
 * What the request log shows of a request target: the path only (no query string or fragment,
 * which may carry credentials such as `?access_token=`), with token segments replaced by
 * TOKEN_PLACEHOLDER. An absolute-form target (`GET http://host/path`) keeps only its path.
 */
export function loggablePath(target: string | undefined): string {
  if (!target) return '/';
  let path = target.split(/[?#]/, 1)[0];
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (absolute) path = path.slice(absolute[0].length) || '/';
  for (const [pattern, replacement] of TOKEN_SEGMENTS) path = path.replace(pattern, replacement);
  return path;
}

const targetOf = (req: IncomingMessage): string | undefined => (req as Req).originalUrl ?? req.url;

/**
 * One JSON line per request: request id, method, path (see loggablePath), route, status,
 * duration (ms). Never the query string, nor invite or reset tokens.
 */
export function pinoHttpOptions(logger: Logger): Options {
  return {
    logger,
    genReqId: (req) => req.id ?? 'unknown',
    customAttributeKeys: { responseTime: 'durationMs' },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res: ServerResponse) =>
      `${req.method} ${loggablePath(targetOf(req))} ${res.statusCode}`,
    customErrorMessage: (req, res: ServerResponse) =>
      `${req.method} ${loggablePath(targetOf(req))} ${res.statusCode}`,
    // Called at the start (no route yet) and at the end of each request.
    customProps: (req) => {
      const route = (req as Req).route?.path;
      return route ? { route } : {};
    },
    serializers: {
      req: (req: {
        id: unknown;
        method: string;
        url: string;
        headers: Record<string, unknown>;
      }) => ({
        requestId: req.id,
        method: req.method,
        path: loggablePath(req.url),
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number; headers: Record<string, unknown> }) => ({
        statusCode: res.statusCode,
      }),
    },
  };
}
