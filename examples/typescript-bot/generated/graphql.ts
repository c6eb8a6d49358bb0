/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** A built-in opponent: a bot account that moves on its own, from its own view only. */
export type BotKind =
  /** ExpertBot: searches ahead over deals of the cards it cannot see, sampled from its own view. */
  | 'EXPERT'
  /** GreedyBot: plays to empty its pay-off pile and to block yours. */
  | 'GREEDY'
  /** RandomBot: picks any legal move. */
  | 'RANDOM';

/** Why a game ended (docs/rules.md, "End of game"). */
export type EndReason =
  /** As many null turns in a row as players still in. */
  | 'BLOCKED'
  /** A player played their last pay-off card. */
  | 'PAYOFF_EMPTIED'
  /** A player resigned, leaving one player in. */
  | 'RESIGNED'
  /** Stock and set-aside empty and nobody can play to the centre (E18). */
  | 'STUCK'
  /** A player ran out of time, leaving one player in. */
  | 'TIMED_OUT'
  /** The maxTurns safety cap was reached. */
  | 'TURN_LIMIT';

/** Where a game is in its life. */
export type GameStatus =
  /** Called off before the first move; no result. */
  | 'ABORTED'
  /** Dealt and being played. */
  | 'ACTIVE'
  /** Over, with a result; the seed is revealed. */
  | 'FINISHED'
  /** Created; waiting for players to fill every seat. */
  | 'WAITING';

export type CreateGameMutationVariables = Exact<{
  bot: BotKind;
}>;


export type CreateGameMutation = { createGame: { id: string } };

export type GameUpdatedSubscriptionVariables = Exact<{
  gameId: string | number;
}>;


export type GameUpdatedSubscription = { gameUpdated: { id: string, status: GameStatus, version: number, isMyTurn: boolean, mySeat: number | null, legalMoves: Array<string>, result: { reason: EndReason, winner: number | null } | null } };

export type MakeMoveMutationVariables = Exact<{
  gameId: string | number;
  move: string;
  expectedVersion: number;
}>;


export type MakeMoveMutation = { makeMove: { move: { seq: number } } };
