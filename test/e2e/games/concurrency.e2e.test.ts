/**
 * Races against one running server (docs/api/games-and-moves.md#concurrency-versions-and-retries): concurrent
 * moves on one version, concurrent moves without a version guard, retried clientMoveIds and a race for the
 * last seat. After every race the move log is checked directly in Postgres: seq 1…n with no gap or duplicate,
 * `games.version` = n, and the log replays in the engine from the stored seed to the state the API shows.
 */
import { randomUUID } from 'node:crypto';
import { GameEvent, RuleOptions, newDeal, replayFrom, setup, viewFor } from '../../../src/engine';
import { GraphQLBody, TestApp, dataOf, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';

interface ViewData {
  hand: string[] | null;
  stockCount: number;
  setAsideCount: number;
  centerPiles: { slot: number; cards: string[]; topRank: number }[];
  seats: {
    seat: number;
    handCount: number;
    payoffTop: string | null;
    payoffCount: number | null;
    sidePiles: string[][];
    out: boolean;
  }[];
  turn: number;
  maxCenterPiles: number;
}

interface GameData {
  id: string;
  status: string;
  version: number;
  currentSeat: number | null;
  legalMoves: string[];
  players: { seat: number; player: { username: string } }[];
  view: ViewData;
}

const GAME_FIELDS = `id status version currentSeat legalMoves players { seat player { username } }
  view { hand stockCount setAsideCount centerPiles { slot cards topRank }
         seats { seat handCount payoffTop payoffCount sidePiles out } turn maxCenterPiles }`;

const MOVE = `mutation($g: ID!, $m: String!, $v: Int, $c: String) {
  makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { id version status } } }`;

/** A two-player (or more) game in play, with the tokens by seat. */
interface Table {
  readonly gameId: string;
  readonly tokens: readonly string[];
}

let app: TestApp;
let names = 0;

function uniqueName(prefix: string): string {
  names += 1;
  return `${prefix}_${names}_${process.pid}`;
}

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

async function createGame(token: string, input: Record<string, unknown>): Promise<string> {
  const body = await app.gql<{ createGame: { id: string } }>(
    token,
    'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
    { i: input },
  );
  return dataOf(body).createGame.id;
}

/** Registers two players, creates a classic game with a fixed seed and deals it. */
async function dealtGame(seed: string, input: Record<string, unknown> = {}): Promise<Table> {
  const first = await register(app, uniqueName('p'));
  const second = await register(app, uniqueName('q'));
  const gameId = await createGame(first, { preset: 'CLASSIC', seed, ...input });
  dataOf(await app.gql(second, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }));
  return { gameId, tokens: [first, second] };
}

async function gameFor(token: string | null, gameId: string): Promise<GameData> {
  return dataOf(
    await app.gql<{ game: GameData }>(token, `query($g: ID!) { game(id: $g) { ${GAME_FIELDS} } }`, {
      g: gameId,
    }),
  ).game;
}

/** The token of the seat to move, and what that seat sees. */
async function mover(table: Table): Promise<{ token: string; game: GameData }> {
  const spectator = await gameFor(null, table.gameId);
  const seat = spectator.currentSeat;
  if (seat === null) throw new Error(`game ${table.gameId} has nobody to move (${spectator.status})`);
  const token = table.tokens[seat] as string;
  return { token, game: await gameFor(token, table.gameId) };
}

/** Plays the first legal move until the seat to move has a choice (a forced ace leaves only one move). */
async function moverWithChoice(table: Table): Promise<{ token: string; game: GameData }> {
  for (;;) {
    const next = await mover(table);
    if (next.game.legalMoves.length > 1) return next;
    dataOf(await move(next.token, table.gameId, next.game.legalMoves[0] as string, next.game.version));
  }
}

