/**
 * From seeds to commitment and deal (src/engine/seeding.ts, versions.ts; docs/fairness.md): the commitment attack,
 * domain separation, the unambiguous encoding, and how the players' seeds enter the deal.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  BOT_KEY_LABEL,
  BOT_STREAM_PARTS,
  COMMITMENT_LABEL,
  DEAL_KEY_LABEL,
  Deal,
  GENERATOR_PARTS,
  RULES_PARTS,
  RULES_VERSION,
  RULES_VERSIONS,
  RulesVersion,
  STAND_IN_LABEL,
  UnsupportedRulesVersionError,
  botKey,
  botStream,
  dealGenerator,
  dealKey,
  encodeFields,
  isClientSeed,
  nextUint32,
  optionsFor,
  requireRulesVersion,
  seedCommitment,
  setup,
  shuffleInPlace,
  standInClientSeed,
  versionParts,
} from '../../../src/engine';
import { bytesLittleEndian } from '../../../src/engine/chacha20';
import { dealFromCommitment } from '../../support/commitment-attack';

const V1: RulesVersion = 'malice-rules-1+xoshiro128ss-sha256-v1';
const V2: RulesVersion = 'malice-rules-1+chacha20-v2';
/** Rules 2 (forced plays at once, blockedWhen) on the same generator as V2. */
const V3: RulesVersion = 'malice-rules-2+chacha20-v2';
/** V3's rules and deal; its built-in bots draw from a stream keyed by the server seed. */
const V4: RulesVersion = 'malice-rules-2+chacha20-v2+bot-key-v1';
/** V4's deal and bots under rules 3 (a leaver's null turn leaves the run toward the blocked end). */
const V5: RulesVersion = 'malice-rules-3+chacha20-v2+bot-key-v1';
const CLASSIC = optionsFor('classic');

