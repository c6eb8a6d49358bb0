/**
 * Pushes through a broker (docs/scaling.md#pushes-between-copies): three copies of the compiled server on one
 * Postgres, behind nginx with docs/deploy.md's block, announcing through a NATS server of the test's own
 * (`EVENTS_URL`). Moves are made on two copies; a subscriber on the third sees every version, in order, and every
 * player event once. Then the broker is killed (SIGKILL) in the middle of a game and started again on its port: the
 * copies reconnect, and their subscribers are caught up from Postgres — no version and no event missed, no event
 * twice (a game push may come twice: it carries the game as it is, and clients keep the newest version).
 */
import { Client } from 'pg';
import { wsClient } from '../../support/service/app';
import {
  type Copy,
  type Proxy,
  copyUrl,
  gqlRetrying,
  startProxy,
  startThreeCopies,
  stopCopy,
} from '../../support/service/copies';
import { freshDatabase, sql } from '../../support/service/database';
import { until } from '../../support/service/outage';
import { GAME_FIELDS, GameData, chooseMove, findSeed } from '../../support/service/play';
import { type Nats, startNats } from '../../support/servers/nats';

let database: { url: string; drop: () => Promise<void> };
let nats: Nats;
let copies: Copy[] = [];
let proxy: Proxy;

beforeAll(async () => {
  database = await freshDatabase();
  nats = await startNats();
  copies = await startThreeCopies(database.url, { EVENTS_URL: nats.url });
  proxy = await startProxy(copies);
}, 120_000);

afterAll(async () => {
  proxy?.stop();
  await Promise.all(copies.map(stopCopy));
  await nats?.stop();
  await database?.drop();
});

async function register(username: string): Promise<{ token: string; id: string }> {
  const body = await gqlRetrying<{ register: { token: string; player: { id: string } } }>(
    proxy.url,
    null,
    'mutation($u: String!) { register(username: $u, password: "correct horse battery staple") { token player { id } } }',
    { u: username },
  );
  return { token: body.register.token, id: body.register.player.id };
}

/** What one subscriber on one server has seen: the game's versions, and the player's event ids. */
interface Follower {
  readonly versions: number[];
  readonly events: string[];
  dispose(): Promise<void>;
}

function follow(serverUrl: string, token: string, gameId: string): Follower {
  const versions: number[] = [];
  const events: string[] = [];
  const client = wsClient(serverUrl, token, { onNonLazyError: () => undefined });
  const sink = { error: () => undefined, complete: () => undefined };
  client.subscribe(
    { query: 'subscription($g: ID!) { gameUpdated(gameId: $g) { version } }', variables: { g: gameId } },
    {
      ...sink,
      next: (push) => versions.push((push.data as { gameUpdated: { version: number } }).gameUpdated.version),
    },
  );
  client.subscribe(
    { query: 'subscription { myEvents { id } }' },
    { ...sink, next: (push) => events.push((push.data as { myEvents: { id: string } }).myEvents.id) },
  );
  return { versions, events, dispose: async () => client.dispose() };
}

/** A new game between two players, made through the proxy; its id. */
async function newGame(first: string, second: string, label: string): Promise<string> {
  const seed = findSeed('modern', 2, label, 40, 400);
  const created = await gqlRetrying<{ createGame: { id: string } }>(
    proxy.url,
    first,
    'mutation($s: String!) { createGame(input: { preset: MODERN, seed: $s }) { id } }',
    { s: seed },
  );
  await gqlRetrying(proxy.url, second, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', {
    g: created.createGame.id,
  });
  return created.createGame.id;
}

/** One move by whoever is to play, sent to `server`; the game after it. */
async function move(server: string, tokens: readonly string[], gameId: string): Promise<GameData> {
  const read = async (token: string): Promise<GameData> =>
    (
      await gqlRetrying<{ game: GameData }>(
        server,
        token,
        `query($g: ID!) { game(id: $g) { ${GAME_FIELDS} } }`,
        {
          g: gameId,
        },
      )
    ).game;
  // The legal moves are the player's to move: read as them.
  const token = tokens[(await read(tokens[0]!)).currentSeat!]!;
  const seen = await read(token);
  const answer = await gqlRetrying<{ makeMove: { game: GameData } }>(
    server,
    token,
    `mutation($g: ID!, $m: String!, $v: Int, $c: String) {
      makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { ${GAME_FIELDS} } } }`,
    { g: gameId, m: chooseMove(seen.legalMoves), v: seen.version, c: `${gameId}:${seen.version}` },
  );
  return answer.makeMove.game;
}

