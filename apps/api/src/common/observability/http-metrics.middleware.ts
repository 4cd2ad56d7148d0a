import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { metrics } from './metrics';
import { isTracing } from './tracing';

/** Health checks are not traffic worth a trace (the metrics listener is not Express at all). */
const UNTRACED = /^\/health(\/|$)/;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** The route template Express matched (`/v1/jobs/:id`), never the path; else `unmatched`. */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route?.path;
  return typeof route === 'string' ? `${req.baseUrl}${route}` : 'unmatched';
}

/**
 * Every HTTP request's latency by method, route template and status. When tracing is on, it
 * also opens the request's server span (the http instrumentation traces outgoing calls only:
 * tracing-sdk.ts): a child of the caller's `traceparent` when the request carries one, named
 * `METHOD /route/template` when the response is done, so the request heads its trace. Module
 * loading plays no part, so a bundle and a test runner get the same span as production.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const started = performance.now();
  const method = METHODS.has(req.method) ? req.method : 'OTHER';
  const caller =
    isTracing() && !UNTRACED.test(req.path)
      ? propagation.extract(context.active(), req.headers)
      : undefined;
  const span = caller
    ? trace.getTracer('reelscout').startSpan(
        `${method}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': method, 'url.path': req.path },
        },
        caller,
      )
    : undefined;
  res.once('finish', () => {
    const route = routeOf(req);
    metrics.httpDuration.observe(
      { method, route, status: String(res.statusCode) },
      (performance.now() - started) / 1000,
    );
    if (span) {
      span.updateName(`${method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  });
  if (!span) return next();
  const active = trace.setSpan(caller!, span);
  context.bind(active, req);
  context.bind(active, res);
  context.with(active, next);
}
