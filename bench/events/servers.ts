/**
 * The servers bench:events starts besides the app: a NATS server per deployment on NATS, and with `--standby` a
 * Postgres 15 primary with a streaming standby (Debian's postgresql-15 binaries), made the way
 * test/support/servers/ makes them for the tests (that code registers jest hooks, so the few lines needed are
 * here). Each runs in the foreground on 127.0.0.1 and a free port, through `setpriv --pdeathsig KILL` so that it
 * dies with the bench however the bench ends, and as the `postgres` user when root (Postgres refuses root).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../src/common/free-port';

const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 30_000;
const POLL_MS = 50;

export interface BenchProcess {
  readonly pid: number;
  /** The orderly stop signal, then SIGKILL after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** `command args` killed with the bench, and as the postgres user when asked and root. */
function launch(
  command: string,
  args: readonly string[],
  asPostgres: boolean,
): { child: ChildProcess; output: () => string; exited: Promise<void> } {
  const user = asPostgres && isRoot() ? ['--reuid', 'postgres', '--regid', 'postgres', '--init-groups'] : [];
  const child = spawn('/usr/bin/setpriv', [...user, '--pdeathsig', 'KILL', '--', command, ...args], {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: os.tmpdir() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-16_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('error', (error) => keep(Buffer.from(`${command}: ${error.message}\n`)));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, output: () => output, exited };
}

/** A server process, ready once `ready` holds (polled; fails when the process exits first). */
async function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: {
    readonly asPostgres: boolean;
    readonly stopSignal: NodeJS.Signals;
    readonly ready: () => Promise<boolean>;
  },
): Promise<BenchProcess> {
  const { child, output, exited } = launch(command, args, options.asPostgres);
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const stop = async (): Promise<void> => {
    if (running()) child.kill(options.stopSignal);
    const timer = setTimeout(() => running() && child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await options.ready().catch(() => false)) return { pid: child.pid ?? -1, stop };
    if (!running() || Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs a command to its end; an error quoting its output when it fails. */
async function runToEnd(command: string, args: readonly string[], asPostgres: boolean): Promise<void> {
  const { child, output, exited } = launch(command, args, asPostgres);
  await exited;
  if (child.exitCode !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${output()}`);
}

/** Whether something on 127.0.0.1:`port` greets a new connection with a line starting with `greeting`. */
function greets(port: number, greeting: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: HOST, port });
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.startsWith(greeting)));
  });
}

export interface NatsServer extends BenchProcess {
  /** nats://127.0.0.1:PORT, for EVENTS_URL. */
  readonly url: string;
}

/** A core NATS server (no JetStream); ready once it greets a client with its INFO line. */
export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort();
  const server = await startProcess(
    `nats-server (port ${port})`,
    NATS_SERVER,
    ['-a', HOST, '-p', String(port)],
    {
      asPostgres: false,
      stopSignal: 'SIGTERM',
      ready: () => greets(port, 'INFO '),
    },
  );
  return { ...server, url: `nats://${HOST}:${port}` };
}

async function answers(url: string, query: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function urlOf(port: number): string {
  return `postgresql://postgres@${HOST}:${port}/postgres`;
}

/** Settings of the primary, which the standby copies with its base backup. */
const PRIMARY_CONFIG = [
  '',
  '# bench/events/servers.ts',
  `listen_addresses = '${HOST}'`,
  // No Unix socket: the machine's own cluster owns /var/run/postgresql.
  `unix_socket_directories = ''`,
  'wal_level = replica',
  'max_wal_senders = 4',
  'hot_standby = on',
  `wal_keep_size = '256MB'`,
  'synchronous_commit = on',
  // Every deployment's copies keep pools of their own on it at once.
  'max_connections = 400',
  '',
].join('\n');

export interface ReplicatedPostgres {
  /** The primary's maintenance database: what the bench writes through. */
  readonly adminUrl: string;
  /** The standby's maintenance database: where replay lag is read. */
  readonly standbyUrl: string;
  readonly version: string;
  stop(): Promise<void>;
}

/**
 * A Postgres 15 primary (initdb in a temporary folder, trust for 127.0.0.1 including replication) and an
 * asynchronous hot standby made from it with `pg_basebackup -R -X stream`, streaming before this resolves.
 */
export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-bench-pg15-'));
  if (isRoot()) {
    const id = (flag: string): number =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(folder, id('-u'), id('-g'));
  }
  fs.chmodSync(folder, 0o700);
  const primaryDir = path.join(folder, 'primary');
  const standbyDir = path.join(folder, 'standby');
  const started: BenchProcess[] = [];
  const stop = async (): Promise<void> => {
    for (const server of started.reverse()) await server.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    await runToEnd(
      `${POSTGRES_BIN}/initdb`,
      ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
      true,
    );
    // The postgres user wrote the folder; root appends to its configuration file, which keeps its owner.
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), PRIMARY_CONFIG);
    const primaryPort = await freePort();
    started.push(
      await startProcess(
        'postgres primary',
        `${POSTGRES_BIN}/postgres`,
        ['-D', primaryDir, '-p', String(primaryPort)],
        {
          asPostgres: true,
          stopSignal: 'SIGINT',
          ready: async () => (await answers(urlOf(primaryPort), 'SELECT 1')).length === 1,
        },
      ),
    );
    await runToEnd(
      `${POSTGRES_BIN}/pg_basebackup`,
      [
        '-D',
        standbyDir,
        '-X',
        'stream',
        '-R',
        '--checkpoint=fast',
        '-d',
        `host=${HOST} port=${primaryPort} user=postgres application_name=standby`,
      ],
      true,
    );
    const standbyPort = await freePort();
    started.push(
      await startProcess(
        'postgres standby',
        `${POSTGRES_BIN}/postgres`,
        ['-D', standbyDir, '-p', String(standbyPort)],
        {
          asPostgres: true,
          stopSignal: 'SIGINT',
          ready: async () =>
            (
              (await answers(urlOf(standbyPort), 'SELECT status FROM pg_stat_wal_receiver'))[0] as {
                status?: string;
              }
            )?.status === 'streaming',
        },
      ),
    );
    const [row] = (await answers(urlOf(primaryPort), 'SHOW server_version')) as { server_version: string }[];
    return {
      adminUrl: urlOf(primaryPort),
      standbyUrl: urlOf(standbyPort),
      version: row?.server_version ?? '?',
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
