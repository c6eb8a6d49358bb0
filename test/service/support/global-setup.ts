/**
 * One Postgres for the whole test run: the server named by DATABASE_URL when it is set, otherwise an embedded
 * Postgres (real binaries from npm) in a temporary folder. Test files each create their own database on it
 * (support/app.ts), so they never see each other's data.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedPostgres } from '../../../src/db/embedded-postgres';
import { freePort } from '../../../src/common/free-port';

declare global {
  var __MALICE_PG_STOP__: (() => Promise<void>) | undefined;
}

export default async function globalSetup(): Promise<void> {
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