function move(
  token: string,
  gameId: string,
  text: string,
  expectedVersion: number | null = null,
  clientMoveId: string | null = null,
): Promise<GraphQLBody<{ makeMove: { game: { id: string; version: number; status: string } } }>> {
  return app.gql(token, MOVE, { g: gameId, m: text, v: expectedVersion, c: clientMoveId });
}

interface LogRow {
  seq: number;
  payload: GameEvent;
  client_move_id: string | null;
}

/** The log and the projection row, straight from Postgres. */
async function stored(
  gameId: string,
): Promise<{ log: LogRow[]; version: number; options: RuleOptions; seed: string; seats: number }> {
  const log = await sql<LogRow>(
    app.databaseUrl,
    'SELECT seq, payload, client_move_id FROM game_events WHERE game_id = $1 ORDER BY seq',
    [gameId],
  );
  const [row] = await sql<{ version: number; options: RuleOptions; seed: string; seats: number }>(
    app.databaseUrl,
    'SELECT version, options, seed, seats FROM games WHERE id = $1',
    [gameId],
  );
  if (row === undefined) throw new Error(`no games row for ${gameId}`);
  return { log, ...row };
}

/**
 * The log invariants after a race: seq is exactly 1…n (no gap, no duplicate), the projection's version is n,
 * and replaying the events from the seed gives the state whose views the API shows to each seat.
 */
async function expectConsistentLog(table: Table): Promise<LogRow[]> {
  const { log, version, options, seed, seats } = await stored(table.gameId);
  expect(log.map((row) => row.seq)).toEqual(log.map((_, index) => index + 1));
  expect(version).toBe(log.length);
  const replayed = replayFrom(
    setup(options, newDeal(seed), seats),
    log.map((row) => row.payload),
  );
  expect(replayed.ok).toBe(true);
  for (const [seat, token] of table.tokens.entries()) {
    const shown = await gameFor(token, table.gameId);
    expect(shown.version).toBe(log.length);
    const {
      hand,
      stockCount,
      setAsideCount,
      centerPiles,
      seats: seatViews,
      currentSeat,
      turn,
      maxCenterPiles,
    } = viewFor(replayed.state, seat);
    expect(shown.view).toEqual({
      hand,
      stockCount,
      setAsideCount,
      centerPiles,
      seats: seatViews,
      turn,
      maxCenterPiles,
    });
    expect(shown.currentSeat).toBe(currentSeat);
  }
  return log;
}

