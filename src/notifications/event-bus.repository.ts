/**
 * The event bus's statements (src/notifications/event-bus.ts), on its own small pool: the reads of a player's
 * events that a feed missed while the transport's connection was down (src/notifications/player-feed.ts).
 */
import type { Pool } from 'pg';
import type { PlayerEventKind } from './player-event-kinds';
import type { PlayerEventMessage } from './event-bus';

/** Missed events are read in pages of this many. */
export const CATCH_UP_PAGE = 500;

const MISSED_EVENTS = `
  SELECT id::text AS id, player_id, kind, game_id, created_at
    FROM player_events WHERE player_id = $1::uuid AND id > $2::bigint
   ORDER BY player_events.id LIMIT ${CATCH_UP_PAGE}`;

const LATEST_EVENT = `SELECT max(id)::text AS id FROM player_events WHERE player_id = $1::uuid`;

interface PlayerEventRow {
  id: string;
  player_id: string;
  kind: PlayerEventKind;
  game_id: string | null;
  created_at: Date;
}

/** Over the bus's own small pool (reads). */
export class EventBusRepository {
  constructor(private readonly pool: Pool) {}

  /** The player's latest event id, or null when they have none. */
  async latestEventId(playerId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ id: string | null }>(LATEST_EVENT, [playerId]);
    return rows[0]?.id ?? null;
  }

  /** Up to CATCH_UP_PAGE of the player's events after id `after`, oldest first. */
  async eventsAfter(playerId: string, after: string): Promise<PlayerEventMessage[]> {
    const { rows } = await this.pool.query<PlayerEventRow>(MISSED_EVENTS, [playerId, after]);
    return rows.map((row) => ({
      id: row.id,
      playerId: row.player_id,
      kind: row.kind,
      gameId: row.game_id,
      createdAt: row.created_at.toISOString(),
    }));
  }
}
