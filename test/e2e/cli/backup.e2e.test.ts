/**
 * `npm run backup` and `npm run restore` (docs/operations.md, "Backups"), run as the compiled tools the npm
 * scripts run, on a real Postgres: games played through the API (two to their end — one archived by
 * `npm run archive`, one still as rows — one still running), player
 * events, webhooks and their deliveries, ratings; a backup; a restore into a blank database, which then checks
 * out (check:projections, verifyGame, every table as it was, every export byte for byte); a restore that tells
 * nobody, with a server running on the database, a `myEvents` subscriber on it and a webhook receiver; refusals
 * (a database holding games, a cut or damaged file) that change nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client, type Notification } from 'pg';
import { TestApp, dataOf, register, startTestApp } from '../../support/service/app';
import { adminUrl, sql, urlFor } from '../../support/service/database';
import { createGame, joinGame, makeMove, playGame, readGame, resign } from '../../support/service/play';
import { until } from '../../support/service/outage';
import { readBackupHeader } from '../../support/backup';
import { DELIVERY_HEADER } from '../../../src/webhooks/webhook-request';

const DIST = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli');
const BACKUP = path.join(DIST, 'backup.js');
const RESTORE = path.join(DIST, 'restore.js');
const CHECK_PROJECTIONS = path.join(DIST, 'check-projections.js');
const ARCHIVE = path.join(DIST, 'archive.js');
/** Every channel the app LISTENs on (src/notifications/event-bus.ts). */
const CHANNELS = ['malice_games', 'malice_player_events', 'malice_webhooks', 'malice_tokens'];
/** Short classic games: three pay-off cards each (as in restart-verify.e2e.test.ts). */
const SHORT_GAME = { preset: 'CLASSIC' as const, options: { payoffSize: 3, maxTurns: 80 } };
/**
 * Loopback receivers allowed; the periodic pass out of the way (a pass runs on a wake-up, or on demand: the test
 * build's control, which needs the manual clock).
 */