/** Each body's first error code ('OK' for none); every error body is also checked to leak nothing. */
function codes(bodies: readonly GraphQLBody[]): string[] {
  return bodies.map((body) => {
    if (body.errors === undefined) return 'OK';
    const text = JSON.stringify(body.errors);
    // No stack trace, file path, SQL or Prisma/Postgres detail in any refusal.
    expect(text).not.toMatch(
      /prisma|\bat \S+ \(|node_modules|\.[jt]s:\d+|\bSELECT\b|\bINSERT INTO\b|violates|constraint/i,
    );
    return String(body.errors[0]?.extensions?.code);
  });
}

describe('20 concurrent makeMove calls with the same expectedVersion', () => {
  it('accept exactly one when all send the same legal move; the other 19 get VERSION_CONFLICT', async () => {
    const table = await dealtGame('race-same-move');
    for (let round = 0; round < 3; round++) {
      const { token, game } = await mover(table);
      const chosen = game.legalMoves[0] as string;
      const bodies = await Promise.all(
        Array.from({ length: 20 }, () => move(token, table.gameId, chosen, game.version)),
      );
      const accepted = bodies.filter((body) => body.errors === undefined);
      expect(accepted).toHaveLength(1);
      const refused = bodies.filter((body) => body.errors !== undefined);
      expect(codes(refused)).toEqual(Array<string>(19).fill('VERSION_CONFLICT'));
      // Nobody else moved, so every loser is told the version the winner wrote.
      for (const body of refused) expect(body.errors?.[0]?.extensions?.currentVersion).toBe(game.version + 1);
      const log = await expectConsistentLog(table);
      expect(log).toHaveLength(game.version + 1);
      expect(log[log.length - 1]?.payload).toMatchObject(
        chosen === 'pass' ? { type: 'passed' } : { move: chosen },
      );
    }
  });

  it('accept exactly one when they send different legal moves', async () => {
    const table = await dealtGame('race-different-moves');
    for (let round = 0; round < 3; round++) {
      const { token, game } = await moverWithChoice(table);
      expect(game.legalMoves.length).toBeGreaterThan(1);
      // 20 requests over the legal moves (each used at least once when there are fewer than 20).
      const texts = Array.from(
        { length: 20 },
        (_, index) => game.legalMoves[index % game.legalMoves.length] as string,
      );
      const bodies = await Promise.all(texts.map((text) => move(token, table.gameId, text, game.version)));
      expect(codes(bodies).filter((code) => code === 'OK')).toHaveLength(1);
      expect(codes(bodies).filter((code) => code === 'VERSION_CONFLICT')).toHaveLength(19);
      for (const body of bodies.filter((entry) => entry.errors !== undefined)) {
        expect(body.errors?.[0]?.extensions?.currentVersion).toBe(game.version + 1);
      }
      const winner = texts[bodies.findIndex((body) => body.errors === undefined)] as string;
      const log = await expectConsistentLog(table);
      expect(log).toHaveLength(game.version + 1);
      expect(log[log.length - 1]?.payload).toMatchObject(
        winner === 'pass' ? { type: 'passed' } : { move: winner },
      );
    }
  });
});

describe('concurrent moves without expectedVersion', () => {
  it('lose and double nothing: each accepted move is in the log once, refused ones not at all, and the log replays', async () => {
    const table = await dealtGame('race-unguarded', { options: { payoffSize: 5 } });
    let rounds = 0;
    for (let round = 0; round < 6; round++) {
      // Five pay-off cards each: the game may end within the rounds (the race decides how fast).
      if ((await gameFor(null, table.gameId)).status !== 'ACTIVE') break;
      const { token, game } = await mover(table);
      const before = (await stored(table.gameId)).log.length;
      // Every legal move of the seat to move at once, each tagged so the log can be matched to the responses.
      const tagged = game.legalMoves.map((text) => ({ text, id: randomUUID() }));
      const bodies = await Promise.all(
        tagged.map(({ text, id }) => move(token, table.gameId, text, null, id)),
      );
      for (const code of codes(bodies)) {
        // Decided on the game read afresh after a lost race: it may have become illegal, or the turn may have
        // passed; one that loses the race again is a conflict. Nothing else is acceptable.
        expect(['OK', 'ILLEGAL_MOVE', 'NOT_YOUR_TURN', 'VERSION_CONFLICT', 'GAME_NOT_ACTIVE']).toContain(
          code,
        );
      }
      const log = await expectConsistentLog(table);
      const acceptedIds = tagged
        .filter((_, index) => bodies[index]?.errors === undefined)
        .map(({ id }) => id);
      const refusedIds = tagged.filter((_, index) => bodies[index]?.errors !== undefined).map(({ id }) => id);
      expect(acceptedIds.length).toBeGreaterThan(0);
      const fresh = log.slice(before);
      // One command = one event: the new rows are exactly the accepted moves, each once.
      expect(fresh.map((row) => row.client_move_id).sort()).toEqual([...acceptedIds].sort());
      for (const id of refusedIds) expect(log.some((row) => row.client_move_id === id)).toBe(false);
      // Each accepted row records the move that request sent.
      for (const row of fresh) {
        const sent = tagged.find(({ id }) => id === row.client_move_id)?.text;
        expect(row.payload).toMatchObject(sent === 'pass' ? { type: 'passed' } : { move: sent });
      }
      rounds += 1;
    }
    expect(rounds).toBeGreaterThanOrEqual(3);
  });
});

describe('a retried clientMoveId', () => {
  it('sent 5 times at once (no expectedVersion) is applied once and every call returns the game', async () => {
    const table = await dealtGame('retry-concurrent');
    const { token, game } = await mover(table);
    const id = randomUUID();
    const text = game.legalMoves[0] as string;
    const bodies = await Promise.all(
      Array.from({ length: 5 }, () => move(token, table.gameId, text, null, id)),
    );
    expect(codes(bodies)).toEqual(Array<string>(5).fill('OK'));
    for (const body of bodies) expect(dataOf(body).makeMove.game.version).toBe(game.version + 1);
    const log = await expectConsistentLog(table);
    expect(log.filter((row) => row.client_move_id === id)).toHaveLength(1);
    expect(log).toHaveLength(game.version + 1);
  });

  it('sent 5 times at once with the same expectedVersion (a true retry of one request) is applied once and every call returns the game', async () => {
    const table = await dealtGame('retry-concurrent-guarded');
    const { token, game } = await mover(table);
    const id = randomUUID();
    const text = game.legalMoves[0] as string;
    const bodies = await Promise.all(
      Array.from({ length: 5 }, () => move(token, table.gameId, text, game.version, id)),
    );
    // A retry carries the whole request again; the clientMoveId says it is the same move, so the client must get
    // the game (its move was applied), not a VERSION_CONFLICT that invites it to decide again.
    expect(codes(bodies)).toEqual(Array<string>(5).fill('OK'));
    const log = await expectConsistentLog(table);
    expect(log.filter((row) => row.client_move_id === id)).toHaveLength(1);
    expect(log).toHaveLength(game.version + 1);
  });

  it('sent again later returns the game and writes nothing, even with a stale expectedVersion; another move under it is refused', async () => {
    const table = await dealtGame('retry-sequential');
    const { token, game } = await mover(table);
    const id = randomUUID();
    const text = game.legalMoves[0] as string;
    const first = dataOf(await move(token, table.gameId, text, game.version, id)).makeMove.game;
    expect(first.version).toBe(game.version + 1);
    const logBefore = await expectConsistentLog(table);

    const again = dataOf(await move(token, table.gameId, text, game.version, id)).makeMove.game;
    expect(again).toEqual(first);
    // The same id with another move is a client bug, not a retry (like an idempotency key reused with other
    // parameters): refused, naming the field, and nothing decided or written.
    const other = game.legalMoves.find((candidate) => candidate !== text) ?? 'pass';
    for (const text of [other, 'KS-c9']) {
      const reused = await move(token, table.gameId, text, null, id);
      expect(codes([reused])).toEqual(['BAD_USER_INPUT']);
      expect(reused.errors?.[0]?.extensions?.field).toBe('clientMoveId');
    }

    expect(await expectConsistentLog(table)).toEqual(logBefore);
  });

  it('retried when the same move text is legal again (a second joker onto the same pile) is still applied once', async () => {
    // Seat 0 holds two jokers and the centre has an ace: `*-c1` is legal, and legal again after it was applied, so
    // only the clientMoveId tells a retry from a second move.
    const position = 'c1=AS 5H3D2C9S8S7S6S - 9H:**4C5D6D:-,-,-,-/KD:7C8C4H5H6H:-,-,-,- 0 0 0 n';
    const first = await register(app, uniqueName('p'));
    const second = await register(app, uniqueName('q'));
    const gameId = await createGame(first, { preset: 'CLASSIC', position });
    dataOf(await app.gql(second, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }));
    const table: Table = { gameId, tokens: [first, second] };
    expect((await gameFor(first, gameId)).legalMoves).toContain('*-c1');
    const id = randomUUID();
    expect(dataOf(await move(first, gameId, '*-c1', null, id)).makeMove.game.version).toBe(1);
    const retried = await move(first, gameId, '*-c1', null, id);
    expect(codes([retried])).toEqual(['OK']);
    expect(dataOf(retried).makeMove.game.version).toBe(1);
    const log = await sql<{ seq: number }>(
      app.databaseUrl,
      'SELECT seq FROM game_events WHERE game_id = $1',
      [gameId],
    );
    expect(log).toHaveLength(1);
    expect((await gameFor(first, table.gameId)).legalMoves).toContain('*-c1');
  });

  it('squatted by the opponent (the same id for their own move) is theirs alone: both moves are applied, each player’s retry gets their own outcome', async () => {
    // The attack: a player sends their move under the id the opponent will send next. With one id space per game
    // the opponent's move was refused ("used by another player") however often it was sent.
    const table = await dealtGame('squatted-client-move-id');
    const id = 'squatted-1';
    /** Plays the seat to move until it discards (which ends the turn), sending the discard under `id`. */
    const playTurnEndingWith = async (
      clientMoveId: string,
    ): Promise<{ token: string; text: string; version: number; after: number }> => {
      for (;;) {
        const { token, game } = await mover(table);
        const discard = game.legalMoves.find((text) => /^([2-9TJQKA][SHDC]|\*)-d\d/.test(text));
        if (discard === undefined) {
          dataOf(await move(token, table.gameId, game.legalMoves[0] as string, game.version));
          continue;
        }
        const moved = dataOf(await move(token, table.gameId, discard, game.version, clientMoveId)).makeMove
          .game;
        return { token, text: discard, version: game.version, after: moved.version };
      }
    };
    const first = await playTurnEndingWith(id);
    const second = await playTurnEndingWith(id);
    expect(second.token).not.toBe(first.token);
    const log = await expectConsistentLog(table);
    const squatted = log.filter((row) => row.client_move_id === id);
    expect(squatted.map((row) => row.seq)).toEqual([first.after, second.after]);
    expect(squatted.map((row) => row.payload.seat)).toEqual([
      table.tokens.indexOf(first.token),
      table.tokens.indexOf(second.token),
    ]);

    // Each retry (the same request again) is answered with the game and writes nothing, whoever sends first.
    const current = (await gameFor(null, table.gameId)).version;
    for (const sent of [second, first]) {
      const retried = await move(sent.token, table.gameId, sent.text, sent.version, id);
      expect(codes([retried])).toEqual(['OK']);
      expect(dataOf(retried).makeMove.game.version).toBe(current);
    }
    // A player reusing their own id for another move is still refused, and nothing is written.
    const { token, game } = await mover(table);
    const other = game.legalMoves.find((text) => text !== first.text && text !== second.text) ?? 'pass';
    const reused = await move(token, table.gameId, other, game.version, id);
    expect(codes([reused])).toEqual(['BAD_USER_INPUT']);
    expect(reused.errors?.[0]?.extensions?.field).toBe('clientMoveId');
    expect(await expectConsistentLog(table)).toEqual(log);
  });
});

describe('a move with neither expectedVersion nor clientMoveId', () => {
  let copy: TestApp;
  beforeAll(async () => {
    // A second copy of the server on the same database, as behind a load balancer.
    copy = await startTestApp({ databaseUrl: app.databaseUrl });
  });
  afterAll(async () => {
    await copy.stop();
  });

  function expectGuardRefusal(body: GraphQLBody): void {
    expect(codes([body])).toEqual(['BAD_USER_INPUT']);
    expect(body.errors?.[0]?.message).toMatch(/expectedVersion.*clientMoveId/);
  }

  it('sent twice at once through two app copies is refused by both (BAD_USER_INPUT naming both fields), never applied twice', async () => {
    // The attack: without a guard each copy decided the move on the state it read, the loser of the race decided
    // it again on the new state, and a move still legal there (a second joker onto the same pile) went in twice.
    const position = 'c1=AS 5H3D2C9S8S7S6S - 9H:**4C5D6D:-,-,-,-/KD:7C8C4H5H6H:-,-,-,- 0 0 0 n';
    const first = await register(app, uniqueName('p'));
    const second = await register(app, uniqueName('q'));
    const gameId = await createGame(first, { preset: 'CLASSIC', position });
    dataOf(await app.gql(second, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }));
    expect((await gameFor(first, gameId)).legalMoves).toContain('*-c1');
    for (let trial = 0; trial < 5; trial++) {
      const bodies = await Promise.all(
        [app, copy].map((target) => target.gql(first, MOVE, { g: gameId, m: '*-c1', v: null, c: null })),
      );
      for (const body of bodies) expectGuardRefusal(body);
    }
    expect((await stored(gameId)).log).toEqual([]);
    // Refused before anything is read: a game that does not exist, or one the caller does not sit in, is not
    // looked at.
    expectGuardRefusal(await move(first, randomUUID(), 'pass'));
    const outsider = await register(app, uniqueName('o'));
    expectGuardRefusal(await move(outsider, gameId, '*-c1'));
    // With either guard the same move is applied once.
    expect(dataOf(await move(first, gameId, '*-c1', 0)).makeMove.game.version).toBe(1);
  });

  it('is refused over graphql-ws the same way', async () => {
    const table = await dealtGame('unguarded-socket');
    const { token, game } = await mover(table);
    const socket = app.ws(token);
    const results: GraphQLBody[] = [];
    for await (const result of socket.iterate({
      query: MOVE,
      variables: { g: table.gameId, m: game.legalMoves[0], v: null, c: null },
    })) {
      results.push(result as GraphQLBody);
    }
    expect(results).toHaveLength(1);
    expectGuardRefusal(results[0]!);
    expect((await stored(table.gameId)).log).toHaveLength(game.version);
  });

  it('resign needs no guard: sent twice at once through two app copies, it is applied once', async () => {
    // A seat that has left cannot resign again (SEAT_OUT), and a finished game takes nothing (GAME_NOT_ACTIVE):
    // the resignation that loses the race is decided again on the new state and refused.
    for (let attempt = 0; attempt < 4; attempt++) {
      const creator = await register(app, uniqueName('c'));
      const joiners = [await register(app, uniqueName('j')), await register(app, uniqueName('k'))];
      const gameId = await createGame(creator, { preset: 'MODERN', seats: 3 });
      for (const joiner of joiners) {
        dataOf(await app.gql(joiner, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }));
      }
      const resigner = joiners[attempt % 2]!;
      const bodies = await Promise.all(
        [app, copy].map((target) =>
          target.gql(resigner, 'mutation($g: ID!) { resign(gameId: $g) { version } }', { g: gameId }),
        ),
      );
      expect(codes(bodies).sort()).toEqual(['ILLEGAL_MOVE', 'OK']);
      expect(bodies.find((body) => body.errors !== undefined)?.errors?.[0]?.extensions?.rule).toBe(
        'SEAT_OUT',
      );
      const log = (await stored(gameId)).log;
      expect(log.map((row) => row.payload.type)).toEqual(['resigned']);
    }
  });
});

