/**
 * From seeds to a game's commitment and random stream, per generator version (docs/fairness.md has the same
 * with commands to check it by hand).
 *
 * `chacha20-v2`. Every hash input is an unambiguous encoding of a list of strings that starts with a label naming
 * its purpose: `encodeFields([label, ...fields])` is, for each string, its UTF-8 byte length as 4 bytes
 * big-endian, then its UTF-8 bytes. So ("ab", "c") and ("a", "bc") encode differently, and no two purposes can
 * ever hash the same input. With S the server seed and c₀…cₙ₋₁ the players' seeds in seat order:
 *
 *   commitment = SHA-256(encode("malice/v2/commitment", S))                       public at creation
 *   key        = SHA-256(encode("malice/v2/deal-key", S, n, c₀, …, cₙ₋₁))          n in decimal; secret
 *   stand-in   = hex SHA-256(encode("malice/v2/stand-in-client-seed", S, seat))     a seat that gave no seed
 *   bot key    = SHA-256(encode("malice/v2/bot-key", S, game id, version, seat))     bot-key-v1 only; secret
 *
 * The generator is ChaCha20 with that key, nonce 0 and counter 0. Public before the end are the commitment, the
 * players' seeds and the stand-ins, none of which gives the key without S; a length extension of a public digest
 * keeps that digest's label at the front, so it cannot be the key's input either. A chosen deal (a creator-given
 * seed or a start position) has no client seeds: n = 0. Under the bot-stream part `bot-key-v1` a built-in bot's
 * decision at `version` (the number of events before it) draws from ChaCha20 with its bot key, nonce 0 and counter
 * 0 (`botStream`): as secret as the deal, and reproducible once S is revealed.
 *
 * `xoshiro128ss-sha256-v1`: the commitment is SHA-256 of the seed's UTF-8 bytes and the generator's state is the
 * first 128 bits of that same digest — anyone who read the commitment knew the deal. Kept to replay old games.
 */
import { ChaCha20State, chacha20Stream } from './chacha20';
import { RngState } from './rng';
import { bytesToHex, sha256Bytes, sha256Hex } from './sha256';
import { RULES_VERSION, RulesVersion, versionParts } from './versions';
import { seedXoshiro128ss } from './xoshiro128ss';

export const COMMITMENT_LABEL = 'malice/v2/commitment';
export const DEAL_KEY_LABEL = 'malice/v2/deal-key';
export const STAND_IN_LABEL = 'malice/v2/stand-in-client-seed';
/** Public streams for what is not secret: tools, simulations, tests, older versions' bots (`publicStream`). */
export const PUBLIC_STREAM_LABEL = 'malice/v2/public-stream';
/** A built-in bot's decision under the bot-stream part `bot-key-v1` (`botKey`). */
export const BOT_KEY_LABEL = 'malice/v2/bot-key';

/** What deals a game: the inputs `setup` takes besides the options and the seat count. */
export interface Deal {
  /** The rules version the game is recorded under. */
  readonly version: RulesVersion;
  /** The server's seed, or the creator's for a chosen deal. */
  readonly seed: string;
  /**
   * The players' seeds in seat order, one per seat (stand-ins included). Empty for a chosen deal, and always
   * for `xoshiro128ss-sha256-v1`, which takes none.
   */
  readonly clientSeeds: readonly string[];
}

/** A player's own seed: 1–64 of the characters URLs leave alone, so it reads the same everywhere. */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9._~-]{1,64}$/;
export const CLIENT_SEED_RULE = '1–64 characters, each a letter, digit or one of . _ ~ -';

export function isClientSeed(text: string): boolean {
  return CLIENT_SEED_PATTERN.test(text);
}

/** Whether games under `version` mix in players' seeds (a chosen deal never does). */
export function takesClientSeeds(version: RulesVersion): boolean {
  switch (versionParts(version).generator) {
    case 'chacha20-v2':
      return true;
    case 'xoshiro128ss-sha256-v1':
      return false;
  }
}

