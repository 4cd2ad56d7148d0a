/** Settings both Jest configs share: TypeScript through ts-jest, and the tsconfig path aliases. */
module.exports = {
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
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