describe('abortGame racing the first move', () => {
  it('either aborts a game with an empty log, or lets the move in and refuses the abort — never both', async () => {
    // A race: the window (the move has read version 0, the abort commits, the move appends at version 0) is hit
    // in some attempts only, so a pass does not prove it closed; a failure always shows a real double win.
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const table = await dealtGame(`abort-race-${attempt}`);
      const { token, game } = await mover(table);
      const other = table.tokens.find((candidate) => candidate !== token) as string;
      const [moved, aborted] = await Promise.all([
        move(token, table.gameId, game.legalMoves[0] as string, game.version),
        app.gql(other, 'mutation($g: ID!) { abortGame(gameId: $g) { status } }', { g: table.gameId }),
      ]);
      const [row] = await sql<{ status: string; version: number; current_seat: number | null }>(
        app.databaseUrl,
        'SELECT status, version, current_seat FROM games WHERE id = $1',
        [table.gameId],
      );
      const log = (await stored(table.gameId)).log;
      const outcome = `move ${codes([moved])[0]}, abort ${codes([aborted])[0]}`;
      outcomes.push(outcome);
      // Exactly one of the two commands wins, and the projection agrees with the log.
      expect({ outcome, row, events: log.length }).toEqual(
        row?.status === 'ABORTED'
          ? {
              outcome: expect.stringMatching(/^move (?!OK).*, abort OK$/) as string,
              row: { status: 'ABORTED', version: 0, current_seat: null },
              events: 0,
            }
          : {
              outcome: expect.stringMatching(/^move OK, abort (?!OK)/) as string,
              row: { status: 'ACTIVE', version: 1, current_seat: expect.any(Number) as number },
              events: 1,
            },
      );
    }
    expect(outcomes).toHaveLength(12);
  });
});

