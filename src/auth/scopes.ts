/**
 * Which scopes a token really has, and which it may be given (bot accounts:
 * docs/correspondence.md#bot-accounts-for-third-parties). Pure, so the rules are unit-tested without the app.
 */
import { ApiError } from '../errors/api-error';
import { SCOPES, SCOPE_API_NAMES, Scope } from './viewer';

/** What a token's account is, as far as its scopes go. */
export interface ScopeHolder {
  readonly isBot: boolean;
  /** An admin account (granted by the command line: docs/operations.md#moderation). */
  readonly isAdmin: boolean;
}

/**
 * What a token may really do, from the scopes stored on it and what its account is:
 * - admin only while the account is an admin (so an ADMIN token stops moderating when the role goes);
 * - a person's token: its scopes, never bot:play (only a bot account may hold it);
 * - a bot account's token: never game:play of its own — a bot plays only with a bot:play token, which implies
 *   game:play and game:read (everything a bot needs: its events, its games, its moves). So a bot account's login
 *   session, and any token it had as a person, can read but not play.
 * Applied at every authentication, so it also holds for tokens stored before an account became a bot.
 */
export function effectiveScopes(stored: readonly string[], { isBot, isAdmin }: ScopeHolder): Scope[] {
  const known = new Set(
    stored.filter((scope): scope is Scope => (SCOPES as readonly string[]).includes(scope)),
  );
  if (!isAdmin) known.delete('admin');
  if (!isBot) {
    known.delete('bot:play');
    return SCOPES.filter((scope) => known.has(scope));
  }
  known.delete('game:play');
  if (known.has('bot:play')) {
    known.add('game:play');
    known.add('game:read');
  }
  return SCOPES.filter((scope) => known.has(scope));
}

/**
 * Why a token with these scopes may not be made for this account, or null: admin belongs to admin accounts only,
 * bot:play to bot accounts only, and a bot account plays with bot:play, never game:play (so that every token that
 * plays as a bot says so).
 */
export function scopeRefusal(scopes: readonly Scope[], { isBot, isAdmin }: ScopeHolder): ApiError | null {
  if (!isAdmin && scopes.includes('admin')) {
    return new ApiError('FORBIDDEN', 'only an admin account may hold ADMIN (granted by the command line)', {
      scope: SCOPE_API_NAMES.admin,
    });
  }
  if (!isBot && scopes.includes('bot:play')) {
    return new ApiError('FORBIDDEN', 'only a bot account may hold BOT_PLAY: upgradeToBotAccount first', {
      scope: SCOPE_API_NAMES['bot:play'],
    });
  }
  if (isBot && scopes.includes('game:play')) {
    return new ApiError('FORBIDDEN', 'a bot account plays with BOT_PLAY tokens, not GAME_PLAY', {
      scope: SCOPE_API_NAMES['game:play'],
    });
  }
  return null;
}