/** The encoding written independently of the engine, with Buffers: 4-byte big-endian length, then the bytes. */
function encodedByHand(fields: readonly string[]): Buffer {
  return Buffer.concat(
    fields.flatMap((field) => {
      const bytes = Buffer.from(field, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return [length, bytes];
    }),
  );
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

const clientSeed = fc.stringMatching(/^[A-Za-z0-9._~-]{1,64}$/);
const serverSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex);

describe('the commitment attack (seedCommitment alone gives the deal under the old generator)', () => {
  it('the commitment of a new game does not let anyone compute the deal; under the old version it did', () => {
    fc.assert(
      fc.property(serverSeed, clientSeed, clientSeed, (seed, alice, bob) => {
        const fresh: Deal = { version: RULES_VERSION, seed, clientSeeds: [alice, bob] };
        const dealt = setup(CLASSIC, fresh, 2);
        const attack = dealFromCommitment(seedCommitment(RULES_VERSION, seed), CLASSIC, 2);
        expect(attack.hands).not.toEqual(dealt.seats.map((s) => s.hand));
        expect(attack.stock).not.toEqual(dealt.stock);

        const old = setup(CLASSIC, { version: V1, seed, clientSeeds: [] }, 2);
        const oldAttack = dealFromCommitment(seedCommitment(V1, seed), CLASSIC, 2);
        expect(oldAttack.hands).toEqual(old.seats.map((s) => s.hand));
        expect(oldAttack.payoffs).toEqual(old.seats.map((s) => s.payoff));
        expect(oldAttack.stock).toEqual(old.stock);
        expect(oldAttack.first).toBe(old.current);
      }),
      { numRuns: 50 },
    );
  });
});

describe('versions: a rules part, a generator part and a bot-stream part, each from a closed list', () => {
  it('new games get malice-rules-3+chacha20-v2+bot-key-v1; the old versions are still replayed', () => {
    expect(RULES_VERSION).toBe(V5);
    expect(RULES_VERSIONS).toEqual([V1, V2, V3, V4, V5]);
    expect(RULES_PARTS).toEqual(['malice-rules-1', 'malice-rules-2', 'malice-rules-3']);
    expect(BOT_STREAM_PARTS).toEqual(['public-bots', 'bot-key-v1']);
    for (const version of RULES_VERSIONS) {
      const { rules, generator, bots } = versionParts(version);
      expect(RULES_PARTS).toContain(rules);
      expect(GENERATOR_PARTS).toContain(generator);
      expect(BOT_STREAM_PARTS).toContain(bots);
      // The versions named before the bot-stream part existed have the public one, and their names leave it out.
      expect(version).toBe(
        bots === 'public-bots' ? `${rules}+${generator}` : `${rules}+${generator}+${bots}`,
      );
    }
    expect(RULES_VERSIONS.filter((version) => versionParts(version).bots === 'public-bots')).toEqual([
      V1,
      V2,
      V3,
    ]);
    // V4 deals and plays as V3 does: only the bots' stream differs. The new version deals as V4 does.
    expect({ ...versionParts(V4), bots: null }).toEqual({ ...versionParts(V3), bots: null });
    expect({ ...versionParts(V5), rules: null }).toEqual({ ...versionParts(V4), rules: null });
  });

  it('refuses a version it does not know, with a typed error naming it', () => {
    expect(requireRulesVersion(V1)).toBe(V1);
    expect(requireRulesVersion(V3)).toBe(V3);
    expect(requireRulesVersion(V4)).toBe(V4);
    expect(requireRulesVersion(V5)).toBe(V5);
    for (const unknown of [
      'malice-rules-2+xoshiro128ss-sha256-v1',
      'malice-rules-9+chacha20-v2',
      'malice-rules-1+chacha20-v3',
      'malice-rules-2+chacha20-v2+public-bots',
      'malice-rules-2+chacha20-v2+bot-key-v2',
      'malice-rules-1+chacha20-v2+bot-key-v1',
      '',
      'MALICE-RULES-1+CHACHA20-V2',
    ]) {
      expect(() => requireRulesVersion(unknown)).toThrow(UnsupportedRulesVersionError);
      expect(() => requireRulesVersion(unknown)).toThrow(JSON.stringify(unknown));
    }
  });
});

describe('the encoding: length-prefixed fields, so no two lists encode alike', () => {
  it('is 4 bytes of big-endian length, then the UTF-8 bytes, per field', () => {
    expect(hex(encodeFields([COMMITMENT_LABEL, 'readme-1']))).toBe(
      '00000014' +
        Buffer.from('malice/v2/commitment').toString('hex') +
        '00000008' +
        Buffer.from('readme-1').toString('hex'),
    );
    expect(hex(encodeFields(['é', '']))).toBe('00000002c3a900000000');
    // Four-byte characters, and lone surrogates (written as U+FFFD, as every UTF-8 encoder does).
    for (const odd of ['😀', 'a\ud800b', '\udc00', 'x\ud83d']) {
      expect(hex(encodeFields([odd]))).toBe(encodedByHand([odd]).toString('hex'));
    }
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 6 }), (fields) => {
        expect(hex(encodeFields(fields))).toBe(encodedByHand(fields).toString('hex'));
      }),
    );
  });

  it('length-prefix: ("ab", "c") and ("a", "bc") differ, as encodings, keys and commitments', () => {
    expect(hex(encodeFields(['ab', 'c']))).not.toBe(hex(encodeFields(['a', 'bc'])));
    expect(hex(dealKey('s', ['ab', 'c']))).not.toBe(hex(dealKey('s', ['a', 'bc'])));
    // The server seed and the first client seed cannot trade characters either.
    expect(hex(dealKey('sa', ['b', 'c']))).not.toBe(hex(dealKey('s', ['ab', 'c'])));
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 4 }), (fields) => {
        // The same characters cut differently are a different list, hence a different encoding.
        const joined = fields.join('');
        fc.pre(fields.length > 1 || fields[0] !== joined);
        expect(hex(encodeFields(fields))).not.toBe(hex(encodeFields([joined])));
      }),
    );
  });
});

