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
  /** An operator called it off (adminAbortGame), waiting or being played: no result, no rating change; the moves made so far stay in its log. */
  | 'MODERATED'
  /** In an unrated game, a player who had never moved ran out of time (a rated game is lost instead). */
  | 'NO_MOVE';

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

/** A report of a chat message or of a player. */
export type ChatReportInput = {
  /** What it is about. */
  category: ReportCategory;
  /** What happened, for the moderators (at most 1000 characters). */
  details?: string | null | undefined;
  /** The game a player report is about (optional). */
  gameId?: string | number | null | undefined;
  /** The message reported (one you can read); or give username. */
  messageId?: string | number | null | undefined;
  /** The player reported; or give messageId. */
  username?: string | null | undefined;
};

/** A game’s chat room (docs/social.md#chat). */
export type ChatRoom =
  /** The players’ room: the game’s seated players only, during the game and after. */
  | 'PLAYERS'
  /** The spectators’ room: everyone else signed in; the players read it only once the game is over. */
  | 'SPECTATORS';

/** Where a seat’s client seed came from (docs/fairness.md). */
export type ClientSeedSource =
  /** Given with joinGame or setClientSeed, after the commitment was published: the server could not draw its seed to suit it. */
  | 'GIVEN_AFTER_COMMITMENT'
  /** Given with createGame, before the seed commitment was published: the server saw it before drawing its seed. */
  | 'GIVEN_BEFORE_COMMITMENT'
  /** None was given (or the seat is a built-in bot): the stand-in derived from the server seed, fixed by the commitment. */
  | 'SERVER_STAND_IN';

/** What happens to a completed centre pile. */
export type CompletedPile =
  /** Set aside; shuffled into a new stock when the stock runs out (E10, E17). */
  | 'SET_ASIDE_RECYCLE'
  /** Shuffled into the stock at once (S9, R17). */
  | 'SHUFFLE_INTO_STOCK';

/** A new game. The creator takes seat 0. */
export type CreateGameInput = {
  /** Hold the deal of a two-seat game against a built-in bot (bot, or opponent naming one) until you give your seed with setClientSeed, after noting seedCommitment (default false: the bot’s seat deals the game at once). The bot sits down and the game stays WAITING; not with clientSeed, seed or position. */
  awaitClientSeed?: boolean | null | undefined;
  /** Play a built-in bot: it takes seat 1 at once (the game starts when every seat is filled) and moves shortly after its turn begins. Not with opponent. */
  bot?: BotKind | null | undefined;
  /** Your own seed, mixed into the deal (1–64 characters of A–Z a–z 0–9 . _ ~ -; not with seed or position). Given here it reaches the server before the commitment exists: replace it with setClientSeed once you have noted seedCommitment. */
  clientSeed?: string | null | undefined;
  /** Correspondence time control: days per move, one of 1, 2, 3, 5, 7, 10, 14. Not with hoursPerMove. */
  daysPerMove?: number | null | undefined;
  /** Quick time control: hours per move, 1–48. Not with daysPerMove. Neither: no clock. */
  hoursPerMove?: number | null | undefined;
  /** Username of the only player who may take the other seat (an invitation). A built-in bot accepts at once, as with bot. */
  opponent?: string | null | undefined;
  /** Overrides of the preset’s rules. */
  options?: RuleOptionsInput | null | undefined;
  /** Start from this position (docs/notation.md; unrated games only). */
  position?: string | null | undefined;
  /** The rule set. */
  preset: Preset;
  /** Rated game (default false). Rated games cannot fix a seed or position. */
  rated?: boolean | null | undefined;
  /** Number of seats (default: the fewest the rules allow). */
  seats?: number | null | undefined;
  /** Fix the deal with this seed (unrated games only; 1–200 characters). */
  seed?: string | null | undefined;
};

/** A new correspondence tournament. */
export type CreateTournamentInput = {
  /** Days per move in its games (1–14). */
  daysPerMove: number;
  /** Round robin or Swiss. */
  format: TournamentFormat;
  /** It takes at most this many; full, it starts at once. */
  maxPlayers: number;
  /** Players whose timeout rate (Player.timeoutRate) is above this (0–1) may not join. */
  maxTimeoutRate?: number | null | undefined;
  /** It starts with at least this many players (else it is called off). */
  minPlayers: number;
  /** Its name (1–80 characters). */
  name: string;
  /** The rules of its games. */
  preset: Preset;
  /** Whether its games are rated (standard options only). */
  rated?: boolean;
  /** Swiss only: the number of rounds (fewer than minPlayers). */
  rounds?: number | null | undefined;
  /** When it starts (from now to 60 days ahead). */
  startsAt: string;
  /** Whether a player’s vacation pauses their clock in its games (off: a round waits for nobody). */
  vacationPauses?: boolean;
};

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

