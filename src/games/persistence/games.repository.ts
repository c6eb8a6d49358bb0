/**
 * The game aggregate's storage (docs/architecture.md, "Who writes what"): the only code of the running service
 * that writes `games`, `game_players` and `game_events`, and — inside the same transaction or statement as the
 * change they report — that change's player events and webhook deliveries (src/notifications/notification-writer.ts).
 * It decides nothing: the service decides (the engine, src/games/domain/life.ts) and hands over what to write.
 * Hand-written SQL where it was measured to matter (the move append, list pages, row locks), Prisma for the rest;
 * what leaves here is in the shapes of src/games/persistence/game-rows.ts.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { GameEvent } from '../../engine';
import {
  WAKE_WEBHOOK_WORKERS,
  notificationArrays,
  notificationCtes,
  writeNotifications,
} from '../../notifications/notification-writer';
import { transaction, transactionIf } from '../../db/transaction';
import type { Game } from '../../generated/prisma/client';
import { AppMetrics } from '../../metrics/app-metrics';
import { PrismaService } from '../../prisma/prisma.service';
import type { ClientSeedSourceName } from '../domain/client-seed-source';
import type { DeclineReasonName } from '../domain/challenge';
import type { NewGame } from '../domain/creation';
import type { GameStatusName } from '../domain/vocabulary';
import { CallOffReason, REMINDER_SHARE, TurnClock } from '../domain/life';
import { GameLifeEvent, PlayerNotification, notificationsOf } from '../domain/notifications';
import type { SeatOutcome } from '../domain/finish';
import { recordFinish } from './finish-sql';
import { SeekKind, seeksOfKindSql } from './games-list-sql';
import {
  GameRow,
  READ_GAME_ROW,
  SEAT_PLAYER_FIELDS,
  SeatRow,
  gameOfRow,
  recordOfPrisma,
  seatOfRow,
} from './game-rows';
import type { GameRecord, GameRowRecord, GameSeatRecord } from '../domain/game-record';
import type { GameProjection } from '../domain/projection';
import type { StoredEvent } from '../domain/stored-event';
import type { ArchivedEvent } from './archive-format';
import { readEventOfClientMove, readLogs } from './stored-log';

/** The move's update of the projection row (`moved`), guarded by the version the move was decided on. */
const MOVED_CTE = `
  moved AS (
    UPDATE games
       SET version = $3, current_seat = $4, current_player_id = $5::uuid, updated_at = $6, status = $7,
           finished_at = CASE WHEN $8 THEN $6::timestamptz ELSE finished_at END,
           result = COALESCE($9::jsonb, result),
           -- The turn's clock as the domain computed it (turnClockAfter): stored as is, answered the same.
           turn_started_at = $12::timestamptz, deadline = $13::timestamptz, remind_at = $14::timestamptz
     WHERE id = $1::uuid AND version = $2 AND status = 'ACTIVE'
    RETURNING id)`;

const INSERT_EVENTS = `
  INSERT INTO game_events (game_id, seq, type, payload, actor_id, client_move_id, created_at)
  SELECT moved.id, e.seq, e.type, e.payload, $10::uuid, e.client_move_id, $6
    FROM moved, jsonb_to_recordset($11::jsonb) AS e(seq int, type text, payload jsonb, client_move_id text)`;

/**
 * The move path's one statement: the projection row and the events, all or nothing, and nothing at all unless the
 * version guard matches. Most moves tell nobody (the turn goes on): this is theirs.
 */
const APPEND_SQL = `WITH ${MOVED_CTE} ${INSERT_EVENTS}`;

/**
 * The same for a move that tells players something (a new turn, the end): its player notifications and their
 * webhook deliveries in the same statement.
 */
const APPEND_TELLING_SQL = `
  WITH ${MOVED_CTE},
  appended AS (${INSERT_EVENTS} RETURNING 1),
  ${notificationCtes(
    `moved, unnest($15::uuid[], $16::text[]) WITH ORDINALITY AS u(player_id, kind, ord),
     LATERAL (SELECT u.player_id, u.kind, moved.id AS game_id, $6::timestamptz AS created_at, u.ord) AS n`,
  )}
  SELECT (SELECT count(*) FROM appended)::int AS appended, ${WAKE_WEBHOOK_WORKERS} AS woken`;