describe('domain separation: commitment, keys and stand-ins are different labelled hashes', () => {
  it('each is SHA-256 of its own label and fields (checked against node:crypto)', () => {
    fc.assert(
      fc.property(serverSeed, fc.array(clientSeed, { maxLength: 6 }), (seed, seeds) => {
        expect(seedCommitment(V2, seed)).toBe(sha256(encodedByHand([COMMITMENT_LABEL, seed])));
        expect(hex(dealKey(seed, seeds))).toBe(
          sha256(encodedByHand([DEAL_KEY_LABEL, seed, String(seeds.length), ...seeds])),
        );
        expect(standInClientSeed(seed, 3)).toBe(sha256(encodedByHand([STAND_IN_LABEL, seed, '3'])));
        expect(hex(botKey(seed, 'game-7', 12, 1))).toBe(
          sha256(encodedByHand([BOT_KEY_LABEL, seed, 'game-7', '12', '1'])),
        );
      }),
    );
  });

  it('commitment ≠ key material: nothing public is the key, or gives the old xoshiro state', () => {
    fc.assert(
      fc.property(serverSeed, clientSeed, clientSeed, (seed, alice, bob) => {
        const commitment = seedCommitment(V2, seed);
        const key = hex(dealKey(seed, [alice, bob]));
        const standIns = [0, 1].map((seat) => standInClientSeed(seed, seat));
        // A built-in bot's key of any decision is no public value either, and not the deal's key.
        const botKeys = [0, 1, 2].map((version) => hex(botKey(seed, 'game-7', version, 1)));
        for (const secret of [key, ...botKeys]) {
          for (const known of [commitment, ...standIns, sha256(Buffer.from(seed))]) {
            expect(known).not.toBe(secret);
            expect(secret.startsWith(known.slice(0, 32))).toBe(false);
          }
        }
        expect(new Set([key, ...botKeys]).size).toBe(4);
        // Under v2 the generator is keyed by the key, not by the commitment's digest.
        const generator = dealGenerator({ version: V2, seed, clientSeeds: [alice, bob] });
        expect(generator.generator).toBe('chacha20');
        if (generator.generator === 'chacha20') expect(hex(bytesLittleEndian(generator.key))).toBe(key);
      }),
    );
  });

  it('the old version commits to sha256(seed), exactly as before', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (seed) => {
        expect(seedCommitment(V1, seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
      }),
    );
  });
});

describe('players’ seeds', () => {
  it('client seeds change the deal', () => {
    fc.assert(
      fc.property(serverSeed, clientSeed, clientSeed, clientSeed, (seed, alice, bob, other) => {
        fc.pre(other !== bob);
        const a = setup(CLASSIC, { version: V2, seed, clientSeeds: [alice, bob] }, 2);
        const b = setup(CLASSIC, { version: V2, seed, clientSeeds: [alice, other] }, 2);
        expect(b.stock).not.toEqual(a.stock);
      }),
      { numRuns: 50 },
    );
  });

  it('are mixed in seat order: the same seeds in other seats deal differently', () => {
    fc.assert(
      fc.property(serverSeed, clientSeed, clientSeed, (seed, alice, bob) => {
        fc.pre(alice !== bob);
        const a = setup(CLASSIC, { version: V2, seed, clientSeeds: [alice, bob] }, 2);
        const b = setup(CLASSIC, { version: V2, seed, clientSeeds: [bob, alice] }, 2);
        expect(b.stock).not.toEqual(a.stock);
        // The deal is a function of its inputs: the same ones deal the same.
        expect(setup(CLASSIC, { version: V2, seed, clientSeeds: [alice, bob] }, 2)).toEqual(a);
      }),
      { numRuns: 50 },
    );
  });

  it('one per seat or none (a chosen deal); the old version takes none', () => {
    expect(() => setup(CLASSIC, { version: V2, seed: 's', clientSeeds: ['a'] }, 2)).toThrow(
      /1 client seeds for 2 seats/,
    );
    expect(() => setup(CLASSIC, { version: V1, seed: 's', clientSeeds: ['a', 'b'] }, 2)).toThrow(
      /takes no client seeds/,
    );
    expect(setup(CLASSIC, { version: V2, seed: 's', clientSeeds: [] }, 2).seats).toHaveLength(2);
  });

  it('a client seed is 1–64 of A–Z a–z 0–9 . _ ~ -', () => {
    for (const good of ['a', 'alice-7f3a', 'A.b_c~d-9', 'x'.repeat(64)])
      expect(isClientSeed(good)).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'with space', 'é', 'a/b', 'a\nb', "o'neil"])
      expect(isClientSeed(bad)).toBe(false);
    // Stand-ins fit the same rule (64 hex digits).
    expect(isClientSeed(standInClientSeed('seed', 0))).toBe(true);
  });
});