/** Which games to list; every given condition must hold. Lists of finished games (status FINISHED, result, finishedAfter or finishedBefore given) are ordered by end time, newest first; lists of called-off games (status ABORTED) by when they were called off, newest first; other lists by creation time. */
export type GamesFilter = {
  /** Only games finished at or after this time. */
  finishedAfter?: string | null | undefined;
  /** Only games finished before this time. */
  finishedBefore?: string | null | undefined;
  /** Only games a player the caller follows sits in: the feed of their games and results (with status FINISHED, newest results first). */
  following?: boolean | null | undefined;
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

/** When an ace or 2 may go to a side pile. */
export type LowCardsToSide =
  /** Only while every centre pile exists, and only 2 on 3 or A on 2 (R10). */
  | 'CENTER_FULL_ONLY'
  /** Whenever the side-pile rule allows. */
  | 'UNRESTRICTED';

/** The language your notifications are written in. */
export type MessageLanguage =
  /** English. */
  | 'EN'
  /** Russian. */
  | 'RU'
  /** Swedish. */
  | 'SV';

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

/** An app’s name and redirect URIs. */
export type OAuthAppInput = {
  /** The name people see (2–60 characters). */
  name: string;
  /** 1–10 redirect URIs: https, a loopback http address (http://127.0.0.1/…, http://[::1]/…, any port), or a private-use scheme in reverse-domain form (com.example.app:/callback). No fragment. */
  redirectUris: Array<string>;
};

/** The parameters of an authorization request, as the app put them in the /oauth/authorize address (RFC 6749 §4.1.1, RFC 7636). An absent one is null. */
export type OAuthAuthorizationInput = {
  /** `client_id`: the app’s id. */
  clientId?: string | null | undefined;
  /** `code_challenge`: the base64url SHA-256 of the app’s code verifier (required of public apps). */
  codeChallenge?: string | null | undefined;
  /** `code_challenge_method`: S256 (plain is refused). */
  codeChallengeMethod?: string | null | undefined;
  /** `redirect_uri`: one the app registered. */
  redirectUri?: string | null | undefined;
  /** `response_type`: must be `code`. */
  responseType?: string | null | undefined;
  /** `scope`: GAME_READ, GAME_PLAY and/or BOT_PLAY, separated by spaces. */
  scope?: string | null | undefined;
  /** `state`: required; the app’s own value, sent back as is. */
  state?: string | null | undefined;
};

/** Why an authorization request cannot be approved (OAuthAuthorizationProblem.reason). */
export type OAuthProblemReason =
  /** code_challenge is not a base64url SHA-256 (43 characters). */
  | 'PKCE_CHALLENGE_MALFORMED'
  /** code_challenge_method is not S256 (plain is refused). */
  | 'PKCE_METHOD_NOT_S256'
  /** code_challenge_method without a code_challenge. */
  | 'PKCE_METHOD_WITHOUT_CHALLENGE'
  /** A public app sent no code_challenge. */
  | 'PKCE_REQUIRED'
  /** The request names no redirect_uri. */
  | 'REDIRECT_URI_MISSING'
  /** The redirect_uri is not one the app registered. */
  | 'REDIRECT_URI_NOT_REGISTERED'
  /** response_type is not code. */
  | 'RESPONSE_TYPE_UNSUPPORTED'
  /** No scope, or one an app may not ask for (ADMIN, an unknown name). */
  | 'SCOPE_INVALID'
  /** Your account cannot hold a scope the app asks for: BOT_PLAY is for bot accounts, and a bot account plays with BOT_PLAY, not GAME_PLAY. */
  | 'SCOPE_NOT_FOR_THIS_ACCOUNT'
  /** No state, or not 1–500 printable ASCII characters. */
  | 'STATE_INVALID'
  /** No app has this client_id, or an admin disabled it. */
  | 'UNKNOWN_APP';

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

/** A quick phrase, sent as its id and shown in each reader’s own language (the English words are given here). */
export type QuickPhrase =
  /** “Bye!” */
  | 'BYE'
  /** “Good game!” */
  | 'GOOD_GAME'
  /** “Good luck!” */
  | 'GOOD_LUCK'
  /** “Have fun!” */
  | 'HAVE_FUN'
  /** “Hello!” */
  | 'HELLO'
  /** “Oops.” */
  | 'OOPS'
  /** “Rematch?” */
  | 'REMATCH'
  /** “Sorry.” */
  | 'SORRY'
  /** “Take your time.” */
  | 'TAKE_YOUR_TIME'
  /** “Thanks!” */
  | 'THANKS'
  /** “Well played!” */
  | 'WELL_PLAYED'
  /** “Your turn.” */
  | 'YOUR_TURN';

/** Quiet hours, in minutes after midnight in your time zone. */
export type QuietHoursInput = {
  /** Start (0–1439). */
  from: number;
  /** End, exclusive (0–1439, not equal to from; before from: past midnight). */
  to: number;
};

/** What a report is about. */
export type ReportCategory =
  /** Insults, threats, hate or harassment. */
  | 'ABUSE'
  /** Anything else: say what in the details. */
  | 'OTHER'
  /** Help from a program or another person during a rated game (rated games only). */
  | 'OUTSIDE_HELP'
  /** Advertising, flooding, links to elsewhere. */
  | 'SPAM';

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

/** The kind of game a seek looks for (default rules, two seats). */
export type SeekInput = {
  /** Your own seed for the deal (1–64 characters of A–Z a–z 0–9 . _ ~ -): when the seek joins an open game it counts as given after that game’s commitment; when it opens one, as given with createGame. */
  clientSeed?: string | null | undefined;
  /** Days per move, as in CreateGameInput. */
  daysPerMove?: number | null | undefined;
  /** Hours per move, as in CreateGameInput. */
  hoursPerMove?: number | null | undefined;
  /** The rule set. */
  preset: Preset;
  /** Rated (default false). */
  rated?: boolean | null | undefined;
  /** Only opponents rated within this range of you (docs/social.md#seeks-by-rating): the seek joins only a seek whose creator is in it and whose own range takes you, and one it opens is joined only by such players. Without it, anyone (whose own range takes you). */
  ratingRange?: SeekRatingRangeInput | null | undefined;
};

/** The opponents a seek accepts: ratings from yours minus `below` to yours plus `above`, in its preset. */
export type SeekRatingRangeInput = {
  /** Rating points above yours, 0–1000. */
  above: number;
  /** Rating points below yours, 0–1000. */
  below: number;
};

/** What may go on a side pile. */
export type SideBuild =
  /** Any card on any side pile (E15). */
  | 'ANY'
  /** The same rank as the top or one lower; wild cards declare a rank (S12, R9). */
  | 'SAME_OR_ONE_LOWER';

/** What a personal API token may do. */
export type TokenScope =
  /** Moderate (the admin operations: adminDisableAccount, adminAbortGame, adminAuditLog, …). Only an admin account may hold it, and an admin account is made only with the command line (npm run admin); a session never carries it. */
  | 'ADMIN'
  /** Play as a bot account: everything GAME_PLAY and GAME_READ allow. Only a bot account may hold it (see upgradeToBotAccount). */
  | 'BOT_PLAY'
  /** Create, join and play games, and resign. Not for bot accounts: they use BOT_PLAY. */
  | 'GAME_PLAY'
  /** Read games, views, legal moves and history. */
  | 'GAME_READ';

/** How a tournament pairs its players (docs/social.md#tournaments). */
export type TournamentFormat =
  /** Everyone meets everyone once (3–16 players), by Berger tables. */
  | 'ROUND_ROBIN'
  /** A set number of rounds (4–256 players): each round pairs players of equal score where it can, never twice the same two. */
  | 'SWISS';

/** How a board’s game ended, from its two players’ side. */
export type TournamentGameResult =
  /** A draw: half a point each. */
  | 'DRAW'
  /** The board’s first player won. */
  | 'FIRST_WON'
  /** The board’s second player won. */
  | 'SECOND_WON';

/** Where a tournament is in its life. */
export type TournamentStatus =
  /** Called off before it started (too few players, or by its organiser). */
  | 'CANCELLED'
  /** Every round played: the standings are final. */
  | 'FINISHED'
  /** Taking players until it starts. */
  | 'OPEN'
  /** Its rounds are being played. */
  | 'RUNNING';

/** Whether a turn may end with pass. */
export type TurnEnd =
  /** A turn ends with a side-pile card (E13); pass only with an empty hand or when no side-pile placement exists. */
  | 'MANDATORY'
  /** A turn may end with pass (S13, R14). */
  | 'OPTIONAL';

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

/** A rank that is wild (never standing for an ace). */
export type WildRank =
  /** Jokers (S11, R15). */
  | 'JOKER'
  /** Kings (E7). */
  | 'K';

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

export type AccountConnectedAppsQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountConnectedAppsQuery = { connectedApps: Array<{ id: string, scopes: Array<TokenScope>, approvedAt: string, lastUsedAt: string | null, app: { id: string, name: string, ownerName: string | null } }> };

export type AccountRevokeConnectedAppMutationVariables = Exact<{
  appId: string | number;
}>;


export type AccountRevokeConnectedAppMutation = { revokeConnectedApp: boolean };

export type AccountOAuthAppFragment = { id: string, name: string, redirectUris: Array<string>, confidential: boolean, createdAt: string, updatedAt: string, disabledAt: string | null };

export type AccountOAuthAppsQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountOAuthAppsQuery = { myOAuthApps: Array<{ id: string, name: string, redirectUris: Array<string>, confidential: boolean, createdAt: string, updatedAt: string, disabledAt: string | null }> };

export type AccountRegisterOAuthAppMutationVariables = Exact<{
  app: OAuthAppInput;
  confidential: boolean;
}>;


export type AccountRegisterOAuthAppMutation = { registerOAuthApp: { clientSecret: string | null, app: { id: string, name: string, redirectUris: Array<string>, confidential: boolean, createdAt: string, updatedAt: string, disabledAt: string | null } } };

export type AccountUpdateOAuthAppMutationVariables = Exact<{
  id: string | number;
  app: OAuthAppInput;
}>;


export type AccountUpdateOAuthAppMutation = { updateOAuthApp: { id: string, name: string, redirectUris: Array<string>, confidential: boolean, createdAt: string, updatedAt: string, disabledAt: string | null } };

export type AccountReplaceOAuthAppSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type AccountReplaceOAuthAppSecretMutation = { replaceOAuthAppSecret: string };

export type AccountDeleteOAuthAppMutationVariables = Exact<{
  id: string | number;
}>;


export type AccountDeleteOAuthAppMutation = { deleteOAuthApp: boolean };

export type AccountEmailAddressFragment = { address: string, verified: boolean, bounced: boolean };

export type AccountEmailAddressQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountEmailAddressQuery = { emailAddress: { address: string, verified: boolean, bounced: boolean } | null };

export type AccountSetEmailAddressMutationVariables = Exact<{
  address: string;
}>;


export type AccountSetEmailAddressMutation = { setEmailAddress: { address: string, verified: boolean, bounced: boolean } };

export type AccountRemoveEmailAddressMutationVariables = Exact<{ [key: string]: never; }>;


export type AccountRemoveEmailAddressMutation = { removeEmailAddress: boolean };

export type AccountWebPushKeyQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountWebPushKeyQuery = { webPush: { publicKey: string } };

export type AccountPushDeviceFragment = { id: string, device: string, createdAt: string, lastUsedAt: string | null, thisSession: boolean };

export type AccountPushDevicesQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountPushDevicesQuery = { pushSubscriptions: Array<{ id: string, device: string, createdAt: string, lastUsedAt: string | null, thisSession: boolean }> };

export type AccountSubscribePushMutationVariables = Exact<{
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent?: string | null | undefined;
}>;


export type AccountSubscribePushMutation = { subscribePush: { id: string, device: string, createdAt: string, lastUsedAt: string | null, thisSession: boolean } };

export type AccountUnsubscribePushMutationVariables = Exact<{
  id: string | number;
}>;


export type AccountUnsubscribePushMutation = { unsubscribePush: boolean };

export type AccountTestPushMutationVariables = Exact<{ [key: string]: never; }>;


export type AccountTestPushMutation = { testPush: number };

export type AccountNotificationSettingsFragment = { timeZone: string, language: MessageLanguage, pageKinds: Array<PlayerEventKind>, pageKindsDefault: boolean, pushKinds: Array<PlayerEventKind>, pushKindsDefault: boolean, mailKinds: Array<PlayerEventKind>, mailKindsDefault: boolean, digestMinute: number | null, quietHours: { from: number, to: number } | null };

export type AccountNotificationSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountNotificationSettingsQuery = { notificationSettings: { timeZone: string, language: MessageLanguage, pageKinds: Array<PlayerEventKind>, pageKindsDefault: boolean, pushKinds: Array<PlayerEventKind>, pushKindsDefault: boolean, mailKinds: Array<PlayerEventKind>, mailKindsDefault: boolean, digestMinute: number | null, quietHours: { from: number, to: number } | null } };

export type AccountUpdateNotificationSettingsMutationVariables = Exact<{
  timeZone?: string | null | undefined;
  language?: MessageLanguage | null | undefined;
  quietHours?: QuietHoursInput | null | undefined;
  pageKinds?: Array<PlayerEventKind> | PlayerEventKind | null | undefined;
  pushKinds?: Array<PlayerEventKind> | PlayerEventKind | null | undefined;
  mailKinds?: Array<PlayerEventKind> | PlayerEventKind | null | undefined;
  digestMinute?: number | null | undefined;
}>;


export type AccountUpdateNotificationSettingsMutation = { updateNotificationSettings: { timeZone: string, language: MessageLanguage, pageKinds: Array<PlayerEventKind>, pageKindsDefault: boolean, pushKinds: Array<PlayerEventKind>, pushKindsDefault: boolean, mailKinds: Array<PlayerEventKind>, mailKindsDefault: boolean, digestMinute: number | null, quietHours: { from: number, to: number } | null } };

export type AccountPresenceQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountPresenceQuery = { presenceHidden: boolean };

export type AccountSetPresenceHiddenMutationVariables = Exact<{
  hidden: boolean;
}>;


export type AccountSetPresenceHiddenMutation = { setPresenceHidden: boolean };

export type AccountTwoFactorQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountTwoFactorQuery = { twoFactor: { enabled: boolean, recoveryCodesLeft: number } };

export type AccountStartTwoFactorMutationVariables = Exact<{ [key: string]: never; }>;


export type AccountStartTwoFactorMutation = { startTwoFactor: { secret: string, uri: string } };

export type AccountConfirmTwoFactorMutationVariables = Exact<{
  code: string;
}>;


export type AccountConfirmTwoFactorMutation = { confirmTwoFactor: Array<string> };

export type AccountDisableTwoFactorMutationVariables = Exact<{
  password: string;
  code: string;
}>;


export type AccountDisableTwoFactorMutation = { disableTwoFactor: boolean };

export type AccountVacationFragment = { allowanceDays: number, daysLeft: number, current: { id: string, startsAt: string, endsAt: string, days: number } | null };

export type AccountVacationQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountVacationQuery = { vacation: { allowanceDays: number, daysLeft: number, current: { id: string, startsAt: string, endsAt: string, days: number } | null } };

export type AccountStartVacationMutationVariables = Exact<{
  days: number;
}>;


export type AccountStartVacationMutation = { startVacation: { allowanceDays: number, daysLeft: number, current: { id: string, startsAt: string, endsAt: string, days: number } | null } };

export type AccountEndVacationMutationVariables = Exact<{ [key: string]: never; }>;


export type AccountEndVacationMutation = { endVacation: { allowanceDays: number, daysLeft: number, current: { id: string, startsAt: string, endsAt: string, days: number } | null } };

export type TurnCountQueryVariables = Exact<{ [key: string]: never; }>;


export type TurnCountQuery = { dashboard: { myTurn: number, unreadEvents: number }, notificationSettings: { pageKinds: Array<PlayerEventKind> } };

export type RegisterMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type RegisterMutation = { register: { token: string, player: { id: string, username: string, isGuest: boolean } } };

export type LoginMutationVariables = Exact<{
  username: string;
  password: string;
  code?: string | null | undefined;
}>;


export type LoginMutation = { login: { token: string, player: { id: string, username: string, isGuest: boolean } } };

export type SignUpSettingsMutationVariables = Exact<{
  timeZone: string;
  language: MessageLanguage;
}>;


export type SignUpSettingsMutation = { updateNotificationSettings: { timeZone: string, language: MessageLanguage } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, username: string, isGuest: boolean } };

