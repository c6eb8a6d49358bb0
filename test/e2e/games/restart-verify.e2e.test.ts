/**
 * The log is the truth: a game interrupted by a restart comes back exactly as it was, rebuilt
 * from the log by a new server process; `verifyGame` replays a finished game from its revealed seed, and fails
 * when the log, the seed or the recorded result was tampered with in the database.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { GraphQLBody, TestApp, codeOf, dataOf, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { commitmentOf } from '../../support/commitment';

interface GameData {
  id: string;
  status: string;
  version: number;
  currentSeat: number | null;
  legalMoves: string[];
  seed: string | null;
  seedCommitment: string;
  result: { reason: string; winner: number | null; score: number } | null;
}

interface VerifyData {
  ok: boolean;
  seedMatchesCommitment: boolean;
  replayMatches: boolean;
  resultMatches: boolean;
  message: string;
}

/** Everything a caller can see of a game, so before/after a restart can be compared as a whole. */
const FULL_GAME = `id preset status version currentSeat seats rated mySeat seedCommitment seed rulesVersion
  startPosition createdAt startedAt finishedAt legalMoves
  players { seat player { id username } }
  result { reason winner score ranking payoffLeft }
  view { hand stockCount setAsideCount centerPiles { slot cards topRank }
         seats { seat handCount payoffTop payoffCount sidePiles out } turn maxCenterPiles }
  moves(first: 100) { edges { cursor node { seq seat type move card slot createdAt } } pageInfo { hasNextPage endCursor } }`;

const GAME = `query($g: ID!) { game(id: $g) { ${FULL_GAME} } }`;
const MOVE = `mutation($g: ID!, $m: String!, $v: Int, $c: String) {
  makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { id status version currentSeat legalMoves seed seedCommitment result { reason winner score } } } }`;
const VERIFY = `query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment replayMatches resultMatches message } }`;

/** A short classic game: three pay-off cards each, and a turn cap as a backstop. */
const SHORT_GAME = { preset: 'CLASSIC', options: { payoffSize: 3, maxTurns: 80 } };

let app: TestApp;
/** The first server: it created the database, so closing it (after the restarted ones stopped) drops it. */
let original: TestApp;
let names = 0;

function uniqueName(prefix: string): string {
  names += 1;
  return `${prefix}_${names}_${process.pid}`;
}

interface Table {
  readonly gameId: string;
  readonly tokens: readonly string[];
}

async function dealtGame(seed: string): Promise<Table> {
  const first = await register(app, uniqueName('p'));
  const second = await register(app, uniqueName('q'));
  const created = await app.gql<{ createGame: { id: string } }>(
    first,
    'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
    { i: { ...SHORT_GAME, seed } },
  );
  const gameId = dataOf(created).createGame.id;
  dataOf(await app.gql(second, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }));
  return { gameId, tokens: [first, second] };
}

async function gameFor(token: string | null, gameId: string): Promise<GameData> {
  return dataOf(await app.gql<{ game: GameData }>(token, GAME, { g: gameId })).game;
}

/**
 * Plays `count` moves (or until the game ends), always the first legal move: centre plays come first in that
 * order, so cards reach the centre and pay-off piles empty, and every turn ends with a side-pile card or pass.
 */
async function play(table: Table, count: number = Number.POSITIVE_INFINITY): Promise<GameData> {
  let game = await gameFor(null, table.gameId);
  for (let played = 0; played < count && game.status === 'ACTIVE'; played++) {
    const token = table.tokens[game.currentSeat as number] as string;
    const seen = await gameFor(token, table.gameId);
    expect(seen.legalMoves.length).toBeGreaterThan(0);
    const moved = await app.gql<{ makeMove: { game: GameData } }>(token, MOVE, {
      g: table.gameId,
      m: seen.legalMoves[0],
      v: seen.version,
      c: randomUUID(),
    });
    game = dataOf(moved).makeMove.game;
  }
  return game;
}

async function verify(gameId: string): Promise<GraphQLBody<{ verifyGame: VerifyData }>> {
  const body = await app.gql<{ verifyGame: VerifyData }>(null, VERIFY, { g: gameId });
  // Whatever verifyGame answers (a refusal, or a failed check's message) shows no stack, path, SQL or Prisma.
  expect(JSON.stringify(body)).not.toMatch(
    /prisma|\bat \S+ \(|node_modules|\.[jt]s:\d+|\bSELECT\b|\bINSERT INTO\b/i,
  );
  return body;
}

/** A finished game with a log to tamper with: a few moves, then a resignation. */
async function finishedByResignation(seed: string): Promise<Table> {
  const table = await dealtGame(seed);
  await play(table, 12);
  const resigner = table.tokens[0] as string;
  const resigned = await app.gql<{ resign: { status: string } }>(
    resigner,
    'mutation($g: ID!) { resign(gameId: $g) { status } }',
    { g: table.gameId },
  );
  expect(dataOf(resigned).resign.status).toBe('FINISHED');
  const checked = dataOf(await verify(table.gameId)).verifyGame;
  expect(checked).toMatchObject({
    ok: true,
    seedMatchesCommitment: true,
    replayMatches: true,
    resultMatches: true,
  });
  return table;
}

/**
 * Runs statements in one session with triggers off (`session_replication_role = replica`): the way someone with
 * database access could rewrite the append-only log behind the service's back.
 */
async function tamper(statements: readonly { text: string; values?: unknown[] }[]): Promise<void> {
  const client = new Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    await client.query('SET session_replication_role = replica');
    for (const statement of statements) await client.query(statement.text, statement.values ?? []);
  } finally {
    await client.end();
  }
}

