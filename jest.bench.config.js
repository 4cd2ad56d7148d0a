/**
 * `npm run bench`: the benchmark cases (bench/*.bench.ts) run through Jest for TypeScript and
 * the path aliases, one file per Jest process (scripts/bench.js), against the same real Postgres
 * setup as the e2e tests. They print figures and write bench/latest.json (scripts/bench.js
 * prints the table); they are not part of `npm test`.
 */
const { cacheDirectory, moduleNameMapper, transform } = require('./jest.shared');

module.exports = {
  displayName: 'bench',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  moduleFileExtensions: ['ts', 'js', 'json', 'sql'],
  cacheDirectory,
  transform,
  moduleNameMapper,
  globalSetup: '<rootDir>/apps/api/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/apps/api/test/setup/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 600_000,
};
