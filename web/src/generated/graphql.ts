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

/** Which games to list; every given condition must hold. Lists of finished games (status FINISHED, result, finishedAfter or finishedBefore given) are ordered by end time, newest first; other lists by creation time. */
export type GamesFilter = {
  /** Only games finished at or after this time. */
  finishedAfter?: string | null | undefined;
  /** Only games finished before this time. */
  finishedBefore?: string | null | undefined;
  /** Only games the caller sits in. */
  mine?: boolean | null | undefined;
  /** Only active games where it is the caller’s turn. */
  myTurn?: boolean | null | undefined;
  /** Only waiting games the caller may join. */
  open?: boolean | null | undefined;
  /** Only games against this player (username): with `player`, or else with the caller. */
  opponent?: string | null | undefined;
  /** Only games this player (username) sits in. */
  player?: string | null | undefined;
  /** Only this preset. */
  preset?: Preset | null | undefined;
  /** Only rated (true) or only unrated (false) games. */
  rated?: boolean | null | undefined;
  /** Only finished games with this outcome for `player` (or for the caller when `player` is not given). */
  result?: Outcome | null | undefined;
  /** Only games in this status. */
  status?: GameStatus | null | undefined;
};

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

/** What a personal API token may do. */
export type TokenScope =
  /** Play as a bot account: everything GAME_PLAY and GAME_READ allow. Only a bot account may hold it (see upgradeToBotAccount). */
  | 'BOT_PLAY'
  /** Create, join and play games, and resign. Not for bot accounts: they use BOT_PLAY. */
  | 'GAME_PLAY'
  /** Read games, views, legal moves and history. */
  | 'GAME_READ';

/** Where a webhook delivery stands. */
export type WebhookDeliveryStatus =
  /** Given up after 8 attempts without a 2xx answer. */
  | 'FAILED'
  /** Not delivered yet: being sent, or waiting for its next attempt (nextAttemptAt). */
  | 'PENDING'
  /** The receiver answered with a 2xx status. */
  | 'SUCCEEDED';

/** What a webhook delivery carries: a player event (PlayerEventKind), or a ping from testWebhook. */
export type WebhookEventKind =
  /** Someone created a game inviting you. */
  | 'CHALLENGE_RECEIVED'
  /** A game you sit in finished or was aborted. */
  | 'GAME_OVER'
  /** A game you sit in was dealt. */
  | 'GAME_STARTED'
  /** A rated game you sit in was made unrated. */
  | 'GAME_UNRATED'
  /** A test delivery asked for with testWebhook (no game). */
  | 'PING'
  /** 80 % of your turn’s time is used up. */
  | 'REMINDER'
  /** A game is waiting for your move. */
  | 'YOUR_TURN';

export type AccountChangePasswordMutationVariables = Exact<{
  current: string;
  next: string;
  revokeApiTokens: boolean;
}>;


export type AccountChangePasswordMutation = { changePassword: boolean };

export type AccountSessionFragment = { id: string, createdAt: string, lastUsedAt: string | null, expiresAt: string, current: boolean };

export type AccountSessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountSessionsQuery = { sessions: Array<{ id: string, createdAt: string, lastUsedAt: string | null, expiresAt: string, current: boolean }> };

export type AccountRevokeSessionMutationVariables = Exact<{
  id: string | number;
}>;


export type AccountRevokeSessionMutation = { revokeSession: boolean };

export type AccountTokenFragment = { id: string, name: string | null, scopes: Array<TokenScope>, createdAt: string, lastUsedAt: string | null };

export type AccountTokensQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountTokensQuery = { me: { id: string, isBot: boolean }, apiTokens: Array<{ id: string, name: string | null, scopes: Array<TokenScope>, createdAt: string, lastUsedAt: string | null }> };

export type AccountCreateTokenMutationVariables = Exact<{
  name?: string | null | undefined;
  scopes: Array<TokenScope> | TokenScope;
}>;


export type AccountCreateTokenMutation = { createApiToken: { token: string, apiToken: { id: string, name: string | null, scopes: Array<TokenScope>, createdAt: string, lastUsedAt: string | null } } };

export type AccountRevokeTokenMutationVariables = Exact<{
  id: string | number;
}>;