export type CentreEventFragment = { id: string, kind: PlayerEventKind, createdAt: string, gameId: string | null, game: { id: string, mySeat: number | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }> } | null };

export type CentreEventsFragment = { readUpTo: string | null, unread: number, events: Array<{ id: string, kind: PlayerEventKind, createdAt: string, gameId: string | null, game: { id: string, mySeat: number | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }> } | null }> };

export type CentreEventsQueryVariables = Exact<{
  first: number;
}>;


export type CentreEventsQuery = { notificationCentre: { readUpTo: string | null, unread: number, events: Array<{ id: string, kind: PlayerEventKind, createdAt: string, gameId: string | null, game: { id: string, mySeat: number | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }> } | null }> } };

export type CentreMarkReadMutationVariables = Exact<{
  upTo: string | number;
  first: number;
}>;


export type CentreMarkReadMutation = { markEventsRead: { readUpTo: string | null, unread: number, events: Array<{ id: string, kind: PlayerEventKind, createdAt: string, gameId: string | null, game: { id: string, mySeat: number | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }> } | null }> } };

export type ChatLineFragment = { id: string, gameId: string, room: ChatRoom, author: string, text: string | null, phrase: QuickPhrase | null, createdAt: string, hidden: boolean };

export type ChatRoomReadQueryVariables = Exact<{
  gameId: string | number;
  room: ChatRoom;
  before?: string | number | null | undefined;
  last?: number | null | undefined;
}>;


