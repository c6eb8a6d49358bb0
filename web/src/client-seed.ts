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

/**
 * What this browser saw of one game's deal before it was dealt (docs/web.md, "Verify"): the commitment the page
 * had read (and shown, where it shows one) before it sent its seed (null when the seed went with a request that answered the commitment only
 * afterwards: a seek joined at once), and the seed it drew. Verify compares them with the export, so the export
 * is not the only witness of itself.
 */
export interface SeenDeal {
  readonly commitment: string | null;
  readonly clientSeed: string;
}

const SEEN_PREFIX = 'malice.deal.';

/** Keeps what this page saw of `gameId`'s deal in localStorage (about 150 bytes a game). */
export function rememberDeal(gameId: string, seen: SeenDeal): void {
  try {
    localStorage.setItem(SEEN_PREFIX + gameId, JSON.stringify(seen));
  } catch {
    // A full or forbidden storage only means Verify will say it checked the export alone.
  }
}

/**
 * Sends a request that hands the server this page's seed for `gameId`, keeping what the page showed of the deal
 * (`commitment`, and the seed) before it goes out: kept whatever comes first — the request's answer, or the push that
 * shows the table dealt — and even when the page is closed before the answer. When the request fails, what was
 * kept before is put back: a seed the server did not take must not be compared with the export (Verify would
 * report a fair deal as changed).
 */
export async function sendKeepingDeal<T>(
  gameId: string,
  commitment: string | null,
  clientSeed: string,
  send: () => Promise<T>,
): Promise<T> {
  const key = SEEN_PREFIX + gameId;
  let before: string | null = null;
  try {
    before = localStorage.getItem(key);
  } catch {
    // A forbidden storage keeps nothing below either.
  }
  rememberDeal(gameId, { commitment, clientSeed });
  try {
    return await send();
  } catch (failure) {
    try {
      if (before === null) localStorage.removeItem(key);
      else localStorage.setItem(key, before);
    } catch {
      // As above.
    }
    throw failure;
  }
}

/** What this browser saw of `gameId`'s deal, or null when it started none of it (another browser, cleared). */
export function rememberedDeal(gameId: string): SeenDeal | null {
  const raw = localStorage.getItem(SEEN_PREFIX + gameId);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const commitment = 'commitment' in value ? value.commitment : undefined;
    const clientSeed = 'clientSeed' in value ? value.clientSeed : undefined;
    if (typeof clientSeed !== 'string' || (commitment !== null && typeof commitment !== 'string'))
      return null;
    return { commitment, clientSeed };
  } catch {
    return null;
  }
}
