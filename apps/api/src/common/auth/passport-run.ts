import type { Request } from 'express';
import type { Strategy } from 'passport';

/** The actions a passport strategy reports its outcome through (the passport-strategy contract). */
interface StrategyActions {
  success(user: unknown, info?: unknown): void;
  fail(challenge?: unknown, status?: number): void;
  error(error: unknown): void;
  pass(): void;
  redirect(url: string, status?: number): void;
  authenticate(req: Request, options?: object): void;
}

/**
 * Runs one passport strategy on one request and resolves with what it authenticated (or
 * `false`). The strategy is this app's own instance, not one looked up by name in passport's
 * process-wide registry, so two apps in one process (tests, the CLI) never take over each
 * other's strategies.
 *
 * The strategy runs as passport's `authenticate` middleware runs it: a fresh object per request,
 * whose prototype is the strategy, carries the actions (success, fail, error, pass, redirect).
 * Not through that middleware itself: it also hangs seven session helpers (`req.logIn`,
 * `req.isAuthenticated`, …) on every request, which these routes never use (they have no
 * passport session), and changing the shape of every request object slows every bearer-key
 * call on the hot path.
 */
export function runPassportStrategy<T>(strategy: Strategy, req: Request): Promise<T | false> {
  return new Promise((resolve, reject) => {
    const run = Object.create(strategy) as StrategyActions;
    run.success = (user) => resolve((user as T | undefined) ?? false);
    run.fail = () => resolve(false);
    run.error = (error) => reject(error);
    // Neither strategy we run (bearer, local) passes or redirects; either way nobody signed in.
    run.pass = () => resolve(false);
    run.redirect = () => resolve(false);
    run.authenticate(req, { session: false });
  });
}
