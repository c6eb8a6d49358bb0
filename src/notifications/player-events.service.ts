/**
 * Reading a player's events and dashboard counts (the events themselves are written with the change they report:
 * src/notifications/notification-writer.ts).
 */
import { Injectable } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { PrismaService } from '../prisma/prisma.service';
import type { PlayerEventKind } from './event-bus';

export interface StoredPlayerEvent {
  readonly id: string;
  readonly kind: PlayerEventKind;
  readonly gameId: string | null;
  readonly createdAt: Date;
}

export interface Dashboard {
  readonly myTurn: number;
  readonly opponentsTurn: number;
  readonly waitingForPlayers: number;
  readonly invitations: number;
  readonly nextDeadline: Date | null;
}

const DASHBOARD = `
  SELECT
    (SELECT count(*)::int FROM games WHERE status = 'ACTIVE' AND current_player_id = $1) AS my_turn,
    (SELECT count(*)::int FROM games g JOIN game_players gp ON gp.game_id = g.id
      WHERE gp.player_id = $1 AND g.status = 'ACTIVE' AND g.current_player_id <> $1
        -- A seat that resigned or timed out of a game that goes on (three players or more) waits for nobody.
        AND NOT EXISTS (SELECT 1 FROM game_events e
                         WHERE e.game_id = g.id AND e.type IN ('resigned', 'timedOut')
                           AND (e.payload->>'seat')::int = gp.seat)) AS opponents_turn,
    (SELECT count(*)::int FROM games g JOIN game_players gp ON gp.game_id = g.id
      WHERE gp.player_id = $1 AND g.status = 'WAITING') AS waiting_for_players,
    (SELECT count(*)::int FROM games WHERE status = 'WAITING' AND invited_player_id = $1) AS invitations,
    (SELECT min(deadline) FROM games WHERE status = 'ACTIVE' AND current_player_id = $1) AS next_deadline`;

/**
 * The latest event of each game still running for the player: the active games they sit in, and the waiting games
 * they sit in or are invited to. Active games and invitations have one at least (GAME_STARTED, CHALLENGE_RECEIVED);
 a waiting game one created openly, with no one invited, has none until it is dealt, and so is not listed.
 */
const RUNNING = `
  SELECT DISTINCT ON (e.game_id) e.id::text AS id, e.kind, e.game_id, e.created_at
    FROM player_events e JOIN games g ON g.id = e.game_id
   WHERE e.player_id = $1::uuid AND g.status IN ('ACTIVE', 'WAITING')
     AND (g.invited_player_id = $1::uuid
          OR EXISTS (SELECT 1 FROM game_players gp WHERE gp.game_id = g.id AND gp.player_id = $1::uuid))
   ORDER BY e.game_id, e.id DESC`;

@Injectable()
export class PlayerEventsService {
  constructor(private readonly prisma: PrismaService) {}

  /** The player's events after `after` (an event id), oldest first: what a client missed while away. */
  async list(playerId: string, after: string | undefined, first: number): Promise<StoredPlayerEvent[]> {
    if (after !== undefined && !/^\d{1,18}$/.test(after)) {
      throw new ApiError('BAD_USER_INPUT', 'after: an event id', { field: 'after' });
    }
    const rows = await this.prisma.playerEvent.findMany({
      where: { playerId, ...(after === undefined ? {} : { id: { gt: BigInt(after) } }) },
      orderBy: { id: 'asc' },
      take: first,
    });
    return rows.map((row) => ({
      id: row.id.toString(),
      kind: row.kind as PlayerEventKind,
      gameId: row.gameId,
      createdAt: row.createdAt,
    }));
  }

  /** Where the player's running games stand: the latest event of each (see RUNNING), oldest first. */
  async running(playerId: string): Promise<StoredPlayerEvent[]> {
    const { rows } = await this.prisma.pool.query<{
      id: string;
      kind: PlayerEventKind;
      game_id: string;
      created_at: Date;
    }>(RUNNING, [playerId]);
    return rows
      .map((row) => ({ id: row.id, kind: row.kind, gameId: row.game_id, createdAt: row.created_at }))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  async dashboard(playerId: string): Promise<Dashboard> {
    const { rows } = await this.prisma.pool.query<{
      my_turn: number;
      opponents_turn: number;
      waiting_for_players: number;
      invitations: number;
      next_deadline: Date | null;
    }>(DASHBOARD, [playerId]);
    const row = rows[0]!;
    return {
      myTurn: row.my_turn,
      opponentsTurn: row.opponents_turn,
      waitingForPlayers: row.waiting_for_players,
      invitations: row.invitations,
      nextDeadline: row.next_deadline,
    };
  }
}