const APP_ENV = { CLOCK: 'manual', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_INTERVAL_MS: '3600000' };

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(script: string, args: readonly string[], databaseUrl: string): Run {
  const result = spawnSync(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A new database with nothing in it, not even the migrations. */
async function blankDatabase(): Promise<string> {
  const name = `malice_restore_${randomBytes(6).toString('hex')}`;
  await sql(adminUrl(), `CREATE DATABASE ${name}`);
  created.push(name);
  return urlFor(name);
}

/** Every table's rows, as sorted text (the watch tables' leases are renewed by a running server: left out). */
async function contents(url: string): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>(
    url,
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (name.endsWith('_watches')) continue;
    const [row] = await sql<{ rows: string | null }>(
      url,
      `SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS rows FROM "${name}" t`,
    );
    result[name] = row?.rows ?? '';
  }
  return result;
}

async function rowCounts(url: string, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await sql<{ n: number }>(url, `SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = row!.n;
  }
  return counts;
}

async function exportOf(app: TestApp, gameId: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${app.url}/api/games/${gameId}/export`);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

/** A webhook delivery pass on demand (the test build's control); its report. */
async function deliverPass(app: TestApp): Promise<unknown> {
  const response = await fetch(`${app.url}/test/webhooks/deliver`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return response.json();
}

let source: TestApp;
let restored: TestApp | null = null;
let receiver: http.Server;
const received: string[] = [];
/** While set, the receiver answers 500: its deliveries stay PENDING, due again later. */
let failing = false;
let folder: string;
let backupFile: string;
const created: string[] = [];
let alice: string;
let bob: string;
let gameIds: string[] = [];
let finishedIds: string[] = [];
let aliceId: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-backup-'));
  backupFile = path.join(folder, 'malice.backup');
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(`${String(request.headers[DELIVERY_HEADER])} ${failing ? 'refused' : 'taken'}`);
      response.writeHead(failing ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;

  source = await startTestApp({ testBuild: true, env: APP_ENV });
  alice = await register(source, `alice_${process.pid}`);
  bob = await register(source, `bob_${process.pid}`);
  aliceId = dataOf(await source.gql<{ me: { id: string } }>(alice, '{ me { id } }')).me.id;
  dataOf(
    await source.gql(
      alice,
      'mutation($u: String!) { createWebhook(url: $u, secret: "a long enough secret") { id } }',
      {
        u: `http://127.0.0.1:${port}/hook`,
      },
    ),
  );
  // A subscriber on the source while the backup is taken: the backup holds its watch (player_watches).
  const subscriber = source.ws(alice);
  subscriber.subscribe(
    { query: 'subscription { myEvents { id } }' },
    { next: () => {}, error: () => {}, complete: () => {} },
  );
  await until('the subscriber on the source is watched', async () => {
    const rows = await sql(source.databaseUrl, 'SELECT 1 FROM player_watches WHERE player_id = $1', [
      aliceId,
    ]);
    return rows.length > 0;
  });

  const newGame = async (seed: string): Promise<string> => {
    const game = await createGame(source, alice, { ...SHORT_GAME, seed });
    await joinGame(source, bob, game.id);
    return game.id;
  };
  // Played to its end; resigned after a few moves; still running; an open challenge.
  const played = await newGame('backup-played');
  expect((await playGame(source, [alice, bob], played)).status).toBe('FINISHED');
  // Its log moved into its archive (npm run archive): the backup holds one finished game of each form.
  const archived = run(ARCHIVE, ['--after-minutes', '0'], source.databaseUrl);
  expect(archived).toEqual({
    status: 0,
    stdout:
      'archived 1 games over for 0 minutes or more, settled 0 over before their first move; 0 left as rows\n',
    stderr: '',
  });
  expect(await sql(source.databaseUrl, 'SELECT game_id FROM game_archives')).toEqual([{ game_id: played }]);
  const resigned = await newGame('backup-resigned');
  await playGame(source, [alice, bob], resigned, { maxVersion: 6 });
  expect((await resign(source, bob, resigned)).status).toBe('FINISHED');
  const running = await newGame('backup-running');
  await playGame(source, [alice, bob], running, { maxVersion: 5 });
  expect((await readGame(source, null, running)).status).toBe('ACTIVE');
  // A challenge bob has not answered (its row names him: the invitation is a player event of his).
  const challenge = dataOf(
    await source.gql<{ createGame: { id: string } }>(
      alice,
      'mutation($o: String!) { createGame(input: { preset: CLASSIC, opponent: $o }) { id } }',
      { o: `bob_${process.pid}` },
    ),
  ).createGame.id;
  gameIds = [played, resigned, running, challenge];
  finishedIds = [played, resigned];

  // Every delivery sent before the backup: a restore then has nothing pending that a server could send.
  await until('every webhook delivery is delivered', async () => {
    await deliverPass(source);
    const pending = await sql(
      source.databaseUrl,
      "SELECT 1 FROM webhook_deliveries WHERE status <> 'SUCCEEDED'",
    );
    return pending.length === 0;
  });
  expect(received.length).toBeGreaterThan(0);

  const backup = run(BACKUP, [backupFile], source.databaseUrl);
  expect(backup.stderr).toBe('');
  expect(backup.status).toBe(0);
  expect(backup.stdout).toMatch(/^backed up \d+ tables \(\d+ rows, 4 games\) at schema \d+_\w+/);
});

afterAll(async () => {
  await restored?.stop();
  await source?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  for (const name of created) await sql(adminUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('a backup', () => {
  it('is one file, readable by its owner only, that says its schema version and every table it holds', async () => {
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    // Written under a temporary name, then renamed: nothing else is left beside it.
    expect(fs.readdirSync(folder)).toEqual(['malice.backup']);
    const header = await readBackupHeader(backupFile);
    const [last] = await sql<{ name: string }>(
      source.databaseUrl,
      'SELECT max(name) AS name FROM _migrations',
    );
    expect(header.schemaVersion).toBe(last!.name);
    const tables = await sql<{ name: string }>(
      source.databaseUrl,
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
    );
    // Every table, the migrator's own included, found from the catalog.
    expect(header.tables.map((table) => table.name).sort()).toEqual(tables.map((table) => table.name));
    expect(header.tables.find((table) => table.name === 'games')?.rows).toBe(4);
    expect(header.tables.find((table) => table.name === 'player_watches')?.rows).toBeGreaterThan(0);
  });
});

describe('a failed backup', () => {
  it('leaves FILE as it was and nothing beside it', async () => {
    const file = path.join(folder, 'kept.backup');
    fs.writeFileSync(file, 'the previous backup');
    const failed = run(BACKUP, [file], await blankDatabase());
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('backup failed: the database has no _migrations table');
    expect(fs.readFileSync(file, 'utf8')).toBe('the previous backup');
    expect(fs.readdirSync(folder).sort()).toEqual(['kept.backup', 'malice.backup']);
    fs.rmSync(file);
  });
});

describe('a restore into a blank database', () => {
  let target: string;
  /** Each table's rows right after the restore, before a server ran on it (and stored its own watches). */
  let counts: Record<string, number>;

  beforeAll(async () => {
    target = await blankDatabase();
    const restore = run(RESTORE, [backupFile], target);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/^restored \d+ tables/);
    const header = await readBackupHeader(backupFile);
    counts = await rowCounts(
      target,
      header.tables.map((table) => table.name),
    );
    restored = await startTestApp({ databaseUrl: target, testBuild: true, env: APP_ENV });
  });

  it('holds every table as the backup took it', async () => {
    const header = await readBackupHeader(backupFile);
    expect(counts).toEqual(Object.fromEntries(header.tables.map((table) => [table.name, table.rows])));
    // The source still runs, but nothing has changed there since the backup (the watch tables aside).
    expect(await contents(target)).toEqual(await contents(source.databaseUrl));
    // The sequences go on from where they were: the next event gets an id no restored row has.
    const [next] = await sql<{ fresh: boolean }>(
      target,
      "SELECT nextval('player_events_id_seq') > (SELECT max(id) FROM player_events) AS fresh",
    );
    expect(next!.fresh).toBe(true);
  });

  it('checks out: check:projections finds no difference, every finished game verifies, every export is the same', async () => {
    const check = run(CHECK_PROJECTIONS, [], target);
    expect(check.status).toBe(0);
    expect(check.stdout).toContain('checked 4 games: every projection matches its log');
    for (const gameId of finishedIds) {
      const verified = await restored!.gql<{ verifyGame: { ok: boolean } }>(
        null,
        'query($g: ID!) { verifyGame(id: $g) { ok } }',
        { g: gameId },
      );
      expect(dataOf(verified).verifyGame.ok).toBe(true);
    }
    for (const gameId of gameIds) {
      const before = await exportOf(source, gameId);
      const after = await exportOf(restored!, gameId);
      expect(after.status).toBe(before.status);
      expect(after.body.equals(before.body)).toBe(true);
    }
    expect((await exportOf(restored!, finishedIds[0]!)).status).toBe(200);
  });

  it('leaves the running game playable, and the move log append-only', async () => {
    const running = gameIds[2]!;
    const { currentSeat } = await readGame(restored!, null, running);
    // The sessions came back with the accounts: the source's tokens work here.
    const mover = [alice, bob][currentSeat!]!;
    const seen = await readGame(restored!, mover, running);
    const moved = await makeMove(
      restored!,
      mover,
      running,
      seen.legalMoves[0]!,
      seen.version,
      'after-restore',
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.makeMove.move.seq).toBe(seen.version + 1);
    // Its webhook deliveries go out before the next test counts what the receiver got.
    await until("the move's deliveries are delivered", async () => {
      await deliverPass(restored!);
      const pending = await sql(target, "SELECT 1 FROM webhook_deliveries WHERE status <> 'SUCCEEDED'");
      return pending.length === 0;
    });
    for (const statement of [
      'UPDATE game_events SET type = type',
      'DELETE FROM game_events',
      'TRUNCATE game_events CASCADE',
    ]) {
      await expect(sql(target, statement)).rejects.toThrow(/append-only/);
    }
  });
});

describe('what a restore tells', () => {
  it('nothing: with a server running on the database, a myEvents subscriber on it and a webhook receiver, a restore over it sends no push and no webhook', async () => {
    const target = restored!.databaseUrl;
    const listener = new Client({ connectionString: target });
    await listener.connect();
    const heard: Notification[] = [];
    listener.on('notification', (message) => heard.push(message));
    for (const channel of CHANNELS) await listener.query(`LISTEN ${channel}`);

    const pushed: string[] = [];
    const subscriber = restored!.ws(alice);
    subscriber.subscribe<{ myEvents: { id: string } }>(
      { query: 'subscription { myEvents { id } }' },
      {
        next: (message) => pushed.push(message.data?.myEvents.id ?? '?'),
        error: () => {},
        complete: () => {},
      },
    );
    // Two watches of alice: the source's, restored, and this server's.
    await until('the subscriber on the restored database is watched', async () => {
      const rows = await sql(target, 'SELECT 1 FROM player_watches WHERE player_id = $1', [aliceId]);
      return rows.length === 2;
    });
    const deliveredBefore = received.length;

    const restore = run(RESTORE, [backupFile, '--replace'], target);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    // Announcements reach every listener in commit order: once this one is heard, any of the restore's was.
    const sentinel = {
      id: '9000000000000',
      playerId: aliceId,
      kind: 'YOUR_TURN',
      gameId: gameIds[2],
      createdAt: new Date().toISOString(),
    };
    await listener.query("SELECT pg_notify('malice_player_events', $1)", [JSON.stringify(sentinel)]);
    await until('the listener hears the sentinel', () => heard.length > 0);
    await until('the subscriber gets the sentinel', () => pushed.length > 0);
    await listener.end();
    expect(heard.map((message) => message.payload)).toEqual([JSON.stringify(sentinel)]);
    expect(pushed).toEqual([sentinel.id]);

    // No delivery was queued, so a pass sends nothing.
    expect(await deliverPass(restored!)).toMatchObject({ attempted: 0 });
    expect(received.length).toBe(deliveredBefore);
    expect(await contents(target)).toEqual(await contents(source.databaseUrl));
  });
});

describe("the move log's guard during a restore", () => {
  it("is never off for another session, and the log is out of every other writer's reach meanwhile", async () => {
    const target = restored!.databaseUrl;
    // A writer's lock on games holds the restore up just after it switched the log's TRUNCATE guard off.
    const blocker = new Client({ connectionString: target });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE games IN ROW EXCLUSIVE MODE');
    const { exited } = spawnRestore(target);
    try {
      await until('the restore waits for the lock on games', async () => {
        const waiting = await sql(
          target,
          "SELECT 1 FROM pg_stat_activity WHERE application_name = 'malice-restore' AND wait_event_type = 'Lock'",
        );
        return waiting.length > 0;
      });
      // By then it has switched the log's TRUNCATE guard off in its transaction: it holds ALTER TABLE's lock.
      const held = await sql<{ mode: string }>(
        target,
        `SELECT l.mode FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE a.application_name = 'malice-restore' AND l.relation = 'game_events'::regclass AND l.granted`,
      );
      expect(held.map((lock) => lock.mode)).toContain('ShareRowExclusiveLock');
      const triggers = await sql<{ tgname: string; tgenabled: string }>(
        target,
        "SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'game_events'::regclass AND NOT tgisinternal ORDER BY tgname",
      );
      expect(triggers).toEqual([
        { tgname: 'game_events_no_delete', tgenabled: 'O' },
        { tgname: 'game_events_no_truncate', tgenabled: 'O' },
        { tgname: 'game_events_no_update', tgenabled: 'O' },
      ]);
      const writer = new Client({ connectionString: target });
      await writer.connect();
      try {
        await writer.query("SET lock_timeout = '200ms'");
        await expect(writer.query('TRUNCATE game_events CASCADE')).rejects.toThrow(/lock timeout/);
      } finally {
        await writer.end();
      }
    } finally {
      await blocker.query('COMMIT');
      await blocker.end();
    }
    expect(await exited).toMatchObject({ code: 0 });
    await expect(sql(target, 'TRUNCATE game_events CASCADE')).rejects.toThrow(/append-only/);
  });

  it('meets a deadlock with a live session, rolls back and starts again: the second attempt restores', async () => {
    const target = restored!.databaseUrl;
    // The restore is held on games while it holds game_events (as above); a session holding tournaments then
    // waits for game_events, and the restore, let go, wants tournaments for its TRUNCATE: a cycle. That
    // session's deadlock_timeout is long, so the restore's own check finds the cycle and it is the one ended.
    const blocker = new Client({ connectionString: target });
    const session = new Client({ connectionString: target });
    await blocker.connect();
    await session.connect();
    const { exited, output } = spawnRestore(target);
    let sessionLock: Promise<unknown> | undefined;
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE games IN ROW EXCLUSIVE MODE');
      await session.query('BEGIN');
      await session.query("SET LOCAL deadlock_timeout = '60s'");
      await session.query('LOCK TABLE tournaments IN ACCESS SHARE MODE');
      const restoreWaits = (): Promise<boolean> =>
        sql(
          target,
          "SELECT 1 FROM pg_stat_activity WHERE application_name = 'malice-restore' AND wait_event_type = 'Lock'",
        ).then((rows) => rows.length > 0);
      await until('the restore waits for the lock on games', restoreWaits);
      const pid = (await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      sessionLock = session.query('LOCK TABLE game_events IN ROW EXCLUSIVE MODE');
      await until('the session waits for game_events', async () => {
        const rows = await sql(
          target,
          `SELECT 1 FROM pg_stat_activity WHERE pid = ${pid} AND wait_event_type = 'Lock'`,
        );
        return rows.length > 0;
      });
      await blocker.query('COMMIT');
      await until('the first attempt met the deadlock', () => /met a deadlock/.test(output()));
      await sessionLock;
      // The second attempt now waits for the session's lock on game_events.
      await until('the second attempt waits', restoreWaits);
      await session.query('COMMIT');
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await sessionLock?.catch(() => undefined);
      await session.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
      await session.end();
    }
    expect(await exited).toMatchObject({ code: 0 });
    expect(output()).toContain(
      'restore attempt 1 met a deadlock with another session and rolled back (nothing changed): trying again',
    );
    expect(output()).toMatch(/^restored \d+ tables/m);
    expect(await contents(target)).toEqual(await contents(source.databaseUrl));
  });
});

/** The restore of the backup over `target` as a child process; its exit code with what it printed. */
function spawnRestore(target: string): {
  exited: Promise<{ code: number | null; output: string }>;
  output: () => string;
} {
  const child = spawn(process.execPath, [RESTORE, backupFile, '--replace'], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: target },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, output: printed })),
  );
  return { exited, output: () => printed };
}

