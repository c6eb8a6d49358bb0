/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
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

/** The rule that forces a play (docs/rules.md §2.6); only natural cards are forced. */
export type ForcedPlayReason =
  /** An ace must start a centre pile while one may be started (option forcedAces). */
  | 'FORCED_ACE'
  /** The pay-off top must be played when it fits a centre pile (option forcedPayoffPlay). */
  | 'FORCED_PAYOFF_PLAY'
  /** A 2 must go on a centre pile showing an ace (option forcedTwoOnAce). */
  | 'FORCED_TWO_ON_ACE';

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

export type TableGameFieldsFragment = { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } };

export type TableGameQueryVariables = Exact<{
  id: string | number;
}>;


export type TableGameQuery = { game: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } | null };

export type TableInvitationQueryVariables = Exact<{
  id: string | number;
}>;


export type TableInvitationQuery = { challenge: { id: string, state: ChallengeState, invited: { id: string, username: string } } | null };

export type TableGameUpdatedSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type TableGameUpdatedSubscription = { gameUpdated: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type TableMoveMutationVariables = Exact<{
  id: string | number;
  move: string;
  expectedVersion?: number | null | undefined;
  clientMoveId?: string | null | undefined;
}>;


export type TableMoveMutation = { makeMove: { replayed: boolean, game: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } } };

export type TableResignMutationVariables = Exact<{
  id: string | number;
}>;


export type TableResignMutation = { resign: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };
