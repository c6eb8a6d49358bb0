/**
 * Playing games through the GraphQL API, for API tests.
 *
 * - `GAME_FIELDS` / `MOVES_FIELDS`: the selection every helper asks for, and `GameData` its response type.
 * - `createGame`, `joinGame`, `readGame`, `makeMove`, `resign`: one request each, as any client sends it.
 * - `chooseMove(legalMoves)`: a deterministic strategy (pay-off plays, then other centre plays, then a
 *   side-pile card, then pass) that ends games reasonably fast.
 * - `playGame(app, tokens, gameId)`: plays with that strategy through the API until the game is over (or a
 *   move limit), reading `game` as the player to move each time the turn changes.
 * - `findSeed(...)`: a seed whose game, played with `chooseMove`, ends within a move budget — found with the
 *   engine alone, so a test can keep its run time down without hard-coding seeds; `simulate(...)` gives the
 *   moves of that game, which the API must reproduce.
 * - `eventsOf(moves)`: the engine's event log rebuilt from the public move history, for an independent
 *   replay (`replay(optionsFor(preset), newDeal(seed), eventsOf(moves), seats)`) once the seed is revealed.
 * - `statesByVersion(...)`: the true state (hidden cards included) after each event of a finished game's log,
 *   replayed with the engine from the revealed seed: the server-independent truth tests compare with.
 * - `watchGame(client, gameId)`: a `gameUpdated` subscription over graphql-ws that collects its pushes.
 */
import { Client as WsClient } from 'graphql-ws';
import {
  GameEvent,
  GameState,
  PresetName,
  RuleOptions,
  legalMoves,
  newDeal,
  optionsFor,
  play,
  replayFrom,
  setup,
} from '../../../src/engine';
import { GraphQLBody, TestApp, dataOf } from './app';
import { until } from './outage';

export interface CenterPileData {
  slot: number;
  cards: string[];
  topRank: number;
}

export interface SeatViewData {
  seat: number;
  handCount: number;
  payoffTop: string | null;
  payoffCount: number | null;
  sidePiles: string[][];
  out: boolean;
}

export interface GameViewData {
  hand: string[] | null;
  stockCount: number;
  setAsideCount: number;
  centerPiles: CenterPileData[];
  seats: SeatViewData[];
  turn: number;
  maxCenterPiles: number;
}

export interface GameResultData {
  reason: 'PAYOFF_EMPTIED' | 'BLOCKED' | 'STUCK' | 'TURN_LIMIT' | 'RESIGNED' | 'TIMED_OUT';
  winner: number | null;
  score: number;
  ranking: number[][];
  payoffLeft: number[];
}

export interface MoveRecordData {
  seq: number;
  seat: number;
  type: 'PLAYED' | 'DISCARDED' | 'PASSED' | 'RESIGNED' | 'TIMED_OUT';
  move: string | null;
  card: string | null;
  slot: number | null;
}

export interface GameData {
  id: string;
  preset: 'CLASSIC' | 'ZLOBA' | 'MODERN';
  status: 'WAITING' | 'ACTIVE' | 'FINISHED' | 'ABORTED';
  version: number;
  currentSeat: number | null;
  seats: number;
  mySeat: number | null;
  isMyTurn: boolean;
  seed: string | null;
  seedCommitment: string;
  rulesVersion: string;
  startPosition: string | null;
  legalMoves: string[];
  players: { seat: number; player: { id: string; username: string } }[];
  result: GameResultData | null;
  view: GameViewData;
  /** Present when the request asked for `MOVES_FIELDS`. */
  moves?: MoveRecordData[];
}

/**
 * The API's spelling of an engine name (docs/api/types.md#ruleoptions-and-ruleoptionsinput): `timedOut` is
 * `TIMED_OUT`.
 */
export function apiName(engineName: string): string {
  return engineName.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
}

