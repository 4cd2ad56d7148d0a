import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from './lib/content-security-policy';

/**
 * Every page response gets a Content-Security-Policy with a nonce of its own. Next.js reads the
 * policy from the request headers set here and puts the nonce on the scripts and styles it
 * inlines, so pages are rendered per request (as they already are: they read the session and the
 * language cookie).
 */
export function middleware(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy(newNonce(), {
    dev: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Pages only: not the build's static files, nor the proxy to the API (/auth, /account,
  // /api-health), whose JSON and media carry the API's own headers.
  matcher: [
    {
      source: '/((?!_next/static|_next/image|auth/|account/|api-health|favicon\\.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
