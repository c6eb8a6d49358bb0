/**
 * What the bot worker's catch-up scan reads of `games` (src/bots/bot-worker.ts): the active games waiting on a
 * built-in bot for longer than its delay. A read of the games module's table; the bots module writes only
 * `bot_turn_claims` (src/bots/bot-turn-claims.repository.ts).
 */
import type { Pool } from 'pg';

/** Games per scan. */
export const SCAN_BATCH = 100;

/** Active games waiting on a built-in bot since before `$2` (games_current_player_id_idx finds them). */
const STALLED_BOT_GAMES = `
  SELECT id FROM games
   WHERE status = 'ACTIVE' AND current_player_id = ANY($1::uuid[]) AND updated_at <= $2
   ORDER BY updated_at
   LIMIT ${SCAN_BATCH}`;

export class BotGamesRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Up to SCAN_BATCH active games whose player to move is one of `botIds`, unchanged since `since`, oldest
   * first.
   */
  async stalled(botIds: readonly string[], since: Date): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(STALLED_BOT_GAMES, [botIds, since]);
    return rows.map((row) => row.id);
  }
}
