/**
 * Three copies of the compiled server on one Postgres behind Debian's nginx, configured with the block in
 * docs/deploy.md (its ports replaced). A game is played to its end through the proxy while one copy is stopped
 * and started again: no acknowledged move is lost or applied twice, pushes reach a subscriber on every copy and
 * one through the proxy, and a deadline passed on every copy's test clock times the game out exactly once.
 *
 * nginx runs as the test's own process (`-p`/`-c`, a free port); `.ci/run` installs the package with a
 * policy-rc.d that keeps it from starting a system nginx.
 */
import { wsClient } from '../../support/service/app';
import {
  type Copy,
  type Proxy,
  copyUrl,
  gqlRetrying as gqlAt,
  startCopy as startCopyOn,
  startProxy,
  startThreeCopies,
  stopCopy,
} from '../../support/service/copies';
import { freshDatabase, sql } from '../../support/service/database';
import { until } from '../../support/service/outage';
import { GAME_FIELDS, GameData, chooseMove, findSeed } from '../../support/service/play';

const METRICS_TOKEN = 'proxy-test-metrics-token';
const COPY_ENV = {
  CLOCK: 'manual',
  TRUSTED_PROXIES: 'loopback',
  // Every copy's sweeper runs on its own, as in production: the deadline is claimed by one of them.
  SWEEP_INTERVAL_MS: '100',
  METRICS_TOKEN: METRICS_TOKEN,
};

let database: { url: string; drop: () => Promise<void> };
let copies: Copy[] = [];
let proxy: Proxy;
let proxyUrl: string;

const startCopy = (port: number, existing?: Copy): Promise<Copy> =>
  startCopyOn(database.url, port, COPY_ENV, existing);

beforeAll(async () => {
  database = await freshDatabase();
  copies = await startThreeCopies(database.url, COPY_ENV);
  proxy = await startProxy(copies);
  proxyUrl = proxy.url;
}, 120_000);

afterAll(async () => {
  proxy?.stop();
  await Promise.all(copies.map(stopCopy));
  await database?.drop();
});

/** A GraphQL request through the proxy, sent again while the answer is not GraphQL's (test/support/service/copies.ts). */
function gqlRetrying<T>(token: string | null, query: string, variables: Record<string, unknown>): Promise<T> {
  return gqlAt<T>(proxyUrl, token, query, variables);
}

async function registerThroughProxy(username: string): Promise<string> {
  const body = await gqlRetrying<{ register: { token: string } }>(
    null,
    'mutation($u: String!) { register(username: $u, password: "correct horse battery staple") { token } }',
    { u: username },
  );
  return body.register.token;
}

function readGame(token: string, gameId: string): Promise<GameData> {
  return gqlRetrying<{ game: GameData }>(token, `query($g: ID!) { game(id: $g) { ${GAME_FIELDS} } }`, {
    g: gameId,
  }).then((body) => body.game);
}

/** Follows a game's pushes on one server (a copy, or the proxy): the versions seen. */
function follow(
  url: string,
  token: string,
  gameId: string,
): { versions: number[]; dispose(): Promise<void> } {
  const versions: number[] = [];
  const client = wsClient(url, token, { onNonLazyError: () => undefined });
  client.subscribe(
    { query: `subscription($g: ID!) { gameUpdated(gameId: $g) { version } }`, variables: { g: gameId } },
    {
      next: (push) => versions.push((push.data as { gameUpdated: { version: number } }).gameUpdated.version),
      error: () => undefined,
      complete: () => undefined,
    },
  );
  return { versions, dispose: async () => client.dispose() };
}

