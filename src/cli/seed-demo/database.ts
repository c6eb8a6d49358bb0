/**
 * The database the demo data goes to: the server of DATABASE_URL when it is set, else an embedded Postgres
 * whose data stays in `.data/demo` (under the folder the command runs from, like the server's `.data`; as root
 * in a private checkout it moves to /var/tmp as the server's does, src/db/embedded-postgres.ts). The server
 * serves that same data with `DATA_DIR=.data/demo npm start`. bench:history measures on it too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../common/free-port';
import { PASSWORD_FILE, reachableDataDir, startEmbeddedPostgres } from '../../db/embedded-postgres';
import { count } from './progress';

/** Relative to the working folder: what `DATA_DIR` is set to when serving the demo data. */
export const DEMO_DATA_DIR = '.data/demo';

export interface DemoDatabase {
  readonly url: string;
  readonly source: 'DATABASE_URL' | 'embedded';
  /** The embedded server's data folder (null with DATABASE_URL). */
  readonly dataDir: string | null;
  /** Stops the embedded server (a no-op with DATABASE_URL). */
  stop(): Promise<void>;
}

/** The folder is held by a running Postgres (say, a server started on the demo data): do not stop it. */
export class DemoDatabaseBusyError extends Error {}

export async function openDemoDatabase(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  cwd: string = process.cwd(),
): Promise<DemoDatabase> {
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl !== undefined && databaseUrl !== '') {
    return { url: databaseUrl, source: 'DATABASE_URL', dataDir: null, stop: async () => undefined };
  }
  const dataDir = reachableDataDir(path.resolve(cwd, DEMO_DATA_DIR), log);
  const running = runningPostmaster(path.join(dataDir, 'postgres'));
  if (running !== null) {
    // startEmbeddedPostgres would stop it (it clears servers left over by a crash): refuse instead.
    throw new DemoDatabaseBusyError(
      `a Postgres (pid ${running.pid}) is running on ${dataDir}: stop it, or use it with ` +
        `DATABASE_URL=postgresql://postgres:<the password in ${path.join(dataDir, PASSWORD_FILE)}>` +
        `@127.0.0.1:${running.port}/postgres`,
    );
  }
  log(`starting the embedded Postgres in ${dataDir}`);
  const postgres = await startEmbeddedPostgres(dataDir, await freePort());
  return { url: postgres.url, source: 'embedded', dataDir, stop: () => postgres.stop() };
}

/** The live postmaster of a data folder, from its postmaster.pid (pid on line 1, port on line 4). */
function runningPostmaster(databaseDir: string): { pid: number; port: string } | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (!alive(pid)) return null; // a stale file from a crash: startEmbeddedPostgres clears it
  return { pid, port: lines[3]?.trim() ?? '?' };
}

/** Whether `pid` is a live Postgres (on Linux, by its name, so that a reused pid is not mistaken for one). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user (as the postgres user's server does when we are not root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const comm = `/proc/${pid}/comm`;
  return !fs.existsSync(comm) || /postgres|postmaster/.test(fs.readFileSync(comm, 'utf8'));
}

/** The database's size and its finished games, for the report at the end of a run. */
export async function databaseSize(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: string; games: string }>(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size,
              (SELECT count(*) FROM games WHERE status = 'FINISHED')::text AS games`,
    );
    return `${rows[0]?.size ?? '?'}, ${count(Number(rows[0]?.games ?? 0))} finished games in all`;
  } finally {
    await client.end();
  }
}
