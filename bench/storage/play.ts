/**
 * Players and games of the storage bench, over GraphQL HTTP as any client plays: each pair of accounts registers
 * (and, with webhooks on, registers a webhook to the bench's local receiver, every event kind), creates an
 * unrated game with a fixed seed, the other joins, and the seat to move asks `game(id)` at the start of its turn
 * and plays with makeMove — `expectedVersion` and a fresh `clientMoveId` on every move, as the web client sends
 * them (web/src/table/moves.ts) — choosing by the API bench's strategy (bench/api/strategy.ts). A game that
 * runs past `maxMoves` is resigned, so every game finishes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { GameSnapshot, parseGame } from '../api/bot';
import { GraphQLResult, GraphQLTransport, isRecord } from '../api/graphql-http';
import { pickMove } from '../api/strategy';

export const PRESETS = ['CLASSIC', 'ZLOBA', 'MODERN'] as const;
export type Preset = (typeof PRESETS)[number];

const PASSWORD = 'storage bench password';
const GAME_FIELDS = 'id version currentSeat status legalMoves';
const REGISTER =
  'mutation Register($u: String!, $p: String!) { register(username: $u, password: $p) { token } }';
const WEBHOOK =
  'mutation Hook($url: String!, $secret: String!) { createWebhook(url: $url, secret: $secret) { id } }';
const CREATE =
  'mutation Create($preset: Preset!, $seed: String!) { createGame(input: { preset: $preset, seed: $seed }) { id } }';
const JOIN = `mutation Join($g: ID!) { joinGame(gameId: $g) { ${GAME_FIELDS} } }`;
const QUERY = `query Game($g: ID!) { game(id: $g) { ${GAME_FIELDS} } }`;
const MOVE = `mutation Move($g: ID!, $m: String!, $v: Int!, $c: String) { makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { ${GAME_FIELDS} } } }`;
const RESIGN = `mutation Resign($g: ID!) { resign(gameId: $g) { ${GAME_FIELDS} } }`;

function fieldOf(result: GraphQLResult, field: string, what: string): unknown {
  if (result.errors.length > 0) {
    throw new Error(`${what} failed: ${result.errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
  }
  return result.data?.[field];
}

function gameOf(result: GraphQLResult, field: string, what: string): GameSnapshot {
  const answer = fieldOf(result, field, what);
  const game = parseGame(field === 'makeMove' && isRecord(answer) ? answer.game : answer);
  if (game === null) throw new Error(`${what}: malformed answer`);
  return game;
}

/** Two accounts that play each other: seat 0 creates, seat 1 joins. */
export interface Pair {
  readonly tokens: readonly [string, string];
}

/** Registers a pair (usernames `<prefix>s0`, `<prefix>s1`), each with a webhook to `webhookUrl` if given. */
export async function registerPair(
  http: GraphQLTransport,
  prefix: string,
  webhookUrl: string | null,
): Promise<Pair> {
  const tokens: string[] = [];
  for (const seat of [0, 1]) {
    const answer = fieldOf(
      await http.request(null, REGISTER, { u: `${prefix}s${seat}`, p: PASSWORD }),
      'register',
      'register',
    );
    if (!isRecord(answer) || typeof answer.token !== 'string') throw new Error('register: no token');
    tokens.push(answer.token);
    if (webhookUrl !== null) {
      fieldOf(
        await http.request(answer.token, WEBHOOK, { url: webhookUrl, secret: 'storage-bench-secret-0123' }),
        'createWebhook',
        'createWebhook',
      );
    }
  }
  return { tokens: [tokens[0] as string, tokens[1] as string] };
}

/** A game in play, as its players last saw it. */
export interface GameInPlay {
  readonly id: string;
  readonly pair: Pair;
  version: number;
  status: string;
  currentSeat: number | null;
  /** The mover's legal moves, or null when they must be asked for. */
  legal: readonly string[] | null;
  /** Accepted makeMove calls. */
  moves: number;
  resigned: boolean;
}

