/**
 * The repair path of the game aggregate's storage (with games.repository.ts, the only code that writes `games` and
 * `game_players`): check:projections --repair rewrites a projection from the log. Free of Nest, for the CLI.
 */
import type { PoolClient } from 'pg';
import type { SeatOutcome } from '../../domain/finish';
import type { GameProjection } from '../../domain/projection';

/**
 * Rewrites a game's projection row and its seats' outcomes from the log (check:projections --repair), if the row
 * is still at `storedVersion`. Outcomes only: a rating change is never redone by a repair (it would rate the game
 * twice). Run it on a connection whose notifier is `none`: a repair tells nobody.
 */
export async function repairProjection(
  client: Pick<PoolClient, 'query'>,
  gameId: string,
  storedVersion: number,
  projection: GameProjection,
  outcomes: readonly SeatOutcome[],
): Promise<void> {
  await client.query(
    `UPDATE games SET version = $2, status = $3, current_seat = $4, current_player_id = $5, result = $6,
       updated_at = now(), finished_at = CASE WHEN $3 = 'FINISHED' THEN coalesce(finished_at, now()) ELSE NULL END
     WHERE id = $1 AND version = $7`,
    [
      gameId,
      projection.version,
      projection.status,
      projection.currentSeat,
      projection.currentPlayerId,
      projection.result === null ? null : JSON.stringify(projection.result),
      storedVersion,
    ],
  );
  for (const outcome of outcomes) {
    await client.query(
      `UPDATE game_players SET outcome = $3, placement = $4, score = $5, payoff_left = $6,
         finished_at = coalesce(finished_at, (SELECT finished_at FROM games WHERE id = $1), now())
       WHERE game_id = $1 AND seat = $2`,
      [gameId, outcome.seat, outcome.outcome, outcome.placement, outcome.score, outcome.payoffLeft],
    );
  }
}
