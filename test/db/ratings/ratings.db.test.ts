/**
 * Ratings and match history through the API (docs/api/ratings-and-history.md#ratings): a finishing move
 * records every seat's outcome and, in a rated game, the Glicko-2 changes, once — even when the finishing
 * move is retried; games of three rate every pair by placement; the leaderboard shows established ratings
 * only, best first; history pages neither skip nor repeat games while new ones finish; the filters,
 * statistics and head-to-head records agree with the games. Expected ratings are computed here with `rate()`
 * on hand-written results, not with the service's own pairing.
 */
import { randomUUID } from 'node:crypto';
import { newDeal, optionsFor, play, setup } from '../../../src/engine';
import { LICHESS, NEW_PLAYER, Rating, Result, rate } from '../../../src/ratings/glicko2';
import { GraphQLBody, TestApp, codeOf, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import { sql } from '../../support/service/database';
import { createGame, joinGame, makeMove, readGame } from '../../support/service/play';

let app: TestApp;

beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

const SEAT_FIELDS = `seat outcome placement score payoffLeft ratingBefore ratingAfter ratingChange
  deviationBefore deviationAfter player { username }`;

interface SeatRecord {
  seat: number;
  outcome: 'WIN' | 'LOSS' | 'DRAW' | null;
  placement: number | null;
  score: number | null;
  payoffLeft: number | null;
  ratingBefore: number | null;
  ratingAfter: number | null;
  ratingChange: number | null;
  deviationBefore: number | null;
  deviationAfter: number | null;
  player: { username: string };
}

interface FinishedGame {
  id: string;
  status: string;
  rated: boolean;
  moveCount: number;
  finishedAt: string | null;
  result: { winner: number | null; score: number } | null;
  players: SeatRecord[];
}

const FINISHED_FIELDS = `id status rated moveCount finishedAt result { winner score } players { ${SEAT_FIELDS} }`;

async function finishedGame(token: string, gameId: string): Promise<FinishedGame> {
  const body = await app.gql<{ game: FinishedGame }>(
    token,
    `query($g: ID!) { game(id: $g) { ${FINISHED_FIELDS} } }`,
    { g: gameId },
  );
  return dataOf(body).game;
}

async function resignGame(token: string, gameId: string): Promise<FinishedGame> {
  const body = await app.gql<{ resign: FinishedGame }>(
    token,
    `mutation($g: ID!) { resign(gameId: $g) { ${FINISHED_FIELDS} } }`,
    { g: gameId },
  );
  return dataOf(body).resign;
}

/** A two-player classic game between `tokens` (seat 0 creates), dealt. */
async function dealt(
  tokens: readonly [string, string],
  options: { rated?: boolean; seed?: string; preset?: 'CLASSIC' | 'ZLOBA' | 'MODERN' } = {},
): Promise<{ id: string; currentSeat: number }> {
  const created = await createGame(app, tokens[0], {
    preset: options.preset ?? 'CLASSIC',
    rated: options.rated,
    seed: options.seed,
  });
  const joined = await joinGame(app, tokens[1], created.id);
  return { id: created.id, currentSeat: joined.currentSeat! };
}

/** A game `winnerSeat` wins: the other player resigns. */
async function wonBy(
  tokens: readonly [string, string],
  winnerSeat: 0 | 1,
  options: { rated?: boolean; preset?: 'CLASSIC' | 'ZLOBA' | 'MODERN' } = {},
): Promise<FinishedGame> {
  const game = await dealt(tokens, options);
  return resignGame(tokens[1 - winnerSeat]!, game.id);
}

/** The first classic seed pp-N whose deal two passes end blocked, drawn (found with the engine). */
const DRAWN_SEED = drawnByTwoPasses();

function drawnByTwoPasses(): string {
  for (let index = 0; index < 500; index++) {
    const seed = `pp-${index}`;
    let state = setup(optionsFor('classic'), newDeal(seed), 2);
    for (let pass = 0; pass < 2 && state.result === null; pass++) {
      const step = play(state, { type: 'move', seat: state.current, move: 'pass' });
      if (!step.ok) break;
      state = step.state;
    }
    if (state.result?.reason === 'blocked' && state.result.winner === null) return seed;
  }
  throw new Error('no classic seed pp-N is drawn by two passes');
}

/**
 * A rated game drawn by two passes. Rated games cannot fix their seed: deals are tried (and aborted) until both
 * players may pass at once. The second pass is returned unsent: `finish(clientMoveId)` sends it.
 */
async function ratedDrawReady(
  tokens: readonly [string, string],
): Promise<{ id: string; finish: (clientMoveId: string) => ReturnType<typeof makeMove> }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const game = await dealt(tokens, { rated: true });
    const first = tokens[game.currentSeat]!;
    const second = tokens[1 - game.currentSeat]!;
    if ((await readGame(app, first, game.id)).legalMoves.includes('pass')) {
      expect(dataOf(await makeMove(app, first, game.id, 'pass', 0)).makeMove.game.version).toBe(1);
      if ((await readGame(app, second, game.id)).legalMoves.includes('pass')) {
        return {
          id: game.id,
          finish: (clientMoveId) => makeMove(app, second, game.id, 'pass', 1, clientMoveId),
        };
      }
      await resignGame(first, game.id); // not a usable deal after all: end it
      continue;
    }
    await resignGame(first, game.id); // a rated game cannot be aborted once dealt
  }
  throw new Error('no deal where both players may pass');
}

