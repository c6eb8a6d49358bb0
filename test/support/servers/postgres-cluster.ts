/**
 * A Postgres 15 primary and its streaming standbys, from Debian's postgresql-15 binaries (docs/testing.md,
 * "Servers of a test"), each a `postgres -D <folder>` in the foreground on 127.0.0.1 and a free port, with no Unix
 * socket: nothing of the machine's own cluster (its port, /var/run/postgresql, /etc/postgresql) is used.
 *
 * - `startPrimary`: initdb in a temporary folder (as the postgres user when root), trust for 127.0.0.1 including
 *   replication; `synchronous_commit = on`, and with `synchronousStandby` a `synchronous_standby_names` naming
 *   the standby's application_name (so a commit waits for that standby); with `archiveDir`, every WAL segment is
 *   copied there (archive_mode, for point-in-time recovery).
 * - `startStandby`: pg_basebackup -R -X stream from the primary with the standby's name as application_name, then
 *   a hot standby (reads) streaming from it.
 * - **A promoted standby commits at once.** pg_basebackup copies the primary's postgresql.conf, and with it the
 *   `synchronous_standby_names` naming this very standby: promoted with it, every commit would wait for a standby
 *   that does not exist. So each standby gets `synchronous_standby_names = ''` in its postgresql.auto.conf (read
 *   after postgresql.conf, so it wins) when it is made, before it ever runs. Setting it after the promotion (ALTER
 *   SYSTEM and a reload) would leave a moment in which the new primary accepts writes whose commits hang; this
 *   way there is none. `setSynchronousStandby` names a standby later (after a failback, say).
 * - `wal_log_hints = on` so that a failed primary can be rewound (pg_rewind) and follow the new one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../../src/common/free-port';
import { childrenOf } from '../child-processes';
import {
  type ServerProcess,
  handToPostgres,
  pollUntil,
  removeFolder,
  runCommand,
  startProcess,
  temporaryFolder,
  writeForPostgres,
} from './process';

/** Debian's postgresql-15 binaries; POSTGRES_BIN names another folder of the same version. */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const HOST = '127.0.0.1';
const USER = 'postgres';
/** The application_name of a standby that was given none, and the one `synchronousStandby: true` names. */
export const DEFAULT_STANDBY_NAME = 'standby';
const PRIMARY_NAME = 'primary';
/** A start (crash recovery included) or a promotion takes a second or two; this is the bound. */
const START_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5000;

export interface PrimaryOptions {
  /**
   * Commits wait for a synchronous standby: `true` names DEFAULT_STANDBY_NAME, a string names that standby
   * (its application_name, the `name` given to `startStandby`).
   */
  readonly synchronousStandby?: boolean | string;
  /** Archive every WAL segment into this folder (made the postgres user's when root). */
  readonly archiveDir?: string;
}

export interface StandbyOptions {
  /** Its application_name on the primary (what synchronous_standby_names names): DEFAULT_STANDBY_NAME unless said. */
  readonly name?: string;
}

export interface PostgresServer {
  /** 'primary' for a primary; a standby's application_name (kept after a promotion). */
  readonly name: string;
  readonly host: string;
  readonly port: number;
  /** postgresql://postgres@127.0.0.1:PORT/postgres */
  readonly url: string;
  readonly dataDir: string;
  urlFor(database: string): string;
  /** Whether the postmaster runs (false after stop or kill9, until start). */
  running(): boolean;
  /** Postgres's own log (its stderr) since it last started. */
  output(): string;
  /** One query on a connection of its own (to `database`, postgres unless said). */
  query<T extends object>(text: string, values?: readonly unknown[], database?: string): Promise<T[]>;
  createDatabase(name: string): Promise<string>;
  isInRecovery(): Promise<boolean>;
  /**
   * On a standby: seconds since the commit of the last transaction replayed, while WAL has been received that is
   * not replayed yet; 0 once replay has caught up with what was received, and on a primary.
   */
  replayLagSeconds(): Promise<number>;
  /** On a standby: stops replaying WAL (it is still received), so that reads fall behind on purpose. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** On a standby: waits until its WAL receiver streams from its primary. */
  waitUntilStreaming(timeoutMs?: number): Promise<void>;
  /** On a standby: pg_ctl promote, then waits until pg_is_in_recovery() is false. */
  promote(): Promise<void>;
  /** On a primary: the standby commits wait for (ALTER SYSTEM and a reload); null for none. */
  setSynchronousStandby(name: string | null): Promise<void>;
  /** Its synchronous_standby_names in force now: '' when commits wait for no standby. */
  synchronousStandbyNames(): Promise<string>;
  /** A fast shutdown (SIGINT: sessions are ended, nothing is lost); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again, on the same port with the same data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** A crash: SIGKILL to the postmaster and every process of it at once. */
  kill9(): Promise<void>;
  /**
   * Failback: a former primary (stopped, or crashed) is rewound onto `newPrimary`'s timeline (pg_rewind) and
   * started as its standby, streaming, under `name` (DEFAULT_STANDBY_NAME unless said).
   */
  rewindAsStandby(newPrimary: PostgresServer, options?: StandbyOptions): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  remove(): Promise<void>;
}

