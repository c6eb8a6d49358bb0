/**
 * One Postgres for the whole test run: the server named by DATABASE_URL when it is set, otherwise an embedded
 * Postgres (real binaries from npm) in a temporary folder. Test files each create their own database on it
 * (support/app.ts), so they never see each other's data.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedPostgres } from '../../../src/db/embedded-postgres';

declare global {
  var __MALICE_PG_STOP__: (() => Promise<void>) | undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
