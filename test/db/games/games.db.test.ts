/**
 * Full games through the API only: accounts register, create a seeded game, join and play it to
 * the end with `makeMove(gameId, move, expectedVersion, clientMoveId)`. The finished game is then checked
 * against the rules text (docs/rules.md §2.10) and against an independent replay with the engine from the
 * revealed seed and the public move log.
 */
import {
  GameState,
  PresetName,
  RuleOptions,
  newDeal,
  optionsFor,
  replay,
  viewFor,
} from '../../../src/engine';
import { TestApp, codeOf, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import {
  apiName,
  GameData,
  GameResultData,
  createGame,
  eventsOf,
  joinGame,
  findSeed,
  makeMove,
  playGame,
  readGame,
  resign,
  simulate,
} from '../../support/service/play';
import { commitmentOf } from '../../support/commitment';

interface VerifyData {
  verifyGame: {
    ok: boolean;
    seedMatchesCommitment: boolean;
    replayMatches: boolean;
    resultMatches: boolean;
    message: string;
  };
}

const PRESET_ENUM = { classic: 'CLASSIC', zloba: 'ZLOBA', modern: 'MODERN' } as const;

let app: TestApp;
/** Three accounts, registered once (password hashing is deliberately slow) and seated in each game. */
const accounts: string[] = [];

beforeAll(async () => {
  app = await startAppInProcess();
  for (const name of ['games_ann', 'games_bob', 'games_cid']) accounts.push(await register(app, name));
});
afterAll(async () => {
  await app.close();
});

/** The tokens of `count` players, in the order they will take seats. */
function players(count: number): string[] {
  return accounts.slice(0, count);
}

/** Creates a seeded game with tokens[0] and lets the others join in order; returns the dealt game. */
async function startGame(tokens: readonly string[], preset: PresetName, seed: string): Promise<GameData> {
  const created = await createGame(app, tokens[0]!, {
    preset: PRESET_ENUM[preset],
    seats: tokens.length,
    seed,
  });
  expect(created).toMatchObject({ status: 'WAITING', version: 0, mySeat: 0, seed: null, legalMoves: [] });
  // The commitment is public from the first moment, the seed itself is not (docs/fairness.md).
  expect(created.seedCommitment).toBe(commitmentOf(seed));
  let game = created;
  for (const [index, token] of tokens.slice(1).entries()) {
    game = dataOf(
      await app.gql<{ joinGame: GameData }>(
        token,
        'mutation($g: ID!) { joinGame(gameId: $g) { id status mySeat seed version currentSeat } }',
        { g: created.id },
      ),
    ).joinGame;
    expect(game.mySeat).toBe(index + 1);
    expect(game.seed).toBeNull();
    expect(game.status).toBe(index + 2 === tokens.length ? 'ACTIVE' : 'WAITING');
  }
  return game;
}

/** What every response of a running game must satisfy, whoever asks. */
function checkRunning(seat: number, game: GameData): void {
  if (game.status !== 'ACTIVE') return;
  expect(game.seed).toBeNull();
  expect(game.mySeat).toBe(seat);
  expect(game.view.hand).toHaveLength(game.view.seats[seat]!.handCount);
  // legalMoves are the caller's, and only on their turn.
  if (game.currentSeat === seat) expect(game.legalMoves.length).toBeGreaterThan(0);
  else expect(game.legalMoves).toEqual([]);
}

/**
 * The result as docs/rules.md §2.10 defines it from `payoffLeft`. `left` are the seats that left earlier (in
 * order), `ender` the seat whose resignation ended the game (if any).
 */
function checkResult(
  result: GameResultData,
  seats: number,
  left: readonly number[],
  ender: number | null,
): void {
  expect(result.payoffLeft).toHaveLength(seats);
  const stillIn = [...Array(seats).keys()].filter((seat) => !left.includes(seat) && seat !== ender);
  const count = (seat: number): number => result.payoffLeft[seat]!;
  if (result.reason === 'PAYOFF_EMPTIED' || result.reason === 'RESIGNED' || result.reason === 'TIMED_OUT') {
    expect(result.winner).not.toBeNull();
    const winner = result.winner!;
    expect(stillIn).toContain(winner);
    if (result.reason === 'PAYOFF_EMPTIED') expect(count(winner)).toBe(0);
    const losers = [...stillIn.filter((seat) => seat !== winner), ...(ender === null ? [] : [ender])];
    expect(result.score).toBe(losers.reduce((sum, seat) => sum + count(seat), 0));
  } else {
    const fewest = Math.min(...stillIn.map(count));
    const best = stillIn.filter((seat) => count(seat) === fewest);
    if (best.length > 1) {
      expect(result.winner).toBeNull();
      expect(result.score).toBe(0);
    } else {
      expect(result.winner).toBe(best[0]);
      expect(result.score).toBe(stillIn.reduce((sum, seat) => sum + count(seat) - fewest, 0));
    }
  }
  // Ranking: the winner, then the players still in by pay-off cards left (ties grouped), then those who left,
  // the last to leave first.
  const rest = stillIn.filter((seat) => seat !== result.winner);
  const counts = [...new Set(rest.map(count))].sort((a, b) => a - b);
  const departed = [...(ender === null ? [] : [ender]), ...[...left].reverse()];
  expect(result.ranking).toEqual([
    ...(result.winner === null ? [] : [[result.winner]]),
    ...counts.map((value) => rest.filter((seat) => count(seat) === value)),
    ...departed.map((seat) => [seat]),
  ]);
}

/**
 * The finished game seen by every seat: seed revealed, log complete, verifyGame ok, and an independent replay
 * from the revealed seed ends in the same result and the same views.
 */
async function checkFinished(
  tokens: readonly string[],
  gameId: string,
  options: RuleOptions,
  seed: string,
): Promise<{ game: GameData; state: GameState }> {
  const game = await readGame(app, tokens[0]!, gameId, true);
  expect(game.status).toBe('FINISHED');
  expect(game.currentSeat).toBeNull();
  expect(game.legalMoves).toEqual([]);
  expect(game.result).not.toBeNull();
  expect(game.seed).toBe(seed);
  const moves = game.moves!;
  expect(moves.map((record) => record.seq)).toEqual(
    [...Array(game.version).keys()].map((index) => index + 1),
  );

  const verified = dataOf(
    await app.gql<VerifyData>(
      null,
      'query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment replayMatches resultMatches message } }',
      { g: gameId },
    ),
  ).verifyGame;
  expect(verified).toMatchObject({
    ok: true,
    seedMatchesCommitment: true,
    replayMatches: true,
    resultMatches: true,
  });

  const replayed = replay(options, newDeal(game.seed!), eventsOf(moves), tokens.length);
  if (!replayed.ok) throw new Error(`the API's log does not replay: ${replayed.violation.reason}`);
  expect(game.result).toEqual({
    ...replayed.state.result,
    reason: apiName(replayed.state.result!.reason),
    ranking: replayed.state.result?.ranking.map((group) => [...group]),
  });
  for (const [seat, token] of tokens.entries()) {
    const seen = seat === 0 ? game : await readGame(app, token, gameId, true);
    const { hand, stockCount, setAsideCount, centerPiles, seats, currentSeat, turn, maxCenterPiles } =
      viewFor(replayed.state, seat);
    expect(seen.view).toEqual({ hand, stockCount, setAsideCount, centerPiles, seats, turn, maxCenterPiles });
    // The seat and the seat to move are the game's (mySeat, currentSeat: null once over).
    expect({ mySeat: seen.mySeat, currentSeat: seen.currentSeat }).toEqual({ mySeat: seat, currentSeat });
    expect(seen.moves).toEqual(moves);
    expect(seen.seed).toBe(seed);
  }
  return { game, state: replayed.state };
}

interface PlacementData {
  type: string;
  move: string | null;
  from: 'HAND' | 'PAYOFF' | 'SIDE_PILE' | null;
  fromSidePile: number | null;
  slot: number | null;
  sidePile: number | null;
  declaredRank: string | null;
}

/**
 * Each logged move says its source and target as fields, the same as its notation says them (docs/notation.md:
 * `<from>-<to>[=<rank>]`), read here with a pattern of its own.
 */
async function checkPlacements(token: string, gameId: string): Promise<void> {
  const body = await app.gql<{ game: { moves: { edges: { node: PlacementData }[] } } }>(
    token,
    `query($g: ID!) { game(id: $g) { moves(first: 100) {
      edges { node { type move from fromSidePile slot sidePile declaredRank } } } } }`,
    { g: gameId },
  );
  const records = dataOf(body).game.moves.edges.map((edge) => edge.node);
  expect(records.some((record) => record.type === 'DISCARDED')).toBe(true);
  expect(records.some((record) => record.from === 'PAYOFF')).toBe(true);
  for (const record of records) {
    const parts =
      record.move === null ? null : /^(p|d(\d+)|[^-]+)-(c(\d*)|d(\d+))(?:=(\w+))?$/.exec(record.move);
    if (parts === null) {
      expect(record).toMatchObject({
        from: null,
        fromSidePile: null,
        slot: null,
        sidePile: null,
        declaredRank: null,
      });
      continue;
    }
    const [, from, fromPile, , toSlot, toPile, declared] = parts;
    expect({ record: record.move, ...record }).toMatchObject({
      from: from === 'p' ? 'PAYOFF' : fromPile !== undefined ? 'SIDE_PILE' : 'HAND',
      fromSidePile: fromPile === undefined ? null : Number(fromPile),
      sidePile: toPile === undefined ? null : Number(toPile),
      declaredRank: declared ?? null,
    });
    if (record.type === 'PLAYED') {
      // `c` starts a pile: the record names the slot it took.
      if (toSlot === '') expect(record.slot).toEqual(expect.any(Number));
      else expect(record.slot).toBe(Number(toSlot));
    } else {
      expect(record.slot).toBeNull();
    }
  }
}

describe('full games through the API', () => {
  // Seeds found with the engine so each game ends within a modest number of moves (run time); the API then has
  // to play exactly that game.
  it.each([
    ['classic', 2, 40, 160],
    ['zloba', 2, 40, 160],
    ['modern', 2, 60, 110],
    ['modern', 3, 100, 170],
  ] as [PresetName, number, number, number][])(
    '%s with %i seats is played to the end between accounts',
    async (preset, seats, minMoves, maxMoves) => {
      const seed = findSeed(preset, seats, `e2e-${preset}-${seats}`, minMoves, maxMoves);
      const tokens = players(seats);
      const started = await startGame(tokens, preset, seed);
      expect(started.status).toBe('ACTIVE');
      let responses = 0;
      const last = await playGame(app, tokens, started.id, {
        onGame: (seat, game) => {
          responses++;
          checkRunning(seat, game);
        },
      });
      expect(responses).toBeGreaterThan(minMoves);
      expect(last.status).toBe('FINISHED');
      const { game } = await checkFinished(tokens, started.id, optionsFor(preset), seed);
      // The same game the engine plays on its own with this seed and strategy, move for move.
      expect(game.moves!.map((record) => record.move)).toEqual(simulate(preset, seats, seed, maxMoves).moves);
      expect(game.version).toBeGreaterThanOrEqual(minMoves);
      checkResult(game.result!, seats, [], null);
      await checkPlacements(tokens[0]!, started.id);
      // A finished game takes no more moves.
      expect(codeOf(await makeMove(app, tokens[0]!, started.id, 'pass', game.version))).toBe(
        'GAME_NOT_ACTIVE',
      );
    },
  );

  it('a resignation ends a two-player game and the other player wins', async () => {
    const tokens = players(2);
    const seed = 'e2e-resign-2';
    const started = await startGame(tokens, 'zloba', seed);
    await playGame(app, tokens, started.id, { maxVersion: 12 });
    const before = await readGame(app, tokens[0]!, started.id);
    expect(before.status).toBe('ACTIVE');
    // Seat 0 resigns, whether or not it is their turn.
    const after = await resign(app, tokens[0]!, started.id);
    expect(after.status).toBe('FINISHED');
    expect(after.version).toBe(before.version + 1);
    expect(after.result).toMatchObject({ reason: 'RESIGNED', winner: 1 });
    checkResult(after.result!, 2, [], 0);
    const { game } = await checkFinished(tokens, started.id, optionsFor('zloba'), seed);
    expect(game.moves!.at(-1)).toMatchObject({ seat: 0, type: 'RESIGNED', move: null, card: null });
    expect(
      codeOf(await app.gql(tokens[1]!, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: game.id })),
    ).toBe('GAME_NOT_ACTIVE');
  });

  it('in a three-player modern game a resigned player is skipped and play goes on', async () => {
    const tokens = players(3);
    const seed = 'e2e-leave-3';
    const started = await startGame(tokens, 'modern', seed);
    await playGame(app, tokens, started.id, { maxVersion: 20 });
    const before = await readGame(app, tokens[1]!, started.id);
    expect(before.status).toBe('ACTIVE');
    // Seat 1 leaves (on its turn or not): the game goes on between seats 0 and 2.
    const left = await resign(app, tokens[1]!, started.id);
    expect(left.version).toBe(before.version + 1);
    expect(left.status).toBe('ACTIVE');
    expect(left.result).toBeNull();
    expect(left.view.seats[1]!.out).toBe(true);
    expect(left.currentSeat).not.toBe(1);
    expect(left.legalMoves).toEqual([]);
    // The dashboard of the seat that left counts the game for nobody; the players still in count it as ever.
    const dashboard = async (token: string): Promise<{ myTurn: number; opponentsTurn: number }> =>
      dataOf(
        await app.gql<{ dashboard: { myTurn: number; opponentsTurn: number } }>(
          token,
          'query { dashboard { myTurn opponentsTurn } }',
        ),
      ).dashboard;
    expect(await dashboard(tokens[1]!)).toEqual({ myTurn: 0, opponentsTurn: 0 });
    const stillIn = [await dashboard(tokens[0]!), await dashboard(tokens[2]!)];
    expect(stillIn.map((counts) => counts.myTurn + counts.opponentsTurn)).toEqual([1, 1]);
    expect(stillIn.map((counts) => counts.myTurn).sort()).toEqual([0, 1]);
    // The seat that left can neither move nor resign again, and nothing is written.
    const refused = await makeMove(app, tokens[1]!, started.id, 'pass', left.version);
    expect(codeOf(refused)).toBe('ILLEGAL_MOVE');
    expect(refused.errors?.[0]?.extensions?.rule).toBe('SEAT_OUT');
    expect(
      codeOf(await app.gql(tokens[1]!, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: started.id })),
    ).toBe('ILLEGAL_MOVE');
    expect((await readGame(app, null, started.id)).version).toBe(left.version);
    // Neither a spectator nor the seat that left is ever to move.
    expect((await readGame(app, null, started.id)).isMyTurn).toBe(false);
    expect((await readGame(app, tokens[1]!, started.id)).isMyTurn).toBe(false);

    const movers = new Set<number>();
    const later = await playGame(app, tokens, started.id, {
      maxVersion: left.version + 40,
      onGame: (seat, game) => {
        movers.add(seat);
        if (game.status === 'ACTIVE') expect(game.currentSeat).not.toBe(1);
        expect(game.view.seats[1]!.out).toBe(true);
      },
    });
    // Both players still in had turns; the one who left had none.
    expect([...movers].sort()).toEqual([0, 2]);
    expect(later.status).toBe('ACTIVE');
    // Seat 0 resigns too: seat 2 is the last one in and wins; seat 1 left earlier and does not count.
    const ended = await resign(app, tokens[0]!, started.id);
    expect(ended.status).toBe('FINISHED');
    expect(ended.result).toMatchObject({ reason: 'RESIGNED', winner: 2 });
    const { game } = await checkFinished(tokens, started.id, optionsFor('modern'), seed);
    const moves = game.moves!;
    expect(moves[left.version - 1]).toMatchObject({ seat: 1, type: 'RESIGNED' });
    expect(moves.slice(left.version).every((record) => record.seat !== 1)).toBe(true);
    checkResult(game.result!, 3, [1], 0);
    expect(game.result!.ranking).toEqual([[2], [0], [1]]);
  });
});

