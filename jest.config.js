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
  globalSetup: '<rootDir>/test/support/service/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/service/global-teardown.ts',
};

/**
 * Two workers at least: jest's default (one less than the cores) leaves one of two cores idle while the tests are
 * CPU-bound (the bot and property tests). At most four: each db or e2e worker holds app copies with their own
 * connection pools on the one Postgres of the run.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest reads this file as CommonJS
const WORKERS = Math.min(4, Math.max(2, require('node:os').availableParallelism()));

/** @type {import('jest').Config} */
module.exports = {
  // Global settings: jest reads neither from a project.
  testTimeout: 120000,
  maxWorkers: WORKERS,
  // The default output, then each tier's and the browser suite's time (its CI budget: docs/testing.md).
  reporters: ['default', '<rootDir>/test/support/suite-times-reporter.js'],
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: [DB, E2E] },
    { ...common, ...postgres, displayName: 'db', testRegex: DB },
    { ...common, ...postgres, displayName: 'e2e', testRegex: E2E },
  ],
};