/** One query on a connection of its own, given up after 5 s without a connection. */
async function queryAt<T extends object>(
  url: string,
  text: string,
  values: readonly unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, [...values])).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A name safe to put in SQL and configuration files as it is. */
function checkName(what: string, name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${what} "${name}": use [a-z_][a-z0-9_]*`);
  return name;
}

function conninfo(server: { port: number }, applicationName?: string): string {
  const name = applicationName === undefined ? '' : ` application_name=${applicationName}`;
  return `host=${HOST} port=${server.port} user=${USER} dbname=postgres${name}`;
}

/** Commands of the postgres user run with HOME in the cluster's folder (pg_basebackup writes a passfile path). */
function postgresEnv(folder: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: folder, LANG: 'C.UTF-8' };
}

class Server implements PostgresServer {
  readonly host = HOST;
  readonly dataDir: string;
  private process: ServerProcess | null = null;

  constructor(
    private readonly folder: string,
    readonly port: number,
    public name: string,
  ) {
    this.dataDir = path.join(folder, 'data');
  }

  get url(): string {
    return this.urlFor('postgres');
  }

  urlFor(database: string): string {
    return `postgresql://${USER}@${HOST}:${this.port}/${encodeURIComponent(database)}`;
  }

  running(): boolean {
    return this.process !== null && this.process.exitStatus() === null;
  }

  output(): string {
    return this.process?.output() ?? '';
  }

  query<T extends object>(
    text: string,
    values: readonly unknown[] = [],
    database = 'postgres',
  ): Promise<T[]> {
    return queryAt<T>(this.urlFor(database), text, values);
  }

  async createDatabase(name: string): Promise<string> {
    await this.query(`CREATE DATABASE ${checkName('database', name)}`);
    return this.urlFor(name);
  }

  async isInRecovery(): Promise<boolean> {
    const [row] = await this.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery');
    return row!.recovery;
  }

  async replayLagSeconds(): Promise<number> {
    const [row] = await this.query<{ lag: number }>(
      `SELECT CASE
         WHEN NOT pg_is_in_recovery() THEN 0
         WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
         ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0)
       END::float8 AS lag`,
    );
    return row!.lag;
  }

  async pauseReplay(): Promise<void> {
    await this.query('SELECT pg_wal_replay_pause()');
    // The request is taken at the next record replayed: wait until replay has actually stopped.
    await pollUntil(
      `${this.name} pauses replay`,
      async () =>
        (await this.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state'))[0]!.state ===
        'paused',
      START_TIMEOUT_MS,
    );
  }

  async resumeReplay(): Promise<void> {
    await this.query('SELECT pg_wal_replay_resume()');
  }

  async waitUntilStreaming(timeoutMs = START_TIMEOUT_MS): Promise<void> {
    await this.alive().waitUntil(
      'its WAL receiver streams',
      async () =>
        (await this.query<{ status: string }>('SELECT status FROM pg_stat_wal_receiver'))[0]?.status ===
        'streaming',
      timeoutMs,
    );
  }

  async promote(): Promise<void> {
    await runCommand(
      `${BIN}/pg_ctl`,
      ['promote', '-D', this.dataDir, '-w', '-t', String(START_TIMEOUT_MS / 1000)],
      {
        asPostgres: true,
        env: postgresEnv(this.folder),
      },
    );
    await this.alive().waitUntil(
      'it is promoted',
      async () => !(await this.isInRecovery()),
      START_TIMEOUT_MS,
    );
  }

  async setSynchronousStandby(name: string | null): Promise<void> {
    const names = name === null ? '' : `"${checkName('standby name', name)}"`;
    await this.query(`ALTER SYSTEM SET synchronous_standby_names = '${names}'`);
    await this.query('SELECT pg_reload_conf()');
    await pollUntil(
      `${this.name} has synchronous_standby_names = '${names}'`,
      async () => (await this.synchronousStandbyNames()) === names,
      START_TIMEOUT_MS,
    );
  }

  async synchronousStandbyNames(): Promise<string> {
    const [row] = await this.query<{ names: string }>(
      `SELECT current_setting('synchronous_standby_names') AS names`,
    );
    return row!.names;
  }

  async stop(): Promise<void> {
    await this.process?.stop();
  }

  async start(): Promise<void> {
    if (this.running()) throw new Error(`${this.name} (port ${this.port}) runs already`);
    const server = startProcess({
      name: `postgres ${this.name} (port ${this.port})`,
      command: `${BIN}/postgres`,
      args: ['-D', this.dataDir, '-p', String(this.port)],
      asPostgres: true,
      // SIGINT is Postgres's fast shutdown; SIGTERM (smart) would wait for every client to leave.
      stopSignal: 'SIGINT',
      env: postgresEnv(this.folder),
    });
    this.process = server;
    await server.waitUntil(
      'it accepts connections',
      async () => (await this.query('SELECT 1')).length === 1,
      START_TIMEOUT_MS,
    );
  }

  async kill9(): Promise<void> {
    const server = this.process;
    if (server === null || server.exitStatus() !== null) return;
    // Its backends, WAL sender and the rest go down with it, as on a machine that lost power.
    const children = childrenOf(server.pid);
    const exited = server.kill('SIGKILL');
    for (const pid of children) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await exited;
  }

  async rewindAsStandby(newPrimary: PostgresServer, options: StandbyOptions = {}): Promise<void> {
    const name = checkName('standby name', options.name ?? DEFAULT_STANDBY_NAME);
    await this.stop();
    // pg_rewind 15 reads the source's timeline from its control file, which a promotion updates only at its next
    // checkpoint: without one, a freshly promoted source looks like the target's timeline ("no rewind required").
    await newPrimary.query('CHECKPOINT');
    // A crashed data folder is first recovered by pg_rewind itself (single-user mode), then rewound.
    await runCommand(
      `${BIN}/pg_rewind`,
      ['--target-pgdata', this.dataDir, '--source-server', conninfo(newPrimary), '--progress'],
      { asPostgres: true, env: postgresEnv(this.folder), timeoutMs: 120_000 },
    );
    // pg_rewind copied the new primary's postgresql.auto.conf (naming its own old primary, this one).
    writeStandbyConfig(this.dataDir, newPrimary, name);
    this.name = name;
    await this.start();
    await this.waitUntilStreaming();
  }

  async remove(): Promise<void> {
    await this.stop();
    removeFolder(this.folder);
  }

  /** The running process, or an error saying it does not run. */
  private alive(): ServerProcess {
    if (this.process === null) throw new Error(`${this.name} (port ${this.port}) has not been started`);
    return this.process;
  }
}

