/**
 * docs/fairness.md's worked example, recomputed with the engine from the server seed the page shows: the
 * commitment, the stand-in and the key its shell commands print, and the position of the deal the checker prints,
 * must be what the engine gives (the page's figures come from a real game; this keeps them honest).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  RULES_VERSION,
  bytesToHex,
  dealKey,
  formatPosition,
  optionsFor,
  seedCommitment,
  setup,
  standInClientSeed,
} from '../../../src/engine';

const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'fairness.md'), 'utf8');

describe('docs/fairness.md, the worked example', () => {
  const seed = /server seed, revealed at its end, is\s+`([0-9a-f]{64})`/.exec(doc)?.[1];
  const clientSeeds = ['alice-7f3a', seed === undefined ? '' : standInClientSeed(seed, 1)];

  it('shows the commitment, the stand-in and the key that its server seed and client seeds give', () => {
    expect(seed).toBeDefined();
    expect(doc).toContain(`${seedCommitment(RULES_VERSION, seed!)}  -`);
    expect(doc).toContain(`${clientSeeds[1]}  -`);
    expect(doc).toContain(`${bytesToHex(dealKey(seed!, clientSeeds))}  -`);
  });

  it('shows the position of the deal as the engine deals it, its generator keyed by that key', () => {
    const dealt = formatPosition(
      setup(optionsFor('classic'), { version: RULES_VERSION, seed: seed!, clientSeeds }, 2),
    );
    expect(doc).toContain(`position after 0: ${dealt}`);
    expect(dealt).toContain(`chacha20:${bytesToHex(dealKey(seed!, clientSeeds))}:`);
  });
});
