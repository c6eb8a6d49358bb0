import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  RngState,
  nextInt,
  nextUint32,
  publicStream,
  seedXoshiro128ss,
  sha256Bytes,
  sha256Hex,
  shuffleInPlace,
  utf8,
  xoshiro128ssFrom,
} from '../../../src/engine';

describe('sha256 (commitments and keys)', () => {
  it('matches node:crypto on known and arbitrary strings, including non-ASCII', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
    );
  });

  it('hashes arbitrary bytes as node:crypto does, across the 55/56/64-byte padding edges', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(Buffer.from(sha256Bytes(bytes)).toString('hex')).toBe(
          createHash('sha256').update(bytes).digest('hex'),
        );
      }),
    );
    for (const length of [55, 56, 63, 64, 65, 119, 120]) {
      const bytes = new Uint8Array(length).fill(0xa5);
      expect(Buffer.from(sha256Bytes(bytes)).toString('hex')).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
    }
    expect(Buffer.from(utf8('é')).toString('hex')).toBe('c3a9');
  });
});

describe('xoshiro128** stream (xoshiro128ss-sha256-v1, kept to replay old games)', () => {
  it('is pinned: the first outputs for a fixed seed never change', () => {
    const state = seedXoshiro128ss('malice');
    const outputs = Array.from({ length: 5 }, () => nextUint32(state));
    expect(outputs).toEqual([2624806917, 23845523, 1381509565, 2744143665, 1769978307]);
  });

  it('is seeded from the first 128 bits of SHA-256 of the seed, read big-endian', () => {
    const digest = createHash('sha256').update('demo-seed').digest();
    const state = seedXoshiro128ss('demo-seed');
    expect(state.s).toEqual([0, 1, 2, 3].map((word) => digest.readUInt32BE(word * 4)));
    expect(state.s.map((word) => word.toString(16).padStart(8, '0')).join(' ')).toBe(
      '5ea2ed29 8e3e4168 7add27d5 29f52fcd',
    );
  });

  it('matches the reference xoshiro128** step on a hand-set state', () => {
    // Worked by hand from the reference C code: result = rotl(s1 * 5, 7) * 9 = rotl(10, 7) * 9 = 11520;
    // then s2 ^= s0 (2), s3 ^= s1 (6), s1 ^= s2 (0), s0 ^= s3 (7), s2 ^= s1_old << 9 (1026), s3 = rotl(6, 11).
    const state = xoshiro128ssFrom([1, 2, 3, 4]);
    expect(nextUint32(state)).toBe(11520);
    expect(state.s).toEqual([7, 0, 1026, 12288]);
  });
});

describe.each<[string, (seed: string) => RngState]>([
  ['xoshiro128**', seedXoshiro128ss],
  ['ChaCha20', (seed) => publicStream('test', seed)],
])('sampling on %s', (_name, stream) => {
  it('draws integers in range and shuffles to a permutation', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const state = stream(seed);
        const x = nextInt(state, n);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(n);
        const items = Array.from({ length: n % 60 }, (_, i) => i);
        shuffleInPlace(state, items);
        expect([...items].sort((a, b) => a - b)).toEqual(Array.from({ length: n % 60 }, (_, i) => i));
      }),
    );
  });

  it('is unbiased enough that every position of a 4-card shuffle is near 1/4 over 40,000 shuffles', () => {
    const state = stream('uniformity');
    const counts = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
    for (let i = 0; i < 40000; i++) {
      const items = [0, 1, 2, 3];
      shuffleInPlace(state, items);
      items.forEach((item, position) => counts[item]![position]!++);
    }
    for (const row of counts) for (const count of row) expect(Math.abs(count - 10000)).toBeLessThan(400);
  });

  it('rejects the top of the range: n = 3·2³⁰ redraws outputs of 3·2³⁰ and above', () => {
    // With n = 3·2³⁰, a plain `x % n` would give 0…2³⁰−1 twice as often as the rest; rejection keeps it uniform.
    const state = stream('rejection');
    const n = 3 * 2 ** 30;
    let low = 0;
    const draws = 30000;
    for (let i = 0; i < draws; i++) if (nextInt(state, n) < 2 ** 30) low++;
    expect(Math.abs(low / draws - 1 / 3)).toBeLessThan(0.02);
  });
});
