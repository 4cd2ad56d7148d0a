// @ts-check
const path = require('node:path');
const createNextIntlPlugin = require('next-intl/plugin');

// Messages and the request's locale (cookie, else Accept-Language): apps/web/i18n/request.ts.
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

// Nothing here depends on where the API is: the dashboard reads API_INTERNAL_URL, API_PORT and
// API_PUBLIC_URL at run time (lib/api-origin.ts), so one build serves any address.

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // `npm start` serves .next; the tests build and serve .next-test (scripts/lib/build-paths.js).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Shared TypeScript from libs/domain is compiled by Next like its own source.
  transpilePackages: [],
  outputFileTracingRoot: path.join(__dirname, '..', '..'),
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: false, tsconfigPath: 'tsconfig.json' },
  experimental: { externalDir: true },
  // Keys are shown in this app: no framing (clickjacking), no referrer leaking reset or
  // invite tokens to other sites, no MIME sniffing. The Content-Security-Policy (with a nonce
  // per response, frame-ancestors 'none' among it) is middleware.ts's.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
    ];
  },
  // The dashboard talks to the API through a same-origin proxy (app/auth, app/account,
  // app/api-health; lib/api-proxy.ts): cookies stay first-party.
};

module.exports = withNextIntl(nextConfig);
