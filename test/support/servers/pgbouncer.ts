/**
 * PgBouncer 1.18 (Debian's package) in transaction pooling for a test (docs/testing.md, "Servers of a test"): in
 * the foreground on 127.0.0.1 and a free port, as the postgres user when root (PgBouncer refuses to run as root),
 * with its configuration in a temporary folder, in front of one Postgres address (a server, or HAProxy in front
 * of a primary and its standbys). Every database name is passed on to that address (`* =`).
 *
 * - `auth_type = trust`: the `postgres` user, named in the auth_file it writes, with no password, as the servers
 *   of postgres-cluster.ts trust 127.0.0.1.
 * - Transaction pooling: a client has a server connection for one transaction at a time. Session state (SET,
 *   LISTEN, advisory locks, named prepared statements) does not follow a client from one transaction to the next.
 *   1.18 has no `max_prepared_statements` (1.21 added it): a named prepared statement is prepared on whichever
 *   server connection the client had then, and a later use of it on another fails (docs/testing.md says how).
 * - `server_login_retry = 1`: after a failed connection to the server PgBouncer waits this long before trying
 *   again (15 s by default), so that a failover behind it is followed within about a second.
 */
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../../src/common/free-port';
import { startProcess, temporaryFolder, removeFolder, writeForPostgres } from './process';

const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 20_000;

export interface PgbouncerOptions {
  /** Server connections per database and user: 20 unless said (PgBouncer's default). */
  readonly poolSize?: number;
}

export interface Pgbouncer {
  readonly host: string;
  readonly port: number;
  /** postgresql://postgres@127.0.0.1:PORT/postgres, through PgBouncer. */
  readonly url: string;
  urlFor(database: string): string;
  output(): string;
  /** An immediate shutdown (SIGTERM: its connections are cut); removes its folder. */
  stop(): Promise<void>;
}

function config(
  folder: string,
  port: number,
  target: { host?: string; port: number },
  poolSize: number,
): string {
  return `[databases]
* = host=${target.host ?? HOST} port=${target.port}

[pgbouncer]
listen_addr = ${HOST}
listen_port = ${port}
unix_socket_dir =
pidfile = ${path.join(folder, 'pgbouncer.pid')}
auth_type = trust
auth_file = ${path.join(folder, 'users.txt')}
admin_users = postgres
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 1000
server_login_retry = 1
server_connect_timeout = 5
ignore_startup_parameters = extra_float_digits
`;
}

/** PgBouncer in front of `target`; resolves once its admin console answers. */
export async function startPgbouncer(
  target: { readonly host?: string; readonly port: number },
  options: PgbouncerOptions = {},
): Promise<Pgbouncer> {
  const folder = temporaryFolder('pgbouncer', { forPostgres: true });
  const port = await freePort();
  writeForPostgres(path.join(folder, 'users.txt'), '"postgres" ""\n');
  const file = path.join(folder, 'pgbouncer.ini');
  writeForPostgres(file, config(folder, port, target, options.poolSize ?? 20));
  const server = startProcess({
    name: `pgbouncer (port ${port})`,
    command: PGBOUNCER,
    args: [file],
    asPostgres: true,
  });
  const urlFor = (database: string): string =>
    `postgresql://postgres@${HOST}:${port}/${encodeURIComponent(database)}`;
  // Its admin console answers without a server behind it.
  await server.waitUntil(
    'its admin console answers',
    async () => {
      const client = new Client({ connectionString: urlFor('pgbouncer'), connectionTimeoutMillis: 2000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.query('SHOW VERSION')).rows.length === 1;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    READY_TIMEOUT_MS,
  );
  return {
    host: HOST,
    port,
    url: urlFor('postgres'),
    urlFor,
    output: () => server.output(),
    async stop() {
      await server.stop();
      removeFolder(folder);
    },
  };
}
