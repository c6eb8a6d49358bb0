/**
 * Golden games: recorded complete games that must replay to the very same state and result. They pin the
 * rules, the setup and the random stream together; a change that alters any of them breaks these on purpose.
 * Regenerate (`npx tsx test/golden/generate.ts`) only together with a new `RULES_VERSION`.
 */
import * as path from 'node:path';
import {
  PRESET_NAMES,
  RULES_VERSION,
  optionsFor,
  replay,
  stateHash,
  validateOptions,
} from '../../src/engine';
import { fixturePaths, readFixture } from './fixture';

const fixtures = fixturePaths().map((file) => ({ file: path.basename(file), game: readFixture(file) }));

describe('golden games', () => {
  it('there is a golden game for every preset, and modern ones with more than two seats', () => {
    const presets = new Set(fixtures.map(({ game }) => game.preset));
    for (const preset of PRESET_NAMES) expect(presets).toContain(preset);
    expect(fixtures.some(({ game }) => game.preset === 'modern' && game.seats >= 3)).toBe(true);
  });

  describe.each(fixtures)('$file', ({ game }) => {
    it('was recorded under the current RULES_VERSION', () => {
      if (game.rulesVersion !== RULES_VERSION) {
        throw new Error(
          `fixture recorded under ${game.rulesVersion}, engine is ${RULES_VERSION}: stored games would no longer ` +
            'replay the same. A rules change must bump RULES_VERSION and regenerate the golden games deliberately ' +
            '(npx tsx test/golden/generate.ts).',
        );
      }
    });

    it('replays to the recorded state hash and result', () => {
      const options = optionsFor(game.preset, game.overrides);
      expect(validateOptions(options, game.seats)).toEqual([]);
      expect(game.events).toHaveLength(game.eventCount);
      const replayed = replay(options, game.seed, game.events, game.seats);
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