async function storedEventIds(playerId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>(
    database.url,
    'SELECT id::text FROM player_events WHERE player_id = $1 ORDER BY player_events.id',
    [playerId],
  );
  return rows.map((row) => row.id);
}

/** The copies announce through the broker, not through Postgres: nobody LISTENs on the database. */
it('announces through the broker: no copy holds a LISTEN connection', async () => {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'malice listen'",
    );
    expect(rows[0]!.n).toBe(0);
  } finally {
    await client.end();
  }
});

it('a subscriber on the first copy sees every move made on the other two, in order, and every event once', async () => {
  const ann = await register('broker-ann');
  const ben = await register('broker-ben');
  const tokens = [ann.token, ben.token];
  const gameId = await newGame(ann.token, ben.token, 'broker-order');
  const before = await storedEventIds(ann.id);
  const watcher = follow(copyUrl(copies[0]!), ann.token, gameId);
  try {
    await until('the subscriber has the game', () => watcher.versions.length > 0, 10_000);
    let game: GameData | null = null;
    for (let index = 0; index < 30; index++) {
      // Each move on the second or third copy; the first copy's subscriber sees it before the next is made.
      game = await move(copyUrl(copies[1 + (index % 2)]!), tokens, gameId);
      const version = game.version;
      await until(
        `version ${version} pushed on the first copy`,
        () => watcher.versions.includes(version),
        10_000,
      );
      if (game.status !== 'ACTIVE') break;
    }
    const versions = watcher.versions;
    expect(versions).toEqual([...versions].sort((a, b) => a - b)); // never an older version after a newer one
    const stored = (await storedEventIds(ann.id)).filter((id) => !before.includes(id));
    expect(stored.length).toBeGreaterThan(5);
    await until(
      'every event of Ann reached her subscriber',
      () => watcher.events.length >= stored.length,
      10_000,
    );
    expect(watcher.events).toEqual(stored); // each once, in order
  } finally {
    await watcher.dispose();
  }
}, 120_000);

it('the broker killed mid-game and started again: subscribers catch up, no version or event missed, none twice', async () => {
  const cid = await register('broker-cid');
  const dot = await register('broker-dot');
  const tokens = [cid.token, dot.token];
  const gameId = await newGame(cid.token, dot.token, 'broker-crash');
  const before = await storedEventIds(cid.id);
  const watchers = [follow(copyUrl(copies[0]!), cid.token, gameId), follow(proxy.url, cid.token, gameId)];
  try {
    await until(
      'the subscribers have the game',
      () => watchers.every((each) => each.versions.length > 0),
      10_000,
    );
    let game = await move(copyUrl(copies[1]!), tokens, gameId);
    await nats.kill9();
    // Moves go on while no copy hears the others: they commit; their announcements are lost or wait in the clients.
    for (let index = 0; index < 6 && game.status === 'ACTIVE'; index++) {
      game = await move(copyUrl(copies[1 + (index % 2)]!), tokens, gameId);
    }
    await nats.restart();
    const last = game.version;
    await until(
      `every subscriber sees version ${last} after the broker is back`,
      () => watchers.every((each) => each.versions.includes(last)),
      30_000,
    );
    const stored = (await storedEventIds(cid.id)).filter((id) => !before.includes(id));
    await until(
      'every event stored since the subscription reached both subscribers',
      () => watchers.every((each) => stored.every((id) => each.events.includes(id))),
      30_000,
    );
    for (const each of watchers) {
      expect(new Set(each.events).size).toBe(each.events.length); // no event twice
      expect(each.events.filter((id) => !stored.includes(id))).toEqual([]); // nothing that is not stored
    }
    // The copies said so in their logs: lost, then back with what they caught up.
    expect(copies[0]!.output).toMatch(/the broker connection is back after [\d.]+ s/);
  } finally {
    for (const each of watchers) await each.dispose();
  }
}, 120_000);
