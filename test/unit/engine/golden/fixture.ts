/**
 * The shape of a golden game fixture (one JSON file per game in this folder), shared by the generator and
 * the test. A fixture pins a whole game: replaying its events from its setup must end in the same state.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GameEvent, GameResult, PresetName, RuleOptions } from '../../../../src/engine';

export interface GoldenGame {
  /** `RULES_VERSION` when the game was recorded: it replays under that version forever. */
  readonly rulesVersion: string;
  readonly name: string;
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly seats: number;
  readonly seed: string;
  /** The players' seeds in seat order (versions that take them; absent for xoshiro128ss-sha256-v1). */
  readonly clientSeeds?: readonly string[];
  /** How the moves were chosen; documentation only, replay does not need it. */
  readonly chooser: string;
  readonly eventCount: number;
  readonly finalStateHash: string;
  readonly result: GameResult;
  readonly events: GameEvent[];
}

export const GOLDEN_DIR = __dirname;

/**
 * The fixtures of one version live in a folder named after it (test/unit/engine/golden/<version>/): two versions may share a
 * generator (malice-rules-1 and malice-rules-2 both deal with chacha20-v2), or all but their bot-stream part
 * (`malice-rules-2+chacha20-v2` and `…+bot-key-v1`, whose games here are the same but for that name: no built-in
 * bot plays in them).
 */
export function versionDir(version: string): string {
  return path.join(GOLDEN_DIR, version);
}

export function fixturePaths(): string[] {
  return fs
    .readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      fs
        .readdirSync(path.join(GOLDEN_DIR, entry.name))
        .filter((file) => file.endsWith('.json'))
        .map((file) => path.join(GOLDEN_DIR, entry.name, file)),
    )
    .sort();
}

export function readFixture(file: string): GoldenGame {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as GoldenGame;
}

/** Pretty enough to review: the header fields one per line, then one event per line. */
export function formatFixture(game: GoldenGame): string {
  const { events, ...header } = game;
  const headerLines = Object.entries(header).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  const eventLines = events.map((event) => `    ${JSON.stringify(event)}`);
  return `{\n${headerLines.join(',\n')},\n  "events": [\n${eventLines.join(',\n')}\n  ]\n}\n`;
}
