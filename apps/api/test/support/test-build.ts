import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * The tests' own API build (scripts/lib/build-paths.js, profile "test"): the global setup builds
 * it with REELSCOUT_BUILD=test, so the tests never replace the build `npm start` runs (dist/).
 */
export const TEST_API_DIR = path.join(ROOT, '.build', 'test', 'apps', 'api');
