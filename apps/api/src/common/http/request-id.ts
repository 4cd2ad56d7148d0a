import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is echoed when it is a sane token; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? 'unknown';
}

/** When the request arrived (`performance.now()`), for its usage record's duration. */
export function requestStartedAt(res: Response): number | undefined {
  return (res.locals as { startedAt?: number }).startedAt;
}

/** First middleware: every request gets an id, every response carries it. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const offered = req.headers[REQUEST_ID_HEADER];
  const id =
    typeof offered === 'string' && SANE_REQUEST_ID.test(offered) ? offered : newRequestId();
  (req as Request & { id: string }).id = id;
  res.locals.startedAt = performance.now();
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
}
