/**
 * src/db/replicas.ts on real servers: a Postgres 15 primary with two hot standbys of the test's own
 * (test/support/servers/postgres-cluster.ts). Reads take the usable standbys in turn; a standby lagging past the
 * bound, stopped, or not a standby at all is skipped, and with none usable the primary answers; a read that fails on
 * a standby is run again on the primary.
 */
import { Pool } from 'pg';
import type { RuntimeConfig } from '../../../src/common/app-config.token';
import { loadConfig } from '../../../src/config/config';
import { Replicas, checkIntervalMs } from '../../../src/db/replicas';
import { until } from '../../support/service/outage';
import { type PostgresServer, startPrimary, startStandby } from '../../support/servers/postgres-cluster';

const MAX_LAG_MS = 1000;
/** A few rounds of checks. */
const SOON_MS = 15_000;

let primary: PostgresServer;
let first: PostgresServer;
let second: PostgresServer;
let primaryPool: Pool;
const opened: Replicas[] = [];

beforeAll(async () => {
  primary = await startPrimary();
  [first, second] = [
    await startStandby(primary, { name: 'first' }),
    await startStandby(primary, { name: 'second' }),
  ];
  primaryPool = new Pool({ connectionString: primary.url, max: 2 });
  // Its idle connections end when the servers stop (test/support/servers/process.ts may stop them first).
  primaryPool.on('error', () => undefined);
  // A transaction replayed on each standby since it started: its lag can be told from then on.
  await primary.query('CREATE TABLE lag_marks (id int)');
  for (const standby of [first, second]) {
    await until(
      `${standby.name} has replayed it`,
      async () =>
        (await standby.query<{ t: string | null }>(`SELECT to_regclass('lag_marks') AS t`))[0]!.t !== null,
      SOON_MS,
    );
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((replicas) => replicas.onModuleDestroy()));
  await primaryPool?.end();
  await Promise.all([first?.remove(), second?.remove(), primary?.remove()]);
});

/** Replicas on `urls`, checking at once (closed after the file). */
function replicasOn(urls: readonly string[]): Replicas {
  const config: RuntimeConfig = {
    ...loadConfig({ DATABASE_URL: primary.url }),
    databaseUrl: primary.url,
    replicas: { urls, maxLagMs: MAX_LAG_MS },
  };
  const replicas = new Replicas(config, primaryPool);
  opened.push(replicas);
  replicas.onModuleInit();
  return replicas;
}

/** The port of the server that answers the next read. */
function nextReadPort(replicas: Replicas): Promise<number> {
  return replicas.read(async (db) => {
    const { rows } = await db.query<{ port: number }>('SELECT inet_server_port() AS port');
    return rows[0]!.port;
  });
}

const usable = (replicas: Replicas): boolean[] => replicas.states().map((state) => state.usable);

it('checks a quarter of the bound apart, from 100 ms to a second', () => {
  expect(checkIntervalMs(5000)).toBe(1000);
  expect(checkIntervalMs(1000)).toBe(250);
  expect(checkIntervalMs(100)).toBe(100);
});

it('takes the usable standbys in turn, skips one lagging past the bound, and reads the primary with none', async () => {
  const replicas = replicasOn([first.url, second.url]);
  // Unusable until checked: the primary answers meanwhile.
  await until('both standbys are usable', () => usable(replicas).every(Boolean), SOON_MS);
  const ports = [await nextReadPort(replicas), await nextReadPort(replicas), await nextReadPort(replicas)];
  expect(ports).toEqual([first.port, second.port, first.port]);
  expect(replicas.states().map((state) => state.name)).toEqual([
    `127.0.0.1:${first.port}/postgres`,
    `127.0.0.1:${second.port}/postgres`,
  ]);

  await first.pauseReplay();
  try {
    // Lag shows once WAL arrives that the paused standby does not replay.
    await primary.query('INSERT INTO lag_marks VALUES (0)');
    await until('the paused standby is skipped', () => !replicas.states()[0]!.usable, SOON_MS);
    expect(replicas.states()[0]!.lagSeconds).toBeGreaterThan(MAX_LAG_MS / 1000);
    // (The other may be skipped for a check too, if one landed between the insert's arrival and its replay.)
    await until('the other standby is usable', () => replicas.states()[1]!.usable, SOON_MS);
    expect([await nextReadPort(replicas), await nextReadPort(replicas)]).toEqual([second.port, second.port]);

    await second.pauseReplay();
    try {
      await primary.query('INSERT INTO lag_marks VALUES (1)');
      await until('both are skipped', () => usable(replicas).every((state) => !state), SOON_MS);
      expect(await nextReadPort(replicas)).toBe(primary.port);
      expect(await replicas.onReplica(async () => 'read')).toBeNull();
    } finally {
      await second.resumeReplay();
    }
  } finally {
    await first.resumeReplay();
  }
  await until('both are usable again', () => usable(replicas).every(Boolean), SOON_MS);
});

it('runs a read that fails on a standby again on the primary, and keeps the standby', async () => {
  const replicas = replicasOn([first.url]);
  await until('the standby is usable', () => usable(replicas)[0] === true, SOON_MS);
  // txid_current() is refused during recovery: only the primary can answer it.
  const answered = await replicas.read(async (db) => {
    const { rows } = await db.query<{ port: number }>('SELECT inet_server_port() AS port, txid_current()');
    return rows[0]!.port;
  });
  expect(answered).toBe(primary.port);
  // Not a connection failure: the standby still takes the next read.
  expect(usable(replicas)).toEqual([true]);
  expect(await nextReadPort(replicas)).toBe(first.port);
});

it('never uses a server that is not in recovery', async () => {
  const replicas = replicasOn([primary.url]);
  // Its check answered (a lag is known: none), yet it is not usable: it is no standby.
  await until('the server is checked', () => replicas.states()[0]!.lagSeconds !== null, SOON_MS);
  expect(usable(replicas)).toEqual([false]);
  expect(replicas.readPool()).toBe(primaryPool);
});

it('skips a standby that is stopped, its lag unknown, and uses it again once it is back', async () => {
  const replicas = replicasOn([second.url, first.url]);
  await until('both standbys are usable', () => usable(replicas).every(Boolean), SOON_MS);
  await second.stop();
  try {
    // Every read is answered: by the other standby, or the primary for one sent to the stopped one.
    for (let read = 0; read < 4; read++) expect(await nextReadPort(replicas)).not.toBe(second.port);
    await until('the stopped standby is skipped', () => !replicas.states()[0]!.usable, SOON_MS);
    expect(replicas.states()[0]!.lagSeconds).toBeNull();
    expect(await nextReadPort(replicas)).toBe(first.port);
  } finally {
    await second.start();
  }
  await until('the standby is usable again', () => replicas.states()[0]!.usable, SOON_MS);
});
