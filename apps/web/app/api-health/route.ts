import { proxyToApi } from '../../lib/api-proxy';

// The API's /health, proxied at run time (lib/api-proxy.ts): the dashboard's own readiness check.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function GET(request: Request): Promise<Response> {
  return proxyToApi(request, '/health');
}
