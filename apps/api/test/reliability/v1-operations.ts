/**
 * The /v1 operations the reliability suites run against: one line each. The hostile-input fuzz,
 * the SSRF table (operations that take a `url`) and the object-level authorization suite all
 * read this table, and each of them fails when /openapi.json lists a /v1 route that is not here
 * (or is here but not `enabled`), so a new operation cannot slip past them.
 *
 * Sandbox magic posts (docs/test-mode.md) keep the link-taking operations cheap under fuzzing: the
 * deleted post answers 404 `not_found` before any media work.
 */
export interface V1OperationCase {
  name: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
  path: `/v1/${string}`;
  /** false until the route exists; the coverage checks say when to flip it. */
  enabled: boolean;
  /** A body a good key gets past validation with (the shared security suite sends it). */
  validBody: Record<string, unknown>;
  /** The base body the fuzzer mutates: valid, and cheap even when a mutation keeps it valid. */
  fuzzBody: Record<string, unknown>;
  /** Operations that take a video link: the body for a given `url` (the SSRF table). */
  urlBody?: (url: string) => Record<string, unknown>;
}

const DELETED_POST = 'https://www.tiktok.com/@sandbox/video/7000000000000000410';
const PHOTO_POST = 'https://www.tiktok.com/@sandbox/video/7000000000000000204';

export const V1_OPERATIONS: V1OperationCase[] = [
  {
    name: 'assist',
    path: '/v1/assist',
    enabled: true,
    validBody: { message: 'show me trending dog food reels' },
    fuzzBody: {
      message: 'same but for cats',
      history: [{ role: 'user', text: 'find reels about premium dog food' }],
    },
  },
  {
    name: 'scan',
    path: '/v1/scan',
    enabled: true,
    validBody: { query: 'home espresso for beginners', limit: 3 },
    fuzzBody: { query: 'home espresso for beginners', market: 'auto', limit: 2 },
  },
  {
    name: 'playbook',
    path: '/v1/playbook',
    enabled: true,
    validBody: { url: PHOTO_POST, language: 'en' },
    fuzzBody: { url: DELETED_POST, language: 'en' },
    urlBody: (url) => ({ url }),
  },
  {
    name: 'music',
    path: '/v1/music',
    enabled: true,
    validBody: { url: PHOTO_POST, limit: 3 },
    fuzzBody: { url: DELETED_POST, limit: 3, requireCommercial: false },
    urlBody: (url) => ({ url }),
  },
  {
    name: 'trends',
    path: '/v1/trends',
    enabled: true,
    validBody: { kind: 'sounds', market: 'network_a', limit: 3 },
    fuzzBody: { kind: 'hashtags', market: 'network_b', window: 7, stage: ['new'], limit: 2 },
  },
];

export const ENABLED_OPERATIONS = V1_OPERATIONS.filter((op) => op.enabled);

/**
 * /v1 resource routes, not operations: they have suites of their own (jobs.e2e-spec.ts,
 * webhooks.e2e-spec.ts, watches.e2e-spec.ts: validation, 404s and object authorization on every
 * route). A watch's run is paid work, but it takes no body (the watch is its request) and its
 * path names the watch: watches.e2e-spec.ts covers its refusals and billing.
 */
const RESOURCE_ROUTES = ['/v1/jobs', '/v1/webhook_endpoints', '/v1/watches'];

/**
 * Problems with the table against the running app's /openapi.json: a /v1 POST route missing from
 * the table or not enabled, or an enabled entry without a route.
 */
export function operationTableProblems(paths: Record<string, Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const routes = Object.entries(paths)
    .filter(
      ([path, methods]) =>
        path.startsWith('/v1/') &&
        'post' in methods &&
        !RESOURCE_ROUTES.some((prefix) => path.startsWith(prefix)),
    )
    .map(([path]) => path);
  for (const route of routes) {
    const entry = V1_OPERATIONS.find((op) => op.path === route);
    if (!entry)
      problems.push(
        `${route} is served but has no entry in apps/api/test/reliability/v1-operations.ts`,
      );
    else if (!entry.enabled)
      problems.push(
        `${route} is served: set \`enabled: true\` on its entry in apps/api/test/reliability/v1-operations.ts`,
      );
  }
  for (const op of ENABLED_OPERATIONS) {
    if (!routes.includes(op.path)) problems.push(`${op.path} is enabled but not served`);
  }
  return problems;
}