export type ChatRoomReadQuery = { gameChat: { gameId: string, room: ChatRoom, muted: boolean, messages: Array<{ id: string, gameId: string, room: ChatRoom, author: string, text: string | null, phrase: QuickPhrase | null, createdAt: string, hidden: boolean }> } };

export type ChatPushedSubscriptionVariables = Exact<{
  gameId: string | number;
}>;


export type ChatPushedSubscription = { chatMessages: { id: string, gameId: string, room: ChatRoom, author: string, text: string | null, phrase: QuickPhrase | null, createdAt: string, hidden: boolean } };

export type ChatSendMutationVariables = Exact<{
  gameId: string | number;
  room: ChatRoom;
  text?: string | null | undefined;
  phrase?: QuickPhrase | null | undefined;
}>;


export type ChatSendMutation = { sendChatMessage: { id: string, gameId: string, room: ChatRoom, author: string, text: string | null, phrase: QuickPhrase | null, createdAt: string, hidden: boolean } };

export type ChatMuteMutationVariables = Exact<{
  gameId: string | number;
  muted: boolean;
}>;


export type ChatMuteMutation = { muteGameChat: boolean };

export type ChatReportMutationVariables = Exact<{
  input: ChatReportInput;
}>;


export type ChatReportMutation = { reportChat: string };

