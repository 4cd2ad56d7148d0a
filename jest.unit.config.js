/** Unit tests: pure rules, no database, no network beyond 127.0.0.1 fakes. */
const { cacheDirectory, moduleNameMapper, transform } = require('./jest.shared');

module.exports = {
  displayName: 'unit',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/apps/api/src/**/*.spec.ts',
    '<rootDir>/libs/*/src/**/*.spec.ts',
    '<rootDir>/apps/web/lib/**/*.spec.ts',
  ],
  moduleFileExtensions: ['ts', 'js', 'json', 'sql'],
  cacheDirectory,
  transform,
  moduleNameMapper,
  testTimeout: 30_000,
};