/** The GraphQL requests a copy has answered since it started, from its own metrics. */
async function graphqlAnswered(copy: Copy): Promise<number> {
  const response = await fetch(`${copyUrl(copy)}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const metrics = await response.text();
  return [...metrics.matchAll(/^malice_http_requests_total\{[^}]*route="\/graphql"[^}]*\} (\d+)/gm)]
    .map((match) => Number(match[1]))
    .reduce((sum, count) => sum + count, 0);
}

it('plays a game to its end through nginx while a copy stops and starts again: every move once, pushes everywhere', async () => {
  const alice = await registerThroughProxy('proxy-alice');
  const bob = await registerThroughProxy('proxy-bob');
  const tokens = [alice, bob];
  const seed = findSeed('modern', 2, 'proxy', 60, 400);
  const created = await gqlRetrying<{ createGame: { id: string } }>(
    alice,
    'mutation($s: String!) { createGame(input: { preset: MODERN, seed: $s }) { id } }',
    { s: seed },
  );
  const gameId = created.createGame.id;
  await gqlRetrying(bob, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId });

  // A subscriber on each copy, and one through the proxy (its upgrade passed on by nginx).
  const followers = [
    ...copies.map((copy) => follow(copyUrl(copy), alice, gameId)),
    follow(proxyUrl, bob, gameId),
  ];

  const acknowledged: string[] = [];
  let restarted: Promise<void> | null = null;
  let follower2: ReturnType<typeof follow> | null = null;
  let game = await readGame(alice, gameId);
  while (game.status === 'ACTIVE') {
    const seat = game.currentSeat!;
    const seen = await readGame(tokens[seat]!, gameId);
    const clientMoveId = `${gameId}:${seen.version}`;
    const answer = await gqlRetrying<{
      makeMove: { replayed: boolean; move: { seq: number }; game: GameData };
    }>(
      tokens[seat]!,
      `mutation($g: ID!, $m: String!, $v: Int, $c: String) {
        makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { replayed move { seq } game { ${GAME_FIELDS} } } }`,
      { g: gameId, m: chooseMove(seen.legalMoves), v: seen.version, c: clientMoveId },
    );
    expect(answer.makeMove.move.seq).toBe(seen.version + 1);
    acknowledged.push(clientMoveId);
    game = answer.makeMove.game;
    // A third of the way in, the second copy stops (in order) and starts again on its port, while play goes on.
    if (acknowledged.length === 20) {
      const second = copies[1]!;
      restarted = (async () => {
        await followers[1]!.dispose();
        await stopCopy(second);
        await startCopy(second.port, second);
        follower2 = follow(copyUrl(second), alice, gameId);
      })();
    }
    if (restarted !== null && acknowledged.length === 40) await restarted;
  }
  await restarted;
  expect(game.status).toBe('FINISHED');

  // Every acknowledged move is in the log once, and the log holds nothing else.
  const log = await sql<{ seq: number; client_move_id: string | null }>(
    database.url,
    'SELECT seq, client_move_id FROM game_events WHERE game_id = $1 ORDER BY seq',
    [gameId],
  );
  const moves = log.filter((event) => event.client_move_id !== null).map((event) => event.client_move_id);
  expect(moves).toEqual(acknowledged);
  expect(log.map((event) => event.seq)).toEqual(log.map((_, index) => index + 1));
  expect(game.version).toBe(log.length);

  // The last version reaches the subscribers on the first and third copy, the restarted second, and the proxy's.
  const everyone = [followers[0]!, follower2!, followers[2]!, followers[3]!];
  await until(
    'every follower sees the end',
    () => everyone.every((each) => each.versions.includes(game.version)),
    20_000,
  );
  for (const each of everyone) await each.dispose();
  // The proxy keeps the metrics to itself; each copy gives them on its own port.
  expect(
    (await fetch(`${proxyUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status,
  ).toBe(404);
  // The proxy spread the requests: the first and third copy answered GraphQL requests, and the restarted second
  // is back in rotation once nginx tries it again (fail_timeout): requests through the proxy reach it.
  expect(await graphqlAnswered(copies[0]!)).toBeGreaterThan(0);
  expect(await graphqlAnswered(copies[2]!)).toBeGreaterThan(0);
  await until(
    'the restarted copy answers requests through the proxy',
    async () => {
      await gqlRetrying(alice, '{ me { id } }', {});
      return (await graphqlAnswered(copies[1]!)) > 0;
    },
    30_000,
  );
}, 240_000);

it('times a deadline out exactly once, whichever copy sweeps first', async () => {
  const carol = await registerThroughProxy('proxy-carol');
  const dave = await registerThroughProxy('proxy-dave');
  const tokens = [carol, dave];
  const created = await gqlRetrying<{ createGame: { id: string } }>(
    carol,
    'mutation { createGame(input: { preset: CLASSIC, hoursPerMove: 1 }) { id } }',
    {},
  );
  const gameId = created.createGame.id;
  await gqlRetrying(dave, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId });
  // Both players move once, so the idle one is timed out rather than the game called off.
  let game = await readGame(carol, gameId);
  const moved = new Set<number>();
  while (moved.size < 2) {
    const seat = game.currentSeat!;
    const seen = await readGame(tokens[seat]!, gameId);
    const answer = await gqlRetrying<{ makeMove: { game: GameData } }>(
      tokens[seat]!,
      `mutation($g: ID!, $m: String!, $v: Int, $c: String) { makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { ${GAME_FIELDS} } } }`,
      { g: gameId, m: chooseMove(seen.legalMoves), v: seen.version, c: `${gameId}:${seen.version}` },
    );
    moved.add(seat);
    game = answer.makeMove.game;
  }
  const deadline = (
    await gqlRetrying<{ game: { deadline: string } }>(carol, 'query($g: ID!) { game(id: $g) { deadline } }', {
      g: gameId,
    })
  ).game.deadline;
  // Every copy's clock goes past the deadline at once; each sweeps then (and on its own every 100 ms).
  const past = new Date(Date.parse(deadline) + 1000).toISOString();
  const reports = await Promise.all(
    copies.map(async (copy) => {
      const response = await fetch(`${copyUrl(copy)}/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: past }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { timedOut: number };
    }),
  );
  await until('the game is over', async () => (await readGame(carol, gameId)).status === 'FINISHED', 10_000);
  expect((await readGame(carol, gameId)).result?.reason).toBe('TIMED_OUT');
  const timeouts = await sql<{ n: number }>(
    database.url,
    `SELECT count(*)::int AS n FROM game_events WHERE game_id = $1 AND type = 'timedOut'`,
    [gameId],
  );
  expect(timeouts[0]!.n).toBe(1);
  expect(reports.reduce((sum, report) => sum + report.timedOut, 0)).toBeLessThanOrEqual(1);
}, 120_000);
