/**
 * Server processes for the tests that run the app against real infrastructure (docs/testing.md, "Servers of a
 * test"): Postgres primaries and standbys, HAProxy, PgBouncer, NATS, Redis. Each runs in the foreground as a child
 * of the test's jest worker, on 127.0.0.1 and a free port, with its data in a temporary folder of its own; the
 * machine's own services are never touched.
 *
 * - **Never left behind.** Every process is started through `setpriv --pdeathsig KILL`, so the kernel kills it
 *   when the worker that started it dies, however it dies (a crash, a SIGKILL, jest's forced exit). Processes and
 *   folders are also tracked: `stopEverything` stops what is still running and removes the folders, and importing
 *   this module registers it as an `afterAll` of the test file (so import it, or a module that imports it, at the
 *   top of the test file, not inside a test).
 * - **As the `postgres` user when root**: Postgres and PgBouncer refuse to run as root. `setpriv` switches user in
 *   place (it `exec`s, so the child's pid is the server's), unlike `runuser`, which stays as the server's parent and
 *   would get a signal meant for the server.
 * - **Output** of each process is kept (its last 64 kB) and quoted when a wait for it fails.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/** How much of a process's output is kept for failure messages. */
const OUTPUT_CHARS = 64_000;
/** How often a condition is looked at again while waiting for it. */
const POLL_MS = 50;
/** How long an orderly stop may take before the process is killed. */
const STOP_GRACE_MS = 10_000;
const POSTGRES_USER = 'postgres';