interface RatingRow {
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
}

async function storedRating(username: string, preset: string): Promise<RatingRow | undefined> {
  const rows = await sql<RatingRow>(
    app.databaseUrl,
    `SELECT r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN players p ON p.id = r.player_id
      WHERE p.username = $1 AND r.preset = $2`,
    [username, preset],
  );
  return rows[0];
}

function expectRating(actual: { rating: number; deviation: number }, expected: Rating): void {
  expect(actual.rating).toBeCloseTo(expected.rating, 6);
  expect(actual.deviation).toBeCloseTo(expected.deviation, 6);
}

describe('ratings', () => {
  it('a rated two-player game rates both players once, with before and after on the game', async () => {
    const tokens = [await register(app, 'rate_ann'), await register(app, 'rate_bob')] as const;
    const game = await wonBy(tokens, 0, { rated: true });
    expect(game.status).toBe('FINISHED');
    const win = rate(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 1 }]);
    const loss = rate(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 0 }]);
    // The finishing response itself carries the outcomes and the changes.
    const [ann, bob] = game.players;
    expect(ann).toMatchObject({ outcome: 'WIN', placement: 1, ratingBefore: 1500, deviationBefore: 500 });
    expect(bob).toMatchObject({ outcome: 'LOSS', placement: 2, ratingBefore: 1500, score: 0 });
    expect(ann!.score).toBe(game.result!.score);
    expect(ann!.ratingAfter).toBeCloseTo(win.rating, 6);
    expect(bob!.ratingAfter).toBeCloseTo(loss.rating, 6);
    expect(ann!.ratingChange).toBeCloseTo(win.rating - 1500, 6);
    expect(win.rating).toBeGreaterThan(1500);
    expect(loss.rating).toBeLessThan(1500);
    // The same when read later, and in the ratings table.
    expect((await finishedGame(tokens[1], game.id)).players).toEqual(game.players);
    expectRating((await storedRating('rate_ann', 'classic'))!, win);
    expect((await storedRating('rate_bob', 'classic'))!.games).toBe(1);
    expect(await storedRating('rate_ann', 'zloba')).toBeUndefined();

    const profile = await app.gql<{
      player: {
        ratings: { preset: string; rating: number; deviation: number; provisional: boolean; games: number }[];
        stats: {
          preset: string;
          games: number;
          wins: number;
          losses: number;
          draws: number;
          averageScore: number;
        }[];
      };
    }>(
      null,
      'query { player(username: "RATE_ANN") { ratings { preset rating deviation provisional games } stats { preset games wins losses draws averageScore } } }',
    );
    const { ratings, stats } = dataOf(profile).player;
    expect(ratings.map((rating) => rating.preset)).toEqual(['CLASSIC', 'ZLOBA', 'MODERN']);
    expectRating(ratings[0]!, win);
    expect(ratings[0]).toMatchObject({ provisional: true, games: 1 });
    expect(ratings[1]).toMatchObject({ rating: 1500, deviation: 500, provisional: true, games: 0 });
    expect(stats[0]).toEqual({
      preset: 'CLASSIC',
      games: 1,
      wins: 1,
      losses: 0,
      draws: 0,
      averageScore: game.result!.score,
    });

    const history = await app.gql<{
      ratingHistory: {
        edges: { node: { gameId: string; outcome: string; ratingBefore: number; ratingAfter: number } }[];
      };
    }>(
      null,
      'query { ratingHistory(username: "rate_bob", preset: CLASSIC) { edges { node { gameId outcome ratingBefore ratingAfter } } } }',
    );
    expect(dataOf(history).ratingHistory.edges.map((edge) => edge.node)).toEqual([
      { gameId: game.id, outcome: 'LOSS', ratingBefore: 1500, ratingAfter: bob!.ratingAfter },
    ]);
  });

  it('a second rated game starts from the first one’s rating (one rating period per game)', async () => {
    const tokens = [await register(app, 'rate_cid'), await register(app, 'rate_dee')] as const;
    await wonBy(tokens, 0, { rated: true });
    const second = await wonBy(tokens, 1, { rated: true });
    const cid1 = rate(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 1 }]);
    const dee1 = rate(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 0 }]);
    const cid2 = rate(cid1, [{ opponent: dee1, score: 0 }]);
    const dee2 = rate(dee1, [{ opponent: cid1, score: 1 }]);
    expect(second.players[0]!.ratingBefore).toBeCloseTo(cid1.rating, 6);
    expect(second.players[0]!.ratingAfter).toBeCloseTo(cid2.rating, 6);
    expect(second.players[1]!.ratingAfter).toBeCloseTo(dee2.rating, 6);
    expectRating((await storedRating('rate_dee', 'classic'))!, dee2);
    expect((await storedRating('rate_dee', 'classic'))!.games).toBe(2);
  });

  it('a retried finishing move (same clientMoveId, at once and later) rates exactly once', async () => {
    const tokens = [await register(app, 'rate_eve'), await register(app, 'rate_fay')] as const;
    const game = await ratedDrawReady(tokens);
    // Deals that did not suit were resigned (and rated): the finish is rated from wherever that left them.
    const stored = async (username: string): Promise<RatingRow> =>
      (await storedRating(username, 'classic')) ?? { ...NEW_PLAYER, games: 0 };
    const eve = await stored('rate_eve');
    const fay = await stored('rate_fay');
    const clientMoveId = `finish-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => game.finish(clientMoveId)));
    answers.push(await game.finish(clientMoveId), await game.finish(clientMoveId));
    for (const answer of answers) {
      // Each is the original outcome (the game as the move left it) or, for a copy that raced the original, a
      // VERSION_CONFLICT; never a second application.
      if (answer.errors !== undefined) expect(codeOf(answer)).toBe('VERSION_CONFLICT');
      else expect(answer.data!.makeMove.game.status).toBe('FINISHED');
    }
    expect(answers.filter((answer) => answer.errors === undefined).length).toBeGreaterThanOrEqual(2);
    for (const [username, before, opponent] of [
      ['rate_eve', eve, fay],
      ['rate_fay', fay, eve],
    ] as const) {
      const after = await stored(username);
      expect(after.games).toBe(before.games + 1);
      // Rated twice, the deviation would have shrunk again.
      expectRating(after, rate(before, [{ opponent, score: 0.5 }]));
    }
    const finished = await finishedGame(tokens[0], game.id);
    expect(finished.players.map((seat) => seat.outcome)).toEqual(['DRAW', 'DRAW']);
    expect(finished.moveCount).toBe(2);
    const events = await sql(app.databaseUrl, 'SELECT seq FROM game_events WHERE game_id = $1', [game.id]);
    expect(events).toHaveLength(2);
  });

  it('a rated game cannot be aborted once dealt (no shopping for deals); before the deal it can', async () => {
    const tokens = [await register(app, 'rate_abe'), await register(app, 'rate_bea')] as const;
    const abort = (token: string, id: string) =>
      app.gql<{ abortGame: { status: string } }>(
        token,
        'mutation($g: ID!) { abortGame(gameId: $g) { status } }',
        {
          g: id,
        },
      );
    const waiting = await createGame(app, tokens[0], { preset: 'CLASSIC', rated: true });
    expect(dataOf(await abort(tokens[0], waiting.id)).abortGame.status).toBe('ABORTED');
    const game = await dealt(tokens, { rated: true });
    for (const token of tokens) {
      const refused = await abort(token, game.id);
      expect(codeOf(refused)).toBe('FORBIDDEN');
      expect(refused.errors![0]!.message).toMatch(/rated.*resign/);
    }
    expect((await readGame(app, tokens[0], game.id)).status).toBe('ACTIVE');
  });

  it('an unrated game records outcomes but changes no rating', async () => {
    const tokens = [await register(app, 'rate_gus'), await register(app, 'rate_hal')] as const;
    const game = await wonBy(tokens, 1);
    expect(game.rated).toBe(false);
    expect(game.players.map((seat) => [seat.outcome, seat.ratingBefore, seat.ratingAfter])).toEqual([
      ['LOSS', null, null],
      ['WIN', null, null],
    ]);
    expect(await storedRating('rate_gus', 'classic')).toBeUndefined();
  });

  it('a rated game of three rates every pair by placement, in one rating period', async () => {
    const names = ['rate_ivy', 'rate_jon', 'rate_kim'];
    const tokens = await Promise.all(names.map((name) => register(app, name)));
    const created = await createGame(app, tokens[0]!, { preset: 'MODERN', seats: 3, rated: true });
    await joinGame(app, tokens[1]!, created.id);
    await joinGame(app, tokens[2]!, created.id);
    // Seat 1 leaves first (last place), then seat 0: seat 2 wins.
    await resignGame(tokens[1]!, created.id);
    const game = await resignGame(tokens[0]!, created.id);
    expect(game.status).toBe('FINISHED');
    expect(game.players.map((seat) => [seat.outcome, seat.placement])).toEqual([
      ['LOSS', 2],
      ['LOSS', 3],
      ['WIN', 1],
    ]);
    // By hand: the winner beat both, seat 0 beat seat 1 and lost to the winner, seat 1 lost both.
    const results = (...scores: Result['score'][]): Result[] =>
      scores.map((score) => ({ opponent: NEW_PLAYER, score }));
    const expected = [
      rate(NEW_PLAYER, results(0, 1)),
      rate(NEW_PLAYER, results(0, 0)),
      rate(NEW_PLAYER, results(1, 1)),
    ];
    game.players.forEach((seat, index) => {
      expect(seat.ratingAfter).toBeCloseTo(expected[index]!.rating, 6);
      expect(seat.deviationAfter).toBeCloseTo(expected[index]!.deviation, 6);
    });
    expect(expected[2]!.rating).toBeGreaterThan(expected[0]!.rating);
    expect(expected[0]!.rating).toBeGreaterThan(expected[1]!.rating);
    for (const name of names) expect((await storedRating(name, 'modern'))!.games).toBe(1);
  });
});

describe('leaderboard', () => {
  it('lists established ratings only, best first, ranked, in pages that neither skip nor repeat', async () => {
    // Ratings as the finishing moves would have left them (writing hundreds of rated games through the API
    // would only slow the test): 30 players, a third provisional, with tied ratings.
    const players = Array.from({ length: 30 }, (_, index) => ({
      id: randomUUID(),
      username: `board_${index}`,
      rating: 1400 + (index % 12) * 25,
      deviation: index % 3 === 0 ? 150 : 60 + index,
    }));
    for (const player of players) {
      await sql(
        app.databaseUrl,
        `INSERT INTO players (id, username, username_key, password_hash) VALUES ($1, $2, $2, 'x')`,
        [player.id, player.username],
      );
      await sql(
        app.databaseUrl,
        `INSERT INTO ratings (player_id, preset, rating, deviation, volatility, games) VALUES ($1, 'zloba', $2, $3, 0.06, 20)`,
        [player.id, player.rating, player.deviation],
      );
    }
    const established = players
      .filter((player) => player.deviation < LICHESS.provisionalDeviation)
      .sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : 1));
    const seen: { rank: number; username: string; rating: number }[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const body: GraphQLBody<{
        leaderboard: {
          edges: { node: { rank: number; rating: number; player: { username: string } } }[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      }> = await app.gql<{
        leaderboard: {
          edges: { node: { rank: number; rating: number; player: { username: string } } }[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      }>(
        null,
        'query($a: String) { leaderboard(preset: ZLOBA, first: 6, after: $a) { edges { node { rank rating player { username } } } pageInfo { hasNextPage endCursor } } }',
        { a: after },
      );
      const { edges, pageInfo } = dataOf(body).leaderboard;
      seen.push(
        ...edges.map(({ node }) => ({
          rank: node.rank,
          username: node.player.username,
          rating: node.rating,
        })),
      );
      if (page === 0) {
        // A new established player above everyone appears meanwhile: later pages go on where they were.
        const id = randomUUID();
        await sql(
          app.databaseUrl,
          `INSERT INTO players (id, username, username_key, password_hash) VALUES ($1, 'board_new', 'board_new', 'x')`,
          [id],
        );
        await sql(
          app.databaseUrl,
          `INSERT INTO ratings (player_id, preset, rating, deviation, volatility, games) VALUES ($1, 'zloba', 2500, 50, 0.06, 30)`,
          [id],
        );
      }
      after = pageInfo.endCursor;
      if (!pageInfo.hasNextPage) break;
    }
    expect(seen.map((entry) => entry.username)).toEqual(established.map((player) => player.username));
    expect(seen.slice(0, 6).map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    // After the newcomer, ranks count them too: the seventh entry is now eighth.
    expect(seen[6]!.rank).toBe(8);
    const bad = await app.gql(
      null,
      'query { leaderboard(preset: ZLOBA, after: "nonsense") { edges { cursor } } }',
    );
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });
});

describe('match history', () => {
  interface HistoryPage {
    games: {
      edges: { cursor: string; node: FinishedGame }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  }
  const HISTORY = `query($f: GamesFilter, $n: Int, $a: String) {
    games(filter: $f, first: $n, after: $a) { edges { cursor node { ${FINISHED_FIELDS} } } pageInfo { hasNextPage endCursor } }
  }`;

  async function page(
    token: string | null,
    filter: Record<string, unknown>,
    first = 50,
    after: string | null = null,
  ): Promise<HistoryPage['games']> {
    return dataOf(await app.gql<HistoryPage>(token, HISTORY, { f: filter, n: first, a: after })).games;
  }

  it('filters by player, opponent, result, preset, rated and finish time; counts statistics and head-to-head', async () => {
    const [leo, max, ned] = await Promise.all(
      ['hist_leo', 'hist_max', 'hist_ned'].map((name) => register(app, name)),
    );
    const games: {
      id: string;
      opponent: string;
      outcome: 'WIN' | 'LOSS' | 'DRAW';
      rated: boolean;
      preset: string;
    }[] = [];
    const vs = async (
      opponent: 'hist_max' | 'hist_ned',
      outcome: 'WIN' | 'LOSS' | 'DRAW',
      options: { rated?: boolean; preset?: 'CLASSIC' | 'ZLOBA' } = {},
    ): Promise<void> => {
      const tokens = [leo!, opponent === 'hist_max' ? max! : ned!] as const;
      let id: string;
      if (outcome === 'DRAW') {
        const game = await dealt(tokens, { seed: DRAWN_SEED, preset: options.preset });
        const first = tokens[game.currentSeat]!;
        dataOf(await makeMove(app, first, game.id, 'pass', 0));
        dataOf(await makeMove(app, tokens[1 - game.currentSeat]!, game.id, 'pass', 1));
        id = game.id;
      } else {
        id = (await wonBy(tokens, outcome === 'WIN' ? 0 : 1, options)).id;
      }
      games.push({
        id,
        opponent,
        outcome,
        rated: options.rated ?? false,
        preset: options.preset ?? 'CLASSIC',
      });
    };
    await vs('hist_max', 'WIN', { rated: true });
    await vs('hist_max', 'LOSS');
    await vs('hist_ned', 'WIN');
    await vs('hist_max', 'DRAW');
    const middle = new Date();
    await vs('hist_ned', 'LOSS', { preset: 'ZLOBA' });
    await vs('hist_max', 'WIN', { preset: 'ZLOBA', rated: true });
    // An active game and an aborted one: in no finished-games list.
    await dealt([leo!, max!]);
    const newestFirst = [...games].reverse().map((game) => game.id);
    const ids = async (filter: Record<string, unknown>, token: string | null = null): Promise<string[]> =>
      (await page(token, filter)).edges.map((edge) => edge.node.id);

    expect(await ids({ player: 'hist_leo', status: 'FINISHED' })).toEqual(newestFirst);
    const only = (test: (game: (typeof games)[number]) => boolean): string[] =>
      [...games]
        .reverse()
        .filter(test)
        .map((game) => game.id);
    expect(await ids({ player: 'hist_leo', result: 'WIN' })).toEqual(only((game) => game.outcome === 'WIN'));
    expect(await ids({ player: 'hist_leo', result: 'DRAW' })).toEqual(
      only((game) => game.outcome === 'DRAW'),
    );
    expect(await ids({ player: 'hist_max', result: 'LOSS' })).toEqual(
      only((game) => game.opponent === 'hist_max' && game.outcome === 'WIN'),
    );
    expect(await ids({ player: 'hist_leo', opponent: 'hist_ned', status: 'FINISHED' })).toEqual(
      only((game) => game.opponent === 'hist_ned'),
    );
    expect(await ids({ player: 'hist_leo', status: 'FINISHED', rated: true })).toEqual(
      only((game) => game.rated),
    );
    expect(await ids({ player: 'hist_leo', status: 'FINISHED', preset: 'ZLOBA' })).toEqual(
      only((game) => game.preset === 'ZLOBA'),
    );
    expect(await ids({ player: 'hist_leo', finishedAfter: middle.toISOString() })).toEqual(
      newestFirst.slice(0, 2),
    );
    expect(await ids({ player: 'hist_leo', finishedBefore: middle.toISOString() })).toEqual(
      newestFirst.slice(2),
    );
    // `result` and `opponent` without `player` are about the caller.
    expect(await ids({ result: 'LOSS' }, leo!)).toEqual(only((game) => game.outcome === 'LOSS'));
    expect(codeOf(await app.gql(null, HISTORY, { f: { result: 'WIN' } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(null, HISTORY, { f: { player: 'nobody_here' } }))).toBe('NOT_FOUND');

    // Each entry: players with outcome and score, result, move count, start and end.
    const entry = (await page(null, { player: 'hist_leo', status: 'FINISHED' }, 1)).edges[0]!.node;
    expect(entry).toMatchObject({ id: newestFirst[0], status: 'FINISHED', rated: true, moveCount: 1 });
    expect(entry.players.map((seat) => seat.outcome)).toEqual(['WIN', 'LOSS']);
    expect(entry.players[0]!.ratingChange).toBeGreaterThan(0);

    const stats = await app.gql<{
      player: { stats: { preset: string; games: number; wins: number; losses: number; draws: number }[] };
    }>(null, 'query { player(username: "hist_leo") { stats { preset games wins losses draws } } }');
    expect(dataOf(stats).player.stats).toEqual([
      { preset: 'CLASSIC', games: 4, wins: 2, losses: 1, draws: 1 },
      { preset: 'ZLOBA', games: 2, wins: 1, losses: 1, draws: 0 },
      { preset: 'MODERN', games: 0, wins: 0, losses: 0, draws: 0 },
    ]);
    const h2h = await app.gql<{ headToHead: { games: number; wins: number; losses: number; draws: number } }>(
      null,
      'query { headToHead(player: "hist_leo", opponent: "hist_max") { games wins losses draws } }',
    );
    expect(dataOf(h2h).headToHead).toEqual({ games: 4, wins: 2, losses: 1, draws: 1 });
    const reverse = await app.gql<{ headToHead: { wins: number; losses: number } }>(
      null,
      'query { headToHead(player: "hist_max", opponent: "hist_leo", preset: CLASSIC) { wins losses } }',
    );
    expect(dataOf(reverse).headToHead).toEqual({ wins: 1, losses: 1 });
  });

  it('pages through a history without skipping or repeating games while new ones finish', async () => {
    const [oli, pam] = await Promise.all(['hist_oli', 'hist_pam'].map((name) => register(app, name)));
    const tokens = [oli!, pam!] as const;
    const before: string[] = [];
    for (let index = 0; index < 11; index++) before.unshift((await wonBy(tokens, (index % 2) as 0 | 1)).id);
    const seen: string[] = [];
    let after: string | null = null;
    for (let round = 0; round < 10; round++) {
      const { edges, pageInfo } = await page(oli!, { player: 'hist_oli', status: 'FINISHED' }, 3, after);
      seen.push(...edges.map((edge) => edge.node.id));
      // Games finish between pages (they are newer than every cursor: they belong before the first page).
      await wonBy(tokens, 0);
      after = pageInfo.endCursor;
      if (!pageInfo.hasNextPage) break;
    }
    expect(seen).toEqual(before);
    // A cursor from a creation-ordered list does not fit an end-ordered one.
    const created = await page(oli!, { mine: true }, 1);
    const mixed = await app.gql(oli!, HISTORY, {
      f: { player: 'hist_oli', status: 'FINISHED' },
      n: 3,
      a: created.pageInfo.endCursor,
    });
    expect(codeOf(mixed)).toBe('BAD_USER_INPUT');
  });
});