/**
 * The appends as named statements: each pooled connection parses and plans them once, not on every move
 * (planning costs Postgres more than running them). They return no table columns, so a later migration adding
 * columns cannot invalidate them.
 */
const APPEND_STATEMENT = { name: 'malice_append_move', text: APPEND_SQL } as const;
const APPEND_TELLING_STATEMENT = { name: 'malice_append_telling_move', text: APPEND_TELLING_SQL } as const;

const BATCH = 100;

/** How long a claim keeps other sweepers off a game: ample for one timeout, short if this copy dies. */
const CLAIM_SECONDS = 30;

// Claims the due games no other sweeper holds: SKIP LOCKED passes over rows another copy is claiming right now,
// the mark over rows it claimed a moment ago.
const CLAIM_DUE_GAMES = `
  WITH due AS (
    SELECT id FROM games
     WHERE status = 'ACTIVE' AND deadline <= $1
       AND (sweep_claimed_until IS NULL OR sweep_claimed_until < $1)
     ORDER BY deadline
     LIMIT ${BATCH}
     FOR UPDATE SKIP LOCKED)
  UPDATE games g SET sweep_claimed_until = $1::timestamptz + interval '${CLAIM_SECONDS} seconds'
    FROM due WHERE g.id = due.id
  RETURNING g.id, g.version`;

/**
 * The turns whose reminder time (`remind_at`, computed by the domain: newTurnClock) has come and that were not
 * reminded yet. The second branch is for turns started by an app copy of the previous version, which does not
 * write `remind_at` (docs/architecture.md, "Cutover"): there the share is applied as that version did. The next
 * release drops it with the other legacy branches.
 */
const REMIND = `
  WITH due AS (
    SELECT id FROM games
     WHERE status = 'ACTIVE' AND deadline > $1
       AND ((remind_at >= turn_started_at AND remind_at <= $1)
            OR ((remind_at IS NULL OR remind_at < turn_started_at)
                AND turn_started_at + seconds_per_move * ${REMINDER_SHARE} * interval '1 second' <= $1))
       AND (reminded_turn_at IS NULL OR reminded_turn_at < turn_started_at)
     LIMIT ${BATCH}
     FOR UPDATE SKIP LOCKED),
  reminded AS (
    UPDATE games g SET reminded_turn_at = g.turn_started_at
      FROM due WHERE g.id = due.id
    RETURNING g.id, g.current_player_id)
  SELECT id, current_player_id FROM reminded`;

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

/** One event of a move as the log stores it. */
export interface LogRow {
  readonly seq: number;
  readonly type: GameEvent['type'];
  readonly payload: GameEvent;
  readonly client_move_id: string | null;
}

/** A move to append: decided on `version`, producing `projection`. */
export interface Append {
  readonly game: GameRecord;
  readonly version: number;
  readonly rows: readonly LogRow[];
  readonly actorId: string;
  readonly projection: GameProjection;
  /** The turn's clock after the move (src/games/domain/life.ts, turnClockAfter). */
  readonly clock: TurnClock;
  readonly notifications: readonly PlayerNotification[];
  /** The seats' outcomes, when the move finished the game (recorded with the ratings in the same transaction). */
  readonly outcomes: readonly SeatOutcome[] | null;
  readonly now: Date;
}

/** A game's seats as its row lock finds them. */
export interface LockedSeats {
  readonly status: Game['status'];
  readonly version: number;
  readonly seated: readonly {
    readonly seat: number;
    readonly playerId: string;
    readonly clientSeed: string | null;
  }[];
}

/** A player sitting down, and how to deal if that fills the game. */
export interface SeatRequest {
  readonly playerId: string;
  readonly clientSeed: string | null;
  readonly clientSeedSource: ClientSeedSourceName | null;
  readonly botVersions: readonly string[];
  /** The seat to take, or why not — decided on the seats as locked. */
  decide(locked: LockedSeats): { readonly seat: number; readonly fills: boolean } | Error;
  /** The deal of a filled game from every seat's client seed (null: none given): stand-ins, and who moves first. */
  deal(given: ReadonlyMap<number, string | null>): {
    readonly standIns: readonly { readonly seat: number; readonly seed: string }[];
    readonly firstSeat: number;
    /** The first turn's clock (turnClockAfter). */
    readonly clock: TurnClock;
  };
}

/** Due games the sweeper claimed, and turns it reminded. */
export interface DueGame {
  readonly id: string;
  readonly version: number;
}

