import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { metrics } from './metrics';
import { isTracing } from './tracing';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** The route template Express matched (`/v1/jobs/:id`), never the path; else `unmatched`. */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route?.path;
  return typeof route === 'string' ? `${req.baseUrl}${route}` : 'unmatched';
}

/**
 * Every HTTP request's latency by method, route template and status. When tracing is on and no
 * HTTP instrumentation opened the request's span (a bundle or a test runner that loads modules
 * its own way, where require hooks cannot wrap `http`), it opens the server span itself, so the
 * request still heads its trace.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const started = performance.now();
  const method = METHODS.has(req.method) ? req.method : 'OTHER';
  const span =
    isTracing() && !trace.getActiveSpan()
      ? trace.getTracer('reelscout').startSpan(`${method}`, {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': method, 'url.path': req.path },
        })
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
  const active = trace.setSpan(context.active(), span);
  context.bind(active, req);
  context.bind(active, res);
  context.with(active, next);
}