/** Everything a client needs to play: state, legal moves and the view (no move history). */
export const GAME_FIELDS = `id preset status version currentSeat seats mySeat isMyTurn seed seedCommitment rulesVersion
  startPosition legalMoves
  players { seat player { id username } }
  result { reason winner score ranking payoffLeft }
  view { hand stockCount setAsideCount turn maxCenterPiles
    centerPiles { slot cards topRank }
    seats { seat handCount payoffTop payoffCount sidePiles out } }`;

/** The largest page of a connection (src/graphql/limits.ts). */
export const MOVES_PAGE = 100;

/**
 * The move history's first page; add it to GAME_FIELDS when a test needs it (it grows with the game). The
 * helpers that read a game page through the rest and answer `moves` as one list (`flatMoves`).
 */
export const MOVES_FIELDS = `moves(first: ${MOVES_PAGE}) {
  edges { node { seq seat type move card slot } } pageInfo { hasNextPage endCursor } }`;

interface MovesPage {
  edges: { node: MoveRecordData }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** A game as answered with MOVES_FIELDS, with its first page of moves as a plain list (the other pages are not read). */
export function flatMoves(game: GameData): GameData {
  const page = game.moves as unknown as MovesPage | MoveRecordData[] | undefined;
  if (page === undefined || Array.isArray(page)) return game;
  return { ...game, moves: page.edges.map((edge) => edge.node) };
}

export interface CreateGameOptions {
  preset: 'CLASSIC' | 'ZLOBA' | 'MODERN';
  seats?: number;
  seed?: string;
  rated?: boolean;
  clientSeed?: string;
  /** A built-in bot takes the other seat (BotKind). */
  bot?: 'GREEDY' | 'RANDOM' | 'EXPERT';
  /** A start position in notation (docs/notation.md#positions). */
  position?: string;
}

export async function createGame(app: TestApp, token: string, input: CreateGameOptions): Promise<GameData> {
  const body = await app.gql<{ createGame: GameData }>(
    token,
    `mutation($input: CreateGameInput!) { createGame(input: $input) { ${GAME_FIELDS} } }`,
    { input },
  );
  return dataOf(body).createGame;
}

export async function joinGame(
  app: TestApp,
  token: string,
  gameId: string,
  clientSeed?: string,
): Promise<GameData> {
  const body = await app.gql<{ joinGame: GameData }>(
    token,
    `mutation($g: ID!, $c: String) { joinGame(gameId: $g, clientSeed: $c) { ${GAME_FIELDS} } }`,
    { g: gameId, c: clientSeed ?? null },
  );
  return dataOf(body).joinGame;
}

/** `game(id)` as `token` sees it (null: a spectator); with the move history when `withMoves`. */
export async function readGame(
  app: TestApp,
  token: string | null,
  gameId: string,
  withMoves = false,
): Promise<GameData> {
  const game = dataOf(await readGameBody(app, token, gameId, withMoves)).game;
  if (game === null) throw new Error(`no game ${gameId}`);
  return game;
}

export async function readGameBody(
  app: TestApp,
  token: string | null,
  gameId: string,
  withMoves = false,
): Promise<GraphQLBody<{ game: GameData | null }>> {
  const body = await app.gql<{ game: GameData | null }>(
    token,
    `query($g: ID!) { game(id: $g) { ${GAME_FIELDS} ${withMoves ? MOVES_FIELDS : ''} } }`,
    { g: gameId },
  );
  const game = body.data?.game;
  if (!withMoves || game === undefined || game === null) return body;
  // The whole log, page after page.
  const moves: MoveRecordData[] = [];
  let page = game.moves as unknown as MovesPage;
  for (;;) {
    moves.push(...page.edges.map((edge) => edge.node));
    if (!page.pageInfo.hasNextPage) break;
    const next = await app.gql<{ game: { moves: MovesPage } }>(
      token,
      `query($g: ID!, $a: String) { game(id: $g) { moves(first: ${MOVES_PAGE}, after: $a) {
        edges { node { seq seat type move card slot } } pageInfo { hasNextPage endCursor } } } }`,
      { g: gameId, a: page.pageInfo.endCursor },
    );
    page = dataOf(next).game.moves;
  }
  return { ...body, data: { game: { ...game, moves } } };
}

/** makeMove's answer as the helpers ask for it: the recorded move, whether it replays, and the game. */
export interface MakeMoveData {
  move: MoveRecordData;
  replayed: boolean;
  game: GameData;
}

/** Sends a move; returns the whole response body, so a test can look at a refusal. */
export function makeMove(
  app: TestApp,
  token: string,
  gameId: string,
  move: string,
  expectedVersion?: number,
  clientMoveId?: string,
): Promise<GraphQLBody<{ makeMove: MakeMoveData }>> {
  return app.gql<{ makeMove: MakeMoveData }>(
    token,
    `mutation($g: ID!, $m: String!, $v: Int, $c: String) {
      makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) {
        move { seq seat type move card slot } replayed game { ${GAME_FIELDS} }
      }
    }`,
    { g: gameId, m: move, v: expectedVersion ?? null, c: clientMoveId ?? null },
  );
}

/**
 * A classic game of `token`'s player (seat 0) against the built-in bot `bot` (seat 1), played with `chooseMove`
 * until the bot has made `botMoves` events or the game is over, then resigned if it is still on. Answers the game's
 * id and how many events the bot made (fewer than asked when the game ended first).
 */
export async function playAgainstBot(
  app: TestApp,
  token: string,
  bot: 'RANDOM' | 'EXPERT',
  botMoves: number,
): Promise<{ readonly gameId: string; readonly botMoves: number }> {
  let game = dataOf(
    await app.gql<{ createGame: GameData }>(
      token,
      `mutation($i: CreateGameInput!) { createGame(input: $i) { ${GAME_FIELDS} } }`,
      { i: { preset: 'CLASSIC', bot } },
    ),
  ).createGame;
  let made = 0;
  while (game.status === 'ACTIVE' && made < botMoves) {
    if (game.isMyTurn) {
      game = dataOf(await makeMove(app, token, game.id, chooseMove(game.legalMoves ?? []), game.version))
        .makeMove.game;
      continue;
    }
    const before = game.version;
    const gameId = game.id;
    await until(
      'the bot has moved',
      async () => {
        game = await readGame(app, token, gameId);
        return game.status !== 'ACTIVE' || game.isMyTurn;
      },
      20_000,
    );
    made += game.version - before;
  }
  if (game.status === 'ACTIVE') await resign(app, token, game.id);
  return { gameId: game.id, botMoves: made };
}

export async function resign(app: TestApp, token: string, gameId: string): Promise<GameData> {
  const body = await app.gql<{ resign: GameData }>(
    token,
    `mutation($g: ID!) { resign(gameId: $g) { ${GAME_FIELDS} } }`,
    { g: gameId },
  );
  return dataOf(body).resign;
}

/** Pay-off plays first, then other centre plays, then a side-pile card, then pass. */
export function chooseMove(moves: readonly string[]): string {
  const target = (move: string): string => move.split('-')[1] ?? '';
  const choice =
    moves.find((move) => move.startsWith('p-')) ??
    moves.find((move) => target(move).startsWith('c')) ??
    moves.find((move) => target(move).startsWith('d')) ??
    moves.find((move) => move === 'pass');
  if (choice === undefined) throw new Error(`no move to choose among ${JSON.stringify(moves)}`);
  return choice;
}

export interface PlayOptions {
  /** Stop once the game has this many events (it may still be active then). */
  readonly maxVersion?: number;
  /**
   * Sees every response the players get while playing, with the seat it went to: `read` is the `game` read at
   * the start of a turn (before the first move of that turn), `move` an accepted move's response.
   */
  readonly onGame?: (seat: number, game: GameData, kind: 'read' | 'move') => void | Promise<void>;
  /** The clientMoveId of the move at `version` (default `<gameId>:<version>`; the web client sends UUIDs). */
  readonly clientMoveIdOf?: (gameId: string, version: number) => string;
}

/**
 * Plays `gameId` with `chooseMove` until it is over (or `maxVersion`). `tokens[seat]` plays that seat. Each
 * move is sent with `expectedVersion` and a `clientMoveId`; a refusal fails the game (the moves come from
 * `legalMoves`, so the server must accept them). Returns the last state the mover saw.
 */
export async function playGame(
  app: TestApp,
  tokens: readonly string[],
  gameId: string,
  options: PlayOptions = {},
): Promise<GameData> {
  const tokenOf = (seat: number): string => {
    const token = tokens[seat];
    if (token === undefined) throw new Error(`no token for seat ${seat}`);
    return token;
  };
  const maxVersion = options.maxVersion ?? Number.POSITIVE_INFINITY;
  let game = await readGame(app, null, gameId);
  let seen: GameData | null = null;
  while (game.status === 'ACTIVE' && game.version < maxVersion) {
    const seat = game.currentSeat;
    if (seat === null) throw new Error(`active game ${gameId} with no seat to move`);
    if (seen === null || seen.mySeat !== seat) {
      seen = await readGame(app, tokenOf(seat), gameId);
      if (!seen.isMyTurn) throw new Error(`the player to move, seat ${seat}, reads isMyTurn false`);
      await options.onGame?.(seat, seen, 'read');
    }
    const move = chooseMove(seen.legalMoves);
    const clientMoveId = options.clientMoveIdOf?.(gameId, seen.version) ?? `${gameId}:${seen.version}`;
    const body = await makeMove(app, tokenOf(seat), gameId, move, seen.version, clientMoveId);
    if (body.data === undefined || body.data === null) {
      throw new Error(`move ${move} at version ${seen.version} refused: ${JSON.stringify(body.errors)}`);
    }
    const answer = body.data.makeMove;
    if (answer.replayed || answer.move.seq !== seen.version + 1 || answer.move.seat !== seat) {
      throw new Error(`move ${move} at version ${seen.version} answered ${JSON.stringify(answer.move)}`);
    }
    seen = answer.game;
    // The mover's answer says whether the turn is still theirs: exactly when the game goes on at their seat.
    if (seen.isMyTurn !== (seen.status === 'ACTIVE' && seen.currentSeat === seat)) {
      throw new Error(
        `isMyTurn ${seen.isMyTurn} at seat ${seat}, currentSeat ${seen.currentSeat}, ${seen.status}`,
      );
    }
    await options.onGame?.(seat, seen, 'move');
    game = seen;
    // The mover's response shows the next seat; the next mover reads the game for their own legal moves.
    if (game.currentSeat !== seat) seen = null;
  }
  return game;
}

/**
 * The moves of the game `seed` deals when every seat plays `chooseMove`, computed with the engine alone (at most
 * `limit` of them); `finished` tells whether the game ended within them.
 */
export function simulate(
  preset: PresetName,
  seats: number,
  seed: string,
  limit: number,
): { moves: string[]; finished: boolean } {
  let state = setup(optionsFor(preset), newDeal(seed), seats);
  const moves: string[] = [];
  while (state.result === null && moves.length < limit) {
    const move = chooseMove(legalMoves(state));
    const step = play(state, { type: 'move', seat: state.current, move });
    if (!step.ok) throw new Error(`engine refused its own legal move ${move}: ${step.violation.reason}`);
    state = step.state;
    moves.push(move);
  }
  return { moves, finished: state.result !== null };
}

/**
 * The first seed `${prefix}-0`, `${prefix}-1`, … whose game, played with `chooseMove` by every seat, ends
 * after `minMoves`–`maxMoves` moves (decided with the engine alone; the API must then play the same game).
 */
export function findSeed(
  preset: PresetName,
  seats: number,
  prefix: string,
  minMoves: number,
  maxMoves: number,
): string {
  for (let index = 0; index < 1000; index++) {
    const seed = `${prefix}-${index}`;
    const { moves, finished } = simulate(preset, seats, seed, maxMoves);
    if (finished && moves.length >= minMoves) return seed;
  }
  throw new Error(`no seed ${prefix}-N ends within ${minMoves}–${maxMoves} moves`);
}

/** The engine's events, rebuilt from the public move history (`moves`, oldest first). */
export function eventsOf(moves: readonly MoveRecordData[]): GameEvent[] {
  return moves.map((record): GameEvent => {
    switch (record.type) {
      case 'PLAYED':
        return {
          type: 'played',
          seat: record.seat,
          move: record.move ?? '',
          card: record.card ?? '',
          slot: record.slot ?? 0,
        };
      case 'DISCARDED':
        return { type: 'discarded', seat: record.seat, move: record.move ?? '', card: record.card ?? '' };
      case 'PASSED':
        return { type: 'passed', seat: record.seat };
      case 'RESIGNED':
        return { type: 'resigned', seat: record.seat };
      case 'TIMED_OUT':
        return { type: 'timedOut', seat: record.seat };
    }
  });
}

/**
 * The true state at every version 0…N of a log, replayed with the engine from `seed` (index = version). Throws
 * if the log does not replay legally from that seed.
 */
export function statesByVersion(
  options: RuleOptions,
  seed: string,
  seats: number,
  events: readonly GameEvent[],
): GameState[] {
  const states = [setup(options, newDeal(seed), seats)];
  for (const [index, event] of events.entries()) {
    // replayFrom checks the event against `decide` on the state before it, and works on a copy.
    const next = replayFrom(states[index]!, [event]);
    if (!next.ok) throw new Error(`event ${index + 1} does not replay: ${next.violation.reason}`);
    states.push(next.state);
  }
  return states;
}

/** A live `gameUpdated` subscription: every push (data or errors) in arrival order. */
export interface GameWatch {
  readonly pushes: GraphQLBody<{ gameUpdated: GameData }>[];
  /** Set when the subscription ended with an error (a refused connection, a closed socket). */
  failure: unknown;
  /** Resolves with the first push (already received or still to come) that `test` accepts. */
  waitFor(
    test: (push: GraphQLBody<{ gameUpdated: GameData }>) => boolean,
    timeoutMs?: number,
  ): Promise<GraphQLBody<{ gameUpdated: GameData }>>;
  /** Resolves once the subscription has ended (completed or failed). */
  readonly ended: Promise<void>;
  stop(): void;
}

/** Subscribes to `gameUpdated(gameId)` selecting `fields` (default GAME_FIELDS) on an `app.ws(token)` client. */
export function watchGame(client: WsClient, gameId: string, fields = GAME_FIELDS): GameWatch {
  const waiters: { test: (push: GraphQLBody<{ gameUpdated: GameData }>) => boolean; done: () => void }[] = [];
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  const watch: GameWatch = {
    pushes: [],
    failure: undefined,
    ended,
    async waitFor(test, timeoutMs = 10_000) {
      const found = (): GraphQLBody<{ gameUpdated: GameData }> | undefined => watch.pushes.find(test);
      if (found() === undefined) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no matching push in ${timeoutMs} ms; got ${watch.pushes.length} pushes`)),
            timeoutMs,
          );
          waiters.push({
            test,
            done: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
      }
      return found()!;
    },
    stop: () => unsubscribe(),
  };
  const unsubscribe = client.subscribe<{ gameUpdated: GameData }>(
    { query: `subscription($g: ID!) { gameUpdated(gameId: $g) { ${fields} } }`, variables: { g: gameId } },
    {
      next: (push) => {
        const body = push as GraphQLBody<{ gameUpdated: GameData }>;
        watch.pushes.push(body);
        for (const waiter of waiters.filter((entry) => entry.test(body))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.done();
        }
      },
      error: (error) => {
        watch.failure = error;
        finish();
      },
      complete: () => finish(),
    },
  );
  return watch;
}
