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
  StoredOptions,
  optionsFor,
  optionsUnderRules,
  replay,
  requireRulesVersion,
  stateHash,
  validateOptions,
  versionParts,
} from '../../src/engine';
import { GoldenGame, fixturePaths, readFixture } from './fixture';

const fixtures = fixturePaths().map((file) => ({
  file: path.relative(__dirname, file),
  folder: path.basename(path.dirname(file)),
  game: readFixture(file),
}));

/**
 * The options as the game's service would have stored them when it was recorded: a preset with overrides, and
 * under `malice-rules-1` without `blockedWhen` (the option came with malice-rules-2); `replay` reads them as the
 * recorded version does.
 */
function storedOptions(game: GoldenGame): StoredOptions {
  const options = optionsFor(game.preset, game.overrides);
  if (versionParts(requireRulesVersion(game.rulesVersion)).rules !== 'malice-rules-1') return options;
  const { blockedWhen, ...stored } = options;
  void blockedWhen;
  return stored;
}

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
    it('replays under its own recorded version, one this engine knows, filed under that version', () => {
      expect(folder).toBe(requireRulesVersion(game.rulesVersion));
    });

    it('replays to the recorded state hash and result', () => {
      const options = storedOptions(game);
      const rules = versionParts(requireRulesVersion(game.rulesVersion)).rules;
      expect(validateOptions(optionsUnderRules(rules, options), game.seats)).toEqual([]);
      expect(game.events).toHaveLength(game.eventCount);
      const deal = {
        version: requireRulesVersion(game.rulesVersion),
        seed: game.seed,
        clientSeeds: game.clientSeeds ?? [],
      };
      const replayed = replay(options, deal, game.events, game.seats);
      // The options the replay ran under are those of the recorded version (malice-rules-1: blockedWhen as S17).
      expect(replayed.state.options.blockedWhen).toBe(
        rules === 'malice-rules-1' ? 'cannotOrWillNot' : optionsFor(game.preset, game.overrides).blockedWhen,
      );
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