describe('a refused restore changes nothing', () => {
  it('refuses a database holding games, without --replace', async () => {
    const target = restored!.databaseUrl;
    const before = await contents(target);
    const restore = run(RESTORE, [backupFile], target);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(
      /^restore refused: the database holds 4 games and 2 accounts: .*--replace/,
    );
    expect(restore.stderr).toContain('The database is unchanged');
    expect(await contents(target)).toEqual(before);
  });

  it('refuses a cut, a damaged and a foreign file, leaving a blank database blank and a full one as it was', async () => {
    const bytes = fs.readFileSync(backupFile);
    const cut = path.join(folder, 'cut.backup');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const damaged = path.join(folder, 'damaged.backup');
    const flipped = Buffer.from(bytes);
    const at = Math.floor(flipped.length * 0.7);
    flipped[at] = flipped[at]! ^ 0xff;
    fs.writeFileSync(damaged, flipped);
    const foreign = path.join(folder, 'foreign.backup');
    fs.writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    const plain = path.join(folder, 'plain.backup');
    fs.writeFileSync(plain, 'not even gzip\n');

    const blank = await blankDatabase();
    const full = restored!.databaseUrl;
    const before = await contents(full);
    for (const file of [cut, damaged, foreign, plain]) {
      for (const [target, args] of [
        [blank, [file]],
        [full, [file, '--replace']],
      ] as const) {
        const restore = run(RESTORE, args, target);
        expect(restore.status).toBe(1);
        expect(restore.stderr).toMatch(
          /^restore refused: .* is not a backup that can be restored: .*The database is unchanged/,
        );
      }
    }
    // Not even the migrations stayed behind.
    expect(await sql(blank, 'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()')).toEqual(
      [],
    );
    expect(await contents(full)).toEqual(before);
  });
});

