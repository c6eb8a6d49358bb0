/**
 * One Postgres for the whole test run: the server named by DATABASE_URL when it is set, otherwise an embedded
 * Postgres (real binaries from npm) in a temporary folder. Test files each create their own database on it
 * (support/app.ts), so they never see each other's data.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { startEmbeddedPostgres } from '../../../src/db/embedded-postgres';
import { freePort } from '../../../src/common/free-port';

declare global {
  var __MALICE_PG_STOP__: (() => Promise<void>) | undefined;
}

/**
 * The db tier builds the Nest app in this process, and Nest's packages are ES modules: jest loads them through
 * require(esm), which needs Node 24.9 or later and jest's ES module mode (docs/testing.md). Said before any
 * test runs, rather than as a loader error in every file.
 */
function checkRuntime(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 24 || (major === 24 && minor < 9))
    throw new Error(
      `the db and e2e tests need Node 24.9 or later (this is ${process.version}): docs/testing.md`,
    );
  if (typeof (vm as { SourceTextModule?: unknown }).SourceTextModule !== 'function')
    throw new Error('run jest with --experimental-vm-modules, as `npm test` does (docs/testing.md)');
}

export default async function globalSetup(): Promise<void> {
  checkRuntime();
  // The db and e2e projects both name this setup; the first one starts the Postgres both use.
  if (process.env.MALICE_TEST_ADMIN_URL) return;
  if (process.env.DATABASE_URL) {
    process.env.MALICE_TEST_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-test-pg-'));
  fs.chmodSync(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres(dataDir, await freePort());
  process.env.MALICE_TEST_ADMIN_URL = postgres.url;
  globalThis.__MALICE_PG_STOP__ = async () => {
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