describe('the test vectors of docs/rules.md §5 (pinned: a change here is a new version)', () => {
  const rules = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'rules.md'), 'utf8');

  it('chacha20-v2, seed readme-1 without client seeds: commitment, key, first outputs, a shuffle', () => {
    const commitment = seedCommitment(V2, 'readme-1');
    const key = hex(dealKey('readme-1', []));
    const stream = dealGenerator({ version: V2, seed: 'readme-1', clientSeeds: [] });
    const outputs = [nextUint32(stream), nextUint32(stream), nextUint32(stream)];
    const items = 'ABCDEFGHIJ'.split('');
    shuffleInPlace(dealGenerator({ version: V2, seed: 'readme-1', clientSeeds: [] }), items);
    expect([commitment, key, outputs, items.join('')]).toEqual([
      'e8406bd3e59aefdf8d88485f3a33774fdf9aad54549e91bc98447e0fbb580a0e',
      '83f650b406aa2d91b23e636550151c5afe2cfb578aa7090a362a51cff06a5d6f',
      [3639257182, 450381406, 525285457],
      'FIJHGDABEC',
    ]);
    for (const shown of [commitment, key, outputs.join(', '), items.join('')]) expect(rules).toContain(shown);
  });

  it('bot-key-v1, seed readme-1: a built-in bot’s key (docs/fairness.md’s formula, by hand) and first outputs', () => {
    const gameId = 'c448a840-5e7b-4db5-b122-6c444ee070fc';
    const key = hex(botKey('readme-1', gameId, 0, 1));
    const byHand = sha256(encodedByHand(['malice/v2/bot-key', 'readme-1', gameId, '0', '1']));
    const stream = botStream('readme-1', gameId, 0, 1);
    const outputs = [nextUint32(stream), nextUint32(stream), nextUint32(stream)];
    expect(BOT_KEY_LABEL).toBe('malice/v2/bot-key');
    expect([key, byHand, outputs]).toEqual([
      '182bfec2f9cd00fa8212a15a51818fdf2fbc56f4c9538dc5b8caa08335cd1086',
      '182bfec2f9cd00fa8212a15a51818fdf2fbc56f4c9538dc5b8caa08335cd1086',
      [1460713147, 4265773559, 3743827041],
    ]);
    for (const shown of [key, outputs.join(', ')]) expect(rules).toContain(shown);
    // Its own label: the deal key of the same seed is another key, and so is the stream of another decision.
    expect(key).not.toBe(hex(dealKey('readme-1', [])));
    expect(hex(botKey('readme-1', gameId, 1, 1))).not.toBe(key);
  });

  it('xoshiro128ss-sha256-v1, seed demo-seed: the state, first outputs and a shuffle', () => {
    const stream = dealGenerator({ version: V1, seed: 'demo-seed', clientSeeds: [] });
    const outputs = [nextUint32(stream), nextUint32(stream), nextUint32(stream)];
    const items = 'ABCDEFGHIJ'.split('');
    shuffleInPlace(dealGenerator({ version: V1, seed: 'demo-seed', clientSeeds: [] }), items);
    expect([outputs, items.join('')]).toEqual([[2025826171, 3267658609, 975768325], 'JCDGIEAFHB']);
    expect(rules).toContain('2025826171, 3267658609, 975768325');
    expect(rules).toContain('JCDGIEAFHB');
  });
});
