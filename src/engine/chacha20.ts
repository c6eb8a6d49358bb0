/**
 * ChaCha20 (RFC 8439 §2.3), the generator of games under `chacha20-v2` (docs/fairness.md, docs/rules.md §5).
 * A stream cipher's keystream is indistinguishable from random to anyone without the key, so cards seen during
 * a game say nothing about cards still hidden — unlike xoshiro128**, whose outputs give away its state.
 *
 * The generator's state is plain data (JSON round trips, `cloneState` copies it): the key and nonce, the counter
 * of the block in hand and that block's 16 words, of which `used` have been drawn. A block is computed at a time
 * (one block function call per 16 outputs), and a used-up block is replaced at once, so `used` is always 0–15
 * and every stream position has exactly one representation.
 *
 * Outputs are the keystream read as little-endian 32-bit words: output i is bytes 4i…4i+3 of the keystream,
 * which is what encrypting zeros with the same key, nonce and initial counter gives (test/unit/engine/chacha20.test.ts
 * checks it against the RFC's vectors and against node:crypto).
 */

/** The state of a ChaCha20 stream. */
export interface ChaCha20State {
  readonly generator: 'chacha20';
  /** The 256-bit key as eight little-endian 32-bit words (RFC 8439 §2.3). */
  readonly key: readonly number[];
  /** The 96-bit nonce as three little-endian 32-bit words. */
  readonly nonce: readonly number[];
  /** The block counter of `block`; it wraps after 2³² blocks (2³⁶ outputs, far beyond any game). */
  counter: number;
  /** Keystream block `counter`: 16 words. */
  block: number[];
  /** Words of `block` already drawn: 0–15. */
  used: number;
}

export const CHACHA20_KEY_BYTES = 32;
export const CHACHA20_NONCE_BYTES = 12;
export const CHACHA20_BLOCK_WORDS = 16;

/** A stream at block `counter`, word `used` (0–15), for `key` (32 bytes) and `nonce` (12 bytes). */
export function chacha20Stream(
  key: Uint8Array,
  nonce: Uint8Array = new Uint8Array(CHACHA20_NONCE_BYTES),
  counter = 0,
  used = 0,
): ChaCha20State {
  if (key.length !== CHACHA20_KEY_BYTES)
    throw new RangeError(`a ChaCha20 key is 32 bytes, not ${key.length}`);
  if (nonce.length !== CHACHA20_NONCE_BYTES)
    throw new RangeError(`a ChaCha20 nonce is 12 bytes, not ${nonce.length}`);
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff)
    throw new RangeError(`the block counter is a 32-bit unsigned integer, not ${counter}`);
  if (!Number.isInteger(used) || used < 0 || used >= CHACHA20_BLOCK_WORDS)
    throw new RangeError(`the words used of a block are 0–15, not ${used}`);
  const state: ChaCha20State = {
    generator: 'chacha20',
    key: wordsLittleEndian(key),
    nonce: wordsLittleEndian(nonce),
    counter,
    block: new Array<number>(CHACHA20_BLOCK_WORDS).fill(0),
    used,
  };
  chacha20Block(state.key, counter, state.nonce, state.block);
  return state;
}

/** Draws the next 32-bit output of `state` (advancing it in place). */
export function nextChaCha20(state: ChaCha20State): number {
  const used = state.used;
  const word = state.block[used] as number;
  if (used === CHACHA20_BLOCK_WORDS - 1) {
    state.counter = (state.counter + 1) >>> 0;
    chacha20Block(state.key, state.counter, state.nonce, state.block);
    state.used = 0;
  } else {
    state.used = used + 1;
  }
  return word;
}

export function cloneChaCha20(state: ChaCha20State): ChaCha20State {
  return {
    generator: 'chacha20',
    key: state.key,
    nonce: state.nonce,
    counter: state.counter,
    block: state.block.slice(),
    used: state.used,
  };
}

