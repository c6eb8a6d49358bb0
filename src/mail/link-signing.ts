/**
 * Signed links in mails (docs/correspondence.md#e-mail): a verification link, a one-click unsubscribe, a password
 * reset. A link
 * carries what it does (JSON, base64url) and an HMAC-SHA256 of it with a server secret, so nothing needs storing
 * and nobody can make one for another player; a verification also expires, and names the address it verifies
 * (so a link to an address since changed verifies nothing).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkClaims =
  | { readonly use: 'verify'; readonly player: string; readonly address: string; readonly expires: number }
  | { readonly use: 'unsubscribe'; readonly player: string; readonly kind: string }
  /** `mark` is a fingerprint of the password hash it was made for: a new password (this reset's) ends the link. */
  | { readonly use: 'reset'; readonly player: string; readonly mark: string; readonly expires: number };

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function signLink(secret: string, claims: LinkClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The claims of a link this server signed, or null for anything else (tampered, truncated, another server's). */
export function readLink(secret: string, token: string): LinkClaims | null {
  const [body, signature, extra] = token.split('.');
  if (body === undefined || signature === undefined || extra !== undefined || token.length > 2000)
    return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims;
  } catch {
    return null;
  }
}
