/**
 * The game's only source of randomness (DESIGN §3), versioned as `RNG_VERSION`.
 *
 * - Seeding: the seed string's UTF-8 bytes are hashed with SHA-256; the first four big-endian 32-bit words of
 *   the digest are the xoshiro128** state (an all-zero state, which cannot occur in practice, becomes 1,0,0,0).
 * - Generator: xoshiro128** 1.0 (Blackman & Vigna), one 32-bit output per step.
 * - Integers in [0, n): rejection sampling on the 32-bit output (no modulo bias).
 * - Shuffle: Fisher–Yates from the last index down; position i swaps with `int(i + 1)`.
 *
 * Any change to this file that alters a single output must bump `RNG_VERSION` (golden games pin it).
 */
import { sha256Words } from './sha256';

export const RNG_VERSION = 'xoshiro128ss-sha256-v1';

/** The generator's state: four unsigned 32-bit words. Plain data, so it is part of the game state. */
export type RngState = [number, number, number, number];

export function seedRng(seed: string): RngState {
  const digest = sha256Words(seed);
  const state: RngState = [digest[0]!, digest[1]!, digest[2]!, digest[3]!];
  if ((state[0] | state[1] | state[2] | state[3]) === 0) state[0] = 1;
  return state;
}

/** Advances `state` in place and returns the next unsigned 32-bit output. */
export function nextUint32(state: RngState): number {
  const result = Math.imul(rotl(Math.imul(state[1], 5), 7), 9) >>> 0;
  const t = state[1] << 9;
  state[2] ^= state[0];
  state[3] ^= state[1];
  state[1] ^= state[2];
  state[0] ^= state[3];
  state[2] ^= t;
  state[3] = rotl(state[3], 11);
  state[0] >>>= 0;
  state[1] >>>= 0;
  state[2] >>>= 0;
  state[3] >>>= 0;
  return result;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection: outputs at or above the largest multiple of n are redrawn. */
export function nextInt(state: RngState, n: number): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const x = nextUint32(state);
    if (x < limit) return x % n;
  }
}

/** Unbiased Fisher–Yates shuffle of `items` in place, drawing from `state`. */
export function shuffleInPlace<T>(state: RngState, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(state, i + 1);
    const held = items[i] as T;
    items[i] = items[j] as T;
    items[j] = held;
  }
}