/** The length-prefixed encoding of `fields`: per field, 4 bytes big-endian byte length, then its UTF-8 bytes. */
export function encodeFields(fields: readonly string[]): Uint8Array {
  // Encoded by hand rather than with a TextEncoder call per field: a deal encodes a few short strings, and the
  // calls cost more than the hashing (bench:engine includes every setup). Same bytes as TextEncoder, lone
  // surrogates included (each becomes U+FFFD); test/unit/engine/seeding.test.ts checks it against Buffer.
  let total = 0;
  for (const field of fields) total += 4 + utf8Length(field);
  const out = new Uint8Array(total);
  let at = 0;
  for (const field of fields) {
    const length = utf8Length(field);
    out[at] = length >>> 24;
    out[at + 1] = (length >>> 16) & 0xff;
    out[at + 2] = (length >>> 8) & 0xff;
    out[at + 3] = length & 0xff;
    at = writeUtf8(field, out, at + 4);
  }
  return out;
}

/** The code point at `index` of `text`, a lone surrogate read as U+FFFD (as UTF-8 encoders do). */
function codePointAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit < 0xd800 || unit > 0xdfff) return unit;
  const next = text.charCodeAt(index + 1);
  if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff)
    return 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
  return 0xfffd;
}

function utf8Length(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const point = codePointAt(text, index);
    if (point < 0x80) length += 1;
    else if (point < 0x800) length += 2;
    else if (point < 0x10000) length += 3;
    else {
      length += 4;
      index++;
    }
  }
  return length;
}

function writeUtf8(text: string, out: Uint8Array, start: number): number {
  let at = start;
  for (let index = 0; index < text.length; index++) {
    const point = codePointAt(text, index);
    if (point < 0x80) {
      out[at++] = point;
    } else if (point < 0x800) {
      out[at++] = 0xc0 | (point >>> 6);
      out[at++] = 0x80 | (point & 0x3f);
    } else if (point < 0x10000) {
      out[at++] = 0xe0 | (point >>> 12);
      out[at++] = 0x80 | ((point >>> 6) & 0x3f);
      out[at++] = 0x80 | (point & 0x3f);
    } else {
      out[at++] = 0xf0 | (point >>> 18);
      out[at++] = 0x80 | ((point >>> 12) & 0x3f);
      out[at++] = 0x80 | ((point >>> 6) & 0x3f);
      out[at++] = 0x80 | (point & 0x3f);
      index++;
    }
  }
  return at;
}

/** SHA-256 of `encodeFields([label, ...fields])`. */
export function labelledHash(label: string, ...fields: readonly string[]): Uint8Array {
  return sha256Bytes(encodeFields([label, ...fields]));
}

/** The public commitment to `seed` under `version`, as 64 lowercase hex digits: the one function for every version. */
export function seedCommitment(version: RulesVersion, seed: string): string {
  switch (versionParts(version).generator) {
    case 'chacha20-v2':
      return bytesToHex(labelledHash(COMMITMENT_LABEL, seed));
    case 'xoshiro128ss-sha256-v1':
      return sha256Hex(seed);
  }
}

/** The 256-bit ChaCha20 key of a `chacha20-v2` deal. */
export function dealKey(seed: string, clientSeeds: readonly string[]): Uint8Array {
  return labelledHash(DEAL_KEY_LABEL, seed, String(clientSeeds.length), ...clientSeeds);
}

/**
 * The seed of a seat whose player gave none, fixed by the server seed and so by the commitment: at the deal the
 * server has no choice left to make (a seed drawn then could be drawn again until the deal suits the server).
 */
export function standInClientSeed(seed: string, seat: number): string {
  return bytesToHex(labelledHash(STAND_IN_LABEL, seed, String(seat)));
}

