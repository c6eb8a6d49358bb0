/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** Which null turns (no draw, no play, no side-pile card) count toward the blocked end (docs/rules.md). */
export type BlockedWhen =
  /** Only a null turn whose player had no legal centre play: the game is blocked only when nobody can play (E18). */
  | 'CANNOT'
  /** Every null turn: the game is blocked when nobody can or wants to play (S17, R18). */
  | 'CANNOT_OR_WILL_NOT';

/** A built-in opponent: a bot account that moves on its own, from its own view only. */
export type BotKind =
  /** ExpertBot: searches ahead over deals of the cards it cannot see, sampled from its own view. */
  | 'EXPERT'
  /** GreedyBot: plays to empty its pay-off pile and to block yours. */
  | 'GREEDY'
  /** RandomBot: picks any legal move. */
  | 'RANDOM';

/** A centre-pile limit to play with: kind, and count with FIXED only. */
export type CenterPileLimitInput = {
  /** The number (1–48): required with FIXED, refused with the others. */
  count?: number | null | undefined;
  /** Which of the three. */
  kind: CenterPileLimitKind;
};

/** How the number of centre piles that may exist at once is fixed (docs/rules.md, option table). */
export type CenterPileLimitKind =
  /** A fixed number: CenterPileLimit.count (S8: 8, R: 4). */
  | 'FIXED'
  /** One more than the players (E5, E19). */
  | 'PLAYERS_PLUS_ONE'
  /** As many as there are aces to start them. */
  | 'UNLIMITED';

/** The rank that completes a centre pile. */
export type CenterTopRank =
  /** King (S7, R17). */
  | 'K'
  /** Queen (E6); needs kings wild. */
  | 'Q';

/** What happens to a completed centre pile. */
export type CompletedPile =
  /** Set aside; shuffled into a new stock when the stock runs out (E10, E17). */
  | 'SET_ASIDE_RECYCLE'
  /** Shuffled into the stock at once (S9, R17). */
  | 'SHUFFLE_INTO_STOCK';

/** How the decks are made up. */
export type DeckMode =
  /** One deck per player, all shuffled together (E1, E19). */
  | 'COMBINED'
  /** One 52-card pay-off deck and one stock deck with the jokers (S1, R1). */
  | 'SEPARATE';

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

/** How a tie for the highest upturned pay-off card is broken. */
export type FirstPlayerTie =
  /** Reshuffle the whole pay-off deck and deal the piles again (S3). */
  | 'REDEAL'
  /** Reshuffle each pay-off pile and turn again (R3). */
  | 'RESHUFFLE_PILES';

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

/** When an ace or 2 may go to a side pile. */
export type LowCardsToSide =
  /** Only while every centre pile exists, and only 2 on 3 or A on 2 (R10). */
  | 'CENTER_FULL_ONLY'
  /** Whenever the side-pile rule allows. */
  | 'UNRESTRICTED';

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

/** Overrides of a preset’s rules; every field is optional (docs/rules.md). */
export type RuleOptionsInput = {
  /** Stuck games (E18) end at once. */
  blockWhenStuck?: boolean | null | undefined;
  /** Which null turns count toward the blocked end (cannotOrWillNot: every one; cannot: only with no centre play). Games under malice-rules-1 read cannotOrWillNot. */
  blockedWhen?: BlockedWhen | null | undefined;
  /** The rank that completes a centre pile. */
  centerTopRank?: CenterTopRank | null | undefined;
  /** What happens to a completed centre pile. */
  completedPile?: CompletedPile | null | undefined;
  /** How the decks are made up. */
  deckMode?: DeckMode | null | undefined;
  /** How a tie for first player is broken. */
  firstPlayerTie?: FirstPlayerTie | null | undefined;
  /** Available aces must start centre piles (S6, R5). */
  forcedAces?: boolean | null | undefined;
  /** A fitting pay-off card must be played (S15). */
  forcedPayoffPlay?: boolean | null | undefined;
  /** Available 2s must go on centre aces (R7). */
  forcedTwoOnAce?: boolean | null | undefined;
  /** Cards in a full hand. */
  handSize?: number | null | undefined;
  /** Jokers per deck. */
  jokersPerDeck?: number | null | undefined;
  /** When an ace or 2 may go to a side pile. */
  lowCardsToSide?: LowCardsToSide | null | undefined;
  /** How many centre piles may exist at once. */
  maxCenterPiles?: CenterPileLimitInput | null | undefined;
  /** Most seats allowed. */
  maxPlayers?: number | null | undefined;
  /** Safety cap on turns. */
  maxTurns?: number | null | undefined;
  /** Fewest seats allowed. */
  minPlayers?: number | null | undefined;
  /** Whether pay-off pile sizes are shown (S18). */
  payoffCountVisible?: boolean | null | undefined;
  /** Cards in each pay-off pile. */
  payoffSize?: number | null | undefined;
  /** A play that empties the hand draws a new hand (E12). */
  refillWhenHandEmpty?: boolean | null | undefined;
  /** What may go on a side pile. */
  sideBuild?: SideBuild | null | undefined;
  /** Side piles per player. */
  sidePiles?: number | null | undefined;
  /** Whether a turn may end with pass. */
  turnEnd?: TurnEnd | null | undefined;
  /** Wild ranks. */
  wildRanks?: Array<WildRank> | null | undefined;
};