describe('makeMove answers what a retry needs, and the log pages', () => {
  it('a retried clientMoveId after the game moved on answers replayed with the move as first recorded', async () => {
    const tokens = players(2);
    const started = await startGame(tokens, 'classic', 'e2e-replay-2');
    const mover = tokens[started.currentSeat!]!;
    const seen = await readGame(app, mover, started.id);
    const move = seen.legalMoves[0]!;
    const first = dataOf(await makeMove(app, mover, started.id, move, 0, 'retry-1')).makeMove;
    expect(first.replayed).toBe(false);
    expect(first.move).toMatchObject({ seq: 1, seat: started.currentSeat, move });
    expect(first.game.version).toBe(1);
    // The game moves on; then the first request arrives again (its answer was lost, say).
    await playGame(app, tokens, started.id, { maxVersion: 5 });
    const now = await readGame(app, null, started.id);
    expect(now.version).toBeGreaterThanOrEqual(5);
    const retried = dataOf(await makeMove(app, mover, started.id, move, 0, 'retry-1')).makeMove;
    expect(retried.replayed).toBe(true);
    // The move it names is the one recorded at version 1, not the game's latest: the client learns where it landed.
    expect(retried.move).toEqual(first.move);
    expect(retried.game.version).toBe(now.version);
    expect((await readGame(app, null, started.id)).version).toBe(now.version);

    // The log is a connection: two events a page, cursors the seqs, PageInfo saying where each page stands.
    const MOVES = `query($g: ID!, $a: String) { game(id: $g) { moves(first: 2, after: $a) {
      edges { cursor node { seq } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } } }`;
    interface MovesAnswer {
      game: {
        moves: {
          totalCount: number;
          edges: { cursor: string; node: { seq: number } }[];
          pageInfo: {
            hasNextPage: boolean;
            hasPreviousPage: boolean;
            startCursor: string | null;
            endCursor: string | null;
          };
        };
      };
    }
    const seqs: number[] = [];
    let after: string | null = null;
    for (;;) {
      const { moves }: MovesAnswer['game'] = dataOf(
        await app.gql<MovesAnswer>(null, MOVES, { g: started.id, a: after }),
      ).game;
      expect(moves.edges.map((edge) => edge.cursor)).toEqual(
        moves.edges.map((edge) => String(edge.node.seq)),
      );
      expect(moves.pageInfo).toEqual({
        hasNextPage: seqs.length + moves.edges.length < now.version,
        hasPreviousPage: after !== null,
        startCursor: moves.edges[0]?.cursor ?? null,
        endCursor: moves.edges.at(-1)?.cursor ?? null,
      });
      // Every page counts the whole log.
      expect(moves.totalCount).toBe(now.version);
      seqs.push(...moves.edges.map((edge) => edge.node.seq));
      if (!moves.pageInfo.hasNextPage) break;
      after = moves.pageInfo.endCursor;
    }
    expect(seqs).toEqual(Array.from({ length: now.version }, (_, index) => index + 1));
    const bad = await app.gql(null, MOVES, { g: started.id, a: 'x' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.extensions?.field).toBe('after');
  });
});

describe('RuleOptions.maxCenterPiles', () => {
  it('says a number, playersPlusOne and unlimited each as such, in and out', async () => {
    const CREATE = `mutation($i: CreateGameInput!) { createGame(input: $i) {
      id options { maxCenterPiles { kind count } } } }`;
    type Created = {
      createGame: { id: string; options: { maxCenterPiles: { kind: string; count: number | null } } };
    };
    const create = (options: Record<string, unknown>) =>
      app.gql<Created>(accounts[0]!, CREATE, { i: { preset: 'MODERN', seats: 3, options } });
    // Each preset's own limit, and each form given as an override, read back as given.
    expect(dataOf(await create({})).createGame.options.maxCenterPiles).toEqual({
      kind: 'PLAYERS_PLUS_ONE',
      count: null,
    });
    for (const limit of [
      { kind: 'FIXED', count: 4 },
      { kind: 'UNLIMITED', count: null },
    ]) {
      expect(dataOf(await create({ maxCenterPiles: limit })).createGame.options.maxCenterPiles).toEqual(
        limit,
      );
    }
    // PLAYERS_PLUS_ONE resolves, once dealt, to one more than the players.
    const game = dataOf(await create({ maxCenterPiles: { kind: 'PLAYERS_PLUS_ONE' } })).createGame;
    await joinGame(app, accounts[1]!, game.id);
    await joinGame(app, accounts[2]!, game.id);
    expect((await readGame(app, null, game.id)).view.maxCenterPiles).toBe(4);
    for (const [limit, message] of [
      [{ kind: 'FIXED' }, 'maxCenterPiles: FIXED needs a count'],
      [{ kind: 'UNLIMITED', count: 3 }, 'maxCenterPiles: a count goes with FIXED only'],
    ] as const) {
      const refused = await create({ maxCenterPiles: limit });
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]).toMatchObject({ message, extensions: { option: 'maxCenterPiles' } });
    }
  });
});
