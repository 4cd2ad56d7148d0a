import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/**
 * Nest's Express adapter with the routing rules we rely on stated, not inherited: paths match
 * case-insensitively and with or without a trailing slash (Express's defaults, chosen on purpose:
 * no client's spelling of a route breaks). So no rule may key on a path's text: ceilings attach
 * to route handlers, the request log names the route (docs/api.md).
 */
export class ReelscoutExpressAdapter extends ExpressAdapter {
  constructor() {
    super();
    // Set before the router exists, which reads them once.
    const app = this.getInstance<Express>();
    app.set('case sensitive routing', false);
    app.set('strict routing', false);
  }
}