/** What may go on a side pile. */
export type SideBuild =
  /** Any card on any side pile (E15). */
  | 'ANY'
  /** The same rank as the top or one lower; wild cards declare a rank (S12, R9). */
  | 'SAME_OR_ONE_LOWER';

/** Whether a turn may end with pass. */
export type TurnEnd =
  /** A turn ends with a side-pile card (E13); pass only with an empty hand or when no side-pile placement exists. */
  | 'MANDATORY'
  /** A turn may end with pass (S13, R14). */
  | 'OPTIONAL';

/** A rank that is wild (never standing for an ace). */
export type WildRank =
  /** Jokers (S11, R15). */
  | 'JOKER'
  /** Kings (E7). */
  | 'K';

export type PlayableGameFragment = { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } };

export type EventFieldsFragment = { id: string, kind: PlayerEventKind, gameId: string | null, createdAt: string, game: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } | null };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, username: string, isBot: boolean } };

export type MyGamesQueryVariables = Exact<{
  after?: string | null | undefined;
  first?: number | null | undefined;
}>;


export type MyGamesQuery = { games: { edges: Array<{ node: { id: string, status: GameStatus, version: number, isMyTurn: boolean, deadline: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type MyTurnsQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type MyTurnsQuery = { games: { edges: Array<{ node: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type GameQueryVariables = Exact<{
  id: string | number;
}>;


export type GameQuery = { game: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } | null };

export type MakeMoveMutationVariables = Exact<{
  gameId: string | number;
  move: string;
  expectedVersion: number;
  clientMoveId: string;
}>;


export type MakeMoveMutation = { makeMove: { replayed: boolean, move: { seq: number }, game: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } } };

export type CreateBotGameMutationVariables = Exact<{
  preset: Preset;
  bot: BotKind;
  options?: RuleOptionsInput | null | undefined;
  hoursPerMove?: number | null | undefined;
}>;


export type CreateBotGameMutation = { createGame: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type JoinGameMutationVariables = Exact<{
  gameId: string | number;
}>;


export type JoinGameMutation = { joinGame: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type ResignMutationVariables = Exact<{
  gameId: string | number;
}>;


export type ResignMutation = { resign: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type PlayerEventsQueryVariables = Exact<{
  after?: string | null | undefined;
  first?: number | null | undefined;
}>;


export type PlayerEventsQuery = { playerEvents: { edges: Array<{ cursor: string, node: { id: string, kind: PlayerEventKind, gameId: string | null, createdAt: string, game: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type LatestEventQueryVariables = Exact<{ [key: string]: never; }>;


export type LatestEventQuery = { notificationCentre: { events: Array<{ id: string }> } };

export type GameUpdatedSubscriptionVariables = Exact<{
  gameId: string | number;
}>;


export type GameUpdatedSubscription = { gameUpdated: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type MyEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MyEventsSubscription = { myEvents: { id: string, kind: PlayerEventKind, gameId: string | null, createdAt: string, game: { id: string, status: GameStatus, version: number, currentSeat: number | null, mySeat: number | null, isMyTurn: boolean, legalMoves: Array<string>, deadline: string | null, result: { reason: EndReason, winner: number | null } | null, view: { hand: Array<string> | null, stockCount: number, centerPiles: Array<{ slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } | null } };
