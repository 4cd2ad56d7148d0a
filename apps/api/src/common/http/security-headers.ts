import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { strictTransportSecurity } from 'helmet';

/**
 * helmet's hardening headers, as suited to a JSON API: `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, no framing (`X-Frame-Options: DENY`, `frame-ancestors
 * 'none'`), the cross-origin isolation headers, and a Content-Security-Policy that lets a JSON
 * answer load nothing (`default-src 'none'`): a response opened in a browser cannot run or embed
 * anything. Swagger UI at `/docs` is the one HTML page: it gets a policy of its own (its scripts
 * and styles from the API itself; the inline styles and data: images it ships with). No
 * `upgrade-insecure-requests`: a local API is plain http.
 */
const BASE: Parameters<typeof helmet>[0] = {
  xFrameOptions: { action: 'deny' },
  // Only over https, below: a browser would keep an http-only local API unreachable.
  strictTransportSecurity: false,
};

const JSON_API = helmet({
  ...BASE,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
});

const DOCS_PAGE = helmet({
  ...BASE,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
});

/** A year, subdomains included; sent only on requests that came over https. */
const HSTS = strictTransportSecurity({ maxAge: 365 * 24 * 3600, includeSubDomains: true });

/** Mount first, so every answer carries them: errors, 404s and the docs included. */
export function securityHeadersMiddleware(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const headers = /^\/docs(\/|$)/.test(req.path) ? DOCS_PAGE : JSON_API;
    headers(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (req.secure) HSTS(req, res, next);
      else next();
    });
  };
}