/**
 * A standby's postgresql.auto.conf: what it streams from (under its name), and no synchronous standby of its own
 * (see the file's header), with whatever other settings the file had. Plus standby.signal.
 */
function writeStandbyConfig(dataDir: string, primary: { port: number }, name: string): void {
  const file = path.join(dataDir, 'postgresql.auto.conf');
  const ours = /^\s*(primary_conninfo|synchronous_standby_names|cluster_name)\s*=/;
  const kept = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '' && !ours.test(line))
    : [];
  writeForPostgres(
    file,
    [
      ...kept,
      `primary_conninfo = '${conninfo(primary, name)}'`,
      `synchronous_standby_names = ''`,
      `cluster_name = '${name}'`,
      '',
    ].join('\n'),
  );
  writeForPostgres(path.join(dataDir, 'standby.signal'), '');
}

/** Settings of every server of a cluster (a standby gets them with the primary's postgresql.conf). */
function primaryConfig(synchronousStandby: string | null, archiveDir: string | null): string {
  const archive =
    archiveDir === null
      ? ['archive_mode = off']
      : ['archive_mode = on', `archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`];
  return [
    '',
    '# test/support/servers/postgres-cluster.ts',
    `listen_addresses = '${HOST}'`,
    // No Unix socket: the machine's cluster owns /var/run/postgresql.
    `unix_socket_directories = ''`,
    `cluster_name = '${PRIMARY_NAME}'`,
    'wal_level = replica',
    'max_wal_senders = 10',
    'hot_standby = on',
    // Keeps what a standby (or a rewound former primary) may still need; no replication slots to clean up.
    `wal_keep_size = '256MB'`,
    // pg_rewind needs it (or data checksums).
    'wal_log_hints = on',
    'synchronous_commit = on',
    `synchronous_standby_names = '${synchronousStandby === null ? '' : `"${synchronousStandby}"`}'`,
    // A standby whose primary is away tries again after this (5 s by default): a failover settles sooner.
    `wal_retrieve_retry_interval = '500ms'`,
    ...archive,
    '',
  ].join('\n');
}

