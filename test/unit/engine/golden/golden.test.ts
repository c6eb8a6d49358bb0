/**
 * Golden games: recorded complete games that must replay to the very same state and result, each under the rules
 * version it was recorded under. They pin the rules, the setup and the random stream of every version together;
 * a change that alters any of them for a recorded version breaks these on purpose. An old version is not retired
 * by a new one: its games are still stored and still replayed (docs/fairness.md).
 * New versions get their own fixtures (`npx tsx test/unit/engine/golden/generate.ts` writes those of `RULES_VERSION` only).
 */
import { randomUUID } from 'node:crypto';
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
} from '../../../../src/engine';
import { GoldenGame, fixturePaths, readFixture } from './fixture';
import {
  ARCHIVE_FORMAT,
  ArchivedEvent,
  decodeArchive,
  encodeArchive,
  sameArchivedEvent,
} from '../../../../src/games/persistence/archive-format';

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

    it('comes back the same from its compact archive, which replays to the recorded state hash', () => {
      // As the service stores it: each seat's player as actor (none for a timeout), UUID clientMoveIds on most
      // moves, other ids and none on some, a few seconds between moves.
      const actors = Array.from(
        { length: game.seats },
        (_, seat) => `00000000-0000-4000-8000-00000000000${seat}`,
      );
      const log: ArchivedEvent[] = game.events.map((event, index) => ({
        seq: index + 1,
        event,
        actorId: event.type === 'timedOut' ? null : (actors[event.seat] ?? null),
        clientMoveId:
          event.type === 'timedOut' || index % 7 === 3
            ? null
            : index % 5 === 0
              ? `${game.name}:${index}`
              : randomUUID(),
        createdAt: new Date(Date.UTC(2026, 11, 1) + index * 2_345),
      }));
      const back = decodeArchive(ARCHIVE_FORMAT, encodeArchive(log));
      log.forEach((stored, index) => expect(sameArchivedEvent(stored, back[index])).toBe(true));
      const deal = {
        version: requireRulesVersion(game.rulesVersion),
        seed: game.seed,
        clientSeeds: game.clientSeeds ?? [],
      };
      const replayed = replay(
        storedOptions(game),
        deal,
        back.map((stored) => stored.event),
        game.seats,
      );
      if (!replayed.ok) throw new Error(`the archive's event ${replayed.index} does not replay`);
      expect(stateHash(replayed.state)).toBe(game.finalStateHash);
    });
  });
});
