/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testTimeout: 120000,
  globalSetup: '<rootDir>/test/service/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/service/support/global-teardown.ts',
};
