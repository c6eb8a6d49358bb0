/**
 * A failover that loses no acknowledged move (docs/operations.md#failover): the compiled server reaches Postgres
 * through PgBouncer in transaction mode (DATABASE_POOLER=transaction) in front of HAProxy, which sends connections to
 * whichever server is primary (its external check asks `pg_is_in_recovery()`); the primary commits only once its
 * synchronous standby has the commit. Clients play with a clientMoveId on every move and send a move again,
 * unchanged, until they get an answer. The primary is killed (SIGKILL) mid-play and the standby promoted, as an
 * operator or a failover manager would: then every acknowledged move is in the promoted server's log exactly once,
 * and the time without service is printed.
 */
import { freePort } from '../../../src/common/free-port';
import { type Copy, gqlRetrying, startCopy, stopCopy } from '../../support/service/copies';
import { GAME_FIELDS, GameData, chooseMove, findSeed } from '../../support/service/play';
import { type Haproxy, startHaproxy } from '../../support/servers/haproxy';
import { type Pgbouncer, startPgbouncer } from '../../support/servers/pgbouncer';
import { type PostgresServer, startPrimary, startStandby } from '../../support/servers/postgres-cluster';

const DATABASE = 'malice';
/** Moves each game makes before the crash, and after the service is back. */
const MOVES_BEFORE = 8;
const MOVES_AFTER = 8;

let primary: PostgresServer;
let standby: PostgresServer;
let haproxy: Haproxy;
let bouncer: Pgbouncer;
let app: Copy;

beforeAll(async () => {
  primary = await startPrimary({ synchronousStandby: true });
  // Every commit waits for the synchronous standby: it comes first.
  standby = await startStandby(primary);
  await primary.createDatabase(DATABASE);
  haproxy = await startHaproxy([primary, standby]);
  bouncer = await startPgbouncer({ port: haproxy.port });
  app = await startCopy(bouncer.urlFor(DATABASE), await freePort(), {
    DATABASE_POOLER: 'transaction',
    // The LISTEN connection needs a session of its own: past PgBouncer, through HAProxy to the primary.
    DATABASE_DIRECT_URL: haproxy.urlFor(DATABASE),
    // The client's own bound on a query, so that a request caught by the crash is answered UNAVAILABLE soon.
    DATABASE_QUERY_TIMEOUT_MS: '2000',
    DATABASE_PROBE_INTERVAL_MS: '200',
  });
}, 120_000);

afterAll(async () => {
  if (app !== undefined) await stopCopy(app);
  await bouncer?.stop();
  await haproxy?.stop();
  await standby?.stop();
  await primary?.stop();
});

const server = (): string => `http://127.0.0.1:${app.port}`;

async function register(username: string): Promise<string> {
  const body = await gqlRetrying<{ register: { token: string } }>(
    server(),
    null,
    'mutation($u: String!) { register(username: $u, password: "correct horse battery staple") { token } }',
    { u: username },
  );
  return body.register.token;
}

/** A game between two new players, and its players' tokens by seat. */
async function newGame(label: string): Promise<{ id: string; tokens: string[] }> {
  const tokens = [await register(`${label}-a`), await register(`${label}-b`)];
  const created = await gqlRetrying<{ createGame: { id: string } }>(
    server(),
    tokens[0]!,
    'mutation($s: String!) { createGame(input: { preset: MODERN, seed: $s }) { id } }',
    { s: findSeed('modern', 2, label, 60, 400) },
  );
  await gqlRetrying(server(), tokens[1]!, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', {
    g: created.createGame.id,
  });
  return { id: created.createGame.id, tokens };
}

/**
 * One move by whoever is to play, sent (again, unchanged) until it is answered: the clientMoveId it was
 * acknowledged with, and when it was.
 */
async function moveOnce(game: {
  id: string;
  tokens: string[];
}): Promise<{ clientMoveId: string; at: number } | null> {
  const read = async (token: string): Promise<GameData> =>
    (
      await gqlRetrying<{ game: GameData }>(
        server(),
        token,
        `query($g: ID!) { game(id: $g) { ${GAME_FIELDS} } }`,
        {
          g: game.id,
        },
      )
    ).game;
  const first = await read(game.tokens[0]!);
  if (first.status !== 'ACTIVE') return null;
  const token = game.tokens[first.currentSeat!]!;
  const seen = await read(token);
  const clientMoveId = `${game.id}:${seen.version}`;
  const answer = await gqlRetrying<{ makeMove: { move: { seq: number } } }>(
    server(),
    token,
    `mutation($g: ID!, $m: String!, $v: Int, $c: String) {
      makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { move { seq } } }`,
    { g: game.id, m: chooseMove(seen.legalMoves), v: seen.version, c: clientMoveId },
  );
  expect(answer.makeMove.move.seq).toBe(seen.version + 1);
  return { clientMoveId, at: Date.now() };
}

it('loses no acknowledged move when the primary is killed and its synchronous standby promoted', async () => {
  const games = [await newGame('failover-one'), await newGame('failover-two')];
  const acknowledged = new Map<string, string[]>(games.map((game) => [game.id, []]));
  let crashedAt = 0;
  let firstAfter = Number.POSITIVE_INFINITY;

  const play = async (game: { id: string; tokens: string[] }, moves: number): Promise<void> => {
    for (let index = 0; index < moves; index++) {
      const move = await moveOnce(game);
      if (move === null) return;
      acknowledged.get(game.id)!.push(move.clientMoveId);
      if (crashedAt > 0 && move.at > crashedAt) firstAfter = Math.min(firstAfter, move.at);
    }
  };

  await Promise.all(games.map((game) => play(game, MOVES_BEFORE)));
  // The crash while both games play on; the promotion a moment later, as a failover manager would do it.
  const playing = Promise.all(games.map((game) => play(game, MOVES_AFTER)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  crashedAt = Date.now();
  await primary.kill9();
  await standby.promote();
  await playing;

  const outage = (firstAfter - crashedAt) / 1000;
  process.stdout.write(
    `failover: first move acknowledged ${outage.toFixed(1)} s after the primary was killed\n`,
  );
  expect(Number.isFinite(outage)).toBe(true);
  // Every acknowledged move is in the promoted server's log, once, in the order it was made, and nothing else is.
  for (const game of games) {
    const log = await standby.query<{ seq: number; client_move_id: string | null }>(
      'SELECT seq, client_move_id FROM game_events WHERE game_id = $1 ORDER BY seq',
      [game.id],
      DATABASE,
    );
    expect(log.filter((event) => event.client_move_id !== null).map((event) => event.client_move_id)).toEqual(
      acknowledged.get(game.id),
    );
    expect(log.map((event) => event.seq)).toEqual(log.map((_, index) => index + 1));
  }
  expect([...acknowledged.values()].every((moves) => moves.length > MOVES_BEFORE)).toBe(true);
}, 180_000);
