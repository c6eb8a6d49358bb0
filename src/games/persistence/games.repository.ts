/**
 * The game aggregate's storage (docs/architecture.md#who-writes-what): the only code of the running service that
 * writes `games`, `game_players` and `game_events`, and — inside the same transaction or statement as the change
 * they report — that change's player events and what each delivery channel queues for them
 * (src/notifications/sql/notification-writes.ts, the channels in sql/delivery-channels.ts).
 * It decides nothing: it writes the GameChange values the decider made (src/games/write/decide-change.ts), one
 * writer for every kind (`writeChange`), and reads games in the shapes of src/games/persistence/game-rows.ts.
 * Hand-written SQL where it was measured to matter (the move append, list pages, row locks), Prisma for the rest.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import {
  type NotifiedRow,
  announcementsOfNotified,
  notificationArrays,
  notificationCtes,
  notifiedColumns,
  writeNotifications,
} from '../../notifications/sql/notification-writes';
import { type Announcement, announcement } from '../../events/announcements';
import { Announcer } from '../../events/announcer';
import { DELIVERY_OUTBOXES } from './sql/delivery-channels';
import { transaction, transactionIf } from '../../db/transaction';
import { Replicas } from '../../db/replicas';
import { isUuid } from '../../common/ids';
import { PrismaService } from '../../prisma/prisma.service';
import type { ClientSeedSourceName } from '../domain/client-seed-source';
import type { NewGame, SeekKind } from '../domain/creation';
import { type GameStatusName, isOver } from '../domain/vocabulary';
import { notificationsOf } from '../domain/notifications';
import { recordFinish } from './sql/finish';
import { type GamesListQuery, listOrder } from './games-list';
import { SeekMatch, gamesListSql, seeksOfKindSql } from './sql/games-list-sql';
import { UNRATED_RATING } from '../domain/seek-ratings';
import type { PresetName } from '../../engine';
import { GameRow, SEAT_PLAYER_FIELDS, SeatRow, gameOfRow, recordOfPrisma, seatOfRow } from './game-rows';
import type { GameRecord, GameRowRecord, GameSeatRecord } from '../domain/game-record';
import type { RatingChange, SeatOutcome } from '../domain/finish';
import type { StoredEvent } from '../domain/stored-event';
import type { ArchivedEvent } from './archive-format';
import { READ_GAME_ROW, readEventOfClientMove, readLogs } from './sql/stored-log';
import { DealPlan, Expected, GameChange, Played, logRowsOf } from '../write/game-change';

/** The move's update of the projection row (`moved`), guarded by the version the move was decided on. */
const MOVED_CTE = `
  moved AS (
    UPDATE games
       SET version = $3, current_seat = $4, current_player_id = $5::uuid, updated_at = $6, status = $7,
           finished_at = CASE WHEN $8 THEN $6::timestamptz ELSE finished_at END,
           result = COALESCE($9::jsonb, result),
           -- The turn's clock as the domain computed it (turnClockAfter): stored as is, answered the same.
           turn_started_at = $12::timestamptz, deadline = $13::timestamptz, remind_at = $14::timestamptz
     WHERE id = $1::uuid AND version = $2 AND status = 'ACTIVE' AND deadline IS NOT DISTINCT FROM $15::timestamptz
    RETURNING id)`;

const INSERT_EVENTS = `
  INSERT INTO game_events (game_id, seq, type, payload, actor_id, client_move_id, created_at)
  SELECT moved.id, e.seq, e.type, e.payload, $10::uuid, e.client_move_id, $6
    FROM moved, jsonb_to_recordset($11::jsonb) AS e(seq int, type text, payload jsonb, client_move_id text)`;

/**
 * Whether some copy watches the game (`watched`), asked once `moved` holds the game's row lock: a watch taken
 * meanwhile is ordered against the move (migration 20261211090000_announced_after_commit). The move is announced
 * after its commit, only then.
 */
const WATCHED = 'game_watched(moved.id) AS watched';

/**
 * The move path's one statement: the projection row and the events, all or nothing, and nothing at all unless the
 * version guard matches. Most moves tell nobody (the turn goes on): this is theirs. No row when the guard failed.
 */
const APPEND_SQL = `
  WITH ${MOVED_CTE},
  appended AS (${INSERT_EVENTS} RETURNING 1)
  SELECT (SELECT count(*) FROM appended)::int AS appended, ${WATCHED} FROM moved`;

