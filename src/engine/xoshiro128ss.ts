/**
 * xoshiro128** 1.0 (Blackman & Vigna), the generator of games under `xoshiro128ss-sha256-v1`. It is fast and
 * well distributed but not secure: its output scrambler can be inverted, so a few observed outputs (cards seen)
 * give away its state, and with it every card still hidden. It stays only so that games recorded under that
 * version replay as they were played (docs/fairness.md); new games use ChaCha20 (chacha20.ts).
 *
 * Seeding (`seedXoshiro128ss`): SHA-256 of the seed's UTF-8 bytes; the first four big-endian 32-bit words of the
 * digest are the state (an all-zero state, which cannot occur in practice, becomes 1, 0, 0, 0). That digest is
 * also the version's public commitment — the flaw that version 2 fixes.
 */
import { sha256Words } from './sha256';

/** The generator's state: four unsigned 32-bit words. */
export interface Xoshiro128ssState {
  readonly generator: 'xoshiro128ss';
  readonly s: [number, number, number, number];
}

export function seedXoshiro128ss(seed: string): Xoshiro128ssState {
  const digest = sha256Words(seed);
  return xoshiro128ssFrom([digest[0]!, digest[1]!, digest[2]!, digest[3]!]);
}

/** A state from four words; all zero becomes 1, 0, 0, 0 (xoshiro never leaves the zero state). */
export function xoshiro128ssFrom(words: readonly [number, number, number, number]): Xoshiro128ssState {
  const s: [number, number, number, number] = [
    words[0] >>> 0,
    words[1] >>> 0,
    words[2] >>> 0,
    words[3] >>> 0,
  ];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
  return { generator: 'xoshiro128ss', s };
}

/** Advances `state` in place and returns the next unsigned 32-bit output. */
export function nextXoshiro128ss(state: Xoshiro128ssState): number {
  const s = state.s;
  const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
  const t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  s[0] >>>= 0;
  s[1] >>>= 0;
  s[2] >>>= 0;
  s[3] >>>= 0;
  return result;
}

export function cloneXoshiro128ss(state: Xoshiro128ssState): Xoshiro128ssState {
  return { generator: 'xoshiro128ss', s: [state.s[0], state.s[1], state.s[2], state.s[3]] };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
