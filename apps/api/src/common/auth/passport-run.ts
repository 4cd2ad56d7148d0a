import type { Request, Response } from 'express';
import passport, { type Strategy } from 'passport';

/**
 * Runs one passport strategy on one request and resolves with what it authenticated (or
 * `false`). The strategy is this app's own instance, not one looked up by name in passport's
 * process-wide registry, so two apps in one process (tests, the CLI) never take over each
 * other's strategies. A fresh object per request carries passport's per-request actions.
 */
export function runPassportStrategy<T>(
  strategy: Strategy,
  req: Request,
  res: Response,
): Promise<T | false> {
  return new Promise((resolve, reject) => {
    const perRequest = Object.create(strategy) as Strategy;
    passport.authenticate(perRequest, { session: false }, (error: unknown, user: T | false) => {
      if (error) reject(error);
      else resolve(user ?? false);
    })(req, res, (error: unknown) => reject(error));
  });
}