/**
 * The same for a move that tells players something (a new turn, the end): its player notifications and what each
 * delivery channel queues for them (delivery-channels.ts) in the same statement.
 */
const APPEND_TELLING_SQL = `
  WITH ${MOVED_CTE},
  appended AS (${INSERT_EVENTS} RETURNING 1),
  ${notificationCtes(
    `moved, unnest($16::uuid[], $17::text[]) WITH ORDINALITY AS u(player_id, kind, ord),
     LATERAL (SELECT u.player_id, u.kind, moved.id AS game_id, $6::timestamptz AS created_at, u.ord) AS n`,
    DELIVERY_OUTBOXES,
  )}
  SELECT (SELECT count(*) FROM appended)::int AS appended, ${WATCHED}, ${notifiedColumns(DELIVERY_OUTBOXES)}
    FROM moved`;

/**
 * The appends as named statements: each pooled connection parses and plans them once, not on every move
 * (planning costs Postgres more than running them). They return no table columns, so a later migration adding
 * columns cannot invalidate them.
 */
const APPEND_STATEMENT = { name: 'malice_append_move', text: APPEND_SQL } as const;
const APPEND_TELLING_STATEMENT = { name: 'malice_append_telling_move', text: APPEND_TELLING_SQL } as const;

/** The hot statements, named or not (PrismaService.namedStatements: not behind a pooler in transaction mode). */
interface HotStatements {
  readonly readGame: { readonly name?: string; readonly text: string };
  readonly append: { readonly name?: string; readonly text: string };
  readonly appendTelling: { readonly name?: string; readonly text: string };
}

function hotStatements(named: boolean): HotStatements {
  const as = (statement: { readonly name: string; readonly text: string }): HotStatements['append'] =>
    named ? statement : { text: statement.text };
  return {
    readGame: as(READ_GAME_ROW),
    append: as(APPEND_STATEMENT),
    appendTelling: as(APPEND_TELLING_STATEMENT),
  };
}

const BATCH = 100;

/** How long a claim keeps other sweepers off a game: ample for one timeout, short if this copy dies. */
const CLAIM_SECONDS = 30;

// Claims the due games no other sweeper holds: SKIP LOCKED passes over rows another copy is claiming right now,
// the mark over rows it claimed a moment ago.
/**
 * The player to move is on vacation at `$1` (docs/correspondence.md#vacation): their turn's clock follows their time
 * away (the vacations module moves it: src/vacations), and nobody reminds or times them out meanwhile.
 */
const AWAY_NOW = `(games.vacation_pauses AND EXISTS (SELECT 1 FROM vacations v
                     WHERE v.player_id = games.current_player_id
                       AND v.starts_at <= $1 AND coalesce(v.ended_at, v.ends_at) > $1))`;

const CLAIM_DUE_GAMES = `
  WITH due AS (
    SELECT id FROM games
     WHERE status = 'ACTIVE' AND deadline <= $1
       AND (sweep_claimed_until IS NULL OR sweep_claimed_until < $1)
       AND NOT ${AWAY_NOW}
     ORDER BY deadline
     LIMIT ${BATCH}
     FOR UPDATE SKIP LOCKED)
  UPDATE games g SET sweep_claimed_until = $1::timestamptz + interval '${CLAIM_SECONDS} seconds'
    FROM due WHERE g.id = due.id
  RETURNING g.id, g.version`;

/**
 * The turns whose reminder time (`remind_at`, set by the turn's clock: newTurnClock) has come, whose deadline has
 * not, and that were not reminded yet; decideRemind decides each again under the game's lock.
 */
const DUE_REMINDERS = `
  SELECT id FROM games
   WHERE status = 'ACTIVE' AND deadline > $1
     AND remind_at >= turn_started_at AND remind_at <= $1
     AND NOT ${AWAY_NOW}
     AND (reminded_turn_at IS NULL OR reminded_turn_at < turn_started_at)
   LIMIT ${BATCH}`;

/** A log's event as the service passes it on, from a row or an archive (the actor stays in storage). */
function storedEventOf(archived: ArchivedEvent): StoredEvent {
  return {
    seq: archived.seq,
    event: archived.event,
    createdAt: archived.createdAt,
    clientMoveId: archived.clientMoveId,
  };
}

const INCLUDE_PLAYERS = {
  players: { include: { player: { select: SEAT_PLAYER_FIELDS } }, orderBy: { seat: 'asc' } },
} as const;

/** Due games the sweeper claimed, and turns it reminded. */
export interface DueGame {
  readonly id: string;
  readonly version: number;
}

const INSERT_GAME = `INSERT INTO games (id, preset, options, seats, rated, status, seed, seed_commitment, rules_version,
    start_position, deal_chosen, await_client_seed, invited_player_id, created_by_id, created_at, updated_at,
    seconds_per_move, seek_rating_min, seek_rating_max, vacation_pauses, tournament_id)
  VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19, $20)`;
const INSERT_CREATOR = `INSERT INTO game_players (game_id, seat, player_id, joined_at, client_seed, client_seed_source)
  VALUES ($1, 0, $2, $3, $4, $5)`;

/**
 * Writes a new game, WAITING, with its creator in seat 0: the one mapping of a NewGame to columns, for every way a
 * game is created (the other columns take their defaults).
 */
async function writeNewGame(client: PoolClient, game: NewGame, now: Date): Promise<void> {
  await client.query(INSERT_GAME, [
    game.id,
    game.preset,
    JSON.stringify(game.options),
    game.seats,
    game.rated,
    'WAITING' satisfies GameStatusName,
    game.seed,
    game.seedCommitment,
    game.rulesVersion,
    game.startPosition,
    game.dealChosen,
    game.awaitClientSeed,
    game.invitedPlayerId,
    game.createdById,
    now,
    game.secondsPerMove,
    game.seekRatings?.min ?? null,
    game.seekRatings?.max ?? null,
    game.vacationPauses,
    game.tournamentId,
  ]);
  await client.query(INSERT_CREATOR, [
    game.id,
    game.createdById,
    now,
    game.creatorClientSeed,
    game.creatorClientSeedSource,
  ]);
}

/** One row of a list page: a game's id and its time in the list's order (sql/games-list-sql.ts). */
export interface ListRow {
  readonly id: string;
  readonly sort_at: Date | null;
}

/**
 * Whole games (rows and seats with their players) by id, in the order given, by two plain queries on `db` (the
 * pool, or a transaction's client that must see its own writes).
 */
async function wholeGames(db: Pool | PoolClient, ids: readonly string[]): Promise<GameRecord[]> {
  if (ids.length === 0) return [];
  // In parallel on the pool; a client runs them one after the other, in its transaction.
  const [games, seats] = await Promise.all([
    db.query<GameRow>('SELECT * FROM games WHERE id = ANY($1::uuid[])', [ids]),
    db.query<SeatRow>(
      `SELECT gp.*, p.username, p.username_key, p.is_bot, p.created_at AS player_created_at,
            p.deleted_at AS player_deleted_at, p.guest_since AS player_guest_since
       FROM game_players gp JOIN players p ON p.id = gp.player_id
      WHERE gp.game_id = ANY($1::uuid[]) ORDER BY gp.game_id, gp.seat`,
      [ids],
    ),
  ]);
  const seatsOf = new Map<string, GameSeatRecord[]>();
  for (const seat of seats.rows) {
    const list = seatsOf.get(seat.game_id) ?? [];
    list.push(seatOfRow(seat));
    seatsOf.set(seat.game_id, list);
  }
  const byId = new Map(games.rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [{ ...gameOfRow(row), players: seatsOf.get(id) ?? [] }];
  });
}

/**
 * Where the repository counts the moves it appends (malice_moves_appended_total): AppMetrics, bound in
 * MetricsModule (src/metrics/metrics.module.ts). Owned here because the metrics module sits above this one
 * (docs/architecture.md, "Layout of a module"); a tool or benchmark that builds a repository passes its own.
 */
export abstract class MovesCounter {
  abstract movesAppended(count: number): void;
}

/**
 * The ratings' part of a finishing move (docs/api/ratings-and-history.md#ratings): the ratings module's
 * writer of `ratings` (src/ratings/ratings.repository.ts, bound in RatingsModule), run inside the finishing
 * move's transaction. Owned here because the ratings module sits above this one (docs/architecture.md,
 * "Layout of a module").
 */
export abstract class FinishRatings {
  /** Rates a finished rated game's seats on `client` (the finishing move's transaction); each seat's change. */
  abstract rateFinishedGame(
    client: PoolClient,
    preset: string,
    outcomes: readonly SeatOutcome[],
    now: Date,
  ): Promise<readonly RatingChange[]>;
}

@Injectable()
export class GamesRepository {
  constructor(
    private readonly prisma: PrismaService,
    // Only the count of appended moves (a tool or benchmark that builds a repository passes its own).
    @Inject(MovesCounter) private readonly metrics: MovesCounter,
    // The app binds it (RatingsModule); a tool or benchmark that builds a repository passes its own.
    @Inject(FinishRatings) private readonly ratings: FinishRatings,
    private readonly announcer: Announcer,
    // The reads that may be late go there: finished games' lists and exports (docs/scaling.md#read-replicas).
    private readonly replicas: Replicas,
  ) {
    this.statements = hotStatements(prisma.namedStatements === true);
  }

  private readonly statements: HotStatements;

  // ---- reads --------------------------------------------------------------------------------------------------

  /** The games row alone, by a plain query: the common read (a dealt game's `game(id)`), kept cheap. */
  async row(gameId: string): Promise<GameRowRecord | null> {
    const { rows } = await this.prisma.pool.query<GameRow>({ ...this.statements.readGame, values: [gameId] });
    const row = rows[0];
    return row === undefined ? null : gameOfRow(row);
  }

  /** A game with its seats and players. */
  async withPlayers(gameId: string): Promise<GameRecord | null> {
    const game = await this.prisma.game.findUnique({ where: { id: gameId }, include: INCLUDE_PLAYERS });
    return game === null ? null : recordOfPrisma(game);
  }

  /**
   * A game over for good (finished or called off), with its whole stored log, as a read replica has it: exports
   * and verifyGame (docs/scaling.md#read-replicas). Null when no replica is usable or it failed, or when it has no
   * such game or has it not over yet: the caller then reads the primary. A game over on a replica is over on the
   * primary too (nothing reopens a game), so a replica never shows what the primary still hides.
   */
  async overOnReplica(gameId: string): Promise<{ game: GameRecord; log: StoredEvent[] } | null> {
    if (!isUuid(gameId)) return null;
    const answer = await this.replicas.onReplica(async (db) => {
      const [game] = await wholeGames(db, [gameId]);
      if (game === undefined || !isOver(game.status)) return null;
      const logs = await readLogs(db, [gameId], 0);
      return { game, log: (logs.get(gameId) ?? []).map(storedEventOf) };
    });
    return answer?.value ?? null;
  }

  /**
   * The games not over that involve `playerId`: those it sits in (waiting or being played) and the waiting
   * invitations to it, oldest first.
   */
  /** The active games with a time control where it is `playerId`'s turn (their clocks follow a vacation). */
  async timedTurnsOf(playerId: string): Promise<string[]> {
    const { rows } = await this.prisma.pool.query<{ id: string }>(
      `SELECT id FROM games
        WHERE status = 'ACTIVE' AND current_player_id = $1::uuid AND seconds_per_move IS NOT NULL
          AND vacation_pauses
        ORDER BY deadline`,
      [playerId],
    );
    return rows.map((row) => row.id);
  }

  async openGamesOf(playerId: string): Promise<{ id: string; status: 'WAITING' | 'ACTIVE' }[]> {
    const { rows } = await this.prisma.pool.query<{ id: string; status: 'WAITING' | 'ACTIVE' }>(
      `SELECT g.id, g.status, g.created_at
         FROM game_players gp JOIN games g ON g.id = gp.game_id
        WHERE gp.player_id = $1::uuid AND g.status IN ('WAITING', 'ACTIVE')
       UNION
       SELECT g.id, g.status, g.created_at FROM games g
        WHERE g.invited_player_id = $1::uuid AND g.status = 'WAITING'
       ORDER BY created_at, id`,
      [playerId],
    );
    return rows.map((row) => ({ id: row.id, status: row.status }));
  }

  /**
   * A list page (sql/games-list-sql.ts builds the statement): the ids and sort times of up to `first + 1` rows (one
   * more tells that a next page follows), and the whole games of the first `first` — rows and seats with their
   * players, by two plain queries without Prisma's per-row machinery (the bulk of a history page's cost,
   * bench:history). Both from one server: a read replica for the lists of finished games, which only grow by games
   * that never change again (docs/scaling.md#read-replicas), the primary for every other list.
   */
  async listPage(query: GamesListQuery): Promise<{ rows: ListRow[]; games: GameRecord[] }> {
    const statement = gamesListSql(query);
    const page = async (db: Pool): Promise<{ rows: ListRow[]; games: GameRecord[] }> => {
      const { rows } = await db.query<ListRow>(statement.text, [...statement.values]);
      const ids = rows.slice(0, query.first).map((row) => row.id);
      return { rows, games: await wholeGames(db, ids) };
    };
    return listOrder(query) === 'finished' ? this.replicas.read(page) : page(this.prisma.pool);
  }

  /**
   * The log's events `after` < seq ≤ `upTo` of a game (to the end without `upTo`), in seq order, from its rows or
   * its archive (stored-log.ts); the caller checks them for gaps.
   */
  async log(gameId: string, after: number, upTo?: number): Promise<StoredEvent[]> {
    const logs = await readLogs(this.prisma.pool, [gameId], after, upTo);
    return (logs.get(gameId) ?? []).map(storedEventOf);
  }

  /**
   * The logs of `games` as far as each one's version (the stream of a player's games, whose page may have come from
   * a replica): read on a usable replica, and on the primary for each game whose log the replica does not hold that
   * far yet — or for all of them when no replica is usable or the read failed there. Events past a game's version
   * may come with it; the export leaves them out.
   */
  async logsUpTo(games: readonly { id: string; version: number }[]): Promise<Map<string, StoredEvent[]>> {
    const ids = games.map((game) => game.id);
    const replica = (await this.replicas.onReplica((db) => readLogs(db, ids, 0)))?.value;
    const held = (game: { id: string; version: number }): boolean =>
      (replica?.get(game.id) ?? []).filter((event) => event.seq <= game.version).length === game.version;
    const behind = games.filter((game) => !held(game)).map((game) => game.id);
    const primary = await readLogs(this.prisma.pool, behind, 0);
    return new Map(ids.map((id) => [id, (primary.get(id) ?? replica?.get(id) ?? []).map(storedEventOf)]));
  }

  /** The event a player's `clientMoveId` recorded in a game, if any (the id is unique per game and actor). */
  async eventOfClientMove(
    gameId: string,
    actorId: string,
    clientMoveId: string,
  ): Promise<StoredEvent | null> {
    const event = await readEventOfClientMove(this.prisma.pool, gameId, actorId, clientMoveId);
    return event === null ? null : storedEventOf(event);
  }

  /** The version of a game as stored now (for a conflict's `currentVersion`). */
  async version(gameId: string): Promise<number | null> {
    const row = await this.prisma.game.findUnique({ where: { id: gameId }, select: { version: true } });
    return row?.version ?? null;
  }

  /** The player's rating in `preset`; a new player's (UNRATED_RATING) before their first rated game in it. */
  async ratingIn(playerId: string, preset: PresetName): Promise<number> {
    const { rows } = await this.prisma.pool.query<{ rating: number }>(
      'SELECT rating FROM ratings WHERE player_id = $1::uuid AND preset = $2',
      [playerId, preset],
    );
    return rows[0]?.rating ?? UNRATED_RATING;
  }

  /**
   * Of the player's last `window` finished games with a clock, how many there are and how many they lost on time
   * (the game ended `timedOut` with their loss: src/games/domain/timeout-rate.ts).
   */
  async timeoutRecord(playerId: string, window: number): Promise<{ games: number; timeouts: number }> {
    const { rows } = await this.prisma.pool.query<{ games: number; timeouts: number }>(
      `SELECT count(*)::int AS games,
              count(*) FILTER (WHERE recent.reason = 'timedOut' AND recent.outcome = 'LOSS')::int AS timeouts
         FROM (SELECT g.result ->> 'reason' AS reason, gp.outcome
                 FROM game_players gp JOIN games g ON g.id = gp.game_id
                WHERE gp.player_id = $1::uuid AND g.status = 'FINISHED' AND g.seconds_per_move IS NOT NULL
                ORDER BY g.finished_at DESC
                LIMIT $2) recent`,
      [playerId, window],
    );
    return rows[0]!;
  }

  /** The open seeks of `kind` (seeksOfKindSql): the player's own, or the first `limit` of others', oldest first. */
  async seeksOfKind(
    playerId: string,
    kind: SeekKind,
    own: boolean,
    limit: number,
    match: SeekMatch | null = null,
  ): Promise<string[]> {
    const statement = seeksOfKindSql(playerId, kind, own, limit, match);
    const { rows } = await this.prisma.pool.query<{ id: string }>(statement.text, statement.values);
    return rows.map((row) => row.id);
  }

  // ---- writes: decided changes (src/games/write/game-change.ts), never decisions ---------------------------

  /**
   * Runs `work` in one transaction: its GameTransaction locks games and writes changes on that transaction, so a
   * change decided on a locked game commits only as decided (joins, client seeds and call-offs of one game take
   * turns).
   */
  async transaction<T>(work: (tx: GameTransaction) => Promise<T>): Promise<T> {
    const announcements: Announcement[] = [];
    const result = await transaction(this.prisma.pool, (client) =>
      work(new GameTransaction(client, this.metrics, this.ratings, this.statements, announcements)),
    );
    await this.announcer.publish(announcements);
    return result;
  }

  /**
   * Writes a change on its own, all or nothing: false when the game moved on since the change was decided (nothing
   * is written then). A move that tells nobody and finishes nothing is one statement (the common case).
   */
  async write(change: GameChange): Promise<boolean> {
    const announcements: Announcement[] = [];
    const written =
      change.kind === 'played' && change.outcomes === null
        ? countAppended(
            this.metrics,
            change,
            await writePlayed(this.prisma.pool, change, this.statements, announcements),
          )
        : await transactionIf(this.prisma.pool, (client) =>
            writeChange(client, change, this.metrics, this.ratings, this.statements, announcements),
          );
    // Committed (or nothing was written, and nothing is announced).
    if (written) await this.announcer.publish(announcements);
    return written;
  }

  /**
   * The games whose deadline has passed at `now`, claimed for a while (FOR UPDATE SKIP LOCKED, then a claim mark)
   * so that the sweepers of several copies share the work.
   */
  async claimDueGames(now: Date): Promise<DueGame[]> {
    const { rows } = await this.prisma.pool.query<DueGame>(CLAIM_DUE_GAMES, [now]);
    return rows;
  }

  /** The games whose turn's reminder is due at `now` (decideRemind decides each again under its lock). */
  async dueReminders(now: Date): Promise<string[]> {
    const { rows } = await this.prisma.pool.query<{ id: string }>(DUE_REMINDERS, [now]);
    return rows.map((row) => row.id);
  }
}

/** A transaction of GamesRepository.transaction: row locks and writes on its one connection. */
export class GameTransaction {
  constructor(
    private readonly client: PoolClient,
    private readonly metrics: MovesCounter,
    private readonly ratings: FinishRatings,
    private readonly statements: HotStatements,
    /** What the changes written announce, published by the repository once the transaction commits. */
    private readonly announcements: Announcement[],
  ) {}

  /** The game with its seats, its row locked until the transaction ends; null when there is none. */
  async lock(gameId: string): Promise<GameRecord | null> {
    const locked = await this.client.query('SELECT 1 FROM games WHERE id = $1::uuid FOR UPDATE', [gameId]);
    if (locked.rowCount === 0) return null;
    const [game] = await wholeGames(this.client, [gameId]);
    return game ?? null;
  }

  /**
   * The id of `playerId`'s open seek of `kind`, if any, under a lock per player (an advisory lock, so nothing else
   * waits on it) held to the end of the transaction: two seeks of one player at once open one game.
   */
  async ownSeek(playerId: string, kind: SeekKind): Promise<string | null> {
    await this.client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `malice:seek:${playerId}`,
    ]);
    const own = seeksOfKindSql(playerId, kind, true, 1);
    const open = await this.client.query<{ id: string }>(own.text, own.values);
    return open.rows[0]?.id ?? null;
  }

  /** Writes `change` in this transaction; false when the game moved on since it was decided. */
  write(change: GameChange): Promise<boolean> {
    return writeChange(this.client, change, this.metrics, this.ratings, this.statements, this.announcements);
  }

  /** Another module's write (an admin's audit row) in this transaction. */
  async alongside(write: (db: PoolClient) => Promise<void>): Promise<void> {
    await write(this.client);
  }
}

