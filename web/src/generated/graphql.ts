/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** Why a game was called off before it had a result (Game.abortReason). */
export type AbortReason =
  /** A player called it off before the first move (abortGame). */
  | 'ABORTED'
  /** Still waiting when the old generator was retired: its deal followed from its public commitment. */
  | 'DEAL_EXPOSED'
  /** The invited player turned the invitation down (declineChallenge). */
  | 'DECLINED'
  /** In an unrated game, a player who had never moved ran out of time (a rated game is lost instead). */
  | 'NO_MOVE';

/** Where a challenge stands, from its game (status and abortReason). */
export type ChallengeState =
  /** The invited player joined and the game was dealt; the game goes on as any other. */
  | 'ACCEPTED'
  /** Called off before an answer: by the challenger (cancelChallenge or abortGame), or by the server (abortReason DEAL_EXPOSED); its game is ABORTED. */
  | 'CANCELED'
  /** The invited player turned it down (declineReason says why); its game is ABORTED. */
  | 'DECLINED'
  /** Waiting for the invited player: joinGame accepts, declineChallenge declines. */
  | 'PENDING';

/** Where a seat’s client seed came from (docs/fairness.md). */
export type ClientSeedSource =
  /** Given with joinGame or setClientSeed, after the commitment was published: the server could not draw its seed to suit it. */
  | 'GIVEN_AFTER_COMMITMENT'
  /** Given with createGame, before the seed commitment was published: the server saw it before drawing its seed. */
  | 'GIVEN_BEFORE_COMMITMENT'
  /** None was given (or the seat is a built-in bot): the stand-in derived from the server seed, fixed by the commitment. */
  | 'SERVER_STAND_IN';

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

/** Where a placed card came from (docs/notation.md). */
export type MoveSource =
  /** The mover’s hand. */
  | 'HAND'
  /** The top of the mover’s pay-off pile (p). */
  | 'PAYOFF'
  /** The top of one of the mover’s side piles (d1, d2, …; MoveRecord.fromSidePile). */
  | 'SIDE_PILE';

/** What a recorded event did. */
export type MoveType =
  /** A card from hand went onto a side pile; the turn ended. */
  | 'DISCARDED'
  /** The turn ended without a side-pile card. */
  | 'PASSED'
  /** A card went to a centre pile. */
  | 'PLAYED'
  /** The player resigned. */
  | 'RESIGNED'
  /** The player ran out of time. */
  | 'TIMED_OUT';

/** How a finished game went for one player. */
export type Outcome =
  /** No winner, and they were among the best placed (a two-player draw, a tie for first). */
  | 'DRAW'
  /** Someone else won, or (no winner) they were not among the best placed. */
  | 'LOSS'
  /** They won. */
  | 'WIN';

/** What happened to a player. */
export type PlayerEventKind =
  /** Someone created a game inviting you (accept with joinGame). */
  | 'CHALLENGE_RECEIVED'
  /** A game you sit in finished or was aborted. */
  | 'GAME_OVER'
  /** A game you sit in was dealt. */
  | 'GAME_STARTED'
  /** A rated game you sit in was made unrated (Game.unratedReason says why). */
  | 'GAME_UNRATED'
  /** 80 % of your turn’s time is used up. */
  | 'REMINDER'
  /** A game is waiting for your move. */
  | 'YOUR_TURN';

/** A rule set: one of the three rule texts (docs/rules.md). */
export type Preset =
  /** Swedish "Illvilja och elakhet": two players, separate decks, jokers wild, piles to K. */
  | 'CLASSIC'
  /** English "Spite and Malice": 2–6 players, kings wild, piles to Q, refill, mandatory discard. */
  | 'MODERN'
  /** Russian "Злоба": as classic with four centre piles, forced 2 on ace and R10. */
  | 'ZLOBA';

export type TurnCountQueryVariables = Exact<{ [key: string]: never; }>;


export type TurnCountQuery = { dashboard: { myTurn: number } };

export type RegisterMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type RegisterMutation = { register: { token: string, player: { id: string, username: string } } };

export type LoginMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type LoginMutation = { login: { token: string, player: { id: string, username: string } } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, username: string } };

export type HomeGameFragment = { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string } }> };

export type HomeQueryVariables = Exact<{ [key: string]: never; }>;


export type HomeQuery = { dashboard: { myTurn: number, opponentsTurn: number, waitingForPlayers: number, invitations: number, nextDeadline: string | null }, games: { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string } }> } }> }, invitations: { edges: Array<{ node: { id: string, preset: Preset, rated: boolean, createdAt: string, challenger: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null } }> } };

export type InvitationFragment = { id: string, preset: Preset, rated: boolean, createdAt: string, challenger: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null };

export type AcceptInvitationMutationVariables = Exact<{
  id: string | number;
}>;


export type AcceptInvitationMutation = { joinGame: { id: string } };

export type DeclineInvitationMutationVariables = Exact<{
  id: string | number;
}>;


export type DeclineInvitationMutation = { declineChallenge: { id: string, state: ChallengeState } };

export type MyEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MyEventsSubscription = { myEvents: { id: string, kind: PlayerEventKind, gameId: string | null } };

export type ReplayPlayerFragment = { id: string, seat: number, outcome: Outcome | null, placement: number | null, score: number | null, payoffLeft: number | null, ratingBefore: number | null, ratingAfter: number | null, ratingChange: number | null, clientSeed: string | null, clientSeedSource: ClientSeedSource | null, player: { id: string, username: string } };

export type ReplayGameQueryVariables = Exact<{
  id: string | number;
}>;


export type ReplayGameQuery = { game: { id: string, status: GameStatus, abortReason: AbortReason | null, rated: boolean, preset: Preset, seats: number, version: number, mySeat: number | null, seed: string | null, seedCommitment: string, rulesVersion: string, dealChosen: boolean, startPosition: string | null, finishedAt: string | null, result: { reason: EndReason, winner: number | null, score: number, ranking: Array<Array<number>>, payoffLeft: Array<number> } | null, players: Array<{ id: string, seat: number, outcome: Outcome | null, placement: number | null, score: number | null, payoffLeft: number | null, ratingBefore: number | null, ratingAfter: number | null, ratingChange: number | null, clientSeed: string | null, clientSeedSource: ClientSeedSource | null, player: { id: string, username: string } }> } | null };

export type ReplayExportQueryVariables = Exact<{
  id: string | number;
}>;


export type ReplayExportQuery = { exportGame: unknown };

export type ReplayGameUpdatedSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type ReplayGameUpdatedSubscription = { gameUpdated: { id: string, status: GameStatus, version: number } };

export type HistoryMoveFragment = { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, from: MoveSource | null, fromSidePile: number | null, slot: number | null, sidePile: number | null, declaredRank: string | null, createdAt: string };

export type HistoryMovesQueryVariables = Exact<{
  id: string | number;
  after?: string | null | undefined;
}>;


export type HistoryMovesQuery = { game: { id: string, players: Array<{ id: string, seat: number, player: { id: string, username: string } }>, moves: { edges: Array<{ node: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, from: MoveSource | null, fromSidePile: number | null, slot: number | null, sidePile: number | null, declaredRank: string | null, createdAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };
