/**
 * The servers of test/support/servers/ (docs/testing.md, "Servers of a test") do what later tests rely on, for
 * real and without the app: a Postgres primary whose commits wait for a synchronous standby, that standby serving
 * reads (and lagging on purpose), HAProxy sending new connections to whichever server is primary through a crash
 * and a promotion, a failback by pg_rewind, PgBouncer pooling transactions, and NATS and Redis pub/sub surviving a
 * crash and a restart on the same port.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Client } from 'pg';
import { startHaproxy, type Haproxy } from '../../support/servers/haproxy';
import { startNats } from '../../support/servers/nats';
import { startPgbouncer, type Pgbouncer } from '../../support/servers/pgbouncer';
import { type PostgresServer, startPrimary, startStandby } from '../../support/servers/postgres-cluster';
import { pollUntil, temporaryFolder } from '../../support/servers/process';
import { startRedis } from '../../support/servers/redis';

/** How long a commit must keep waiting, with its synchronous standby away, to count as waiting for it. */
const COMMIT_WAITS_MS = 1500;
/** The bound on what should be quick: a commit, a replicated row, a failover seen by HAProxy. */
const QUICKLY_MS = 15_000;

/** A connected client whose failures (a server going away under it) are not unhandled errors. */
async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** One query on a connection of its own. */
async function query<T extends object>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = await connect(url);
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `promise`'s value, or 'pending' if it has not settled within `ms`. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms)));
  try {
    return await Promise.race([promise, pending]);
  } finally {
    clearTimeout(timer);
  }
}

async function notes(server: { url: string }): Promise<string[]> {
  const rows = await query<{ note: string }>(server.url, 'SELECT note FROM notes ORDER BY id');
  return rows.map((row) => row.note);
}

