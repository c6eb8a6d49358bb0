/**
 * The page's own client seed (docs/fairness.md): drawn in the browser, never by the server, and sent only once the
 * game's commitment is public — with setClientSeed, or with joinGame to a game that already shows its commitment.
 */

/** The allowed alphabet of a client seed (docs/fairness.md), 64 symbols: one per 6 bits, so no symbol is likelier. */
const SEED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** 32 symbols of 6 bits: 192 bits from the browser's cryptographic generator, within the 64-character limit. */
const SEED_LENGTH = 32;

/** A fresh client seed, drawn by this page, never by the server. */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SEED_LENGTH));
  // 256 is a multiple of 64, so the low 6 bits of a uniform byte are uniform.
  return Array.from(bytes, (byte) => SEED_ALPHABET[byte & 63]).join('');
}