const INSERT_GAME = `INSERT INTO games (id, preset, options, seats, rated, status, seed, seed_commitment, rules_version,
    start_position, deal_chosen, await_client_seed, invited_player_id, created_by_id, created_at, updated_at,
    seconds_per_move)
  VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16)`;
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
  ]);
  await client.query(INSERT_CREATOR, [
    game.id,
    game.createdById,
    now,
    game.creatorClientSeed,
    game.creatorClientSeedSource,
  ]);
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
            p.deleted_at AS player_deleted_at
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

@Injectable()
export class GamesRepository {
  constructor(
    private readonly prisma: PrismaService,
    // Only the count of appended moves (a tool or benchmark that builds a repository passes its own).
    @Inject(AppMetrics) private readonly metrics: Pick<AppMetrics, 'movesAppended'>,
  ) {}

  // ---- reads --------------------------------------------------------------------------------------------------

  /** The games row alone, by a plain query: the common read (a dealt game's `game(id)`), kept cheap. */
  async row(gameId: string): Promise<GameRowRecord | null> {
    const { rows } = await this.prisma.pool.query<GameRow>({ ...READ_GAME_ROW, values: [gameId] });
    const row = rows[0];
    return row === undefined ? null : gameOfRow(row);
  }

  /** A game with its seats and players. */
  async withPlayers(gameId: string): Promise<GameRecord | null> {
    const game = await this.prisma.game.findUnique({ where: { id: gameId }, include: INCLUDE_PLAYERS });
    return game === null ? null : recordOfPrisma(game);
  }

  /**
   * Whole games (rows and seats with their players) by id, in the order given, by two plain queries: a list page
   * is read without Prisma's per-row machinery (the bulk of a history page's cost, bench:history).
   */
  async many(ids: readonly string[]): Promise<GameRecord[]> {
    return wholeGames(this.prisma.pool, ids);
  }

  /**
   * The games not over that involve `playerId`: those it sits in (waiting or being played) and the waiting
   * invitations to it, oldest first.
   */
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

  /** The ids and sort times of a list page (src/games/persistence/games-list-sql.ts builds the statement). */
  async listPage(statement: {
    readonly text: string;
    readonly values: readonly unknown[];
  }): Promise<{ id: string; sort_at: Date | null }[]> {
    const { rows } = await this.prisma.pool.query<{ id: string; sort_at: Date | null }>(statement.text, [
      ...statement.values,
    ]);
    return rows;
  }

  /**
   * The log's events `after` < seq ≤ `upTo` of a game (to the end without `upTo`), in seq order, from its rows or
   * its archive (stored-log.ts); the caller checks them for gaps.
   */
  async log(gameId: string, after: number, upTo?: number): Promise<StoredEvent[]> {
    const logs = await readLogs(this.prisma.pool, [gameId], after, upTo);
    return (logs.get(gameId) ?? []).map(storedEventOf);
  }

