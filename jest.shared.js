/**
 * Settings the Jest configs share: TypeScript through ts-jest (and `.sql` files as their text),
 * the tsconfig path aliases, and a cache inside node_modules (not the temp folder, which the
 * tests leave as they found it).
 */
module.exports = {
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    '^.+\\.sql$': '<rootDir>/tools/jest/sql-transform.js',
  },
  moduleNameMapper: {
    '^@reelscout/domain$': '<rootDir>/libs/domain/src',
    '^@reelscout/domain/(.*)$': '<rootDir>/libs/domain/src/$1',
    '^@reelscout/database$': '<rootDir>/libs/database/src',
    '^@reelscout/database/(.*)$': '<rootDir>/libs/database/src/$1',
    '^@reelscout/sdk$': '<rootDir>/libs/sdk/src',
    '^@reelscout/mcp$': '<rootDir>/libs/mcp/src',
  },
};
