import { createHash, randomBytes } from 'node:crypto';

/**
 * Token kinds: a login session (all scopes), a personal API token (its own scopes), or an app's access token
 * (the scopes a person granted it through OAuth: src/oauth/).
 */
export const TOKEN_KINDS = ['session', 'api', 'app'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

const PREFIX: Record<TokenKind, string> = { session: 'mls_', api: 'mla_', app: 'mlo_' };

/** A new bearer token: 256 random bits, base64url, with a prefix that tells its kind (and lets scanners spot leaks). */
export function newToken(kind: TokenKind): string {
  return newSecret(PREFIX[kind]);
}

/** 256 random bits, base64url, after `prefix`: tokens, refresh tokens, codes, app secrets. */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token in an `Authorization: Bearer <token>` value, '' for none, or null when the header is malformed. */
export function bearerToken(header: unknown): string | null {
  if (header === undefined || header === null || header === '') return '';
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{10,200})$/i.exec(header.trim());
  return match === null ? null : (match[1] as string);
}
