/**
 * `player_events` as the API reads them (a player's events, their running games, the dashboard), and the deletes
 * of the table's rows: a deleted account's events, and the retention pass's old ones. The notifications module
 * owns the table; the events themselves are written with the change they report
 * (src/notifications/sql/notification-writes.ts).
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { RemovedBatch, RemovedBatchRow, removedBatchOf } from '../common/removed-batch';
import type { PlayerEventKind } from './player-event-kinds';
import type { Statements } from './sql/notification-writes';

/** A `player_events` row as read. */
export interface StoredPlayerEvent {
  readonly id: string;
  readonly kind: PlayerEventKind;
  readonly gameId: string | null;
  readonly createdAt: Date;
}

/** The dashboard's counts of a player's games. */
export interface Dashboard {
  readonly myTurn: number;
  readonly opponentsTurn: number;
  readonly waitingForPlayers: number;
  readonly invitations: number;
  readonly nextDeadline: Date | null;
  /** Events after the player's read mark (the notification centre), counted up to UNREAD_CAP. */
  readonly unreadEvents: number;
}

/** Unread events are counted up to this: a badge says "99+" long before, and the count stays cheap. */
export const UNREAD_CAP = 100;

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
    (SELECT min(deadline) FROM games WHERE status = 'ACTIVE' AND current_player_id = $1) AS next_deadline,
    (SELECT count(*)::int FROM (
       SELECT 1 FROM player_events e
        WHERE e.player_id = $1
          AND e.id > coalesce((SELECT read_up_to FROM notification_settings WHERE player_id = $1), 0)
        LIMIT ${UNREAD_CAP}) AS unread) AS unread_events`;

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

/**
 * One retention batch: `$2` events after id `$1`, of which those created before `$3` go, except those of a game in
 * one of the statuses `$4` (src/retention/retention-policy.ts says which).
 */
const REMOVE_OLD = `
  WITH batch AS (
    SELECT id, game_id, created_at FROM player_events
     WHERE id > $1::bigint ORDER BY id LIMIT $2),
  doomed AS (
    SELECT b.id FROM batch b LEFT JOIN games g ON g.id = b.game_id
     WHERE b.created_at < $3 AND (g.status IS NULL OR NOT (g.status = ANY ($4::text[])))),
  removed AS (
    DELETE FROM player_events e USING doomed WHERE e.id = doomed.id RETURNING 1)
  SELECT (SELECT max(id) FROM batch)::text AS last,
         (SELECT count(*) FROM batch)::int AS scanned,
         coalesce((SELECT bool_or(created_at >= $3) FROM batch), false) AS reached_young,
         (SELECT count(*) FROM removed)::int AS removed,
         0 AS attempts`;

interface EventRow {
  id: string;
  kind: PlayerEventKind;
  game_id: string | null;
  created_at: Date;
}

/** A row as Prisma reads it, as the API passes it on. */
function storedEventOf(row: {
  readonly id: bigint;
  readonly kind: string;
  readonly gameId: string | null;
  readonly createdAt: Date;
}): StoredPlayerEvent {
  return {
    id: row.id.toString(),
    kind: row.kind as PlayerEventKind,
    gameId: row.gameId,
    createdAt: row.createdAt,
  };
}

@Injectable()
export class PlayerEventsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The player's events after id `after` (none: from the first), oldest first, at most `first`. */
  async list(playerId: string, after: bigint | null, first: number): Promise<StoredPlayerEvent[]> {
    const rows = await this.prisma.playerEvent.findMany({
      where: { playerId, ...(after === null ? {} : { id: { gt: after } }) },
      orderBy: { id: 'asc' },
      take: first,
    });
    return rows.map(storedEventOf);
  }

  /** The latest event of each game still running for the player (see RUNNING), in no particular order. */
  async running(playerId: string): Promise<StoredPlayerEvent[]> {
    const { rows } = await this.prisma.pool.query<EventRow>(RUNNING, [playerId]);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      gameId: row.game_id,
      createdAt: row.created_at,
    }));
  }

  async dashboard(playerId: string): Promise<Dashboard> {
    const { rows } = await this.prisma.pool.query<{
      my_turn: number;
      opponents_turn: number;
      waiting_for_players: number;
      invitations: number;
      next_deadline: Date | null;
      unread_events: number;
    }>(DASHBOARD, [playerId]);
    const row = rows[0]!;
    return {
      myTurn: row.my_turn,
      opponentsTurn: row.opponents_turn,
      waitingForPlayers: row.waiting_for_players,
      invitations: row.invitations,
      nextDeadline: row.next_deadline,
      unreadEvents: row.unread_events,
    };
  }

  /** The player's latest `first` events, newest first (the notification centre). */
  async recent(playerId: string, first: number): Promise<StoredPlayerEvent[]> {
    const rows = await this.prisma.playerEvent.findMany({
      where: { playerId },
      orderBy: { id: 'desc' },
      take: first,
    });
    return rows.map(storedEventOf);
  }

  /**
   * One retention batch of `batch` events after id `after`: those created before `cutoff` go, but for those of a
   * game whose status is one of `keptStatuses` (src/retention/retention-policy.ts). Undefined when the statement
   * answered no row.
   */
  async removeOlderThan(
    cutoff: Date,
    after: string,
    batch: number,
    keptStatuses: readonly string[],
  ): Promise<RemovedBatch | undefined> {
    const { rows } = await this.prisma.pool.query<RemovedBatchRow>(REMOVE_OLD, [
      after,
      batch,
      cutoff,
      keptStatuses,
    ]);
    return removedBatchOf(rows[0]);
  }
}

/**
 * Erases a deleted account's events (docs/api/players-and-accounts.md#deleteaccount), on `db` (the caller's
 * transaction). Their webhook deliveries went with its webhooks; deliveries are snapshots, so nothing else
 * points at the rows.
 */
export async function erasePlayerEventsOf(db: Statements, playerId: string): Promise<void> {
  await db.query('DELETE FROM player_events WHERE player_id = $1::uuid', [playerId]);
}
