import { DomainError } from '@reelscout/domain';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../common/errors/error-envelope';
import { requestIdOf } from '../common/http/request-id';
import type { RateLimitService } from './rate-limit.service';

const AUTH_ATTEMPT_PATHS = new Set([
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/password-reset/request',
  '/auth/password-reset/confirm',
]);

/**
 * The dashboard back end's own ceilings, per client IP: every /auth and /account request,
 * and a much lower one for sign-in, sign-up and password-reset attempts.
 */
export function dashboardRateLimitMiddleware(
  limits: RateLimitService,
  perMinute: number,
  authPerMinute: number,
) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const ip = req.ip ?? 'unknown';
    const counters = [{ key: `dash:${ip}`, limit: perMinute }];
    if (req.method === 'POST' && AUTH_ATTEMPT_PATHS.has(req.originalUrl.split('?')[0])) {
      counters.push({ key: `auth:${ip}`, limit: authPerMinute });
    }
    limits.hit(res, counters).then(
      () => next(),
      (error: unknown) => {
        if (error instanceof DomainError) return sendError(res, error, requestIdOf(req));
        next(error);
      },
    );
  };
}