describe('racing to joinGame', () => {
  it('for the last seat: one wins, the other gets GAME_NOT_ACTIVE, and no third seat row exists', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const creator = await register(app, uniqueName('c'));
      const racers = [await register(app, uniqueName('r')), await register(app, uniqueName('s'))];
      const gameId = await createGame(creator, { preset: 'CLASSIC' });
      const bodies = await Promise.all(
        racers.map((token) =>
          app.gql(token, 'mutation($g: ID!) { joinGame(gameId: $g) { status } }', { g: gameId }),
        ),
      );
      expect(codes(bodies).sort()).toEqual(['GAME_NOT_ACTIVE', 'OK']);
      const seats = await sql<{ seat: number }>(
        app.databaseUrl,
        'SELECT seat FROM game_players WHERE game_id = $1 ORDER BY seat',
        [gameId],
      );
      expect(seats.map((row) => row.seat)).toEqual([0, 1]);
      expect((await gameFor(null, gameId)).status).toBe('ACTIVE');
    }
  });

  it('three players for the last two seats of a modern game: two are seated once each, the third is refused', async () => {
    const creator = await register(app, uniqueName('c'));
    const racers = [
      await register(app, uniqueName('r')),
      await register(app, uniqueName('s')),
      await register(app, uniqueName('t')),
    ];
    const gameId = await createGame(creator, { preset: 'MODERN', seats: 3 });
    const bodies = await Promise.all(
      racers.map((token) =>
        app.gql(token, 'mutation($g: ID!) { joinGame(gameId: $g) { status } }', { g: gameId }),
      ),
    );
    expect(codes(bodies).sort()).toEqual(['GAME_NOT_ACTIVE', 'OK', 'OK']);
    const seats = await sql<{ seat: number; player_id: string }>(
      app.databaseUrl,
      'SELECT seat, player_id FROM game_players WHERE game_id = $1 ORDER BY seat',
      [gameId],
    );
    expect(seats.map((row) => row.seat)).toEqual([0, 1, 2]);
    expect(new Set(seats.map((row) => row.player_id)).size).toBe(3);
    expect((await gameFor(null, gameId)).status).toBe('ACTIVE');
  });

  it('the same player joining twice at once is seated once', async () => {
    const creator = await register(app, uniqueName('c'));
    const joiner = await register(app, uniqueName('j'));
    const gameId = await createGame(creator, { preset: 'MODERN', seats: 3 });
    const bodies = await Promise.all(
      [0, 1, 2].map(() =>
        app.gql(joiner, 'mutation($g: ID!) { joinGame(gameId: $g) { status } }', { g: gameId }),
      ),
    );
    expect(codes(bodies).sort()).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT', 'OK']);
    const seats = await sql<{ seat: number }>(
      app.databaseUrl,
      'SELECT seat FROM game_players WHERE game_id = $1',
      [gameId],
    );
    expect(seats).toHaveLength(2);
  });
});
