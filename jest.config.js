/**
 * Three tiers (docs/testing.md), told apart by the file name:
 * - unit (`*.test.ts`): the engine and other pure modules; no database, no build.
 * - db (`*.db.test.ts`): services and repositories in this process, on a real Postgres.
 * - e2e (`*.e2e.test.ts`): what needs the compiled server (`npm run build`) or a real client.
 * `npm test` runs all three; `npm run test:unit`, `test:db` and `test:e2e` run one (`--selectProjects`).
 */
const DB = '\\.db\\.test\\.ts$';
const E2E = '\\.e2e\\.test\\.ts$';

/** @type {import('jest').Config} */
const common = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  // The generated Prisma client imports its own files as `./x.js` (ES module style); the sources are `.ts`.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

/** One Postgres for the run (an embedded one, or the server named by DATABASE_URL), for db and e2e alike. */
const postgres = {
  globalSetup: '<rootDir>/test/service/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/service/support/global-teardown.ts',
};

/** @type {import('jest').Config} */
module.exports = {
  // A global setting: jest reads no test timeout from a project.
  testTimeout: 120000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: [DB, E2E] },
    { ...common, ...postgres, displayName: 'db', testRegex: DB },
    { ...common, ...postgres, displayName: 'e2e', testRegex: E2E },
  ],
};