export type AccountRevokeTokenMutation = { revokeApiToken: boolean };

export type AccountWebhookFragment = { id: string, url: string, events: Array<PlayerEventKind>, createdAt: string };

export type AccountWebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountWebhooksQuery = { webhooks: Array<{ id: string, url: string, events: Array<PlayerEventKind>, createdAt: string }> };

export type AccountCreateWebhookMutationVariables = Exact<{
  url: string;
  secret: string;
  events?: Array<PlayerEventKind> | PlayerEventKind | null | undefined;
}>;


export type AccountCreateWebhookMutation = { createWebhook: { id: string, url: string, events: Array<PlayerEventKind>, createdAt: string } };

export type AccountDeleteWebhookMutationVariables = Exact<{
  id: string | number;
}>;


export type AccountDeleteWebhookMutation = { deleteWebhook: boolean };

export type AccountTestWebhookMutationVariables = Exact<{
  id: string | number;
}>;


export type AccountTestWebhookMutation = { testWebhook: { id: string, status: WebhookDeliveryStatus } };

export type AccountDeliveryFragment = { id: string, kind: WebhookEventKind, status: WebhookDeliveryStatus, createdAt: string, attemptCount: number, nextAttemptAt: string | null, attempts: Array<{ number: number, attemptedAt: string, statusCode: number | null, error: string | null, durationMs: number, succeeded: boolean }> };

export type AccountWebhookDeliveriesQueryVariables = Exact<{
  webhookId: string | number;
}>;


export type AccountWebhookDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, kind: WebhookEventKind, status: WebhookDeliveryStatus, createdAt: string, attemptCount: number, nextAttemptAt: string | null, attempts: Array<{ number: number, attemptedAt: string, statusCode: number | null, error: string | null, durationMs: number, succeeded: boolean }> } }> } };

export type AccountDeleteMutationVariables = Exact<{
  password: string;
}>;


export type AccountDeleteMutation = { deleteAccount: boolean };

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

export type PlayersNameFragment = { id: string, username: string, isBot: boolean, deleted: boolean };

export type PlayersProfileQueryVariables = Exact<{
  username: string;
}>;


export type PlayersProfileQuery = { player: { createdAt: string, id: string, username: string, isBot: boolean, deleted: boolean, ratings: Array<{ preset: Preset, rating: number, deviation: number, provisional: boolean, games: number }>, stats: Array<{ preset: Preset, games: number, wins: number, losses: number, draws: number }> } | null };

export type PlayersRatingHistoryQueryVariables = Exact<{
  username: string;
  preset: Preset;
  after?: string | null | undefined;
}>;


export type PlayersRatingHistoryQuery = { ratingHistory: { edges: Array<{ node: { gameId: string, finishedAt: string, outcome: Outcome, ratingAfter: number, ratingChange: number } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PlayersHistoryGameFragment = { id: string, status: GameStatus, preset: Preset, rated: boolean, createdAt: string, finishedAt: string | null, players: Array<{ id: string, seat: number, outcome: Outcome | null, ratingChange: number | null, player: { id: string, username: string, isBot: boolean, deleted: boolean } }> };

export type PlayersHistoryQueryVariables = Exact<{
  filter: GamesFilter;
  after?: string | null | undefined;
}>;


export type PlayersHistoryQuery = { games: { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, rated: boolean, createdAt: string, finishedAt: string | null, players: Array<{ id: string, seat: number, outcome: Outcome | null, ratingChange: number | null, player: { id: string, username: string, isBot: boolean, deleted: boolean } }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PlayersHeadToHeadQueryVariables = Exact<{
  player: string;
  opponent: string;
}>;


export type PlayersHeadToHeadQuery = { headToHead: { games: number, wins: number, losses: number, draws: number } };

export type PlayersLeaderboardQueryVariables = Exact<{
  preset: Preset;
  includeProvisional: boolean;
  after?: string | null | undefined;
}>;


export type PlayersLeaderboardQuery = { leaderboard: { edges: Array<{ node: { rank: number, rating: number, deviation: number, games: number, provisional: boolean, player: { id: string, username: string, isBot: boolean, deleted: boolean } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };
