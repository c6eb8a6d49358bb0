/**
 * Reading a move log wherever it is stored: the rows of `game_events` while the game runs and for a while after,
 * then its one `game_archives` row (archive-format.ts). The games repository, check:projections and the archiver
 * read logs only through here, so each reads an archived log exactly as it read the rows. One statement reads
 * both places: archive_game deletes the rows it archives in the transaction that writes the archive, and one
 * statement sees one snapshot, so a reader sees the rows or the archive, never neither.
 */
import type { GameEvent } from '../../../engine';
import { LogCorruptError } from '../../domain/initial-state';
import type { GameRow, StoredSeat } from '../../domain/projection-check';
import { ArchivedEvent, decodeArchive } from '../archive-format';
import { GAME_COLUMNS } from '../game-rows';

/** Whatever runs a parameterised query: a pg Pool, Client or PoolClient. */
export interface Queryable {
  query<Row extends object>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/** An event row (`log` null) or an archive row (`seq` null). */
interface LogRow {
  readonly game_id: string;
  readonly seq: number | null;
  readonly payload: GameEvent | null;
  readonly actor_id: string | null;
  readonly client_move_id: string | null;
  readonly created_at: Date | null;
  readonly format: number | null;
  readonly log: Buffer | null;
}

const EVENT_COLUMNS = `e.game_id, e.seq, e.payload, e.actor_id, e.client_move_id, e.created_at,
                       NULL::smallint AS format, NULL::bytea AS log`;
const ARCHIVE_COLUMNS = `a.game_id, NULL::int, NULL::jsonb, NULL::uuid, NULL::text, NULL::timestamptz(3),
                         a.format, a.log`;

const LOGS_SQL = `
  SELECT ${EVENT_COLUMNS} FROM game_events e
   WHERE e.game_id = ANY($1::uuid[]) AND e.seq > $2 AND ($3::int IS NULL OR e.seq <= $3)
  UNION ALL
  SELECT ${ARCHIVE_COLUMNS} FROM game_archives a WHERE a.game_id = ANY($1::uuid[])
  ORDER BY 1, 2`;

const CLIENT_MOVE_SQL = `
  SELECT ${EVENT_COLUMNS} FROM game_events e
   WHERE e.game_id = $1::uuid AND e.actor_id = $2::uuid AND e.client_move_id = $3
  UNION ALL
  SELECT ${ARCHIVE_COLUMNS} FROM game_archives a WHERE a.game_id = $1::uuid`;

/** The events `after` < seq ≤ `upTo` (to the end without `upTo`) of each game, in seq order; every id has an entry. */
export async function readLogs(
  db: Queryable,
  gameIds: readonly string[],
  after: number,
  upTo?: number,
): Promise<Map<string, ArchivedEvent[]>> {
  const byGame = new Map<string, ArchivedEvent[]>(gameIds.map((id) => [id, []]));
  if (gameIds.length === 0) return byGame;
  const { rows } = await db.query<LogRow>(LOGS_SQL, [[...gameIds], after, upTo ?? null]);
  for (const row of rows) {
    const events = byGame.get(row.game_id);
    if (events === undefined) continue;
    if (row.log === null) {
      events.push(eventOfRow(row));
      continue;
    }
    if (events.length > 0)
      throw new LogCorruptError(`game ${row.game_id} has both event rows and an archive`);
    for (const archived of decodeArchive(row.format ?? 0, row.log)) {
      if (archived.seq > after && (upTo === undefined || archived.seq <= upTo)) events.push(archived);
    }
  }
  return byGame;
}

/** The whole log of one game. */
export async function readLog(db: Queryable, gameId: string): Promise<ArchivedEvent[]> {
  return (await readLogs(db, [gameId], 0)).get(gameId) ?? [];
}

/** The event a player's `clientMoveId` recorded in a game, if any (the id is unique per game and actor). */
export async function readEventOfClientMove(
  db: Queryable,
  gameId: string,
  actorId: string,
  clientMoveId: string,
): Promise<ArchivedEvent | null> {
  const { rows } = await db.query<LogRow>(CLIENT_MOVE_SQL, [gameId, actorId, clientMoveId]);
  const row = rows.find((candidate) => candidate.log === null);
  if (row !== undefined) return eventOfRow(row);
  const archive = rows.find((candidate) => candidate.log !== null);
  if (archive?.log == null) return null;
  return (
    decodeArchive(archive.format ?? 0, archive.log).find(
      (event) => event.actorId === actorId && event.clientMoveId === clientMoveId,
    ) ?? null
  );
}

function eventOfRow(row: LogRow): ArchivedEvent {
  if (row.seq === null || row.payload === null || row.created_at === null) {
    throw new LogCorruptError(`an event row of game ${row.game_id} lacks its seq, payload or time`);
  }
  return {
    seq: row.seq,
    event: row.payload,
    actorId: row.actor_id,
    clientMoveId: row.client_move_id,
    createdAt: row.created_at,
  };
}

/** A game's row as stored, for the projection check (src/games/domain/projection-check.ts); null if none. */
export async function readStoredGame(db: Queryable, gameId: string): Promise<GameRow | null> {
  const { rows } = await db.query<GameRow>('SELECT * FROM games WHERE id = $1::uuid', [gameId]);
  return rows[0] ?? null;
}

/** A game's seats with the outcome columns a finishing move writes. */
export async function readStoredSeats(db: Queryable, gameId: string): Promise<StoredSeat[]> {
  const { rows } = await db.query<{
    seat: number;
    player_id: string;
    client_seed: string | null;
    outcome: string | null;
    placement: number | null;
    score: number | null;
    payoff_left: number | null;
    finished_at: Date | null;
  }>(
    `SELECT seat, player_id, client_seed, outcome, placement, score, payoff_left, finished_at
       FROM game_players WHERE game_id = $1::uuid`,
    [gameId],
  );
  return rows.map((player) => ({
    seat: player.seat,
    playerId: player.player_id,
    clientSeed: player.client_seed,
    outcome: player.outcome,
    placement: player.placement,
    score: player.score,
    payoffLeft: player.payoff_left,
    finishedAt: player.finished_at,
  }));
}

/**
 * One game's row by id, as a named (prepared) statement: each pooled connection plans it once. It names its
 * columns, because a prepared `SELECT *` fails ("cached plan must not change result type") once a migration run
 * by another app copy adds a column.
 */
export const READ_GAME_ROW = {
  name: 'malice_read_game',
  text: `SELECT ${GAME_COLUMNS.join(', ')} FROM games WHERE id = $1::uuid`,
} as const;
