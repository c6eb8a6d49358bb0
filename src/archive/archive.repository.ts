/**
 * The archiver's storage: the only code that writes `game_archives` and `game_archive_audit`, and the only code
 * that removes `game_events` rows — through the database's `archive_game` alone, which checks the archive against
 * the rows, writes it with its audit row and deletes the rows in one statement (docs/architecture.md, "Archived
 * move logs"; prisma/migrations/20261202120000_game_archives).
 */
import { ARCHIVE_FORMAT, type ArchivedEvent } from '../games/persistence/archive-format';
import type { GameRow, StoredSeat } from '../games/domain/projection-check';
import { Queryable, readLog, readStoredGame, readStoredSeats } from '../games/persistence/sql/stored-log';
import type { GameResult } from '../engine';

/** Where a walk over the games to archive has got to: the last game looked at, by end time and id. */
export interface ArchiveCursor {
  readonly finishedAt: Date;
  readonly id: string;
}

/** What the caller reached by replaying the decoded archive: archive_game compares it with the game row. */
export interface ReplayedEnd {
  readonly version: number;
  readonly status: 'FINISHED' | 'ABORTED';
  readonly result: GameResult | null;
}

/** The migration that brought archives: copies of versions before it read no archive. */
export const ARCHIVES_MIGRATION = '20261202120000_game_archives';

/**
 * The next games over before `cutoff` not archived or settled yet, after `cursor`, oldest end first — those over
 * before their first move too (their log is empty: the archiver settles them). It names no column a move within a
 * turn changes, so that such a move is a heap-only update of the row (migration 20261213090000_games_moves_heap_only).
 * None while the cutoff is before the archives migration was applied: during a rolling upgrade from a version that
 * reads no archive, its copies keep serving for a while beside the new ones, and a game they read must still have
 * its rows (docs/deploy.md, rolling upgrades). So archiving starts ARCHIVE_AFTER_MINUTES after the upgrade began.
 */
const DUE = `
  SELECT id, finished_at FROM games
   WHERE archived_at IS NULL AND status IN ('FINISHED', 'ABORTED')
     AND finished_at < $1 AND (finished_at, id) > ($2::timestamptz, $3::uuid)
     AND $1 >= (SELECT applied_at FROM _migrations WHERE name = '${ARCHIVES_MIGRATION}')
   ORDER BY finished_at, id
   LIMIT $4`;

/** Over the app's pool (src/archive/archive.module.ts) or a tool's own connection (npm run archive). */
export class ArchiveRepository {
  constructor(private readonly db: Queryable) {}

  async due(cutoff: Date, after: ArchiveCursor | null, limit: number): Promise<ArchiveCursor[]> {
    const { rows } = await this.db.query<{ id: string; finished_at: Date }>(DUE, [
      cutoff,
      after?.finishedAt ?? new Date(0),
      after?.id ?? '00000000-0000-0000-0000-000000000000',
      limit,
    ]);
    return rows.map((row) => ({ id: row.id, finishedAt: row.finished_at }));
  }

  /** The game's row, seats and whole log as stored; null if there is no such game. */
  async stored(
    gameId: string,
  ): Promise<{ row: GameRow; seats: StoredSeat[]; events: ArchivedEvent[] } | null> {
    const row = await readStoredGame(this.db, gameId);
    if (row === null) return null;
    return {
      row,
      seats: await readStoredSeats(this.db, gameId),
      events: await readLog(this.db, gameId),
    };
  }

  /**
   * Marks a game over before its first move as settled (settle_empty_log): nothing to archive, and no pass looks at
   * it again. True: settled now; false: it already was. Raises for a game that is not over or has a log.
   */
  async settleEmptyLog(gameId: string, at: Date): Promise<boolean> {
    const { rows } = await this.db.query<{ settled: boolean }>(
      'SELECT settle_empty_log($1::uuid, $2::timestamptz) AS settled',
      [gameId, at],
    );
    return rows[0]?.settled === true;
  }

  /**
   * Hands the archive to archive_game with the rows it decodes to and the end its replay reached. True: archived
   * now; false: it already was (another copy did it). Raises whatever archive_game refuses, and nothing changes.
   */
  async archive(
    gameId: string,
    archive: Buffer,
    decoded: readonly ArchivedEvent[],
    end: ReplayedEnd,
    at: Date,
  ): Promise<boolean> {
    const rows = decoded.map((event) => ({
      seq: event.seq,
      type: event.event.type,
      payload: event.event,
      actor_id: event.actorId,
      client_move_id: event.clientMoveId,
      created_at_ms: event.createdAt.getTime(),
    }));
    const { rows: answer } = await this.db.query<{ archived: boolean }>(
      'SELECT archive_game($1::uuid, $2::smallint, $3::bytea, $4::jsonb, $5::jsonb, $6::timestamptz) AS archived',
      [gameId, ARCHIVE_FORMAT, archive, JSON.stringify(rows), JSON.stringify(end), at],
    );
    return answer[0]?.archived === true;
  }
}
