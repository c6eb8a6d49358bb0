/**
 * The rules of third-party apps (docs/api/apps-and-oauth.md), written once and pure: which scopes an app may be
 * granted and how they are spelt, which redirect URIs may be registered and which presented ones match, how long
 * codes and tokens live, and the shape of an app. The OAuth 2.0 protocol itself (codes, PKCE, refresh tokens) is
 * @node-oauth/oauth2-server's; these are the decisions it asks us for.
 */
import { SCOPE_API_NAMES, Scope } from '../../auth/viewer';

/** The scopes an app may ask for, as OAuth's `scope` parameter spells them (the API's TokenScope names). ADMIN never. */
export const APP_SCOPES = ['GAME_READ', 'GAME_PLAY', 'BOT_PLAY'] as const;
export type AppScope = (typeof APP_SCOPES)[number];

const STORED_SCOPE: Record<AppScope, Scope> = {
  GAME_READ: 'game:read',
  GAME_PLAY: 'game:play',
  BOT_PLAY: 'bot:play',
};

/** How a token stores an app scope. */
export function storedScope(scope: AppScope): Scope {
  return STORED_SCOPE[scope];
}

/** The app scope of a stored scope; null for one no app may hold (admin). */
export function appScopeOf(scope: string): AppScope | null {
  const name = (SCOPE_API_NAMES as Record<string, string>)[scope];
  return (APP_SCOPES as readonly string[]).includes(name ?? '') ? (name as AppScope) : null;
}

/**
 * The scopes of a `scope` parameter (space-separated, RFC 6749 §3.3), in APP_SCOPES order, or why not: every
 * name must be one of APP_SCOPES, and at least one given.
 */
export function parseScopes(
  scope: readonly string[] | string | undefined | null,
): { readonly scopes: AppScope[] } | { readonly problem: string } {
  const names = (typeof scope === 'string' ? scope.split(' ') : (scope ?? [])).filter((name) => name !== '');
  if (names.length === 0) {
    return { problem: `scope is required: one or more of ${APP_SCOPES.join(', ')}, separated by spaces` };
  }
  const unknown = names.filter((name) => !(APP_SCOPES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return {
      problem:
        `unknown scope ${unknown.join(', ')}: an app may ask for ${APP_SCOPES.join(', ')}` +
        (unknown.includes(SCOPE_API_NAMES.admin) ? ' (ADMIN is never granted to an app)' : ''),
    };
  }
  return { scopes: APP_SCOPES.filter((name) => names.includes(name)) };
}

/** Why a grant ended (oauth_grants.revoked_reason). */
export const GRANT_END_REASONS = [
  /** The person revoked the app in "Connected apps". */
  'REVOKED_BY_PLAYER',
  /** The app revoked its token (RFC 7009). */
  'REVOKED_BY_APP',
  /** An authorization code was presented a second time: whoever holds it may not be the app (RFC 6749 §4.1.2). */
  'CODE_REUSED',
  /** A rotated refresh token was presented again: it was copied (docs/api/apps-and-oauth.md#refresh-tokens). */
  'REFRESH_TOKEN_REUSED',
  /** An admin disabled the app. */
  'APP_DISABLED',
  /** Its owner deleted the app. */
  'APP_DELETED',
  /** The person's password was reset: whoever knew the old one may have approved the app. */
  'PASSWORD_RESET',
] as const;
export type GrantEndReason = (typeof GRANT_END_REASONS)[number];

/** Lifetimes, in seconds. A code is exchanged at once; an access token is short; a refresh token outlives a long game's pauses. */
export const CODE_LIFETIME_S = 120;
export const ACCESS_TOKEN_LIFETIME_S = 3_600;
export const REFRESH_TOKEN_LIFETIME_S = 60 * 24 * 3_600;

/** An app's shape. */
export const APP_LIMITS = {
  nameLength: { min: 2, max: 60 },
  redirectUris: { min: 1, max: 10 },
  redirectUriLength: 2_000,
  appsPerOwner: 20,
} as const;

/** The prefixes of what this server issues, so that a scanner can tell each kind (src/auth/tokens.ts). */
export const OAUTH_PREFIXES = {
  accessToken: 'mlo_',
  refreshToken: 'mlr_',
  code: 'mlc_',
  secret: 'mls_app_',
} as const;

/** The loopback hosts a native app listens on (RFC 8252 §7.3: IP literals, not `localhost`). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/**
 * Why `uri` may not be registered as a redirect URI, or null. Allowed: `https:` anywhere; `http:` on a loopback IP
 * literal only (a native app's local listener, RFC 8252 §7.3); a private-use scheme in reverse-domain form such as
 * `com.example.app:/done` (RFC 8252 §7.1). Never a fragment (RFC 6749 §3.1.2) or user info.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > APP_LIMITS.redirectUriLength) {
    return `a redirect URI is at most ${APP_LIMITS.redirectUriLength} characters`;
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URI`;
  }
  if (url.hash !== '' || uri.includes('#')) return `${uri}: a redirect URI has no fragment (#…)`;
  if (url.username !== '' || url.password !== '') return `${uri}: a redirect URI has no user or password`;
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return url.hostname === '' ? `${uri} names no host` : null;
  if (scheme === 'http') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : `${uri}: plain http is for loopback redirects only (http://127.0.0.1 or http://[::1]); use https`;
  }
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme)) return null;
  return `${uri}: use https, a loopback http address, or a private-use scheme in reverse-domain form (com.example.app:/callback)`;
}

/** A loopback http redirect's authority, with whatever port it names: the part that may differ. */
const LOOPBACK_AUTHORITY = /^(http:\/\/(?:127\.0\.0\.1|\[::1\]))(?::\d{1,5})?(?=[/?]|$)/;

/**
 * Whether a presented redirect URI is one the app registered: the same string exactly, or — for a loopback
 * registration — the same string but for the port (RFC 8252 §7.3: a native app's listener takes whatever port is
 * free).
 */
export function redirectUriMatches(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  if (!LOOPBACK_AUTHORITY.test(presented) || redirectUriProblem(presented) !== null) return false;
  const asked = presented.replace(LOOPBACK_AUTHORITY, '$1');
  return registered.some(
    (candidate) =>
      LOOPBACK_AUTHORITY.test(candidate) && candidate.replace(LOOPBACK_AUTHORITY, '$1') === asked,
  );
}

/** Why an app's name may not be used, or null. */
export function appNameProblem(name: string): string | null {
  const trimmed = name.trim();
  const { min, max } = APP_LIMITS.nameLength;
  if (trimmed !== name) return 'an app name has no spaces at its ends';
  if ([...name].length < min || [...name].length > max) return `an app name is ${min}–${max} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) {
    return 'an app name has no control or direction characters';
  }
  return null;
}

/** Why a set of redirect URIs may not be registered, or null. */
export function redirectUrisProblem(uris: readonly string[]): string | null {
  const { min, max } = APP_LIMITS.redirectUris;
  if (uris.length < min || uris.length > max) return `an app has ${min}–${max} redirect URIs`;
  if (new Set(uris).size !== uris.length) return 'each redirect URI is given once';
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem !== null) return problem;
  }
  return null;
}