describe('a Postgres primary with a synchronous standby, HAProxy and PgBouncer in front', () => {
  let primary: PostgresServer;
  let standby: PostgresServer;
  let haproxy: Haproxy;
  let pgbouncer: Pgbouncer;
  let archiveDir: string;

  beforeAll(async () => {
    archiveDir = temporaryFolder('wal-archive');
    primary = await startPrimary({ synchronousStandby: true, archiveDir });
    standby = await startStandby(primary);
    haproxy = await startHaproxy([primary, standby]);
    // PgBouncer in front of HAProxy, as a deployment would have it; one server connection, shared by turns.
    pgbouncer = await startPgbouncer(haproxy, { poolSize: 1 });
    await primary.query('CREATE TABLE notes (id serial PRIMARY KEY, note text NOT NULL)');
  }, 60_000);

  afterAll(async () => {
    await Promise.all([haproxy?.stop(), pgbouncer?.stop()]);
    await Promise.all([primary?.remove(), standby?.remove()]);
  });

  it('streams a committed row to the standby, which serves reads and refuses writes', async () => {
    const [replication] = await primary.query<{ sync_state: string }>(
      'SELECT sync_state FROM pg_stat_replication WHERE application_name = $1',
      [standby.name],
    );
    expect(replication?.sync_state).toBe('sync');
    await primary.query(`INSERT INTO notes (note) VALUES ('first')`);
    await pollUntil(
      'the standby has the row',
      async () => (await notes(standby)).includes('first'),
      QUICKLY_MS,
    );
    expect(await standby.isInRecovery()).toBe(true);
    await expect(standby.query(`INSERT INTO notes (note) VALUES ('on the standby')`)).rejects.toMatchObject({
      code: '25006', // read_only_sql_transaction
    });
  });

  it('archives every finished WAL segment into archiveDir', async () => {
    // The segment just finished (the idiom of the Postgres documentation, "Backup Control Functions").
    const [row] = await primary.query<{ segment: string }>(
      'SELECT pg_walfile_name(pg_switch_wal()) AS segment',
    );
    const segment = row!.segment;
    await pollUntil(
      `${segment} is archived`,
      () => fs.existsSync(path.join(archiveDir, segment)),
      QUICKLY_MS,
    );
  });

  it('makes a commit wait while the synchronous standby is away, and completes it once it is back', async () => {
    await standby.stop();
    const client = await connect(primary.url);
    try {
      const commit = client.query(`INSERT INTO notes (note) VALUES ('while away')`);
      expect(await settledWithin(commit, COMMIT_WAITS_MS)).toBe('pending');
      await standby.start();
      expect(await settledWithin(commit, QUICKLY_MS)).not.toBe('pending');
    } finally {
      await client.end();
    }
    await pollUntil(
      'the standby has the row',
      async () => (await notes(standby)).includes('while away'),
      QUICKLY_MS,
    );
  });

  it('lets a standby fall behind on purpose (replay paused) and catch up again', async () => {
    await standby.pauseReplay();
    // The commit returns once the standby has the WAL on disk (synchronous_commit = on), not once it is replayed.
    await primary.query(`INSERT INTO notes (note) VALUES ('behind')`);
    await pollUntil('the standby lags', async () => (await standby.replayLagSeconds()) > 0, QUICKLY_MS);
    expect(await notes(standby)).not.toContain('behind');
    await standby.resumeReplay();
    await pollUntil(
      'the standby has the row',
      async () => (await notes(standby)).includes('behind'),
      QUICKLY_MS,
    );
    await pollUntil(
      'the standby has caught up',
      async () => (await standby.replayLagSeconds()) === 0,
      QUICKLY_MS,
    );
  });

  it('pools transactions through PgBouncer: two clients take turns on its one server connection', async () => {
    const [first, second] = await Promise.all([connect(pgbouncer.url), connect(pgbouncer.url)]);
    const backend = async (client: Client): Promise<number> =>
      (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    try {
      // Both connected at once, each gets an answer from the same server connection (in session pooling the
      // second would wait for the first to disconnect).
      expect(await backend(second)).toBe(await backend(first));
      // A transaction holds the server connection until it ends: its row is seen inside it, then rolled back.
      await first.query('BEGIN');
      await first.query(`INSERT INTO notes (note) VALUES ('rolled back')`);
      expect((await first.query(`SELECT 1 FROM notes WHERE note = 'rolled back'`)).rowCount).toBe(1);
      await first.query('ROLLBACK');
      await second.query('BEGIN');
      await second.query(`INSERT INTO notes (note) VALUES ('through pgbouncer')`);
      await second.query('COMMIT');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    const committed = await notes(primary);
    expect(committed).toContain('through pgbouncer');
    expect(committed).not.toContain('rolled back');
  });

  it('sends new connections through HAProxy to the primary, and to the promoted standby after a crash', async () => {
    const through = async (): Promise<{ port: number; recovery: boolean }> => {
      const [row] = await query<{ port: number; recovery: boolean }>(
        haproxy.url,
        'SELECT inet_server_port() AS port, pg_is_in_recovery() AS recovery',
      );
      return row!;
    };
    expect(await through()).toEqual({ port: primary.port, recovery: false });
    await primary.kill9();
    await standby.promote();
    await pollUntil(
      'HAProxy reaches the promoted standby',
      async () => {
        const reached = await through();
        return reached.port === standby.port && !reached.recovery;
      },
      QUICKLY_MS,
    );
    // The promoted server waits for no standby: a commit returns at once.
    expect(await standby.synchronousStandbyNames()).toBe('');
    expect(
      await settledWithin(
        query(haproxy.url, `INSERT INTO notes (note) VALUES ('after failover')`),
        COMMIT_WAITS_MS,
      ),
    ).not.toBe('pending');
    // PgBouncer, in front of HAProxy, gets there too once its server connection to the old primary is cut.
    await pollUntil(
      'PgBouncer reaches the promoted standby',
      async () =>
        (await query<{ port: number }>(pgbouncer.url, 'SELECT inet_server_port() AS port'))[0]!.port ===
        standby.port,
      QUICKLY_MS,
    );
  });

  it('rewinds the crashed primary as the new primary’s standby (failback), which HAProxy keeps out', async () => {
    await primary.rewindAsStandby(standby, { name: 'former_primary' });
    expect(await primary.isInRecovery()).toBe(true);
    await standby.query(`INSERT INTO notes (note) VALUES ('after failback')`);
    await pollUntil(
      'the former primary has the new primary’s rows',
      async () => (await notes(primary)).includes('after failback'),
      QUICKLY_MS,
    );
    await haproxy.waitUntilRoutesTo(standby.port);
  });
});

/** A raw protocol connection (NATS and Redis speak text): what it has received, and waits on it. */
class Wire {
  received = '';
  closed = false;
  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => (this.received += chunk.toString()));
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<Wire> {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection({ host: '127.0.0.1', port }, () => resolve(new Wire(socket)));
      socket.once('error', reject);
    });
  }

  send(text: string): void {
    this.socket.write(text);
  }

  async waitFor(what: string, text: string): Promise<void> {
    await pollUntil(
      `${what} (received ${JSON.stringify(this.received)})`,
      () => this.received.includes(text),
      QUICKLY_MS,
    );
  }

  close(): void {
    this.socket.destroy();
  }
}

