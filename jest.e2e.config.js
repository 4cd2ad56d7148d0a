/**
 * Integration and e2e tests: a real Postgres (DATABASE_URL's server when set, else an embedded
 * one started for the run). Each test file gets its own database cloned from a migrated template.
 */
const os = require('node:os');
const { cacheDirectory, moduleNameMapper, transform } = require('./jest.shared');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/apps/api/test/**/*.e2e-spec.ts'],
  moduleFileExtensions: ['ts', 'js', 'json', 'sql'],
  cacheDirectory,
  transform,
  moduleNameMapper,
  globalSetup: '<rootDir>/apps/api/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/apps/api/test/setup/global-teardown.ts',
  maxWorkers: Math.max(1, Math.min(4, os.cpus().length)),
  testTimeout: 60_000,
};
