/**
 * The only code that writes `ratings`: a rated game's rating updates, inside the transaction of the move that
 * finished it (docs/api.md#ratings; called by src/games/persistence/finish-sql.ts, which records each seat's change).
 */
import type { PoolClient } from 'pg';
import { RatingChange, SeatOutcome, ratingChanges } from '../games/domain/finish';
import { NEW_PLAYER, Rating } from './glicko2';

// New players' rows are inserted in player id order, and the rows are then locked in that order: two games
// finishing at once with players in common wait for each other instead of deadlocking.
const ENSURE_RATINGS = `
  INSERT INTO ratings (player_id, preset, rating, deviation, volatility, games, updated_at)
  SELECT id, $2, $3, $4, $5, 0, $6 FROM unnest($1::uuid[]) AS id ORDER BY id
  ON CONFLICT (player_id, preset) DO NOTHING`;

const LOCK_RATINGS = `
  SELECT player_id, rating, deviation, volatility FROM ratings
   WHERE preset = $2 AND player_id = ANY($1::uuid[])
   ORDER BY player_id FOR UPDATE`;

const UPDATE_RATINGS = `
  UPDATE ratings AS r
     SET rating = c.rating, deviation = c.deviation, volatility = c.volatility, games = r.games + 1,
         updated_at = $3
    FROM unnest($1::uuid[], $4::float8[], $5::float8[], $6::float8[]) AS c(player_id, rating, deviation, volatility)
   WHERE r.player_id = c.player_id AND r.preset = $2`;

/**
 * Rates a finished game in `preset`: each player's rating row is made if missing, locked, and updated by the
 * game's outcomes. Answers each player's change (before and after), for the seats' record.
 */
export async function rateFinishedGame(
  client: PoolClient,
  preset: string,
  outcomes: readonly SeatOutcome[],
  now: Date,
): Promise<RatingChange[]> {
  const ids = outcomes.map((o) => o.playerId);
  await client.query(ENSURE_RATINGS, [
    ids,
    preset,
    NEW_PLAYER.rating,
    NEW_PLAYER.deviation,
    NEW_PLAYER.volatility,
    now,
  ]);
  const locked = await client.query<{
    player_id: string;
    rating: number;
    deviation: number;
    volatility: number;
  }>(LOCK_RATINGS, [ids, preset]);
  const before = new Map<string, Rating>(
    locked.rows.map((row) => [
      row.player_id,
      { rating: row.rating, deviation: row.deviation, volatility: row.volatility },
    ]),
  );
  const changes = ratingChanges(outcomes, before);
  const column = (pick: (change: RatingChange) => number): number[] => changes.map(pick);
  await client.query(UPDATE_RATINGS, [
    changes.map((c) => c.playerId),
    preset,
    now,
    column((c) => c.after.rating),
    column((c) => c.after.deviation),
    column((c) => c.after.volatility),
  ]);
  return changes;
}
