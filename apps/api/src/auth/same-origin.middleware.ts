import { DomainError } from '@reelscout/domain';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../common/errors/error-envelope';
import { requestIdOf } from '../common/http/request-id';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One `host[:port]` as a Host header carries it; lists, paths and the like are not hosts. */
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `scheme://host[:port]` in the form browsers send in Origin, or undefined when not http(s). */
function originOf(protocol: string, host: string): string | undefined {
  if ((protocol !== 'http' && protocol !== 'https') || !HOST.test(host)) return undefined;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin the browser addressed, when the request came through the dashboard's proxy
 * (apps/web/lib/api-proxy.ts): it sends /auth and /account to the API with the API's address
 * as Host and the browser's Host in X-Forwarded-Host (as Next.js sets it on the request). The scheme is X-Forwarded-Proto's first value when a TLS-terminating proxy in
 * front set one, else this connection's.
 *
 * Why trusting these headers is safe here: this check exists against browsers that carry a
 * victim's cookies, and a page cannot make a browser send X-Forwarded-* to another site (a
 * custom header needs a CORS preflight, which this API never grants). So for a browser's
 * request the forwarded host is the host it really talked to, and cookies are scoped to that
 * host: Origin matching it means the page is that very origin. Clients that can forge the
 * headers (curl, servers) hold no victim's cookies, and may omit Origin anyway.
 */
function forwardedOrigin(req: Request): string | undefined {
  const host = req.headers['x-forwarded-host'];
  if (typeof host !== 'string') return undefined;
  const proto = req.headers['x-forwarded-proto'];
  const protocol =
    typeof proto === 'string' && proto.trim() !== ''
      ? proto.split(',')[0].trim().toLowerCase()
      : req.protocol;
  return originOf(protocol, host.trim());
}

/**
 * CSRF defence for the cookie-authenticated routes (/auth, /account): a state-changing request
 * from a browser must come from our own origin: PUBLIC_URL's, the one this request addressed
 * (Host), or the one the browser addressed through the dashboard's proxy (X-Forwarded-Host,
 * see forwardedOrigin). Browsers send Sec-Fetch-Site and Origin on such requests; any
 * Sec-Fetch-Site other than same-origin (or none, a user's own navigation) is refused whatever
 * the headers say. Clients that send neither (curl, server-side code) carry no ambient cookies
 * from a victim's browser and pass. SameSite=Lax cookies and JSON-only bodies back this up.
 */
export function sameOriginMiddleware(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const crossSite =
      (typeof site === 'string' && site !== 'same-origin' && site !== 'none') ||
      (typeof origin === 'string' && origin !== 'null'
        ? !isOwnOrigin(origin, allowed, req)
        : origin === 'null');
    if (crossSite) {
      return sendError(
        res,
        new DomainError('forbidden', 'Cross-site requests are not allowed here.'),
        requestIdOf(req),
      );
    }
    next();
  };
}

function isOwnOrigin(origin: string, allowed: Set<string>, req: Request): boolean {
  if (allowed.has(origin)) return true;
  const own = [originOf(req.protocol, req.headers.host ?? ''), forwardedOrigin(req)];
  return own.some((candidate) => candidate !== undefined && candidate === origin);
}
