/**
 * ChaCha20 (src/engine/chacha20.ts) against the test vectors of RFC 8439 and against node:crypto's `chacha20`
 * cipher, whose 16-byte IV is the 4-byte little-endian block counter followed by the 12-byte nonce: encrypting
 * zeros gives the keystream, whose little-endian 32-bit words are the generator's outputs.
 */
import { createCipheriv } from 'node:crypto';
import fc from 'fast-check';
import { chacha20Block, chacha20Stream, nextUint32, streamPosition } from '../../../src/engine';
import { bytesLittleEndian } from '../../../src/engine/chacha20';

const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text.replace(/[\s:]/g, ''), 'hex'));
const KEY_0_TO_31 = Uint8Array.from({ length: 32 }, (_, i) => i);

/** The keystream block `counter` as bytes, from our block function. */
function ourBlock(key: Uint8Array, nonce: Uint8Array, counter: number): string {
  const stream = chacha20Stream(key, nonce, counter);
  return Buffer.from(bytesLittleEndian(stream.block)).toString('hex');
}

/** node:crypto's keystream: `length` bytes from block `counter`. */
function nodeKeystream(key: Uint8Array, nonce: Uint8Array, counter: number, length: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(counter, 0);
  Buffer.from(nonce).copy(iv, 4);
  const cipher = createCipheriv('chacha20', key, iv);
  return Buffer.concat([cipher.update(Buffer.alloc(length)), cipher.final()]);
}

describe('ChaCha20 (RFC 8439)', () => {
  it('§2.3.2: the block function test vector, as words', () => {
    const out = new Array<number>(16).fill(0);
    const words = (bytes: Uint8Array): number[] =>
      Array.from({ length: bytes.length / 4 }, (_, i) => Buffer.from(bytes).readUInt32LE(i * 4));
    chacha20Block(words(KEY_0_TO_31), 1, words(hex('000000090000004a00000000')), out);
    expect(out.map((word) => word.toString(16).padStart(8, '0')).join(' ')).toBe(
      'e4e7f110 15593bd1 1fdd0f50 c47120a3 c7f4d1c7 0368c033 9aaa2204 4e6cd4c3 ' +
        '466482d2 09aa9f07 05d7c214 a2028bd9 d19c12b5 b94e16de e883d0cb 4e3c50a2',
    );
  });

  it('Appendix A.1: the five block function test vectors, as keystream bytes', () => {
    const zero32 = new Uint8Array(32);
    const zero12 = new Uint8Array(12);
    const cases: [Uint8Array, Uint8Array, number, string][] = [
      [
        zero32,
        zero12,
        0,
        '76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586',
      ],
      [
        zero32,
        zero12,
        1,
        '9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f',
      ],
      [
        hex('00'.repeat(31) + '01'),
        zero12,
        1,
        '3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0',
      ],
      [
        hex('00ff' + '00'.repeat(30)),
        zero12,
        2,
        '72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096',
      ],
      [
        zero32,
        hex('00'.repeat(11) + '02'),
        0,
        'c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c78a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d',
      ],
    ];
    for (const [key, nonce, counter, expected] of cases) expect(ourBlock(key, nonce, counter)).toBe(expected);
  });

  it('§2.4.2: encrypting the sunscreen text with the drawn keystream gives the RFC ciphertext', () => {
    const plaintext = Buffer.from(
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
    );
    const stream = chacha20Stream(KEY_0_TO_31, hex('000000000000004a00000000'), 1);
    const words = Array.from({ length: Math.ceil(plaintext.length / 4) }, () => nextUint32(stream));
    const keystream = bytesLittleEndian(words);
    const ciphertext = Buffer.from(plaintext.map((byte, i) => byte ^ keystream[i]!));
    expect(ciphertext.toString('hex')).toBe(
      '6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b357' +
        '1639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736' +
        '5af90bbf74a35be6b40b8eedf2785e42874d',
    );
  });

  it('draws exactly node:crypto’s chacha20 keystream, for random keys, nonces, counters and lengths', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 12, maxLength: 12 }),
        // Up to 2³² − 64: the draws below stay within one nonce (at 2³² OpenSSL carries into the nonce, while
        // the RFC's 32-bit counter, and ours, wraps; a game draws far fewer than 2³⁶ outputs).
        fc.integer({ min: 0, max: 2 ** 32 - 64 }),
        fc.integer({ min: 1, max: 300 }),
        (key, nonce, counter, count) => {
          const stream = chacha20Stream(key, nonce, counter);
          const ours = Array.from({ length: count }, () => nextUint32(stream));
          const theirs = nodeKeystream(key, nonce, counter, count * 4);
          expect(ours).toEqual(Array.from({ length: count }, (_, i) => theirs.readUInt32LE(i * 4)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('starts mid-block where told: (counter, used) is the stream after counter·16 + used draws', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 0, max: 100 }),
        (key, skip) => {
          const fresh = chacha20Stream(key);
          for (let i = 0; i < skip; i++) nextUint32(fresh);
          expect(streamPosition(fresh)).toBe(skip);
          const resumed = chacha20Stream(key, new Uint8Array(12), Math.floor(skip / 16), skip % 16);
          expect(resumed).toEqual(fresh);
          expect(nextUint32(resumed)).toBe(nextUint32(fresh));
        },
      ),
    );
  });

  it('refuses keys, nonces and positions of the wrong size', () => {
    expect(() => chacha20Stream(new Uint8Array(16))).toThrow(/32 bytes/);
    expect(() => chacha20Stream(new Uint8Array(32), new Uint8Array(8))).toThrow(/12 bytes/);
    expect(() => chacha20Stream(new Uint8Array(32), new Uint8Array(12), 2 ** 32)).toThrow(/32-bit/);
    expect(() => chacha20Stream(new Uint8Array(32), new Uint8Array(12), 0, 16)).toThrow(/0–15/);
  });
});