export type ChatNoteQueryVariables = Exact<{
  gameId: string | number;
}>;


export type ChatNoteQuery = { gameNote: { gameId: string, text: string, updatedAt: string } | null };

export type ChatSetNoteMutationVariables = Exact<{
  gameId: string | number;
  text: string;
}>;


export type ChatSetNoteMutation = { setGameNote: { gameId: string, text: string, updatedAt: string } | null };

export type FriendsPlayerFragment = { id: string, username: string, isBot: boolean, deleted: boolean, online: boolean | null };

export type FriendsFeedGameFragment = { id: string, preset: Preset, currentSeat: number | null, finishedAt: string | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }>, result: { winner: number | null } | null };

export type FriendsListsQueryVariables = Exact<{ [key: string]: never; }>;


export type FriendsListsQuery = { friends: Array<{ id: string, username: string, isBot: boolean, deleted: boolean, online: boolean | null }>, following: Array<{ id: string, username: string, isBot: boolean, deleted: boolean, online: boolean | null }>, followers: Array<{ id: string, username: string, isBot: boolean, deleted: boolean, online: boolean | null }>, blockedPlayers: Array<{ id: string, username: string, isBot: boolean, deleted: boolean, online: boolean | null }>, playing: { edges: Array<{ node: { id: string, preset: Preset, currentSeat: number | null, finishedAt: string | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }>, result: { winner: number | null } | null } }> }, results: { edges: Array<{ node: { id: string, preset: Preset, currentSeat: number | null, finishedAt: string | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }>, result: { winner: number | null } | null } }> } };

export type FriendsNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type FriendsNamesQuery = { friends: Array<{ id: string, username: string }> };

export type StartGuestMutationVariables = Exact<{ [key: string]: never; }>;


export type StartGuestMutation = { startGuest: { token: string, player: { id: string, username: string, isGuest: boolean } } };

export type KeepGuestAccountMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type KeepGuestAccountMutation = { keepGuestAccount: { id: string, username: string, isGuest: boolean } };

export type HomeGameFragment = { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string, awayUntil: string | null } }> };

export type HomeGamePageFragment = { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string, awayUntil: string | null } }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } };

export type InvitationPageFragment = { edges: Array<{ node: { id: string, preset: Preset, rated: boolean, createdAt: string, game: { seedCommitment: string }, challenger: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } };

export type HomeQueryVariables = Exact<{
  pageSize: number;
  recent: number;
}>;


export type HomeQuery = { dashboard: { myTurn: number, opponentsTurn: number, waitingForPlayers: number, invitations: number, nextDeadline: string | null }, active: { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string, awayUntil: string | null } }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, waiting: { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string, awayUntil: string | null } }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, finished: { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string, awayUntil: string | null } }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, aborted: { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string, awayUntil: string | null } }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, invitations: { edges: Array<{ node: { id: string, preset: Preset, rated: boolean, createdAt: string, game: { seedCommitment: string }, challenger: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type HomeMoreGamesQueryVariables = Exact<{
  status: GameStatus;
  pageSize: number;
  after: string;
}>;


export type HomeMoreGamesQuery = { games: { edges: Array<{ node: { id: string, status: GameStatus, preset: Preset, isMyTurn: boolean, mySeat: number | null, currentSeat: number | null, deadline: string | null, createdAt: string, finishedAt: string | null, seats: number, players: Array<{ id: string, seat: number, outcome: Outcome | null, player: { id: string, username: string, awayUntil: string | null } }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type HomeMoreInvitationsQueryVariables = Exact<{
  pageSize: number;
  after: string;
}>;


export type HomeMoreInvitationsQuery = { challenges: { edges: Array<{ node: { id: string, preset: Preset, rated: boolean, createdAt: string, game: { seedCommitment: string }, challenger: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type InvitationFragment = { id: string, preset: Preset, rated: boolean, createdAt: string, game: { seedCommitment: string }, challenger: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null };

export type AcceptInvitationMutationVariables = Exact<{
  id: string | number;
  clientSeed: string;
}>;


export type AcceptInvitationMutation = { joinGame: { id: string } };

export type DeclineInvitationMutationVariables = Exact<{
  id: string | number;
}>;


export type DeclineInvitationMutation = { declineChallenge: { id: string, state: ChallengeState } };

export type MyEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MyEventsSubscription = { myEvents: { id: string, kind: PlayerEventKind, gameId: string | null } };

export type NewGameRulesFragment = { minPlayers: number, maxPlayers: number, payoffSize: number, handSize: number, sidePiles: number, wildRanks: Array<WildRank>, centerTopRank: CenterTopRank, completedPile: CompletedPile, refillWhenHandEmpty: boolean, sideBuild: SideBuild, lowCardsToSide: LowCardsToSide, turnEnd: TurnEnd, forcedAces: boolean, forcedTwoOnAce: boolean, forcedPayoffPlay: boolean, payoffCountVisible: boolean, blockWhenStuck: boolean, maxCenterPiles: { kind: CenterPileLimitKind, count: number | null } };

export type NewGamePresetRulesQueryVariables = Exact<{
  preset: Preset;
}>;


export type NewGamePresetRulesQuery = { presetRules: { minPlayers: number, maxPlayers: number, payoffSize: number, handSize: number, sidePiles: number, wildRanks: Array<WildRank>, centerTopRank: CenterTopRank, completedPile: CompletedPile, refillWhenHandEmpty: boolean, sideBuild: SideBuild, lowCardsToSide: LowCardsToSide, turnEnd: TurnEnd, forcedAces: boolean, forcedTwoOnAce: boolean, forcedPayoffPlay: boolean, payoffCountVisible: boolean, blockWhenStuck: boolean, maxCenterPiles: { kind: CenterPileLimitKind, count: number | null } } };

export type NewGameCreatedFragment = { id: string, status: GameStatus, seedCommitment: string, dealChosen: boolean, mySeat: number | null };

export type NewGameCreateMutationVariables = Exact<{
  input: CreateGameInput;
}>;


export type NewGameCreateMutation = { createGame: { id: string, status: GameStatus, seedCommitment: string, dealChosen: boolean, mySeat: number | null } };

export type NewGameSeekMutationVariables = Exact<{
  input: SeekInput;
}>;


export type NewGameSeekMutation = { seekGame: { id: string, status: GameStatus, seedCommitment: string, dealChosen: boolean, mySeat: number | null } };

export type NewGameSetClientSeedMutationVariables = Exact<{
  gameId: string | number;
  clientSeed: string;
}>;


export type NewGameSetClientSeedMutation = { setClientSeed: { id: string, status: GameStatus, seedCommitment: string, dealChosen: boolean, mySeat: number | null } };

export type NewGameTimeControlsQueryVariables = Exact<{ [key: string]: never; }>;


export type NewGameTimeControlsQuery = { timeControlChoices: { daysPerMove: Array<number>, hoursPerMoveMin: number, hoursPerMoveMax: number } };

export type NewGameSeekRowFragment = { id: string, preset: Preset, rated: boolean, createdAt: string, seeker: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, game: { id: string, seedCommitment: string }, ratingRange: { min: number, max: number } | null };

export type NewGameSeeksQueryVariables = Exact<{ [key: string]: never; }>;


export type NewGameSeeksQuery = { seeks: { edges: Array<{ node: { id: string, preset: Preset, rated: boolean, createdAt: string, seeker: { id: string, username: string }, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, game: { id: string, seedCommitment: string }, ratingRange: { min: number, max: number } | null } }> } };

export type NewGameJoinSeekMutationVariables = Exact<{
  gameId: string | number;
  clientSeed: string;
}>;


export type NewGameJoinSeekMutation = { joinGame: { id: string, status: GameStatus, seedCommitment: string, dealChosen: boolean, mySeat: number | null } };

export type NewGameRematchMutationVariables = Exact<{
  gameId: string | number;
  awaitClientSeed?: boolean | null | undefined;
}>;


export type NewGameRematchMutation = { rematch: { id: string, status: GameStatus, seedCommitment: string, dealChosen: boolean, mySeat: number | null } };

export type NewGameOpenGameFragment = { id: string, preset: Preset, seats: number, rated: boolean, createdAt: string, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }> };

export type NewGameOpenGamesQueryVariables = Exact<{ [key: string]: never; }>;


export type NewGameOpenGamesQuery = { games: { edges: Array<{ node: { id: string, preset: Preset, seats: number, rated: boolean, createdAt: string, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, players: Array<{ id: string, seat: number, player: { id: string, username: string } }> } }> }, seeks: { edges: Array<{ node: { id: string } }> }, challenges: { edges: Array<{ node: { id: string } }> } };

export type OAuthConsentRequestQueryVariables = Exact<{
  request: OAuthAuthorizationInput;
}>;


export type OAuthConsentRequestQuery = { oauthAuthorization: { scopes: Array<TokenScope>, redirectUri: string | null, app: { id: string, name: string, ownerName: string | null } | null, problem: { reason: OAuthProblemReason, message: string, returnTo: string | null } | null } };

export type OAuthConsentApproveMutationVariables = Exact<{
  request: OAuthAuthorizationInput;
}>;


export type OAuthConsentApproveMutation = { approveOAuthAuthorization: { redirectTo: string } };

export type OAuthConsentDenyMutationVariables = Exact<{
  request: OAuthAuthorizationInput;
}>;


export type OAuthConsentDenyMutation = { denyOAuthAuthorization: { redirectTo: string } };

export type PlayersNameFragment = { id: string, username: string, isBot: boolean, deleted: boolean };

export type PlayersProfileQueryVariables = Exact<{
  username: string;
}>;


export type PlayersProfileQuery = { player: { createdAt: string, online: boolean | null, timeoutRate: number | null, id: string, username: string, isBot: boolean, deleted: boolean, relation: { following: boolean, followsYou: boolean, friends: boolean, blocking: boolean } | null, ratings: Array<{ preset: Preset, rating: number, deviation: number, provisional: boolean, games: number }>, stats: Array<{ preset: Preset, games: number, wins: number, losses: number, draws: number }> } | null };

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

export type PlayersRelationFragment = { following: boolean, followsYou: boolean, friends: boolean, blocking: boolean };

export type PlayersStandingQueryVariables = Exact<{
  username: string;
}>;


export type PlayersStandingQuery = { player: { id: string, relation: { following: boolean, followsYou: boolean, friends: boolean, blocking: boolean } | null } | null };

export type PlayersFollowMutationVariables = Exact<{
  username: string;
}>;


export type PlayersFollowMutation = { followPlayer: { id: string, relation: { following: boolean, followsYou: boolean, friends: boolean, blocking: boolean } | null } };

export type PlayersUnfollowMutationVariables = Exact<{
  username: string;
}>;


export type PlayersUnfollowMutation = { unfollowPlayer: boolean };

export type PlayersBlockMutationVariables = Exact<{
  username: string;
}>;


export type PlayersBlockMutation = { blockPlayer: { id: string, relation: { following: boolean, followsYou: boolean, friends: boolean, blocking: boolean } | null } };

export type PlayersUnblockMutationVariables = Exact<{
  username: string;
}>;


export type PlayersUnblockMutation = { unblockPlayer: boolean };

export type RecoveryRequestResetMutationVariables = Exact<{
  username: string;
}>;


export type RecoveryRequestResetMutation = { requestPasswordReset: boolean };

export type RecoveryResetPasswordMutationVariables = Exact<{
  token: string;
  newPassword: string;
}>;


export type RecoveryResetPasswordMutation = { resetPassword: boolean };

export type ReplayPlayerFragment = { id: string, seat: number, outcome: Outcome | null, placement: number | null, score: number | null, payoffLeft: number | null, ratingBefore: number | null, ratingAfter: number | null, ratingChange: number | null, clientSeed: string | null, clientSeedSource: ClientSeedSource | null, player: { id: string, username: string, isBot: boolean } };

export type ReplayGameQueryVariables = Exact<{
  id: string | number;
}>;


export type ReplayGameQuery = { game: { id: string, status: GameStatus, abortReason: AbortReason | null, rated: boolean, preset: Preset, seats: number, version: number, mySeat: number | null, seed: string | null, seedCommitment: string, rulesVersion: string, dealChosen: boolean, startPosition: string | null, finishedAt: string | null, result: { reason: EndReason, winner: number | null, score: number, ranking: Array<Array<number>>, payoffLeft: Array<number> } | null, players: Array<{ id: string, seat: number, outcome: Outcome | null, placement: number | null, score: number | null, payoffLeft: number | null, ratingBefore: number | null, ratingAfter: number | null, ratingChange: number | null, clientSeed: string | null, clientSeedSource: ClientSeedSource | null, player: { id: string, username: string, isBot: boolean } }> } | null };

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

export type TableGameFieldsFragment = { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, invitation: boolean, awaitClientSeed: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, tournament: { id: string, name: string, round: number } | null, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean, awayUntil: string | null } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, options: { blockedWhen: BlockedWhen }, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, nullTurns: number, turnActive: boolean, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } };

export type TableGameQueryVariables = Exact<{
  id: string | number;
}>;


export type TableGameQuery = { game: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, invitation: boolean, awaitClientSeed: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, tournament: { id: string, name: string, round: number } | null, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean, awayUntil: string | null } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, options: { blockedWhen: BlockedWhen }, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, nullTurns: number, turnActive: boolean, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } | null };

export type TableInvitationQueryVariables = Exact<{
  id: string | number;
}>;


export type TableInvitationQuery = { challenge: { id: string, state: ChallengeState, invited: { id: string, username: string } } | null };

export type TableGameUpdatedSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type TableGameUpdatedSubscription = { gameUpdated: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, invitation: boolean, awaitClientSeed: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, tournament: { id: string, name: string, round: number } | null, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean, awayUntil: string | null } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, options: { blockedWhen: BlockedWhen }, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, nullTurns: number, turnActive: boolean, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type TableMoveMutationVariables = Exact<{
  id: string | number;
  move: string;
  expectedVersion?: number | null | undefined;
  clientMoveId?: string | null | undefined;
}>;


export type TableMoveMutation = { makeMove: { replayed: boolean, game: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, invitation: boolean, awaitClientSeed: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, tournament: { id: string, name: string, round: number } | null, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean, awayUntil: string | null } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, options: { blockedWhen: BlockedWhen }, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, nullTurns: number, turnActive: boolean, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } } };

export type TableResignMutationVariables = Exact<{
  id: string | number;
}>;


export type TableResignMutation = { resign: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, invitation: boolean, awaitClientSeed: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, tournament: { id: string, name: string, round: number } | null, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean, awayUntil: string | null } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, options: { blockedWhen: BlockedWhen }, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, nullTurns: number, turnActive: boolean, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type TableDealMutationVariables = Exact<{
  gameId: string | number;
  clientSeed: string;
}>;


export type TableDealMutation = { setClientSeed: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, invitation: boolean, awaitClientSeed: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, tournament: { id: string, name: string, round: number } | null, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean, awayUntil: string | null } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, options: { blockedWhen: BlockedWhen }, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, nullTurns: number, turnActive: boolean, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type TableJoinMutationVariables = Exact<{
  gameId: string | number;
  clientSeed: string;
}>;


export type TableJoinMutation = { joinGame: { id: string, status: GameStatus, version: number, preset: Preset, seats: number, rated: boolean, dealChosen: boolean, invitation: boolean, awaitClientSeed: boolean, seedCommitment: string, mySeat: number | null, isMyTurn: boolean, currentSeat: number | null, deadline: string | null, turnStartedAt: string | null, legalMoves: Array<string>, tournament: { id: string, name: string, round: number } | null, timeControl: { daysPerMove: number | null, hoursPerMove: number | null } | null, forcedPlays: Array<{ move: string, reason: ForcedPlayReason }>, players: Array<{ id: string, seat: number, player: { id: string, username: string, isBot: boolean, awayUntil: string | null } }>, result: { reason: EndReason, winner: number | null } | null, lastMove: { seq: number, seat: number, type: MoveType, move: string | null, card: string | null, slot: number | null, sidePile: number | null, from: MoveSource | null, fromSidePile: number | null, declaredRank: string | null } | null, options: { blockedWhen: BlockedWhen }, view: { id: string, hand: Array<string> | null, stockCount: number, setAsideCount: number, maxCenterPiles: number, nullTurns: number, turnActive: boolean, centerPiles: Array<{ id: string, slot: number, cards: Array<string>, topRank: number }>, seats: Array<{ id: string, seat: number, handCount: number, payoffTop: string | null, payoffCount: number | null, sidePiles: Array<Array<string>>, out: boolean }> } } };

export type TournamentSummaryFragment = { id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean };

export type TournamentDetailFragment = { maxTimeoutRate: number | null, createdAt: string, id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean, organiser: { username: string }, players: Array<{ seed: number | null, joinedAt: string, withdrawn: boolean, player: { username: string } }>, standings: Array<{ rank: number, points: number, played: number, won: number, drawn: number, lost: number, byes: number, buchholz: number, sonnebornBerger: number, withdrawn: boolean, player: { username: string } }>, boards: Array<{ round: number, board: number, gameId: string | null, result: TournamentGameResult | null, over: boolean, first: { username: string }, second: { username: string } | null }> };

export type TournamentListQueryVariables = Exact<{
  statuses?: Array<TournamentStatus> | TournamentStatus | null | undefined;
  first?: number | null | undefined;
}>;


export type TournamentListQuery = { tournaments: Array<{ id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean }> };

export type TournamentPageQueryVariables = Exact<{
  id: string | number;
}>;


export type TournamentPageQuery = { tournament: { maxTimeoutRate: number | null, createdAt: string, id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean, organiser: { username: string }, players: Array<{ seed: number | null, joinedAt: string, withdrawn: boolean, player: { username: string } }>, standings: Array<{ rank: number, points: number, played: number, won: number, drawn: number, lost: number, byes: number, buchholz: number, sonnebornBerger: number, withdrawn: boolean, player: { username: string } }>, boards: Array<{ round: number, board: number, gameId: string | null, result: TournamentGameResult | null, over: boolean, first: { username: string }, second: { username: string } | null }> } };

export type CreateTournamentMutationVariables = Exact<{
  input: CreateTournamentInput;
}>;


export type CreateTournamentMutation = { createTournament: { id: string } };

export type JoinTournamentMutationVariables = Exact<{
  id: string | number;
}>;


export type JoinTournamentMutation = { joinTournament: { maxTimeoutRate: number | null, createdAt: string, id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean, organiser: { username: string }, players: Array<{ seed: number | null, joinedAt: string, withdrawn: boolean, player: { username: string } }>, standings: Array<{ rank: number, points: number, played: number, won: number, drawn: number, lost: number, byes: number, buchholz: number, sonnebornBerger: number, withdrawn: boolean, player: { username: string } }>, boards: Array<{ round: number, board: number, gameId: string | null, result: TournamentGameResult | null, over: boolean, first: { username: string }, second: { username: string } | null }> } };

export type WithdrawFromTournamentMutationVariables = Exact<{
  id: string | number;
}>;


export type WithdrawFromTournamentMutation = { withdrawFromTournament: { maxTimeoutRate: number | null, createdAt: string, id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean, organiser: { username: string }, players: Array<{ seed: number | null, joinedAt: string, withdrawn: boolean, player: { username: string } }>, standings: Array<{ rank: number, points: number, played: number, won: number, drawn: number, lost: number, byes: number, buchholz: number, sonnebornBerger: number, withdrawn: boolean, player: { username: string } }>, boards: Array<{ round: number, board: number, gameId: string | null, result: TournamentGameResult | null, over: boolean, first: { username: string }, second: { username: string } | null }> } };

export type StartTournamentMutationVariables = Exact<{
  id: string | number;
}>;


export type StartTournamentMutation = { startTournament: { maxTimeoutRate: number | null, createdAt: string, id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean, organiser: { username: string }, players: Array<{ seed: number | null, joinedAt: string, withdrawn: boolean, player: { username: string } }>, standings: Array<{ rank: number, points: number, played: number, won: number, drawn: number, lost: number, byes: number, buchholz: number, sonnebornBerger: number, withdrawn: boolean, player: { username: string } }>, boards: Array<{ round: number, board: number, gameId: string | null, result: TournamentGameResult | null, over: boolean, first: { username: string }, second: { username: string } | null }> } };

export type CancelTournamentMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelTournamentMutation = { cancelTournament: { maxTimeoutRate: number | null, createdAt: string, id: string, name: string, format: TournamentFormat, status: TournamentStatus, preset: Preset, rated: boolean, daysPerMove: number, minPlayers: number, maxPlayers: number, playerCount: number, rounds: number | null, currentRound: number, startsAt: string, startedAt: string | null, finishedAt: string | null, joined: boolean, organiser: { username: string }, players: Array<{ seed: number | null, joinedAt: string, withdrawn: boolean, player: { username: string } }>, standings: Array<{ rank: number, points: number, played: number, won: number, drawn: number, lost: number, byes: number, buchholz: number, sonnebornBerger: number, withdrawn: boolean, player: { username: string } }>, boards: Array<{ round: number, board: number, gameId: string | null, result: TournamentGameResult | null, over: boolean, first: { username: string }, second: { username: string } | null }> } };
