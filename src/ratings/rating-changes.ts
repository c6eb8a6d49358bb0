/**
 * A finished game's rating changes (docs/api/ratings-and-history.md#ratings), computed by the ratings module
 * from the seats' outcomes the game recorded (src/games/domain/finish.ts). Pure: the ratings repository
 * applies them in the finishing move's transaction (`rateFinishedGame`), the demo seeder to its own games.
 */
import type { RatingChange, SeatOutcome } from '../games/domain/finish';
import { NEW_PLAYER, Rating, pairwiseResults, rate } from './glicko2';

/**
 * One rating period per game (docs/api/ratings-and-history.md#ratings): every pair of players counts as one
 * result, decided by placement, each rated against the others' ratings from before the game. `before` holds
 * every player's current rating (NEW_PLAYER for a first game in the preset).
 */
export function ratingChanges(
  outcomes: readonly SeatOutcome[],
  before: ReadonlyMap<string, Rating>,
): RatingChange[] {
  const groups = new Map<number, string[]>();
  for (const { placement, playerId } of outcomes) {
    const group = groups.get(placement) ?? [];
    group.push(playerId);
    groups.set(placement, group);
  }
  const ranking = [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
  const results = pairwiseResults(ranking, before);
  return outcomes.map(({ playerId }) => {
    const current = before.get(playerId) ?? NEW_PLAYER;
    return { playerId, before: current, after: rate(current, results.get(playerId) ?? []) };
  });
}
