import type { NextFunction, Request, Response } from 'express';
import { metrics } from './metrics';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * Every HTTP request's latency by method, route template and status. The route is the template
 * Express matched (`/v1/jobs/:id`), never the path; a request no route matched is `unmatched`.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const started = performance.now();
  res.once('finish', () => {
    const route = (req as Request & { route?: { path?: unknown } }).route?.path;
    metrics.httpDuration.observe(
      {
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        route: typeof route === 'string' ? `${req.baseUrl}${route}` : 'unmatched',
        status: String(res.statusCode),
      },
      (performance.now() - started) / 1000,
    );
  });
  next();
}
