/**
 * HAProxy 2.6 (Debian's package) in front of Postgres servers, sending every new connection to the one that is
 * primary (docs/testing.md, "Servers of a test"). It runs in the foreground (`haproxy -db`) as a child of the test,
 * listening on 127.0.0.1 and a free port, with its configuration, check script and stats socket in a temporary
 * folder: the machine's /etc/haproxy is not read.
 *
 * - `mode tcp`: HAProxy passes bytes; a client speaks Postgres to whichever server is up.
 * - The health check is an external one (`option external-check`): a script that asks the server
 *   `select pg_is_in_recovery()` with psql and passes only when it answers false, so a standby and a dead server
 *   are both down. HAProxy gives the script `<proxy_address> <proxy_port> <server_address> <server_port>`
 *   (configuration.txt, "external-check command"). Forking it needs `external-check` and `insecure-fork-wanted`
 *   in the global section.
 * - Every 500 ms, down after 2 failed checks and up after 1 passed: a failover is seen in about a second.
 *   `on-marked-down shutdown-sessions` cuts the connections to a server as it is marked down, so a client's
 *   pooled connection to the old primary does not linger.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { freePort } from '../../../src/common/free-port';
import { pollUntil, removeFolder, startProcess, temporaryFolder } from './process';

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
/** The psql of Debian's postgresql-15 (not /usr/bin/psql, a wrapper that wants a cluster configured for it). */
const PSQL = `${process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'}/psql`;
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 20_000;

/** A Postgres server to send connections to (a PostgresServer of postgres-cluster.ts is one). */
export interface Backend {
  readonly port: number;
}

/** One server as HAProxy sees it (its stats, `show stat`). */
export interface BackendState {
  readonly port: number;
  /** 'UP', 'DOWN', or on the way: 'UP 1/2' (one check failed), 'DOWN 0/1'. */
  readonly status: string;
  /** The last check's outcome: 'PROCOK' (the script passed), 'PROCERR', 'PROCTOUT', or 'INI' before any. */
  readonly check: string;
}

export interface Haproxy {
  readonly host: string;
  readonly port: number;
  /** postgresql://postgres@127.0.0.1:PORT/postgres, through the proxy. */
  readonly url: string;
  urlFor(database: string): string;
  /** The servers' states, in the order given. */
  backendStates(): Promise<BackendState[]>;
  /** Waits until HAProxy sends new connections to the server on `port` (it alone is up). */
  waitUntilRoutesTo(port: number, timeoutMs?: number): Promise<void>;
  output(): string;
  /** Stops HAProxy (its connections are cut) and removes its folder. */
  stop(): Promise<void>;
}

const CHECK_SCRIPT = `#!/bin/sh
# HAProxy's external check (test/support/servers/haproxy.ts): passes for a Postgres primary only.
# Arguments: <proxy_address> <proxy_port> <server_address> <server_port>.
answer=$(PGCONNECT_TIMEOUT=2 ${PSQL} -X -w -h "$3" -p "$4" -U postgres -d postgres -Atc 'select pg_is_in_recovery()') || exit 1
[ "$answer" = f ]
`;

function config(folder: string, port: number, backends: readonly Backend[]): string {
  const servers = backends.map((backend, index) => `  server pg${index} ${HOST}:${backend.port} check`);
  return `global
  maxconn 2000
  external-check
  insecure-fork-wanted
  stats socket ${path.join(folder, 'stats.sock')} mode 600 level operator

defaults
  mode tcp
  timeout connect 2s
  # Pooled Postgres connections sit idle for long: HAProxy must not cut them.
  timeout client 1h
  timeout server 1h
  timeout check 3s

listen postgres
  bind ${HOST}:${port}
  option external-check
  external-check path "/usr/bin:/bin"
  external-check command ${path.join(folder, 'is-primary.sh')}
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers.join('\n')}
`;
}

/** One command on HAProxy's stats socket, and its whole answer. */
function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = net.createConnection(socket, () => connection.end(`${command}\n`));
    connection.setTimeout(5000, () => connection.destroy(new Error(`no answer to "${command}" in 5 s`)));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    connection.on('error', reject);
    connection.on('close', () => resolve(answer));
  });
}

/** Reads `show stat`'s CSV: the rows of our servers, in the order given. */
function statesOf(csv: string, backends: readonly Backend[]): BackendState[] {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const column = (row: string[], name: string): string => row[columns.indexOf(name)] ?? '';
  const byName = new Map(
    rows.map((line) => line.split(',')).map((row) => [column(row, 'svname'), row] as const),
  );
  return backends.map((backend, index) => {
    const row = byName.get(`pg${index}`);
    if (row === undefined) throw new Error(`HAProxy's stats have no pg${index}:\n${csv}`);
    // A check under way is marked with a leading '* '.
    return {
      port: backend.port,
      status: column(row, 'status'),
      check: column(row, 'check_status').replace(/^\* /, ''),
    };
  });
}

/** HAProxy in front of `backends` (see the file's header); resolves once every server has been checked. */
export async function startHaproxy(backends: readonly Backend[]): Promise<Haproxy> {
  if (backends.length === 0) throw new Error('HAProxy needs at least one server to send connections to');
  const folder = temporaryFolder('haproxy');
  const port = await freePort();
  fs.writeFileSync(path.join(folder, 'is-primary.sh'), CHECK_SCRIPT, { mode: 0o755 });
  const file = path.join(folder, 'haproxy.cfg');
  fs.writeFileSync(file, config(folder, port, backends));
  const server = startProcess({
    name: `haproxy (port ${port})`,
    command: HAPROXY,
    args: ['-db', '-f', file],
  });
  const socket = path.join(folder, 'stats.sock');
  const backendStates = async (): Promise<BackendState[]> =>
    statesOf(await statsCommand(socket, 'show stat'), backends);
  // HAProxy counts a server up until its checks say otherwise: settled once each has been checked and is
  // plainly up or down.
  await server.waitUntil(
    'every server is checked',
    async () =>
      (await backendStates()).every(
        (state) => state.check !== 'INI' && (state.status === 'UP' || state.status === 'DOWN'),
      ),
    READY_TIMEOUT_MS,
  );
  const urlFor = (database: string): string =>
    `postgresql://postgres@${HOST}:${port}/${encodeURIComponent(database)}`;
  return {
    host: HOST,
    port,
    url: urlFor('postgres'),
    urlFor,
    backendStates,
    async waitUntilRoutesTo(target, timeoutMs = READY_TIMEOUT_MS) {
      await pollUntil(
        `HAProxy sends connections to port ${target} alone`,
        async () =>
          (await backendStates()).every((state) => (state.status === 'UP') === (state.port === target)),
        timeoutMs,
      );
    },
    output: () => server.output(),
    async stop() {
      await server.stop();
      removeFolder(folder);
    },
  };
}
