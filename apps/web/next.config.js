// @ts-check
const path = require('node:path');
const createNextIntlPlugin = require('next-intl/plugin');

// Messages and the request's locale (cookie, else Accept-Language): apps/web/i18n/request.ts.
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const apiOrigin =
  process.env.API_INTERNAL_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`;

// The API's address as integrators reach it, for the playground's curl and SDK samples (fixed at
// build time, like the rewrites). Default: where `npm start` serves it on this machine.
const apiPublicUrl =
  process.env.API_PUBLIC_URL || `http://localhost:${process.env.API_PORT || 4000}`;

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // `npm start` serves .next; the tests build and serve .next-test (scripts/lib/build-paths.js).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  env: { NEXT_PUBLIC_API_PUBLIC_URL: apiPublicUrl },
  // Shared TypeScript from libs/domain is compiled by Next like its own source.
  transpilePackages: [],
  outputFileTracingRoot: path.join(__dirname, '..', '..'),
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: false, tsconfigPath: 'tsconfig.json' },
  experimental: { externalDir: true },
  // Keys are shown in this app: no framing (clickjacking), no referrer leaking reset or
  // invite tokens to other sites, no MIME sniffing.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
    ];
  },
  // The dashboard talks to the API through same-origin rewrites: cookies stay first-party.
  async rewrites() {
    return [
      { source: '/auth/:path*', destination: `${apiOrigin}/auth/:path*` },
      { source: '/account/:path*', destination: `${apiOrigin}/account/:path*` },
      { source: '/api-health', destination: `${apiOrigin}/health` },
    ];
  },
};

module.exports = withNextIntl(nextConfig);