/** The number of outputs drawn since block 0, word 0: `counter` × 16 + `used`. */
export function streamPosition(state: ChaCha20State): number {
  return state.counter * CHACHA20_BLOCK_WORDS + state.used;
}

/**
 * The ChaCha20 block function: writes the 16 words of keystream block `counter` for `key` (8 words) and `nonce`
 * (3 words) into `out`, as unsigned 32-bit numbers. 20 rounds: ten times a column round and a diagonal round.
 */
export function chacha20Block(
  key: ArrayLike<number>,
  counter: number,
  nonce: ArrayLike<number>,
  out: number[] | Uint32Array,
): void {
  // "expand 32-byte k"
  const j0 = 0x61707865;
  const j1 = 0x3320646e;
  const j2 = 0x79622d32;
  const j3 = 0x6b206574;
  const j4 = key[0]! | 0;
  const j5 = key[1]! | 0;
  const j6 = key[2]! | 0;
  const j7 = key[3]! | 0;
  const j8 = key[4]! | 0;
  const j9 = key[5]! | 0;
  const j10 = key[6]! | 0;
  const j11 = key[7]! | 0;
  const j12 = counter | 0;
  const j13 = nonce[0]! | 0;
  const j14 = nonce[1]! | 0;
  const j15 = nonce[2]! | 0;
  let x0 = j0,
    x1 = j1,
    x2 = j2,
    x3 = j3,
    x4 = j4,
    x5 = j5,
    x6 = j6,
    x7 = j7,
    x8 = j8,
    x9 = j9,
    x10 = j10,
    x11 = j11,
    x12 = j12,
    x13 = j13,
    x14 = j14,
    x15 = j15;
  // Each group of four lines is one quarter round (RFC 8439 §2.1) on (a, b, c, d), written out: a function call
  // per quarter round would have to return four words.
  for (let round = 0; round < 10; round++) {
    // Column round: (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15).
    x0 = (x0 + x4) | 0;
    x12 ^= x0;
    x12 = (x12 << 16) | (x12 >>> 16);
    x8 = (x8 + x12) | 0;
    x4 ^= x8;
    x4 = (x4 << 12) | (x4 >>> 20);
    x0 = (x0 + x4) | 0;
    x12 ^= x0;
    x12 = (x12 << 8) | (x12 >>> 24);
    x8 = (x8 + x12) | 0;
    x4 ^= x8;
    x4 = (x4 << 7) | (x4 >>> 25);

    x1 = (x1 + x5) | 0;
    x13 ^= x1;
    x13 = (x13 << 16) | (x13 >>> 16);
    x9 = (x9 + x13) | 0;
    x5 ^= x9;
    x5 = (x5 << 12) | (x5 >>> 20);
    x1 = (x1 + x5) | 0;
    x13 ^= x1;
    x13 = (x13 << 8) | (x13 >>> 24);
    x9 = (x9 + x13) | 0;
    x5 ^= x9;
    x5 = (x5 << 7) | (x5 >>> 25);

    x2 = (x2 + x6) | 0;
    x14 ^= x2;
    x14 = (x14 << 16) | (x14 >>> 16);
    x10 = (x10 + x14) | 0;
    x6 ^= x10;
    x6 = (x6 << 12) | (x6 >>> 20);
    x2 = (x2 + x6) | 0;
    x14 ^= x2;
    x14 = (x14 << 8) | (x14 >>> 24);
    x10 = (x10 + x14) | 0;
    x6 ^= x10;
    x6 = (x6 << 7) | (x6 >>> 25);

    x3 = (x3 + x7) | 0;
    x15 ^= x3;
    x15 = (x15 << 16) | (x15 >>> 16);
    x11 = (x11 + x15) | 0;
    x7 ^= x11;
    x7 = (x7 << 12) | (x7 >>> 20);
    x3 = (x3 + x7) | 0;
    x15 ^= x3;
    x15 = (x15 << 8) | (x15 >>> 24);
    x11 = (x11 + x15) | 0;
    x7 ^= x11;
    x7 = (x7 << 7) | (x7 >>> 25);

    // Diagonal round: (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14).
    x0 = (x0 + x5) | 0;
    x15 ^= x0;
    x15 = (x15 << 16) | (x15 >>> 16);
    x10 = (x10 + x15) | 0;
    x5 ^= x10;
    x5 = (x5 << 12) | (x5 >>> 20);
    x0 = (x0 + x5) | 0;
    x15 ^= x0;
    x15 = (x15 << 8) | (x15 >>> 24);
    x10 = (x10 + x15) | 0;
    x5 ^= x10;
    x5 = (x5 << 7) | (x5 >>> 25);

    x1 = (x1 + x6) | 0;
    x12 ^= x1;
    x12 = (x12 << 16) | (x12 >>> 16);
    x11 = (x11 + x12) | 0;
    x6 ^= x11;
    x6 = (x6 << 12) | (x6 >>> 20);
    x1 = (x1 + x6) | 0;
    x12 ^= x1;
    x12 = (x12 << 8) | (x12 >>> 24);
    x11 = (x11 + x12) | 0;
    x6 ^= x11;
    x6 = (x6 << 7) | (x6 >>> 25);

    x2 = (x2 + x7) | 0;
    x13 ^= x2;
    x13 = (x13 << 16) | (x13 >>> 16);
    x8 = (x8 + x13) | 0;
    x7 ^= x8;
    x7 = (x7 << 12) | (x7 >>> 20);
    x2 = (x2 + x7) | 0;
    x13 ^= x2;
    x13 = (x13 << 8) | (x13 >>> 24);
    x8 = (x8 + x13) | 0;
    x7 ^= x8;
    x7 = (x7 << 7) | (x7 >>> 25);

    x3 = (x3 + x4) | 0;
    x14 ^= x3;
    x14 = (x14 << 16) | (x14 >>> 16);
    x9 = (x9 + x14) | 0;
    x4 ^= x9;
    x4 = (x4 << 12) | (x4 >>> 20);
    x3 = (x3 + x4) | 0;
    x14 ^= x3;
    x14 = (x14 << 8) | (x14 >>> 24);
    x9 = (x9 + x14) | 0;
    x4 ^= x9;
    x4 = (x4 << 7) | (x4 >>> 25);
  }
  out[0] = (x0 + j0) >>> 0;
  out[1] = (x1 + j1) >>> 0;
  out[2] = (x2 + j2) >>> 0;
  out[3] = (x3 + j3) >>> 0;
  out[4] = (x4 + j4) >>> 0;
  out[5] = (x5 + j5) >>> 0;
  out[6] = (x6 + j6) >>> 0;
  out[7] = (x7 + j7) >>> 0;
  out[8] = (x8 + j8) >>> 0;
  out[9] = (x9 + j9) >>> 0;
  out[10] = (x10 + j10) >>> 0;
  out[11] = (x11 + j11) >>> 0;
  out[12] = (x12 + j12) >>> 0;
  out[13] = (x13 + j13) >>> 0;
  out[14] = (x14 + j14) >>> 0;
  out[15] = (x15 + j15) >>> 0;
}

/** `bytes` (a multiple of 4 long) as little-endian 32-bit words. */
export function wordsLittleEndian(bytes: Uint8Array): number[] {
  const words: number[] = [];
  for (let at = 0; at < bytes.length; at += 4) {
    words.push((bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0);
  }
  return words;
}

/** The inverse of `wordsLittleEndian`. */
export function bytesLittleEndian(words: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(words.length * 4);
  words.forEach((word, index) => {
    bytes[index * 4] = word & 0xff;
    bytes[index * 4 + 1] = (word >>> 8) & 0xff;
    bytes[index * 4 + 2] = (word >>> 16) & 0xff;
    bytes[index * 4 + 3] = (word >>> 24) & 0xff;
  });
  return bytes;
}
