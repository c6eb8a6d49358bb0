import type { TokenKind } from './tokens';

/** Every scope an API token may be given (bot:play only by a bot account, admin only by an admin account). */
export const SCOPES = ['game:read', 'game:play', 'bot:play', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];
/**
 * How the API spells each scope — the `TokenScope` enum, `extensions.scope` and every message — while tokens store
 * the names above: one spelling for clients, one mapping.
 */
export const SCOPE_API_NAMES = {
  'game:read': 'GAME_READ',
  'game:play': 'GAME_PLAY',
  'bot:play': 'BOT_PLAY',
  admin: 'ADMIN',
} as const;
/**
 * A login session's scopes: everything a person does (a bot account's session only reads: see effectiveScopes).
 * Never `admin`, even for an admin account: admin operations need an API token made with ADMIN
 * (docs/operations.md#moderation), so a session left signed in somewhere cannot moderate by itself.
 */
export const SESSION_SCOPES: readonly Scope[] = ['game:read', 'game:play'];

export interface ViewerPlayer {
  readonly id: string;
  readonly username: string;
  readonly isBot: boolean;
  /** A guest (src/players/guest-policy.ts): plays the built-in bots and unrated open seeks only. */
  readonly isGuest: boolean;
}

/** Who is asking: a player with the scopes of their token, or an anonymous spectator. */
export interface Viewer {
  readonly player: ViewerPlayer | null;
  readonly scopes: readonly Scope[];
  /** The token's id, for rate limits and revocation; null when anonymous. */
  readonly tokenId: string | null;
  /**
   * A login session (which may manage API tokens), a personal API token, or an app's access token (OAuth); null
   * when anonymous.
   */
  readonly tokenKind: TokenKind | null;
  /** When the token stops working (sessions expire; API tokens live until revoked): null when it does not. */
  readonly expiresAt: Date | null;
}

export const ANONYMOUS: Viewer = {
  player: null,
  scopes: [],
  tokenId: null,
  tokenKind: null,
  expiresAt: null,
};

/** What the context needs of the operation's work meter: one unit charged per field that does database work. */
export interface OperationWork {
  charge(): void;
}

/** The GraphQL context of every request and subscription. */
export interface RequestContext {
  readonly viewer: Viewer;
  /** The client's network address (src/http/client-address.ts), for the sign-in throttle. */
  readonly address: string | undefined;
  /**
   * The operation's database work so far: a WorkMeter (src/graphql/work-meter.ts), named here by what the context
   * needs of it, since the GraphQL plumbing sits above auth (docs/architecture.md, "Layout of a module").
   */
  readonly work: OperationWork;
  /** The request's id in the log (src/logging/request-log.ts): HTTP's, or `<connection>/<operation>` over graphql-ws. */
  readonly requestId: string;
}
