import { createHash, randomBytes } from 'node:crypto';

/** Token kinds: a login session (all scopes) or a personal API token (its own scopes). */
export type TokenKind = 'session' | 'api';

const PREFIX: Record<TokenKind, string> = { session: 'mls_', api: 'mla_' };

/** A new bearer token: 256 random bits, base64url, with a prefix that tells its kind (and lets scanners spot leaks). */
export function newToken(kind: TokenKind): string {
  return PREFIX[kind] + randomBytes(32).toString('base64url');
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