interface EventRow {
  seq: number;
  type: string;
  payload: { seat: number; card?: string; move?: string };
}

async function events(gameId: string): Promise<EventRow[]> {
  return sql<EventRow>(
    app.databaseUrl,
    'SELECT seq, type, payload FROM game_events WHERE game_id = $1 ORDER BY seq',
    [gameId],
  );
}

beforeAll(async () => {
  original = await startTestApp();
  app = original;
});

afterAll(async () => {
  await app.stop();
  await original.close();
});

describe('a restart in the middle of a game', () => {
  it('brings back the same game for each player and a spectator, rebuilt from the log, and play goes on to a verified end', async () => {
    const table = await dealtGame('restart-mid-game');
    const partway = await play(table, 15);
    expect(partway.status).toBe('ACTIVE');
    expect(partway.version).toBe(15);

    const viewers: (string | null)[] = [...table.tokens, null];
    const before = await Promise.all(
      viewers.map(async (token) =>
        dataOf(await app.gql<{ game: GameData }>(token, GAME, { g: table.gameId })),
      ),
    );
    // The move the seat to move would make next, with a clientMoveId: sent before the restart and retried after.
    const token = table.tokens[partway.currentSeat as number] as string;
    const nextMove = (before[partway.currentSeat as number]?.game.legalMoves[0] ?? '') as string;
    const clientMoveId = randomUUID();

    await app.stop();
    app = await startTestApp({ databaseUrl: app.databaseUrl });

    const after = await Promise.all(
      viewers.map(async (viewer) =>
        dataOf(await app.gql<{ game: GameData }>(viewer, GAME, { g: table.gameId })),
      ),
    );
    expect(after).toEqual(before);

    // The version read before the restart is still the one to send.
    const moved = dataOf(
      await app.gql<{ makeMove: { game: GameData } }>(token, MOVE, {
        g: table.gameId,
        m: nextMove,
        v: 15,
        c: clientMoveId,
      }),
    ).makeMove.game;
    expect(moved.version).toBe(16);

    // A retry of that move after another restart is recognised from the log: nothing is written again.
    await app.stop();
    app = await startTestApp({ databaseUrl: app.databaseUrl });
    const retried = dataOf(
      await app.gql<{ makeMove: { game: GameData } }>(token, MOVE, {
        g: table.gameId,
        m: nextMove,
        v: 15,
        c: clientMoveId,
      }),
    ).makeMove.game;
    expect(retried.version).toBe(16);
    expect(await events(table.gameId)).toHaveLength(16);

    const finished = await play(table);
    expect(finished.status).toBe('FINISHED');
    expect(finished.result).not.toBeNull();
    expect(finished.seed).toBe('restart-mid-game');
    expect(commitmentOf('restart-mid-game')).toBe(finished.seedCommitment);
    const log = await events(table.gameId);
    expect(log.map((row) => row.seq)).toEqual(log.map((_, index) => index + 1));
    expect(finished.version).toBe(log.length);

    expect(dataOf(await verify(table.gameId)).verifyGame).toEqual({
      ok: true,
      seedMatchesCommitment: true,
      replayMatches: true,
      resultMatches: true,
      message: expect.any(String) as string,
    });
  });
});

