import { DomainError } from '@reelscout/domain';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../common/errors/error-envelope';
import { requestIdOf } from '../common/http/request-id';
import type { RateLimitService } from './rate-limit.service';

/**
 * The dashboard back end's ceiling per client IP, on every /auth and /account request. The lower
 * one of sign-in, sign-up and password-reset attempts is `AuthAttemptGuard`, on those routes'
 * handlers (a path compare here missed other spellings of the same route).
 */
export function dashboardRateLimitMiddleware(limits: RateLimitService, perMinute: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const ip = req.ip ?? 'unknown';
    limits.hit(res, [{ key: `dash:${ip}`, limit: perMinute }]).then(
      () => next(),
      (error: unknown) => {
        if (error instanceof DomainError) return sendError(res, error, requestIdOf(req));
        next(error);
      },
    );
  };
}
