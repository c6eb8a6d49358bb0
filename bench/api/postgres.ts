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

/** The URL of database `name` on the server `adminUrl` names. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface BenchPostgres {
  /** A URL to its maintenance database, for CREATE/DROP DATABASE. */
  readonly adminUrl: string;
  readonly source: 'embedded' | 'DATABASE_URL';
  stop(): Promise<void>;
}

/**
 * DATABASE_URL's server, or an embedded one in a temporary folder. With `statementStats`, the embedded server
 * is restarted once with pg_stat_statements preloaded (statements.ts); with `systemSettings`, once with those
 * (ALTER SYSTEM: bench:events raises max_connections for the copies it runs side by side).
 */
export async function acquirePostgres(
  statementStats: boolean,
  env: NodeJS.ProcessEnv = process.env,
  systemSettings: Readonly<Record<string, string>> = {},
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
    const settings = Object.entries({
      ...systemSettings,
      ...(statementStats ? { shared_preload_libraries: 'pg_stat_statements' } : {}),
    });
    if (settings.length > 0) {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      for (const [name, value] of settings) {
        await client.query(
          `ALTER SYSTEM SET ${client.escapeIdentifier(name)} = ${client.escapeLiteral(value)}`,
        );
      }
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

/**
 * A bench's run on its Postgres: says which one, acquires it, and stops it whatever happens — Ctrl-C included,
 * where the run's own `finally` blocks do not get to run, so at least the embedded Postgres is stopped.
 */
export async function withBenchPostgres<T>(
  pgStats: boolean,
  run: (postgres: BenchPostgres, progress: (line: string) => void) => Promise<T>,
  systemSettings: Readonly<Record<string, string>> = {},
): Promise<T> {
  const progress = (line: string): void => void process.stderr.write(`${line}…\n`);
  progress(process.env.DATABASE_URL ? 'using the Postgres of DATABASE_URL' : 'starting an embedded Postgres');
  const postgres = await acquirePostgres(pgStats, process.env, systemSettings);
  let stopping = false;
  const interrupt = (): void => {
    if (stopping) return;
    stopping = true;
    void postgres.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  try {
    return await run(postgres, progress);
  } finally {
    process.off('SIGINT', interrupt);
    await postgres.stop();
  }
}

/** A bench's entry point: a failure is its stack on stderr and exit code 1. */
export function runBenchMain(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
