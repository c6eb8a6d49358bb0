/**
 * A Malice bot in TypeScript over graphql-ws (docs/api/subscriptions-and-streams.md#subscriptions): it
 * creates a game against a built-in bot, subscribes to `gameUpdated` (the game as this player may see it,
 * then again after every change) and on each of its turns sends the first of its legal moves, all over one
 * WebSocket. The operations are in operations.graphql, typed by `npm run codegen` into generated/graphql.ts.
 *
 *     MALICE_URL=http://localhost:3000 MALICE_TOKEN=<a token with GAME_PLAY> npx tsx examples/typescript-bot/bot.ts
 *
 * MALICE_OPPONENT picks the built-in bot (RANDOM, GREEDY or EXPERT; default RANDOM).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type {
  BotKind,
  CreateGameMutation,
  CreateGameMutationVariables,
  GameUpdatedSubscription,
  GameUpdatedSubscriptionVariables,
  MakeMoveMutation,
  MakeMoveMutationVariables,
} from './generated/graphql';

const OPERATIONS = readFileSync(join(__dirname, 'operations.graphql'), 'utf8');
const URL = (process.env.MALICE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const TOKEN = process.env.MALICE_TOKEN ?? '';
const OPPONENT = (process.env.MALICE_OPPONENT ?? 'RANDOM') as BotKind;
/** Refusals that only mean the game moved on meanwhile: the next push shows what is next. */
const MOVED_ON = ['VERSION_CONFLICT', 'NOT_YOUR_TURN', 'GAME_NOT_ACTIVE'];

interface GraphQLErrorLike {
  readonly message: string;
  readonly extensions?: { readonly code?: unknown };
}

class ApiError extends Error {
  readonly code: unknown;
  constructor(error: GraphQLErrorLike) {
    super(error.message);
    this.code = error.extensions?.code;
  }
}

const client = createClient({
  url: `${URL.replace(/^http/, 'ws')}/graphql`,
  webSocketImpl: WebSocket,
  connectionParams: { authorization: `Bearer ${TOKEN}` },
});

/** One query or mutation of operations.graphql, over the socket: its data, or its first error thrown. */
async function request<Data, Variables extends Record<string, unknown>>(
  operationName: string,
  variables: Variables,
): Promise<Data> {
  for await (const result of client.iterate<Data>({ query: OPERATIONS, operationName, variables })) {
    if (result.errors !== undefined) throw new ApiError(result.errors[0]!);
    return result.data!;
  }
  throw new Error(`${operationName} answered nothing`);
}

/** Sends one move (the only place that knows makeMove's answer; the bot reads the subscription instead). */
async function makeMove(gameId: string, move: string, expectedVersion: number): Promise<void> {
  await request<MakeMoveMutation, MakeMoveMutationVariables>('MakeMove', { gameId, move, expectedVersion });
}

/**
 * The first legal move. legalMoves writes every move out in full, a wild card's declared rank included
 * (`*-d2=8`: docs/notation.md), so it is sent as it is.
 */
function choose(legalMoves: readonly string[]): string {
  return legalMoves[0]!;
}

async function main(): Promise<void> {
  const { createGame } = await request<CreateGameMutation, CreateGameMutationVariables>('CreateGame', {
    bot: OPPONENT,
  });
  console.log(`playing game ${createGame.id} against ${OPPONENT}`);
  const variables: GameUpdatedSubscriptionVariables = { gameId: createGame.id };
  let actedOn = -1;
  for await (const push of client.iterate<GameUpdatedSubscription>({
    query: OPERATIONS,
    operationName: 'GameUpdated',
    variables,
  })) {
    if (push.errors !== undefined) throw new ApiError(push.errors[0]!);
    const game = push.data!.gameUpdated;
    if (game.status === 'FINISHED' || game.status === 'ABORTED') {
      const won = game.result !== null && game.result.winner === game.mySeat;
      console.log(
        `game over: ${game.status} ${game.result?.reason ?? ''} ${won ? 'I won' : 'I did not win'}`,
      );
      return;
    }
    // A push shows the game as it is when it is built: act once per version, on this player's turns only.
    if (!game.isMyTurn || game.version <= actedOn) continue;
    actedOn = game.version;
    try {
      await makeMove(game.id, choose(game.legalMoves), game.version);
    } catch (error) {
      if (!(error instanceof ApiError && MOVED_ON.includes(String(error.code)))) throw error;
    }
  }
  throw new Error('the subscription ended before the game did');
}

main()
  .then(
    () => 0,
    (error: unknown) => {
      console.error(error);
      return 1;
    },
  )
  .then(async (code) => {
    await client.dispose();
    process.exit(code);
  });
