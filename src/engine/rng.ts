/**
 * The game's only source of randomness (docs/rules.md §5, docs/fairness.md): a generator state, plain data inside
 * the game state, drawn from by the deal and by every later shuffle. Which generator a game uses, and how it is
 * seeded, is the generator part of its rules version (versions.ts, seeding.ts):
 *
 * - `chacha20-v2`: ChaCha20 (RFC 8439), keyed by 256 bits derived from the server seed and the players' seeds.
 * - `xoshiro128ss-sha256-v1`: xoshiro128**, kept only to replay games recorded under it.
 *
 * On top of either, the same sampling:
 * - Integers in [0, n): rejection sampling on the 32-bit output (no modulo bias).
 * - Shuffle: Fisher–Yates from the last index down; position i swaps with `int(i + 1)`.
 *
 * Any change that alters a single output of a recorded version is a new version (golden games pin each one).
 */
import { ChaCha20State, cloneChaCha20, nextChaCha20 } from './chacha20';
import { Xoshiro128ssState, cloneXoshiro128ss, nextXoshiro128ss } from './xoshiro128ss';

export type { ChaCha20State } from './chacha20';
export type { Xoshiro128ssState } from './xoshiro128ss';
export { chacha20Block, chacha20Stream, streamPosition } from './chacha20';
export { seedXoshiro128ss, xoshiro128ssFrom } from './xoshiro128ss';

/** A generator's state, told apart by `generator`. */
export type RngState = ChaCha20State | Xoshiro128ssState;

/** Advances `state` in place and returns the next unsigned 32-bit output. */
export function nextUint32(state: RngState): number {
  switch (state.generator) {
    case 'chacha20':
      return nextChaCha20(state);
    case 'xoshiro128ss':
      return nextXoshiro128ss(state);
  }
}

export function cloneRng(state: RngState): RngState {
  switch (state.generator) {
    case 'chacha20':
      return cloneChaCha20(state);
    case 'xoshiro128ss':
      return cloneXoshiro128ss(state);
  }
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