export interface Launch {
  /** What the server is, in messages ("postgres primary", "haproxy"). */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Run as the `postgres` OS user when this process is root (otherwise as this process's user). */
  readonly asPostgres?: boolean;
  /** The signal of an orderly stop: SIGTERM unless said (Postgres's fast shutdown is SIGINT). */
  readonly stopSignal?: NodeJS.Signals;
  readonly env?: NodeJS.ProcessEnv;
  /** The working folder (the system's temporary folder unless said: the postgres user may not enter ours). */
  readonly cwd?: string;
}

export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  /** What the process wrote to stdout and stderr (the last 64 kB). */
  output(): string;
  /** How it ended ("exit code 1", "signal SIGKILL"), or null while it runs. */
  exitStatus(): string | null;
  /** Resolves once the process has exited. */
  exited(): Promise<void>;
  /**
   * Polls `condition` until it holds. Fails after `timeoutMs`, or as soon as the process exits, quoting its
   * output. A condition that throws counts as not holding (a server not yet accepting connections).
   */
  waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void>;
  /** The stop signal, then SIGKILL if it is still running after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** Sends `signal` (SIGKILL unless said: a crash, no shutdown at all) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<ServerProcess>();
const folders = new Set<string>();

/**
 * Stops every process this test file started that still runs, and removes every folder it made. Registered as an
 * `afterAll` below; a test's own `afterAll` stopping its servers first leaves nothing for it.
 */
export async function stopEverything(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
  for (const folder of folders) removeFolder(folder);
}

// The test file's last word, whatever its tests did. Guarded, so the module can also be loaded outside jest.
if (typeof afterAll === 'function') afterAll(stopEverything, 2 * STOP_GRACE_MS + 5000);

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

let postgresIds: { uid: number; gid: number } | undefined;

/** The `postgres` OS user's ids (Debian's postgresql package makes that user). */
export function postgresUser(): { uid: number; gid: number } {
  postgresIds ??= {
    uid: Number(execFileSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' }).trim()),
  };
  return postgresIds;
}

/**
 * `command args` wrapped in setpriv: killed with the worker (--pdeathsig, set after the switch of user, which
 * would clear it), and as the postgres user when asked and root.
 */
function wrapped(command: string, args: readonly string[], asPostgres: boolean): [string, string[]] {
  const user =
    asPostgres && isRoot() ? ['--reuid', POSTGRES_USER, '--regid', POSTGRES_USER, '--init-groups'] : [];
  return ['/usr/bin/setpriv', [...user, '--pdeathsig', 'KILL', '--', command, ...args]];
}

function exitStatusOf(child: ChildProcess): string | null {
  if (child.exitCode !== null) return `exit code ${child.exitCode}`;
  if (child.signalCode !== null) return `signal ${child.signalCode}`;
  return null;
}

function spawnWrapped(launch: Launch): { child: ChildProcess; output: () => string; exited: Promise<void> } {
  const [command, args] = wrapped(launch.command, launch.args, launch.asPostgres === true);
  const child = spawn(command, args, {
    cwd: launch.cwd ?? os.tmpdir(),
    env: launch.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString();
    if (output.length > OUTPUT_CHARS) output = output.slice(-OUTPUT_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // 'close' (not 'exit'): the output is complete by then.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // A command that cannot be started at all ends with 'error' (and 'close'): kept as output.
  child.once('error', (error) => keep(Buffer.from(`\n${launch.command}: ${error.message}\n`)));
  return { child, output: () => output, exited };
}

/** Starts a server process (see the file's header); wait for it to serve with `waitUntil`. */
export function startProcess(launch: Launch): ServerProcess {
  const { child, output, exited } = spawnWrapped(launch);
  const stopSignal = launch.stopSignal ?? 'SIGTERM';
  const signal = (name: NodeJS.Signals): void => {
    if (exitStatusOf(child) === null) child.kill(name);
  };
  const server: ServerProcess = {
    name: launch.name,
    pid: child.pid ?? -1,
    output,
    exitStatus: () => exitStatusOf(child),
    exited: () => exited,
    async waitUntil(what, condition, timeoutMs) {
      await pollUntil(`${launch.name}: ${what}`, condition, timeoutMs, () => {
        const status = exitStatusOf(child);
        return status === null ? null : `${launch.name} exited (${status}) first`;
      }).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}\n--- ${launch.name} output ---\n${output()}`);
      });
    },
    async stop(graceMs = STOP_GRACE_MS) {
      signal(stopSignal);
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill(name = 'SIGKILL') {
      signal(name);
      await exited;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/**
 * Runs a command to its end (initdb, pg_basebackup, pg_ctl): its output, or an error quoting it when it fails or
 * takes longer than `timeoutMs` (then it is killed).
 */
export async function runCommand(
  command: string,
  args: readonly string[],
  options: {
    readonly asPostgres?: boolean;
    readonly timeoutMs?: number;
    readonly env?: NodeJS.ProcessEnv;
  } = {},
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const { child, output, exited } = spawnWrapped({
    name: command,
    command,
    args,
    asPostgres: options.asPostgres ?? false,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
  if (child.exitCode !== 0) {
    const status =
      child.signalCode === 'SIGKILL' ? `no end within ${timeoutMs / 1000} s` : exitStatusOf(child);
    throw new Error(`${command} ${args.join(' ')} failed (${status}):\n${output()}`);
  }
  return output();
}

/**
 * Polls `condition` every 50 ms until it holds; throws after `timeoutMs`. `giveUp` may end the wait early with a
 * reason (the process being waited for has exited). A condition that throws counts as not holding; the last
 * error is in the message.
 */
export async function pollUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  giveUp: () => string | null = () => null,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = undefined;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    const reason = giveUp() ?? (Date.now() > deadline ? `not within ${timeoutMs / 1000} s` : null);
    if (reason !== null) {
      const last =
        lastError === undefined ? '' : ` (last error: ${(lastError as Error).message ?? lastError})`;
      throw new Error(`timed out waiting until ${what}: ${reason}${last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * A fresh folder under the system's temporary folder, removed by `removeFolder` or at the end of the test file.
 * With `forPostgres`, owned by the postgres user when root (it keeps a data folder, which Postgres wants as its own).
 */
export function temporaryFolder(prefix: string, options: { readonly forPostgres?: boolean } = {}): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `malice-${prefix}-`));
  folders.add(folder);
  if (options.forPostgres === true) handToPostgres(folder);
  return folder;
}

/** Makes a folder (not its contents) the postgres user's, when root; mode 0700 as Postgres wants its folders. */
export function handToPostgres(folder: string): void {
  if (isRoot()) {
    const { uid, gid } = postgresUser();
    fs.chownSync(folder, uid, gid);
  }
  fs.chmodSync(folder, 0o700);
}

/** Writes a file the postgres user can read (the configuration PgBouncer reads after switching to that user). */
export function writeForPostgres(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600 });
  if (isRoot()) {
    const { uid, gid } = postgresUser();
    fs.chownSync(file, uid, gid);
  }
}

export function removeFolder(folder: string): void {
  fs.rmSync(folder, { recursive: true, force: true });
  folders.delete(folder);
}

/** A server that can be crashed and started again on the same port (its clients reconnect to the same address). */
export interface RestartableServer {
  running(): boolean;
  /** The output of its current (or last) run. */
  output(): string;
  /** Starts it (again); resolves once `ready` holds. */
  start(): Promise<void>;
  /** An orderly stop; resolves once it has exited. */
  stop(): Promise<void>;
  /** A crash (SIGKILL); resolves once it has exited. */
  kill9(): Promise<void>;
  /** Starts it again after a stop or a crash: same port, same arguments. */
  restart(): Promise<void>;
}

/** A server from `launch`, ready once `ready` holds (within `timeoutMs`); not yet started. */
export function restartableServer(
  launch: Launch,
  ready: () => Promise<boolean>,
  timeoutMs = 20_000,
): RestartableServer {
  let current: ServerProcess | null = null;
  const running = (): boolean => current !== null && current.exitStatus() === null;
  const start = async (): Promise<void> => {
    if (running()) throw new Error(`${launch.name} runs already`);
    const server = startProcess(launch);
    current = server;
    await server.waitUntil('it is ready', ready, timeoutMs);
  };
  return {
    running,
    output: () => current?.output() ?? '',
    start,
    restart: start,
    stop: async () => current?.stop(),
    kill9: async () => current?.kill('SIGKILL'),
  };
}

/**
 * Connects to 127.0.0.1:`port`, writes `request`, and resolves with what came back once `complete` holds for it.
 * Rejects when the connection fails, closes first, or `timeoutMs` passes. For readiness checks that speak a
 * server's own protocol (a NATS INFO line, a Redis PONG).
 */
export function tcpExchange(
  port: number,
  request: string,
  complete: (answer: string) => boolean,
  timeoutMs = 2000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.createConnection({ host: '127.0.0.1', port }, () => socket.write(request));
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`no answer on port ${port} in ${timeoutMs} ms`)),
    );
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (complete(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.on('close', () =>
      reject(new Error(`port ${port} closed the connection after ${JSON.stringify(answer)}`)),
    );
  });
}
