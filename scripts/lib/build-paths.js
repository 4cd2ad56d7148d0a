'use strict';
/**
 * Where the builds go. Two profiles, so that running the tests never replaces (or makes stale)
 * the build `npm start` runs:
 * - start (the default; `npm start`, the CLI, the worker, Docker): dist/apps/api and
 *   apps/web/.next;
 * - test (REELSCOUT_BUILD=test, which `npm test`, the e2e and browser harnesses and the
 *   benchmarks set): .build/test/apps/api and apps/web/.next-test.
 */
const path = require('node:path');
const { ROOT } = require('./env');

const PROFILES = ['start', 'test'];

/** The profile named by REELSCOUT_BUILD (start unless it says test). */
function currentProfile() {
  return process.env.REELSCOUT_BUILD === 'test' ? 'test' : 'start';
}

/** The folder webpack writes the API bundles under (they go to <root>/apps/api). */
function buildRoot(profile = currentProfile()) {
  return profile === 'test' ? path.join(ROOT, '.build', 'test') : path.join(ROOT, 'dist');
}

/** The built API: main.js, cli.js, worker.js. */
function apiDir(profile = currentProfile()) {
  return path.join(buildRoot(profile), 'apps', 'api');
}

/** The dashboard's Next.js distDir, relative to apps/web (next.config.js reads NEXT_DIST_DIR). */
function webDistDir(profile = currentProfile()) {
  return profile === 'test' ? '.next-test' : '.next';
}

module.exports = { PROFILES, currentProfile, buildRoot, apiDir, webDistDir };