/** The generator a deal starts from. Throws a RangeError for client seeds the version does not take. */
export function dealGenerator(deal: Deal): RngState {
  switch (versionParts(deal.version).generator) {
    case 'chacha20-v2':
      return chacha20Stream(dealKey(deal.seed, deal.clientSeeds));
    case 'xoshiro128ss-sha256-v1':
      if (deal.clientSeeds.length > 0) {
        throw new RangeError(`${deal.version} takes no client seeds; ${deal.clientSeeds.length} given`);
      }
      return seedXoshiro128ss(deal.seed);
  }
}

/**
 * The 256-bit ChaCha20 key of a built-in bot's decision at `version` in seat `seat` of game `gameId`, whose server
 * seed is `seed` (bot-stream part `bot-key-v1`). Keyed by the secret seed, so that nobody can replay the bot's
 * choices for the hands it might hold before the end (docs/fairness.md#the-built-in-bots-choices); the game id
 * keeps two games dealt from one chosen seed from sharing their bots' choices.
 */
export function botKey(seed: string, gameId: string, version: number, seat: number): Uint8Array {
  return labelledHash(BOT_KEY_LABEL, seed, gameId, String(version), String(seat));
}

/** The random stream of that decision: ChaCha20 with `botKey`, nonce 0, counter 0. */
export function botStream(seed: string, gameId: string, version: number, seat: number): ChaCha20State {
  return chacha20Stream(botKey(seed, gameId, version, seat));
}

/**
 * A reproducible ChaCha20 stream named by `purpose` and `fields`, for randomness that is not secret and must not
 * touch any game's secret: simulations, demo data, tests, and the built-in bots of versions before `bot-key-v1`.
 * Keyed by SHA-256(encode("malice/v2/public-stream", purpose, ...fields)).
 */
export function publicStream(purpose: string, ...fields: readonly string[]): ChaCha20State {
  return chacha20Stream(labelledHash(PUBLIC_STREAM_LABEL, purpose, ...fields));
}

/** A deal under `RULES_VERSION`, the version new games get (simulations, benchmarks and tests deal this way). */
export function newDeal(seed: string, clientSeeds: readonly string[] = []): Deal {
  return { version: RULES_VERSION, seed, clientSeeds };
}

/** A seat's client seed as a game records it: the seed (null if none) and whether it is the server's stand-in. */
export interface RecordedClientSeed {
  readonly seat: number;
  readonly clientSeed: string | null;
  readonly standIn: boolean;
}

/**
 * What is wrong with a finished game's client seeds, given its revealed seed (empty when nothing is): a game that
 * mixes them has one per seat, each a valid client seed, and every stand-in is the one the seed gives; a chosen
 * deal and an old-version game have none.
 */
export function clientSeedProblems(
  version: RulesVersion,
  dealChosen: boolean,
  seed: string,
  seats: number,
  recorded: readonly RecordedClientSeed[],
): string[] {
  const given = recorded.filter((entry) => entry.clientSeed !== null);
  if (dealChosen || !takesClientSeeds(version)) {
    return given.length === 0
      ? []
      : [
          `${dealChosen ? 'a chosen deal' : `a game under ${version}`} takes no client seeds, yet seat ${given[0]!.seat} has one`,
        ];
  }
  const problems: string[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const entry = recorded.find((candidate) => candidate.seat === seat);
    if (entry === undefined || entry.clientSeed === null) {
      problems.push(`seat ${seat} has no client seed`);
    } else if (!isClientSeed(entry.clientSeed)) {
      problems.push(
        `seat ${seat}'s client seed ${JSON.stringify(entry.clientSeed)} is not ${CLIENT_SEED_RULE}`,
      );
    } else if (entry.standIn && entry.clientSeed !== standInClientSeed(seed, seat)) {
      problems.push(`seat ${seat}'s stand-in client seed is not the one the revealed seed gives`);
    }
  }
  return problems;
}