export async function startPrimary(options: PrimaryOptions = {}): Promise<PostgresServer> {
  const sync = options.synchronousStandby;
  const synchronousStandby =
    sync === undefined || sync === false
      ? null
      : checkName('standby name', sync === true ? DEFAULT_STANDBY_NAME : sync);
  let archiveDir: string | null = null;
  if (options.archiveDir !== undefined) {
    archiveDir = path.resolve(options.archiveDir);
    // It is put in archive_command as it is.
    if (!/^[\w/.-]+$/.test(archiveDir)) throw new Error(`archiveDir "${archiveDir}": use [A-Za-z0-9_/.-]`);
    fs.mkdirSync(archiveDir, { recursive: true });
    handToPostgres(archiveDir);
  }
  const folder = temporaryFolder('pg-primary', { forPostgres: true });
  const server = new Server(folder, await freePort(), PRIMARY_NAME);
  await runCommand(
    `${BIN}/initdb`,
    ['-D', server.dataDir, '-U', USER, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
    { asPostgres: true, env: postgresEnv(folder) },
  );
  fs.appendFileSync(
    path.join(server.dataDir, 'postgresql.conf'),
    primaryConfig(synchronousStandby, archiveDir),
  );
  await server.start();
  return server;
}

export async function startStandby(
  primary: PostgresServer,
  options: StandbyOptions = {},
): Promise<PostgresServer> {
  const name = checkName('standby name', options.name ?? DEFAULT_STANDBY_NAME);
  const folder = temporaryFolder(`pg-${name}`, { forPostgres: true });
  const server = new Server(folder, await freePort(), name);
  await runCommand(
    `${BIN}/pg_basebackup`,
    ['-D', server.dataDir, '-X', 'stream', '-R', '--checkpoint=fast', '-d', conninfo(primary, name)],
    { asPostgres: true, env: postgresEnv(folder), timeoutMs: 120_000 },
  );
  writeStandbyConfig(server.dataDir, primary, name);
  await server.start();
  await server.waitUntilStreaming();
  // And the primary counts it (as its synchronous standby, if it names it).
  await pollUntil(
    `${primary.name} sees ${name} streaming`,
    async () =>
      (
        await primary.query<{ state: string }>(
          'SELECT state FROM pg_stat_replication WHERE application_name = $1',
          [name],
        )
      )[0]?.state === 'streaming',
    START_TIMEOUT_MS,
  );
  return server;
}
