// @ts-check
const path = require('node:path');

const apiOrigin =
  process.env.API_INTERNAL_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`;

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

module.exports = nextConfig;
