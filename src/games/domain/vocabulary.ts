/**
 * Names of a game's life that the database, the API, the lists and the export share, written once: each list
 * `as const`, its type derived. The GraphQL enums in game.types.ts are checked against these at compile time.
 */
import type { PresetName } from '../../engine';

/** Where a game is in its life: the `games.status` column, `GameStatus` in the API, `status` in an export. */
export const GAME_STATUSES = ['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED'] as const;
export type GameStatusName = (typeof GAME_STATUSES)[number];

/**
 * Whether a game is over for good, finished or called off: nothing changes its status again, and its seed is
 * revealed (docs/fairness.md).
 */
export function isOver(status: GameStatusName): boolean {
  switch (status) {
    case 'FINISHED':
    case 'ABORTED':
      return true;
    case 'WAITING':
    case 'ACTIVE':
      return false;
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** How a finished game went for one player: `game_players.outcome`, `Outcome` in the API and the export. */
export const OUTCOMES = ['WIN', 'LOSS', 'DRAW'] as const;
export type OutcomeName = (typeof OUTCOMES)[number];

/**
 * How the API spells each preset (the `Preset` enum of src/games/api/game.types.ts, and one's own data download):
 * the one mapping from the engine's names.
 */
export const PRESET_API_NAMES = {
  classic: 'CLASSIC',
  zloba: 'ZLOBA',
  modern: 'MODERN',
} as const satisfies Readonly<Record<PresetName, string>>;