describe('NATS', () => {
  /** A subscriber and a publisher on `port`: the subscriber receives what is published. */
  async function publishAndReceive(port: number, payload: string): Promise<Wire> {
    const subscriber = await Wire.open(port);
    // PONG answers the PING after SUB: the subscription is in place before anything is published.
    subscriber.send('CONNECT {"verbose":false}\r\nSUB news 1\r\nPING\r\n');
    await subscriber.waitFor('the subscription is in place', 'PONG\r\n');
    const publisher = await Wire.open(port);
    publisher.send(`CONNECT {"verbose":false}\r\nPUB news ${payload.length}\r\n${payload}\r\n`);
    await subscriber.waitFor('the message arrives', `MSG news 1 ${payload.length}\r\n${payload}\r\n`);
    publisher.close();
    return subscriber;
  }

  it('delivers a published message, and again after a crash and a restart on the same port', async () => {
    const nats = await startNats();
    try {
      const before = await publishAndReceive(nats.port, 'before');
      await nats.kill9();
      await pollUntil('the subscriber is cut off', () => before.closed, QUICKLY_MS);
      expect(nats.running()).toBe(false);
      await nats.restart();
      (await publishAndReceive(nats.port, 'after')).close();
      expect(nats.url).toBe(`nats://127.0.0.1:${nats.port}`);
    } finally {
      await nats.stop();
    }
  });
});

describe('Redis', () => {
  async function publishAndReceive(port: number, payload: string): Promise<Wire> {
    const subscriber = await Wire.open(port);
    subscriber.send('SUBSCRIBE news\r\n');
    await subscriber.waitFor('the subscription is in place', '$9\r\nsubscribe\r\n$4\r\nnews\r\n:1\r\n');
    const publisher = await Wire.open(port);
    publisher.send(`PUBLISH news ${payload}\r\n`);
    // PUBLISH answers with the number of subscribers it reached.
    await publisher.waitFor('the publish reaches one subscriber', ':1\r\n');
    await subscriber.waitFor(
      'the message arrives',
      `$7\r\nmessage\r\n$4\r\nnews\r\n$${payload.length}\r\n${payload}\r\n`,
    );
    publisher.close();
    return subscriber;
  }

  it('delivers a published message, and again after a crash and a restart on the same port', async () => {
    const redis = await startRedis();
    try {
      const before = await publishAndReceive(redis.port, 'before');
      await redis.kill9();
      await pollUntil('the subscriber is cut off', () => before.closed, QUICKLY_MS);
      expect(redis.running()).toBe(false);
      await redis.restart();
      (await publishAndReceive(redis.port, 'after')).close();
      expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    } finally {
      await redis.stop();
    }
  });
});
