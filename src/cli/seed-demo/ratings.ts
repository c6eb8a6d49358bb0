/**
 * The demo players' ratings as the games are played, in the order they finish: what the service does when a
 * rated game ends (src/ratings/rating-changes.ts), one game at a time. Starts from the ratings already stored, so a
 * second run goes on from where the first left off.
 */
import type { PresetName } from '../../engine';
import type { RatingChange, SeatOutcome } from '../../games/domain/finish';
import { ratingChanges } from '../../ratings/rating-changes';
import { NEW_PLAYER, Rating } from '../../ratings/glicko2';
import type { RatingRecord } from '../../ratings/ratings.repository';

/** One `ratings` row: a player's current rating in one preset. */
export type RatingRow = RatingRecord;

function keyOf(playerId: string, preset: PresetName): string {
  return `${playerId}\u0000${preset}`;
}

export class RatingLedger {
  private readonly rows = new Map<string, RatingRow>();
  /** Rows changed since the last `takeChanged`: what the next write must upsert. */
  private readonly changed = new Set<string>();

  constructor(existing: Iterable<RatingRow> = []) {
    for (const row of existing) this.rows.set(keyOf(row.playerId, row.preset), row);
  }

  current(playerId: string, preset: PresetName): RatingRow | undefined {
    return this.rows.get(keyOf(playerId, preset));
  }

  /** Rates one finished game: every seat from its rating before the game (NEW_PLAYER for a first game). */
  rate(preset: PresetName, outcomes: readonly SeatOutcome[], finishedAt: Date): RatingChange[] {
    const before = new Map<string, Rating>(
      outcomes.map(({ playerId }) => [playerId, this.current(playerId, preset)?.rating ?? NEW_PLAYER]),
    );
    const changes = ratingChanges(outcomes, before);
    for (const { playerId, after } of changes) {
      const key = keyOf(playerId, preset);
      const games = (this.rows.get(key)?.games ?? 0) + 1;
      this.rows.set(key, { playerId, preset, rating: after, games, updatedAt: finishedAt });
      this.changed.add(key);
    }
    return changes;
  }

  /** The rows changed since the last call, and forgets that they changed. */
  takeChanged(): RatingRow[] {
    const rows = [...this.changed].map((key) => this.rows.get(key) as RatingRow);
    this.changed.clear();
    return rows;
  }
}