describe('webhook deliveries pending in a backup', () => {
  it('are sent, with their own ids, by the first server on the restored database once they are due', async () => {
    // bob challenges alice while her receiver is down: the delivery is PENDING, its next attempt later.
    failing = true;
    dataOf(
      await source.gql(
        bob,
        'mutation($o: String!) { createGame(input: { preset: CLASSIC, opponent: $o }) { id } }',
        {
          o: `alice_${process.pid}`,
        },
      ),
    );
    const pendingOf = (url: string) =>
      sql<{ id: string; next_attempt_at: Date }>(
        url,
        "SELECT id::text, next_attempt_at FROM webhook_deliveries WHERE status = 'PENDING' AND attempt_count = 1",
      );
    await until("the challenge's delivery failed once", async () => {
      await deliverPass(source);
      return (await pendingOf(source.databaseUrl)).length === 1;
    });
    const file = path.join(folder, 'pending.backup');
    expect(run(BACKUP, [file], source.databaseUrl).status).toBe(0);
    failing = false;

    const target = await blankDatabase();
    expect(run(RESTORE, [file], target).status).toBe(0);
    const [pending] = await pendingOf(target);
    expect(pending).toBeDefined();
    const server = await startTestApp({ databaseUrl: target, testBuild: true, env: APP_ENV });
    try {
      const clock = await fetch(`${server.url}/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: pending!.next_attempt_at.toISOString() }),
      });
      expect(clock.status).toBe(200);
      expect(await deliverPass(server)).toMatchObject({ attempted: 1 });
      expect(received.at(-1)).toBe(`${pending!.id} taken`);
    } finally {
      await server.stop();
    }
  });
});
