/**
 * How this copy hears that a player's tokens changed, on any app copy: the tokens repository announces each change
 * on TOKENS_CHANNEL from the change's own transaction (src/auth/tokens.repository.ts), and the event bus, which
 * listens on that channel, implements TokenChanges (src/notifications/event-bus.ts; bound in NotificationsModule).
 * Both are owned here, by auth, which sits below the notifications module (docs/architecture.md, "Layout of a
 * module"): open sockets (src/auth/open-sockets.ts) depend on this, not on the bus.
 */

/**
 * A player's tokens changed (revoked, ended, their scopes changed), announced with the player id: every copy drops
 * its cached lookups and checks its open sockets.
 */
export const TOKENS_CHANNEL = 'malice_tokens';

export abstract class TokenChanges {
  /** A player's tokens changed, on any app copy (TOKENS_CHANNEL); returns the unsubscribe. */
  abstract onTokensChanged(listener: (playerId: string) => void): () => void;

  /**
   * Listening again after the connection that hears the announcements was lost: changes announced meanwhile reached
   * nobody, so whoever depends on them looks again. Returns the unsubscribe.
   */
  abstract onReconnected(listener: () => void): () => void;
}
