import { Injectable } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { Announcer } from '../events/announcer';
import { TOKEN_KINDS, TokenKind, bearerToken, hashToken } from './tokens';
import { TokensRepository } from './tokens.repository';
import { effectiveScopes } from './scopes';
import { ANONYMOUS, SCOPE_API_NAMES, Scope, Viewer } from './viewer';

/**
 * How long a token lookup is reused: bounds the database work per request. A change to a player's tokens clears
 * their lookups on this copy before the change is answered, and on every other copy as the announcement arrives
 * (`tokensChanged`, src/events/announcer.ts).
 */
const CACHE_MS = 5_000;
/** `last_used_at` is written at most this often per token, not on every request. */
const TOUCH_MS = 60_000;

interface CachedViewer {
  readonly viewer: Viewer;
  readonly until: number;
  touchedAt: number;
}

/** Told when a player's tokens changed (revoked, expired early, the account's scopes changed). */
export type TokensChangedListener = (playerId: string) => void;

@Injectable()
export class AuthService {
  private readonly cache = new Map<string, CachedViewer>();
  private readonly listeners = new Set<TokensChangedListener>();

  constructor(
    private readonly tokens: TokensRepository,
    announcer: Announcer,
  ) {
    // Read-your-writes for revocations: the copy that revoked a token refuses it from its next request on.
    announcer.onTokensChangedHere((playerId) => this.forgetPlayer(playerId));
  }

  /** The viewer for an Authorization header value; no header is an anonymous spectator, a bad token an error. */
  async authenticate(header: unknown, now: Date = new Date()): Promise<Viewer> {
    const token = bearerToken(header);
    if (token === '') return ANONYMOUS;
    if (token === null)
      throw new ApiError('UNAUTHENTICATED', 'the Authorization header must be "Bearer <token>"');
    // Keyed by the token itself (memory only): a cache hit costs no hashing.
    const cached = this.cache.get(token);
    if (cached !== undefined && cached.until > now.getTime()) {
      if (cached.viewer.expiresAt === null || cached.viewer.expiresAt > now) return cached.viewer;
      this.cache.delete(token);
      throw new ApiError('UNAUTHENTICATED', 'the token is unknown, expired or revoked');
    }
    const hash = hashToken(token);

    // Who the token speaks for, never their password hash: the viewer is cached.
    const row = await this.tokens.lookup(hash);
    // A disabled account's tokens were revoked with it (docs/operations.md#moderation); refused here as well, so
    // that no token it held, whatever its state, speaks for it.
    if (
      row === null ||
      row.revokedAt !== null ||
      (row.expiresAt !== null && row.expiresAt <= now) ||
      row.player.disabledAt !== null
    ) {
      this.cache.delete(token);
      throw new ApiError('UNAUTHENTICATED', 'the token is unknown, expired or revoked');
    }
    const viewer: Viewer = {
      player: {
        id: row.player.id,
        username: row.player.username,
        isBot: row.player.isBot,
        isGuest: row.player.guestSince !== null,
      },
      scopes: effectiveScopes(row.scopes, row.player),
      tokenId: row.id,
      tokenKind: tokenKindOf(row.kind),
      expiresAt: row.expiresAt,
    };
    const touchedAt = row.lastUsedAt?.getTime() ?? 0;
    this.cache.set(token, { viewer, until: now.getTime() + CACHE_MS, touchedAt });
    if (now.getTime() - touchedAt > TOUCH_MS) {
      await this.tokens.touch(row.id, now);
    }
    if (this.cache.size > 10_000) this.cache.clear();
    return viewer;
  }

  /**
   * A player's tokens changed (this app copy changed them, or another copy announced it): their cached lookups go,
   * and whoever holds such a token open (graphql-ws sockets) is told, to check it again.
   */
  tokensChanged(playerId: string): void {
    this.forgetPlayer(playerId);
    for (const listener of this.listeners) listener(playerId);
  }

  /** Drops the cached lookups of a player's tokens: the next use of each reads the database. */
  forgetPlayer(playerId: string): void {
    for (const [token, entry] of this.cache)
      if (entry.viewer.player?.id === playerId) this.cache.delete(token);
  }

  onTokensChanged(listener: TokensChangedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A stored token's kind; an unknown one (written by a later version) counts as a personal API token. */
function tokenKindOf(stored: string): TokenKind {
  return (TOKEN_KINDS as readonly string[]).includes(stored) ? (stored as TokenKind) : 'api';
}

/** The signed-in player, or UNAUTHENTICATED; FORBIDDEN when the token lacks `scope`. */
export function requirePlayer(viewer: Viewer, scope: Scope): NonNullable<Viewer['player']> {
  if (viewer.player === null)
    throw new ApiError('UNAUTHENTICATED', 'sign in first (Authorization: Bearer <token>)');
  if (!viewer.scopes.includes(scope)) {
    const name = SCOPE_API_NAMES[scope];
    throw new ApiError('FORBIDDEN', `this token lacks the ${name} scope`, { scope: name });
  }
  return viewer.player;
}

/**
 * Tokens are managed with a login session, never with an API token (a leaked bot token cannot mint more); so is
 * the account itself (`action` names what is done, for the refusal).
 */
export function requireSession(
  { viewer }: { readonly viewer: Viewer },
  action = 'API tokens are managed',
): NonNullable<Viewer['player']> {
  const player = requirePlayer(viewer, 'game:read');
  if (viewer.tokenKind !== 'session') {
    throw new ApiError('FORBIDDEN', `${action} with a session token from login or register`);
  }
  return player;
}

/** Anyone may read public game data; a token must carry a game scope (game:play implies reading what one plays). */
export function requireReadable(viewer: Viewer): void {
  if (viewer.player === null || viewer.scopes.includes('game:play')) return;
  requirePlayer(viewer, 'game:read');
}
