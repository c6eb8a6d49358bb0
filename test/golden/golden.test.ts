/**
 * Golden games: recorded complete games that must replay to the very same state and result, each under the rules
 * version it was recorded under. They pin the rules, the setup and the random stream of every version together;
 * a change that alters any of them for a recorded version breaks these on purpose. An old version is not retired
 * by a new one: its games are still stored and still replayed (docs/fairness.md).
 * New versions get their own fixtures (`npx tsx test/golden/generate.ts` writes those of `RULES_VERSION` only).
 */
import * as path from 'node:path';
import {
  PRESET_NAMES,
  RULES_VERSIONS,
  optionsFor,
  replay,
  requireRulesVersion,
  stateHash,
  validateOptions,
  versionParts,
} from '../../src/engine';
import { fixturePaths, readFixture } from './fixture';

const fixtures = fixturePaths().map((file) => ({
  file: path.relative(__dirname, file),
  folder: path.basename(path.dirname(file)),
  game: readFixture(file),
}));

describe('golden games', () => {
  it.each(RULES_VERSIONS)(
    'every version (%s) has a golden game for every preset, and modern ones with more than two seats',
    (version) => {
      const games = fixtures.filter(({ game }) => game.rulesVersion === version).map(({ game }) => game);
      const presets = new Set(games.map((game) => game.preset));
      for (const preset of PRESET_NAMES) expect(presets).toContain(preset);
      expect(games.some((game) => game.preset === 'modern' && game.seats >= 3)).toBe(true);
    },
  );

  describe.each(fixtures)('$file', ({ folder, game }) => {
    it('replays under its own recorded version, one this engine knows, filed under its generator', () => {
      const version = requireRulesVersion(game.rulesVersion);
      expect(folder).toBe(versionParts(version).generator);
    });

    it('replays to the recorded state hash and result', () => {
      const options = optionsFor(game.preset, game.overrides);
      expect(validateOptions(options, game.seats)).toEqual([]);
      expect(game.events).toHaveLength(game.eventCount);
      const deal = {
        version: requireRulesVersion(game.rulesVersion),
        seed: game.seed,
        clientSeeds: game.clientSeeds ?? [],
      };
      const replayed = replay(options, deal, game.events, game.seats);
      if (!replayed.ok) {
        throw new Error(
          `refused at event ${replayed.index}: ${replayed.violation.code} ${replayed.violation.reason}`,
        );
      }
      expect(replayed.state.result).toEqual(game.result);
      expect(stateHash(replayed.state)).toBe(game.finalStateHash);
    });
  });
});
