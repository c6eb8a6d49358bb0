/**
 * The shape of an open seek (docs/api/challenges-and-seeks.md#seekgame), as the lists find one in SQL
 * (src/games/persistence/sql/ games-list-sql.ts `seekShapeSql`): a game waiting for its second player, nobody
 * invited, the preset's own rules, a deal nobody chose and no bot's seat held. Pure.
 */
import { optionsFor } from '../../engine';
import type { GameRecord } from './game-record';

/** A value with its objects' keys sorted, so that two equal option sets print the same (jsonb keeps no key order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => [key, canonical(entry)]),
  );
}

export function hasSeekShape(
  game: Pick<
    GameRecord,
    'status' | 'seats' | 'invitedPlayerId' | 'dealChosen' | 'awaitClientSeed' | 'preset' | 'options'
  >,
): boolean {
  return (
    game.status === 'WAITING' &&
    game.seats === 2 &&
    game.invitedPlayerId === null &&
    !game.dealChosen &&
    !game.awaitClientSeed &&
    JSON.stringify(canonical(game.options)) === JSON.stringify(canonical(optionsFor(game.preset, {})))
  );
}
