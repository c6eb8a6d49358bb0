/**
 * The Postgres the benchmark runs on: the server named by DATABASE_URL when it is set, else an embedded Postgres
 * (src/db/embedded-postgres.ts) in a temporary folder that is removed afterwards. The run then creates its own
 * fresh database on it (run.ts). Kept apart from run.ts because `embedded-postgres` is an ES module that only
 * the bundled bench loads; the tests give run.ts the Postgres of the test run instead.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { freePort } from '../../src/common/free-port';

export interface BenchPostgres {
  /** A URL to its maintenance database, for CREATE/DROP DATABASE. */
  readonly adminUrl: string;
  readonly source: 'embedded' | 'DATABASE_URL';
  stop(): Promise<void>;
}

/**
 * DATABASE_URL's server, or an embedded one in a temporary folder. With `statementStats`, the embedded server
 * is restarted once with pg_stat_statements preloaded (statements.ts).
 */
export async function acquirePostgres(
  statementStats: boolean,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BenchPostgres> {
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl !== undefined && databaseUrl !== '') {
    return { adminUrl: databaseUrl, source: 'DATABASE_URL', stop: async () => undefined };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-bench-pg-'));
  // As root, embedded-postgres runs Postgres as the `postgres` user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  try {
    const port = await freePort();
    let postgres = await startEmbeddedPostgres(dataDir, port);
    if (statementStats) {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      await client.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
      await client.end();
      await postgres.stop();
      postgres = await startEmbeddedPostgres(dataDir, port);
    }
    return {
      adminUrl: postgres.url,
      source: 'embedded',
      async stop() {
        await postgres.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
