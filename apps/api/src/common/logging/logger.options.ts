import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import type { Environment } from '../../config/environment';
import { traceFields } from '../observability/tracing';

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
    // The active span's trace_id and span_id (nothing when tracing is off).
    mixin: traceFields,
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

type LoggedRequest = Req & { id?: string; log?: Logger };

/** The level of a request's line: error for a 5xx or a failed response, warn for a 4xx. */
function levelOf(statusCode: number, error: Error | undefined): 'error' | 'warn' | 'info' {
  if (error || statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * One JSON line per request, once it has been answered (or the client has gone): `req`
 * (request id, method, path as loggablePath writes it, user agent), `route`, `res` (status),
 * `durationMs`, and `err` when the response failed; the message is `METHOD path status`. Never
 * the query string, headers, cookies, nor invite or reset tokens. Level: error for a 5xx, warn
 * for a 4xx, info otherwise.
 *
 * `req.log` is a child logger carrying the request id, for code that has the request at hand.
 *
 * Written for the hot path (it replaced pino-http, whose per-request work ran even when nothing
 * was logged: three child loggers, the request serialized up front): a request whose line is
 * below the level costs one small child logger and two listeners.
 */
export function requestLogMiddleware(logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse, next?: () => void): void => {
    const request = req as LoggedRequest;
    const requestId = request.id ?? 'unknown';
    request.log = logger.child({ requestId });
    const startedAt = Date.now();
    const done = (error?: Error) => {
      res.removeListener('finish', onFinish);
      res.removeListener('close', onFinish);
      res.removeListener('error', done);
      const level = levelOf(res.statusCode, error);
      if (!logger.isLevelEnabled(level)) return;
      const path = loggablePath(targetOf(req));
      const route = request.route?.path;
      logger[level](
        {
          req: {
            requestId,
            method: req.method,
            path,
            userAgent: req.headers['user-agent'],
          },
          ...(route ? { route } : {}),
          res: { statusCode: res.statusCode },
          durationMs: Date.now() - startedAt,
          ...(error ? { err: error } : {}),
        },
        `${req.method} ${path} ${res.statusCode}`,
      );
    };
    const onFinish = () => done();
    res.once('finish', onFinish);
    res.once('close', onFinish);
    res.once('error', done);
    next?.();
  };
}
