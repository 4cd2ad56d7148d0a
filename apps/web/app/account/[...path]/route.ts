import { proxyRoutes } from '../../../lib/api-proxy';

// The API's /account routes, proxied at run time (lib/api-proxy.ts).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = proxyRoutes();