/**
 * Whether some copy watches the game, asked after the change's statements (which locked its row): ordered against a
 * watch being taken (migration 20261211090000_announced_after_commit).
 */
async function gameWatched(client: PoolClient, gameId: string): Promise<boolean> {
  const { rows } = await client.query<{ watched: boolean }>('SELECT game_watched($1::uuid) AS watched', [
    gameId,
  ]);
  return rows[0]?.watched === true;
}

/** Whether the row still is as the change was decided on; locks it to the end of the transaction. */
async function stillAsDecided(client: PoolClient, gameId: string, expected: Expected): Promise<boolean> {
  const { rows } = await client.query<{ status: string; version: number }>(
    'SELECT status, version FROM games WHERE id = $1::uuid FOR UPDATE',
    [gameId],
  );
  const row = rows[0];
  return row !== undefined && row.status === expected.status && row.version === expected.version;
}

/**
 * The one writer of a game's changes: each kind's statements, and what it tells, in the caller's transaction; what
 * to announce once it commits goes into `announcements` (the game itself when some copy watches it, the watched
 * player events, the delivery wake-ups).
 */
async function writeChange(
  client: PoolClient,
  change: GameChange,
  metrics: MovesCounter,
  ratings: FinishRatings,
  statements: HotStatements,
  announcements: Announcement[],
): Promise<boolean> {
  const tell = async (): Promise<void> => {
    const told = notificationsOf(change.gameId, change.told);
    announcements.push(...(await writeNotifications(client, told, change.at, DELIVERY_OUTBOXES)));
    if (await gameWatched(client, change.gameId)) announcements.push(announcement('game', change.gameId));
  };
  switch (change.kind) {
    case 'created':
      await writeNewGame(client, change.game, change.at);
      await tell();
      return true;
    case 'seated': {
      if (!(await stillAsDecided(client, change.gameId, change.expected))) return false;
      const { seat } = change;
      await client.query(
        `INSERT INTO game_players (game_id, seat, player_id, joined_at, client_seed, client_seed_source, bot_versions)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          change.gameId,
          seat.seat,
          seat.playerId,
          change.at,
          seat.clientSeed,
          seat.clientSeedSource,
          [...seat.botVersions],
        ],
      );
      if (change.deal !== null) await writeDeal(client, change.gameId, change.deal, change.at);
      await tell();
      return true;
    }
    case 'clientSeedSet':
      if (!(await stillAsDecided(client, change.gameId, change.expected))) return false;
      await client.query(
        `UPDATE game_players SET client_seed = $3, client_seed_source = $4 WHERE game_id = $1::uuid AND seat = $2`,
        [
          change.gameId,
          change.seat,
          change.clientSeed,
          'GIVEN_AFTER_COMMITMENT' satisfies ClientSeedSourceName,
        ],
      );
      if (change.deal !== null) await writeDeal(client, change.gameId, change.deal, change.at);
      await tell();
      return true;
    case 'played': {
      const appended = await writePlayed(client, change, statements, announcements);
      if (appended && change.outcomes !== null) {
        const game = { id: change.gameId, ...change.finishing };
        await recordFinish(client, game, change.outcomes, change.at, ratings);
      }
      return countAppended(metrics, change, appended);
    }
    case 'calledOff':
      if (!(await stillAsDecided(client, change.gameId, change.expected))) return false;
      await client.query(
        `UPDATE games SET status = 'ABORTED', end_reason = $2, finished_at = $3, updated_at = $3,
                          current_seat = NULL, current_player_id = NULL, deadline = NULL, remind_at = NULL,
                          decline_reason = $4
          WHERE id = $1::uuid`,
        [change.gameId, change.reason, change.at, change.declineReason],
      );
      await tell();
      return true;
    case 'reminded':
      if (!(await stillAsDecided(client, change.gameId, change.expected))) return false;
      await client.query('UPDATE games SET reminded_turn_at = $2 WHERE id = $1::uuid', [
        change.gameId,
        change.turnStartedAt,
      ]);
      await tell();
      return true;
    case 'clockMoved':
      if (!(await stillAsDecided(client, change.gameId, change.expected))) return false;
      await client.query('UPDATE games SET remind_at = $2, deadline = $3 WHERE id = $1::uuid', [
        change.gameId,
        change.clock.remindAt,
        change.clock.deadline,
      ]);
      return true;
    case 'botVersionNoted':
      await client.query(
        `UPDATE game_players SET bot_versions = array_append(bot_versions, $3)
          WHERE game_id = $1::uuid AND seat = $2 AND NOT ($3 = ANY (bot_versions))`,
        [change.gameId, change.seat, change.botVersion],
      );
      return true;
    default: {
      const never: never = change;
      return never;
    }
  }
}

/** The deal, in the transaction of the change that completed the game: stand-in seeds, ACTIVE, the first turn. */
async function writeDeal(client: PoolClient, gameId: string, deal: DealPlan, at: Date): Promise<void> {
  if (deal.standIns.length > 0) {
    await client.query(
      `UPDATE game_players gp SET client_seed = s.seed, client_seed_source = $4
         FROM unnest($2::int[], $3::text[]) AS s(seat, seed)
        WHERE gp.game_id = $1::uuid AND gp.seat = s.seat AND gp.client_seed IS NULL`,
      [
        gameId,
        deal.standIns.map((entry) => entry.seat),
        deal.standIns.map((entry) => entry.seed),
        'SERVER_STAND_IN' satisfies ClientSeedSourceName,
      ],
    );
  }
  await client.query(
    `UPDATE games
        SET status = 'ACTIVE', started_at = $2, updated_at = $2, current_seat = $3, current_player_id = $4::uuid,
            turn_started_at = $5, deadline = $6, remind_at = $7
      WHERE id = $1::uuid`,
    [
      gameId,
      at,
      deal.firstSeat,
      deal.firstPlayerId,
      deal.clock.turnStartedAt,
      deal.clock.deadline,
      deal.clock.remindAt,
    ],
  );
}

/**
 * Appends a played change's events and updates the projection in one statement (one round trip, and atomic): the
 * UPDATE only matches an active game at the version and deadline the play was decided on (not one aborted
 * meanwhile, nor one whose clock a vacation moved), and the INSERT takes its rows from the UPDATE. False when the version or status moved, or the clientMoveId is already
 * among the actor's in the log (the unique index is per game and actor): nothing is written then.
 */
async function writePlayed(
  db: Pick<PoolClient, 'query'>,
  change: Played,
  statements: HotStatements,
  announcements: Announcement[],
): Promise<boolean> {
  const { projection, clock } = change;
  const result = projection.result;
  const rows = logRowsOf(change);
  const values = [
    change.gameId,
    change.expected.version,
    projection.version,
    projection.currentSeat,
    projection.currentPlayerId,
    change.at,
    projection.status,
    result !== null,
    result !== null ? JSON.stringify(result) : null,
    change.actorId,
    JSON.stringify(rows),
    clock.turnStartedAt,
    clock.deadline,
    clock.remindAt,
    change.deadlineDecidedOn,
  ];
  const notifications = notificationsOf(change.gameId, change.told);
  try {
    if (notifications.length === 0) {
      const answer = await db.query<AppendedRow>({ ...statements.append, values });
      return appendedAll(answer.rows[0], rows.length, change.gameId, announcements);
    }
    const [playerIds, kinds] = notificationArrays(notifications);
    const telling = [...values, playerIds, kinds];
    const answer = await db.query<AppendedRow & NotifiedRow>({
      ...statements.appendTelling,
      values: telling,
    });
    const row = answer.rows[0];
    if (!appendedAll(row, rows.length, change.gameId, announcements)) return false;
    announcements.push(...announcementsOfNotified(row!, DELIVERY_OUTBOXES));
    return true;
  } catch (error) {
    // The clientMoveId is the actor's already (a retry racing its original): the caller looks the original up.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** What an append answers: no row when the version guard failed. */
interface AppendedRow {
  readonly appended: number;
  readonly watched: boolean;
}

/** Whether every event was appended; the game is announced then if some copy watches it. */
function appendedAll(
  row: AppendedRow | undefined,
  events: number,
  gameId: string,
  announcements: Announcement[],
): boolean {
  if (row?.appended !== events) return false;
  if (row.watched) announcements.push(announcement('game', gameId));
  return true;
}

/** Counted in memory once written: the metric adds nothing to the statement. */
function countAppended(metrics: MovesCounter, change: Played, appended: boolean): boolean {
  if (appended) metrics.movesAppended(1);
  return appended;
}

/** A unique index refused the row (Postgres 23505). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