  /** The whole logs of several games in one query, by game id (every id given has an entry). */
  async logs(gameIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const logs = await readLogs(this.prisma.pool, gameIds, 0);
    return new Map([...logs].map(([id, events]) => [id, events.map(storedEventOf)]));
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

  /** The open seeks of `kind` (seeksOfKindSql): the player's own, or the first `limit` of others', oldest first. */
  async seeksOfKind(playerId: string, kind: SeekKind, own: boolean, limit: number): Promise<string[]> {
    const statement = seeksOfKindSql(playerId, kind, own, limit);
    const { rows } = await this.prisma.pool.query<{ id: string }>(statement.text, statement.values);
    return rows.map((row) => row.id);
  }

  // ---- writes -------------------------------------------------------------------------------------------------

  /**
   * A new game with its creator seated and a second player (a built-in bot) seated by `seatOf` — which is given the
   * game as inserted — all in one transaction with what the creation and the seat tell: nobody ever sees the game
   * waiting with that seat free (a seek of the same kind would take it), and a crash leaves no game half made. A
   * refusal of the seat is thrown, so the game goes too.
   */
  async insertSeated(
    game: NewGame,
    events: readonly GameLifeEvent[],
    now: Date,
    seatOf: (inserted: GameRecord) => SeatRequest,
  ): Promise<void> {
    await transaction(this.prisma.pool, async (client) => {
      await writeNewGame(client, game, now);
      await writeNotifications(client, notificationsOf(game.id, events), now);
      const [inserted] = await wholeGames(client, [game.id]);
      const refusal = await this.seatIn(client, game.id, seatOf(inserted!), now);
      if (refusal !== null) throw refusal;
    });
  }

  /** A new game with its creator seated, and what its creation tells (an invitation) in the same transaction. */
  async insert(game: NewGame, events: readonly GameLifeEvent[], now: Date): Promise<GameRecord> {
    return transaction(this.prisma.pool, async (client) => {
      await writeNewGame(client, game, now);
      await writeNotifications(client, notificationsOf(game.id, events), now);
      const [inserted] = await wholeGames(client, [game.id]);
      return inserted!;
    });
  }

  /**
   * A seek `game` opened for its creator — unless they have an open seek of the same kind already, whose id is
   * answered instead and nothing is written. One transaction holding a lock per creator (an advisory lock, so
   * nothing else waits on it) looks and inserts, so two seeks of one player at once open one game
   * (docs/api.md#seekgame). A seek invites nobody, so its creation tells nobody.
   */
  async openSeek(game: NewGame, now: Date): Promise<{ readonly id: string; readonly opened: boolean }> {
    const kind = { preset: game.preset, rated: game.rated, secondsPerMove: game.secondsPerMove };
    const own = seeksOfKindSql(game.createdById, kind, true, 1);
    return transaction(this.prisma.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `malice:seek:${game.createdById}`,
      ]);
      const open = await client.query<{ id: string }>(own.text, own.values);
      if (open.rows[0] !== undefined) return { id: open.rows[0].id, opened: false };
      await writeNewGame(client, game, now);
      return { id: game.id, opened: true };
    });
  }

  /**
   * Seats a player in one transaction that first locks the game row, so joins (and client seeds) of one game take
   * turns: the join that fills the last seat deals, and the seat, the deal and its notifications (GAME_STARTED for
   * every player, YOUR_TURN for the first) commit together. Answers the refusal `decide` gave, or null.
   */
  async seat(gameId: string, request: SeatRequest, now: Date): Promise<Error | null> {
    return transaction(this.prisma.pool, (client) => this.seatIn(client, gameId, request, now));
  }

  /** `seat`'s work, on a transaction's client (`seat`'s own, or `insertSeated`'s). */
  private async seatIn(
    client: PoolClient,
    gameId: string,
    request: SeatRequest,
    now: Date,
  ): Promise<Error | null> {
    const locked = await client.query<{ status: string; version: number; await_client_seed: boolean }>(
      'SELECT status, version, await_client_seed FROM games WHERE id = $1::uuid FOR UPDATE',
      [gameId],
    );
    const row = locked.rows[0];
    if (row === undefined) return new Error('no such game');
    const seatedRows = await client.query<{ seat: number; player_id: string; client_seed: string | null }>(
      'SELECT seat, player_id, client_seed FROM game_players WHERE game_id = $1::uuid',
      [gameId],
    );
    const seated = seatedRows.rows.map((entry) => ({
      seat: entry.seat,
      playerId: entry.player_id,
      clientSeed: entry.client_seed,
    }));
    const decision = request.decide({ status: row.status, version: row.version, seated });
    if (decision instanceof Error) return decision;
    await client.query(
      `INSERT INTO game_players (game_id, seat, player_id, joined_at, client_seed, client_seed_source, bot_versions)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        gameId,
        decision.seat,
        request.playerId,
        now,
        request.clientSeed,
        request.clientSeedSource,
        [...request.botVersions],
      ],
    );
    // A game created with awaitClientSeed stays WAITING, every seat taken: its creator's setClientSeed deals it.
    if (decision.fills && !row.await_client_seed) {
      const all = [
        ...seated,
        { seat: decision.seat, playerId: request.playerId, clientSeed: request.clientSeed },
      ];
      await this.deal(client, gameId, all, request.deal, now);
    }
    return null;
  }

  /**
   * The deal, inside the transaction that completed the game (the join that filled it, or the held game's
   * creator's client seed): stand-in seeds, ACTIVE, the first turn.
   */
  private async deal(
    client: PoolClient,
    gameId: string,
    seated: readonly {
      readonly seat: number;
      readonly playerId: string;
      readonly clientSeed: string | null;
    }[],
    planOf: SeatRequest['deal'],
    now: Date,
  ): Promise<void> {
    const plan = planOf(new Map(seated.map((entry) => [entry.seat, entry.clientSeed])));
    if (plan.standIns.length > 0) {
      await client.query(
        `UPDATE game_players gp SET client_seed = s.seed, client_seed_source = $4
           FROM unnest($2::int[], $3::text[]) AS s(seat, seed)
          WHERE gp.game_id = $1::uuid AND gp.seat = s.seat AND gp.client_seed IS NULL`,
        [
          gameId,
          plan.standIns.map((entry) => entry.seat),
          plan.standIns.map((entry) => entry.seed),
          'SERVER_STAND_IN' satisfies ClientSeedSourceName,
        ],
      );
    }
    await client.query(
      `UPDATE games
          SET status = 'ACTIVE', started_at = $2, updated_at = $2, current_seat = $3,
              current_player_id = (SELECT player_id FROM game_players WHERE game_id = $1::uuid AND seat = $3),
              turn_started_at = $4, deadline = $5, remind_at = $6
        WHERE id = $1::uuid`,
      [gameId, now, plan.firstSeat, plan.clock.turnStartedAt, plan.clock.deadline, plan.clock.remindAt],
    );
    const order = [...seated].sort((a, b) => a.seat - b.seat).map((entry) => entry.playerId);
    const toMove = seated.find((entry) => entry.seat === plan.firstSeat)?.playerId as string;
    const dealt: GameLifeEvent = { type: 'dealt', seated: order, toMove };
    await writeNotifications(client, notificationsOf(gameId, [dealt]), now);
  }

  /**
   * The games whose deadline has passed at `now`, claimed for a while (FOR UPDATE SKIP LOCKED, then a claim mark)
   * so that the sweepers of several copies share the work.
   */
  async claimDueGames(now: Date): Promise<DueGame[]> {
    const { rows } = await this.prisma.pool.query<DueGame>(CLAIM_DUE_GAMES, [now]);
    return rows;
  }

  /**
   * Marks the turns whose reminder is due at `now` as reminded and tells their players (REMINDER), in one
   * transaction: a turn is reminded once, and never silently. Answers how many.
   */
  async remindDueTurns(now: Date): Promise<number> {
    return transaction(this.prisma.pool, async (client) => {
      const { rows: due } = await client.query<{ id: string; current_player_id: string }>(REMIND, [now]);
      const told = due.flatMap((game) =>
        notificationsOf(game.id, [{ type: 'reminded', playerId: game.current_player_id }]),
      );
      await writeNotifications(client, told, now);
      return due.length;
    });
  }

  /**
   * A seated player's client seed, set or replaced while the game waits, under the row's lock (as a join takes
   * it): a seed set while the last seat is being taken is in the deal or refused, never lost. In a game created
   * with awaitClientSeed whose seats are all taken, the creator's seed deals it in the same transaction (`deal`,
   * the path of a join that fills a game). Answers the status found under the lock; nothing is written unless it
   * is WAITING.
   */
  async setClientSeed(
    gameId: string,
    playerId: string,
    clientSeed: string,
    planOf: SeatRequest['deal'],
    now: Date,
  ): Promise<string | null> {
    return transaction(this.prisma.pool, async (client) => {
      const locked = await client.query<{
        status: string;
        seats: number;
        await_client_seed: boolean;
        created_by_id: string;
      }>('SELECT status, seats, await_client_seed, created_by_id FROM games WHERE id = $1::uuid FOR UPDATE', [
        gameId,
      ]);
      const row = locked.rows[0];
      if (row === undefined || row.status !== 'WAITING') return row?.status ?? null;
      await client.query(
        `UPDATE game_players SET client_seed = $3, client_seed_source = $4
          WHERE game_id = $1::uuid AND player_id = $2::uuid`,
        [gameId, playerId, clientSeed, 'GIVEN_AFTER_COMMITMENT' satisfies ClientSeedSourceName],
      );
      if (!row.await_client_seed || row.created_by_id !== playerId) return row.status;
      const { rows } = await client.query<{ seat: number; player_id: string; client_seed: string | null }>(
        'SELECT seat, player_id, client_seed FROM game_players WHERE game_id = $1::uuid',
        [gameId],
      );
      // Held until every seat is taken as well (the bot sits down in createGame, so it always is by now).
      if (rows.length < row.seats) return row.status;
      const seated = rows.map((entry) => ({
        seat: entry.seat,
        playerId: entry.player_id,
        clientSeed: entry.client_seed,
      }));
      await this.deal(client, gameId, seated, planOf, now);
      return row.status;
    });
  }

  /** Adds a bot version to the versions recorded for a seat (once). */
  async addBotVersion(gameId: string, seat: number, botVersion: string): Promise<void> {
    await this.prisma.pool.query(
      `UPDATE game_players SET bot_versions = array_append(bot_versions, $3)
        WHERE game_id = $1::uuid AND seat = $2 AND NOT ($3 = ANY (bot_versions))`,
      [gameId, seat, botVersion],
    );
  }

  /**
   * Calls a game off (ABORTED, for `reason`) if it is still as `expected`: under the game row's lock, as a join
   * takes it, so the players told (GAME_OVER) are exactly those seated when it ended. False when the game moved
   * on meanwhile; nothing is written then.
   */
  async callOff(
    gameId: string,
    expected: { readonly status: string; readonly version: number },
    reason: CallOffReason,
    now: Date,
    declineReason: DeclineReasonName | null = null,
    within: ((client: PoolClient) => Promise<void>) | null = null,
  ): Promise<boolean> {
    return transactionIf(this.prisma.pool, async (client) => {
      const locked = await client.query<{ status: string; version: number }>(
        'SELECT status, version FROM games WHERE id = $1::uuid FOR UPDATE',
        [gameId],
      );
      const row = locked.rows[0];
      if (row === undefined || row.status !== expected.status || row.version !== expected.version)
        return false;
      const seated = await client.query<{ player_id: string }>(
        'SELECT player_id FROM game_players WHERE game_id = $1::uuid ORDER BY seat',
        [gameId],
      );
      await client.query(
        `UPDATE games SET status = 'ABORTED', end_reason = $2, finished_at = $3, updated_at = $3,
                          current_seat = NULL, current_player_id = NULL, deadline = NULL, remind_at = NULL,
                          decline_reason = $4
          WHERE id = $1::uuid`,
        [gameId, reason, now, declineReason],
      );
      const ended: GameLifeEvent = { type: 'ended', seated: seated.rows.map((seat) => seat.player_id) };
      await writeNotifications(client, notificationsOf(gameId, [ended]), now);
      // What the call-off's caller records with it (an admin's audit row), in the same transaction.
      await within?.(client);
      return true;
    });
  }

  /**
   * Appends a move's events and updates the projection in one statement (one round trip, and atomic): the UPDATE
   * only matches an active game at the version the move was decided on (not one aborted meanwhile), and the
   * INSERT takes its rows from the UPDATE. False when the version or status moved, or the clientMoveId is already
   * among the actor's in the log (the unique index is per game and actor): nothing is written then. A finishing
   * move also records each seat's outcome and, for a rated game, the rating changes — in the same transaction
   * (docs/api.md#ratings). Throws the unique violation of a clashing clientMoveId for the caller to judge.
   */
  async append(move: Append): Promise<boolean> {
    const { projection, notifications } = move;
    const result = projection.result;
    const values = [
      move.game.id,
      move.version,
      projection.version,
      projection.currentSeat,
      projection.currentPlayerId,
      move.now,
      projection.status,
      result !== null,
      result !== null ? JSON.stringify(result) : null,
      move.actorId,
      JSON.stringify(move.rows),
      move.clock.turnStartedAt,
      move.clock.deadline,
      move.clock.remindAt,
    ];
    const run = async (db: Pick<PoolClient, 'query'>): Promise<boolean> => {
      if (notifications.length === 0) {
        const { rowCount } = await db.query({ ...APPEND_STATEMENT, values });
        return rowCount === move.rows.length;
      }
      const [playerIds, kinds] = notificationArrays(notifications);
      const telling = [...values, playerIds, kinds];
      const { rows } = await db.query<{ appended: number }>({ ...APPEND_TELLING_STATEMENT, values: telling });
      return rows[0]?.appended === move.rows.length;
    };
    const outcomes = move.outcomes;
    const appended =
      outcomes === null
        ? await run(this.prisma.pool)
        : await transactionIf(this.prisma.pool, async (client) => {
            if (!(await run(client))) return false;
            await recordFinish(client, move.game, outcomes, move.now);
            return true;
          });
    // Counted in memory once committed: the metric adds nothing to the statement.
    if (appended) this.metrics.movesAppended(1);
    return appended;
  }
}