/** Creates and joins a game: it is dealt (ACTIVE) when this returns. */
export async function startGame(
  http: GraphQLTransport,
  pair: Pair,
  preset: Preset,
  seed: string,
): Promise<GameInPlay> {
  const created = fieldOf(
    await http.request(pair.tokens[0], CREATE, { preset, seed }),
    'createGame',
    'createGame',
  );
  if (!isRecord(created) || typeof created.id !== 'string') throw new Error('createGame: no id');
  const joined = gameOf(await http.request(pair.tokens[1], JOIN, { g: created.id }), 'joinGame', 'joinGame');
  if (joined.status !== 'ACTIVE') throw new Error(`game ${joined.id} is ${joined.status} after the join`);
  return {
    id: joined.id,
    pair,
    version: joined.version,
    status: joined.status,
    currentSeat: joined.currentSeat,
    legal: joined.currentSeat === 1 ? joined.legalMoves : null,
    moves: 0,
    resigned: false,
  };
}

function adopt(game: GameInPlay, next: GameSnapshot, seat: number): void {
  game.version = next.version;
  game.status = next.status;
  game.currentSeat = next.currentSeat;
  game.legal = next.currentSeat === seat ? next.legalMoves : null;
}

/**
 * Plays `game` until it is over or has `untilMoves` accepted moves; past `maxMoves` the player to move resigns.
 * Any error stops the bench: these are the server's own games, nothing should be refused.
 */
export async function play(
  http: GraphQLTransport,
  game: GameInPlay,
  untilMoves: number,
  maxMoves: number,
  /** The clientMoveId each move carries (CLIENT_MOVE_ID_STYLES). */
  clientMoveIds: ClientMoveIdStyle = 'counted',
): Promise<void> {
  while (game.status === 'ACTIVE' && game.moves < untilMoves) {
    const seat = game.currentSeat;
    if (seat === null) throw new Error(`game ${game.id} is ACTIVE with no seat to move`);
    const token = game.pair.tokens[seat] as string;
    if (game.moves >= maxMoves) {
      adopt(game, gameOf(await http.request(token, RESIGN, { g: game.id }), 'resign', 'resign'), seat);
      game.resigned = true;
      return;
    }
    if (game.legal === null) {
      adopt(game, gameOf(await http.request(token, QUERY, { g: game.id }), 'game', 'game'), seat);
      continue;
    }
    const move = pickMove(game.legal);
    if (move === null) throw new Error(`game ${game.id} v${game.version}: no legal move for seat ${seat}`);
    const result = await http.request(token, MOVE, {
      g: game.id,
      m: move,
      v: game.version,
      c: clientMoveIdOf(clientMoveIds, game, seat),
    });
    adopt(game, gameOf(result, 'makeMove', `makeMove ${move}`), seat);
    game.moves++;
  }
}

/**
 * How moves name themselves: `counted`, a prefix per player and game and a count, as the web client sends
 * (web/src/table/moves.ts); `uuid`, a random UUID per move, as clients that use one send; `none`, no id
 * (`expectedVersion` alone, as a bot may play).
 */
export const CLIENT_MOVE_ID_STYLES = ['counted', 'uuid', 'none'] as const;
export type ClientMoveIdStyle = (typeof CLIENT_MOVE_ID_STYLES)[number];

/** Each seat's page prefix and count, per game (a counted id's parts). */
const counters = new WeakMap<GameInPlay, { prefix: string; count: number }[]>();

function clientMoveIdOf(style: ClientMoveIdStyle, game: GameInPlay, seat: number): string | null {
  switch (style) {
    case 'none':
      return null;
    case 'uuid':
      return randomUUID();
    case 'counted': {
      const seats = counters.get(game) ?? [];
      counters.set(game, seats);
      const counter = (seats[seat] ??= {
        prefix: randomBytes(8).toString('base64url').slice(0, 10),
        count: 0,
      });
      counter.count += 1;
      return `${counter.prefix}.${counter.count}`;
    }
  }
}

/** Runs `work` on every item, at most `concurrency` at a time. */
export async function eachLimited<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}
