import http from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/** The request and response classes an HTTP server builds for an Express app (see below). */
export interface ExpressMessageClasses {
  IncomingMessage: typeof http.IncomingMessage;
  ServerResponse: typeof http.ServerResponse<http.IncomingMessage>;
}

/**
 * Request and response classes whose prototypes are the app's own `request` and `response`.
 *
 * Express 5 re-parents every request and response it handles (`app.handle`:
 * `Object.setPrototypeOf(req, app.request)`, the same for `res`). In V8 that is slow, and it made
 * each request's objects outlive their request, so every young-generation collection promoted
 * them and paused longer. An HTTP server built with these classes creates each request and
 * response with that prototype already, so Express's call changes nothing (V8 returns at once
 * when the prototype is the same).
 *
 * `app.request` and `app.response` become the classes' prototypes, which inherit from the old
 * ones: every Express method and property (`req.app`, `res.json`, …) resolves as before.
 */
export function expressMessageClasses(app: Express): ExpressMessageClasses {
  class ExpressRequest extends http.IncomingMessage {}
  class ExpressResponse extends http.ServerResponse {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.request = ExpressRequest.prototype as unknown as Express['request'];
  app.response = ExpressResponse.prototype as unknown as Express['response'];
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse };
}

/**
 * Nest's Express adapter, with an HTTP server whose requests and responses are born with the
 * app's prototypes (see expressMessageClasses). HTTPS and `forceCloseConnections` (neither used
 * here) keep Nest's own server.
 */
export class ReelscoutExpressAdapter extends ExpressAdapter {
  constructor() {
    super();
    // Paths match case-insensitively and with or without a trailing slash (Express's defaults,
    // chosen on purpose: no client's spelling of a route breaks). So no rule may key on a path's
    // text: ceilings attach to route handlers, the request log names the route. Set before the
    // router exists, which reads them once.
    const app = this.getInstance<Express>();
    app.set('case sensitive routing', false);
    app.set('strict routing', false);
  }

  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    this.httpServer = http.createServer(expressMessageClasses(app), app);
  }
}
