/**
 * Writes a finished game's per-seat record and, for a rated game, the rating updates (src/ratings/ratings.repository.ts
 * through FinishRatings, as the ratings module sits above this one) and each seat's change — inside the transaction
 * of the move that finished it (docs/api/ratings-and-history.md#ratings): a game's finish and its rating
 * updates are one transaction. The finishing append's version guard lets only one writer get here per game;
 * the `finished_at IS NULL` guard below makes a second recording fail loudly (and roll the whole move back)
 * rather than rate twice.
 */
import type { PoolClient } from 'pg';
import type { SeatOutcome } from '../../domain/finish';
import type { FinishRatings } from '../games.repository';

export interface FinishedGame {
  readonly id: string;
  readonly preset: string;
  readonly rated: boolean;
}

export class FinishAlreadyRecordedError extends Error {}

const RECORD_SEATS = `
  UPDATE game_players AS gp
     SET finished_at = $2, outcome = o.outcome, placement = o.placement, score = o.score,
         payoff_left = o.payoff_left
    FROM unnest($3::int[], $4::text[], $5::int[], $6::int[], $7::int[])
         AS o(seat, outcome, placement, score, payoff_left)
   WHERE gp.game_id = $1::uuid AND gp.seat = o.seat AND gp.finished_at IS NULL`;

const RECORD_RATING_CHANGES = `
  UPDATE game_players AS gp
     SET rating_before = c.rb, deviation_before = c.db, volatility_before = c.vb,
         rating_after = c.ra, deviation_after = c.da, volatility_after = c.va
    FROM unnest($2::uuid[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[])
         AS c(player_id, rb, db, vb, ra, da, va)
   WHERE gp.game_id = $1::uuid AND gp.player_id = c.player_id AND gp.rating_after IS NULL`;

/** Records the finish on `client`, which must be inside the finishing move's transaction; `ratings` rates it. */
export async function recordFinish(
  client: PoolClient,
  game: FinishedGame,
  outcomes: readonly SeatOutcome[],
  now: Date,
  ratings: FinishRatings,
): Promise<void> {
  const recorded = await client.query(RECORD_SEATS, [
    game.id,
    now,
    outcomes.map((o) => o.seat),
    outcomes.map((o) => o.outcome),
    outcomes.map((o) => o.placement),
    outcomes.map((o) => o.score),
    outcomes.map((o) => o.payoffLeft),
  ]);
  if (recorded.rowCount !== outcomes.length) {
    throw new FinishAlreadyRecordedError(`game ${game.id}: its finish was already recorded`);
  }
  if (!game.rated) return;
  const changes = await ratings.rateFinishedGame(client, game.preset, outcomes, now);
  const column = (pick: (change: (typeof changes)[number]) => number): number[] => changes.map(pick);
  const rated = await client.query(RECORD_RATING_CHANGES, [
    game.id,
    changes.map((c) => c.playerId),
    column((c) => c.before.rating),
    column((c) => c.before.deviation),
    column((c) => c.before.volatility),
    column((c) => c.after.rating),
    column((c) => c.after.deviation),
    column((c) => c.after.volatility),
  ]);
  if (rated.rowCount !== changes.length) {
    throw new FinishAlreadyRecordedError(`game ${game.id}: it was already rated`);
  }
}