describe('verifyGame', () => {
  it('refuses a game that is still running or waiting (its seed is secret), and an unknown game', async () => {
    const table = await dealtGame('verify-active');
    await play(table, 3);
    expect(codeOf(await verify(table.gameId))).toBe('GAME_NOT_ACTIVE');

    const waiting = await app.gql<{ createGame: { id: string } }>(
      table.tokens[0] as string,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: SHORT_GAME },
    );
    expect(codeOf(await verify(dataOf(waiting).createGame.id))).toBe('GAME_NOT_ACTIVE');
    expect(codeOf(await verify(randomUUID()))).toBe('NOT_FOUND');
  });

  it('fails when a played card in the log was changed', async () => {
    const table = await finishedByResignation('tamper-card');
    const played = (await events(table.gameId)).find((row) => row.type === 'played');
    expect(played).toBeDefined();
    // Another card than the one recorded: the move's source held `card`, so `decide` gives a different event.
    const forged = played!.payload.card === 'KS' ? 'QS' : 'KS';
    await tamper([
      {
        text: `UPDATE game_events SET payload = jsonb_set(payload, '{card}', to_jsonb($3::text)) WHERE game_id = $1 AND seq = $2`,
        values: [table.gameId, played!.seq, forged],
      },
    ]);
    const checked = dataOf(await verify(table.gameId)).verifyGame;
    expect(checked.ok).toBe(false);
    expect(checked.replayMatches).toBe(false);
    expect(checked.seedMatchesCommitment).toBe(true);
    expect(checked.message).toContain(`event ${played!.seq}`);
  });

  it('fails when two events of different seats swap places in the log', async () => {
    const table = await finishedByResignation('tamper-order');
    const log = await events(table.gameId);
    const first = log[0]!;
    const other = log.find((row) => row.payload.seat !== first.payload.seat && row.type !== 'resigned');
    expect(other).toBeDefined();
    // seq must stay ≥ 1 (a CHECK constraint, which replica mode does not switch off): swap through a spare number.
    await tamper([
      {
        text: 'UPDATE game_events SET seq = 100000 WHERE game_id = $1 AND seq = $2',
        values: [table.gameId, first.seq],
      },
      {
        text: 'UPDATE game_events SET seq = $3 WHERE game_id = $1 AND seq = $2',
        values: [table.gameId, other!.seq, first.seq],
      },
      {
        text: 'UPDATE game_events SET seq = $2 WHERE game_id = $1 AND seq = 100000',
        values: [table.gameId, other!.seq],
      },
    ]);
    const checked = dataOf(await verify(table.gameId)).verifyGame;
    expect(checked.ok).toBe(false);
    expect(checked.replayMatches).toBe(false);
    expect(checked.message).toMatch(/does not replay/);
  });

  it('fails when an event was deleted and a changed one inserted in its place', async () => {
    const table = await finishedByResignation('tamper-reinsert');
    const log = await events(table.gameId);
    const turnEnd = log.find((row) => row.type === 'discarded' || row.type === 'passed');
    expect(turnEnd).toBeDefined();
    // The turn end becomes a resignation of the same seat: a well-formed event, but not what was decided.
    await tamper([
      {
        text: 'DELETE FROM game_events WHERE game_id = $1 AND seq = $2',
        values: [table.gameId, turnEnd!.seq],
      },
      {
        text: `INSERT INTO game_events (game_id, seq, type, payload) VALUES ($1, $2, 'resigned', $3::jsonb)`,
        values: [
          table.gameId,
          turnEnd!.seq,
          JSON.stringify({ type: 'resigned', seat: turnEnd!.payload.seat }),
        ],
      },
    ]);
    const checked = dataOf(await verify(table.gameId)).verifyGame;
    expect(checked.ok).toBe(false);
    expect(checked.replayMatches || checked.resultMatches).toBe(false);
    expect(checked.message.length).toBeGreaterThan(0);
  });

  it('fails when the last event was cut off the log', async () => {
    const table = await finishedByResignation('tamper-truncate');
    const log = await events(table.gameId);
    await tamper([
      { text: 'DELETE FROM game_events WHERE game_id = $1 AND seq = $2', values: [table.gameId, log.length] },
    ]);
    const checked = dataOf(await verify(table.gameId)).verifyGame;
    expect(checked.ok).toBe(false);
    expect(checked.message).toMatch(/gap|version|result/);
  });

  it('says seedMatchesCommitment=false when the stored seed was changed', async () => {
    const table = await finishedByResignation('tamper-seed');
    await sql(app.databaseUrl, `UPDATE games SET seed = 'another seed' WHERE id = $1`, [table.gameId]);
    const checked = dataOf(await verify(table.gameId)).verifyGame;
    expect(checked.ok).toBe(false);
    expect(checked.seedMatchesCommitment).toBe(false);
    expect(checked.message).toMatch(/commitment/);
  });

  it('says resultMatches=false when the recorded result was changed', async () => {
    const table = await finishedByResignation('tamper-result');
    const [row] = await sql<{ result: { winner: number } }>(
      app.databaseUrl,
      'SELECT result FROM games WHERE id = $1',
      [table.gameId],
    );
    const loser = row!.result.winner === 0 ? 1 : 0;
    await sql(
      app.databaseUrl,
      `UPDATE games SET result = jsonb_set(result, '{winner}', to_jsonb($2::int)) WHERE id = $1`,
      [table.gameId, loser],
    );
    const checked = dataOf(await verify(table.gameId)).verifyGame;
    expect(checked.ok).toBe(false);
    expect(checked.replayMatches).toBe(true);
    expect(checked.resultMatches).toBe(false);
  });
});
