/**
 * `tournaments`, `tournament_entries` and `tournament_pairings` (docs/social.md#tournaments): the only code that
 * writes them. A round is claimed by raising `current_round` from the one before, in the transaction that stores its
 * boards, so two app copies never start the same round; each board's game is then made by the game handler with the
 * board's link written alongside, once (`linkGame` refuses a board that has a game already).
 */
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { transaction } from '../db/transaction';
import { PRESET_NAMES, type PresetName } from '../engine';
import { PrismaService } from '../prisma/prisma.service';
import type { Board, PlayedBoard } from './domain/lifecycle';
import { resultOf } from './domain/lifecycle';
import {
  TOURNAMENT_FORMATS,
  TOURNAMENT_STATUSES,
  type TournamentFormat,
  type TournamentStatus,
} from './domain/vocabulary';

/** A tournament's row. */
export interface TournamentRecord {
  readonly id: string;
  readonly name: string;
  readonly format: TournamentFormat;
  readonly preset: PresetName;
  readonly rated: boolean;
  readonly secondsPerMove: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly rounds: number | null;
  readonly maxTimeoutRate: number | null;
  /** Whether a vacation pauses the clock in its games (docs/correspondence.md#vacation); off by default. */
  readonly vacationPauses: boolean;
  readonly startsAt: Date;
  readonly status: TournamentStatus;
  readonly currentRound: number;
  readonly createdById: string;
  readonly createdByName: string;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  /** Players in it, withdrawn ones included once it runs. */
  readonly entrants: number;
}

/** A player in a tournament. */
export interface EntryRecord {
  readonly playerId: string;
  readonly username: string;
  readonly seed: number | null;
  readonly joinedAt: Date;
  readonly withdrawnAt: Date | null;
  /** Their rating in the tournament's preset now (null: no rated game there). */
  readonly rating: number | null;
  /** Their account was deleted or disabled: paired no more, as if withdrawn. */
  readonly gone: boolean;
}

/** A stored board with its game's state. */
export interface BoardRecord extends PlayedBoard {
  readonly board: number;
  readonly gameId: string | null;
  readonly gameStatus: string | null;
}

interface TournamentRow {
  id: string;
  name: string;
  format: string;
  preset: string;
  rated: boolean;
  seconds_per_move: number;
  min_players: number;
  max_players: number;
  rounds: number | null;
  max_timeout_rate: number | null;
  vacation_pauses: boolean;
  starts_at: Date;
  status: string;
  current_round: number;
  created_by: string;
  created_by_name: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  entrants: number;
}

const TOURNAMENT_COLUMNS = `t.id, t.name, t.format, t.preset, t.rated, t.seconds_per_move, t.min_players, t.max_players,
  t.rounds, t.max_timeout_rate, t.vacation_pauses, t.starts_at, t.status, t.current_round, t.created_by, c.username AS created_by_name,
  t.created_at, t.started_at, t.finished_at,
  (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id) AS entrants`;

/** A new tournament's row. */
export type NewTournament = Omit<
  TournamentRecord,
  'status' | 'currentRound' | 'createdByName' | 'startedAt' | 'finishedAt' | 'entrants'
>;

@Injectable()
export class TournamentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(tournament: NewTournament): Promise<void> {
    await this.prisma.pool.query(
      `INSERT INTO tournaments (id, name, format, preset, rated, seconds_per_move, min_players, max_players, rounds,
                                max_timeout_rate, vacation_pauses, starts_at, status, created_by, created_at)
       VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'OPEN', $13::uuid, $14)`,
      [
        tournament.id,
        tournament.name,
        tournament.format,
        tournament.preset,
        tournament.rated,
        tournament.secondsPerMove,
        tournament.minPlayers,
        tournament.maxPlayers,
        tournament.rounds,
        tournament.maxTimeoutRate,
        tournament.vacationPauses,
        tournament.startsAt,
        tournament.createdById,
        tournament.createdAt,
      ],
    );
  }

  async byId(id: string): Promise<TournamentRecord | null> {
    const { rows } = await this.prisma.pool.query<TournamentRow>(
      `SELECT ${TOURNAMENT_COLUMNS} FROM tournaments t JOIN players c ON c.id = t.created_by WHERE t.id = $1::uuid`,
      [id],
    );
    return rows[0] === undefined ? null : toTournament(rows[0]);
  }

  /** Up to `first` tournaments, of the given statuses, soonest to start first (newest first once over). */
  async list(statuses: readonly TournamentStatus[], first: number): Promise<TournamentRecord[]> {
    const { rows } = await this.prisma.pool.query<TournamentRow>(
      `SELECT ${TOURNAMENT_COLUMNS} FROM tournaments t JOIN players c ON c.id = t.created_by
        WHERE t.status = ANY($1::text[])
        ORDER BY CASE WHEN t.status IN ('OPEN', 'RUNNING') THEN t.starts_at END ASC,
                 t.finished_at DESC NULLS LAST, t.id
        LIMIT $2`,
      [statuses, first],
    );
    return rows.map(toTournament);
  }

  /** How many open or running tournaments the player organises. */
  async organisedBy(playerId: string): Promise<number> {
    const { rows } = await this.prisma.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tournaments WHERE created_by = $1::uuid AND status IN ('OPEN', 'RUNNING')`,
      [playerId],
    );
    return rows[0]!.n;
  }

  async entries(tournamentId: string): Promise<EntryRecord[]> {
    const { rows } = await this.prisma.pool.query<{
      player_id: string;
      username: string;
      seed: number | null;
      joined_at: Date;
      withdrawn_at: Date | null;
      rating: number | null;
      gone: boolean;
    }>(
      `SELECT e.player_id, p.username, e.seed, e.joined_at, e.withdrawn_at, r.rating,
              (p.deleted_at IS NOT NULL OR p.disabled_at IS NOT NULL) AS gone
         FROM tournament_entries e
         JOIN tournaments t ON t.id = e.tournament_id
         JOIN players p ON p.id = e.player_id
         LEFT JOIN ratings r ON r.player_id = e.player_id AND r.preset = t.preset
        WHERE e.tournament_id = $1::uuid
        ORDER BY e.seed NULLS LAST, e.joined_at, e.player_id`,
      [tournamentId],
    );
    return rows.map((row) => ({
      playerId: row.player_id,
      username: row.username,
      seed: row.seed,
      joinedAt: row.joined_at,
      withdrawnAt: row.withdrawn_at,
      rating: row.rating,
      gone: row.gone,
    }));
  }

  /**
   * Joins under the tournament's lock: `decide` sees the status, the count and whether the player is in already,
   * and says whether they may (a refusal is thrown by it). Joining while in changes nothing.
   */
  async join(
    tournamentId: string,
    playerId: string,
    at: Date,
    decide: (facts: { status: TournamentStatus; entrants: number; alreadyIn: boolean }) => void,
  ): Promise<void> {
    await transaction(this.prisma.pool, async (client) => {
      const facts = await lockedFacts(client, tournamentId, playerId);
      decide(facts);
      if (facts.alreadyIn) return;
      await client.query(
        `INSERT INTO tournament_entries (tournament_id, player_id, joined_at) VALUES ($1::uuid, $2::uuid, $3)`,
        [tournamentId, playerId, at],
      );
    });
  }

  /**
   * Leaves: before the start the entry goes; once it runs the entry stays (its results count) and is marked
   * withdrawn. Answers whether it changed anything and whether the tournament runs.
   */
  async withdraw(tournamentId: string, playerId: string, at: Date): Promise<'left' | 'withdrawn' | 'notIn'> {
    return transaction(this.prisma.pool, async (client) => {
      const facts = await lockedFacts(client, tournamentId, playerId);
      if (!facts.alreadyIn) return 'notIn';
      if (facts.status === 'OPEN') {
        await client.query(
          'DELETE FROM tournament_entries WHERE tournament_id = $1::uuid AND player_id = $2::uuid',
          [tournamentId, playerId],
        );
        return 'left';
      }
      if (facts.status !== 'RUNNING') return 'notIn';
      const { rowCount } = await client.query(
        `UPDATE tournament_entries SET withdrawn_at = $3
          WHERE tournament_id = $1::uuid AND player_id = $2::uuid AND withdrawn_at IS NULL`,
        [tournamentId, playerId, at],
      );
      return rowCount === 1 ? 'withdrawn' : 'notIn';
    });
  }

  /** The running games of a player in a tournament (a withdrawal resigns them). */
  async runningGamesOf(tournamentId: string, playerId: string): Promise<string[]> {
    const { rows } = await this.prisma.pool.query<{ game_id: string }>(
      `SELECT b.game_id FROM tournament_pairings b JOIN games g ON g.id = b.game_id
        WHERE b.tournament_id = $1::uuid AND $2::uuid IN (b.first_id, b.second_id)
          AND g.status IN ('WAITING', 'ACTIVE')`,
      [tournamentId, playerId],
    );
    return rows.map((row) => row.game_id);
  }

  /** Every board so far, with its game's state and result, by round and board. */
  async boards(tournamentId: string): Promise<BoardRecord[]> {
    const { rows } = await this.prisma.pool.query<{
      round: number;
      board: number;
      first_id: string;
      second_id: string | null;
      game_id: string | null;
      status: string | null;
      first_outcome: string | null;
      second_outcome: string | null;
    }>(
      `SELECT b.round, b.board, b.first_id, b.second_id, b.game_id, g.status,
              (SELECT s.outcome FROM game_players s WHERE s.game_id = b.game_id AND s.player_id = b.first_id) AS first_outcome,
              (SELECT s.outcome FROM game_players s WHERE s.game_id = b.game_id AND s.player_id = b.second_id) AS second_outcome
         FROM tournament_pairings b LEFT JOIN games g ON g.id = b.game_id
        WHERE b.tournament_id = $1::uuid
        ORDER BY b.round, b.board`,
      [tournamentId],
    );
    return rows.map((row) => {
      const over = row.second_id === null || row.status === 'FINISHED' || row.status === 'ABORTED';
      return {
        round: row.round,
        board: row.board,
        first: row.first_id,
        second: row.second_id,
        gameId: row.game_id,
        gameStatus: row.status,
        over,
        result: row.status === 'FINISHED' ? resultOf(row.first_outcome, row.second_outcome) : null,
      };
    });
  }

  /**
   * Starts round `round` (the first one also fixes the seeds and sets the tournament running): claimed by raising
   * `current_round` from the round before, with its boards stored in the same transaction. False when another copy
   * claimed it first.
   */
  async startRound(
    tournamentId: string,
    round: number,
    boards: readonly Board[],
    seeds: ReadonlyMap<string, number> | null,
    at: Date,
  ): Promise<boolean> {
    return transaction(this.prisma.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE tournaments SET current_round = $2, status = 'RUNNING', started_at = coalesce(started_at, $3)
          WHERE id = $1::uuid AND current_round = $2 - 1 AND status IN ('OPEN', 'RUNNING')`,
        [tournamentId, round, at],
      );
      if (rowCount !== 1) return false;
      if (seeds !== null) {
        await client.query(
          `UPDATE tournament_entries e SET seed = s.seed
             FROM unnest($2::uuid[], $3::int[]) AS s(player_id, seed)
            WHERE e.tournament_id = $1::uuid AND e.player_id = s.player_id`,
          [tournamentId, [...seeds.keys()], [...seeds.values()]],
        );
      }
      await client.query(
        `INSERT INTO tournament_pairings (tournament_id, round, board, first_id, second_id)
         SELECT $1::uuid, $2, b.board, b.first_id, b.second_id
           FROM unnest($3::int[], $4::uuid[], $5::uuid[]) AS b(board, first_id, second_id)`,
        [
          tournamentId,
          round,
          boards.map((_, index) => index + 1),
          boards.map((board) => board.first),
          boards.map((board) => board.second),
        ],
      );
      return true;
    });
  }

  /** The boards of a round that wait for their game (two players, no game yet). */
  async boardsWithoutGame(
    tournamentId: string,
    round: number,
  ): Promise<{ board: number; first: string; second: string }[]> {
    const { rows } = await this.prisma.pool.query<{ board: number; first_id: string; second_id: string }>(
      `SELECT board, first_id, second_id FROM tournament_pairings
        WHERE tournament_id = $1::uuid AND round = $2 AND second_id IS NOT NULL AND game_id IS NULL ORDER BY board`,
      [tournamentId, round],
    );
    return rows.map((row) => ({ board: row.board, first: row.first_id, second: row.second_id }));
  }

  /**
   * Links a board to its new game, inside the game's creation (the game handler's `alongside`): a board that has a
   * game already throws, so the creation rolls back and the board keeps its one game.
   */
  linkGame(
    tournamentId: string,
    round: number,
    board: number,
    gameId: string,
  ): (client: PoolClient) => Promise<void> {
    return async (client) => {
      const { rowCount } = await client.query(
        `UPDATE tournament_pairings SET game_id = $4::uuid
          WHERE tournament_id = $1::uuid AND round = $2 AND board = $3 AND game_id IS NULL`,
        [tournamentId, round, board, gameId],
      );
      if (rowCount !== 1) throw new BoardTaken(tournamentId, round, board);
    };
  }

  /** An open tournament starts now (its organiser said so): the director starts it on its next look. */
  async startNow(tournamentId: string, at: Date): Promise<void> {
    await this.prisma.pool.query(
      `UPDATE tournaments SET starts_at = $2 WHERE id = $1::uuid AND status = 'OPEN'`,
      [tournamentId, at],
    );
  }

  /** Ends a running tournament (or calls off an open one), once. */
  async end(tournamentId: string, status: 'FINISHED' | 'CANCELLED', at: Date): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      `UPDATE tournaments SET status = $2, finished_at = $3
        WHERE id = $1::uuid AND status IN ('OPEN', 'RUNNING')`,
      [tournamentId, status, at],
    );
    return rowCount === 1;
  }

  /**
   * The tournaments the director looks at: every running one, and open ones whose time came. (A full one starts in
   * the request of the join that filled it.) One table only: a periodic statement that locks no second table cannot
   * deadlock with a restore's TRUNCATE of every table (src/backup/restore.ts) on a live database.
   */
  async due(now: Date, limit: number): Promise<string[]> {
    const { rows } = await this.prisma.pool.query<{ id: string }>(
      `SELECT id FROM tournaments
        WHERE status = 'RUNNING' OR (status = 'OPEN' AND starts_at <= $1)
        ORDER BY starts_at, id LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }

  /** The tournament a game belongs to, with its round; null for a game of none. */
  async ofGame(gameId: string): Promise<{ id: string; name: string; round: number } | null> {
    const { rows } = await this.prisma.pool.query<{ id: string; name: string; round: number }>(
      `SELECT t.id, t.name, b.round FROM tournament_pairings b JOIN tournaments t ON t.id = b.tournament_id
        WHERE b.game_id = $1::uuid`,
      [gameId],
    );
    return rows[0] ?? null;
  }
}

/** A board already has its game: the creation that asked is rolled back. */
export class BoardTaken extends Error {
  constructor(tournamentId: string, round: number, board: number) {
    super(`board ${board} of round ${round} of tournament ${tournamentId} has its game already`);
  }
}

async function lockedFacts(
  client: Pick<PoolClient, 'query'>,
  tournamentId: string,
  playerId: string,
): Promise<{ status: TournamentStatus; entrants: number; alreadyIn: boolean }> {
  const { rows } = await client.query<{ status: string; entrants: number; already_in: boolean }>(
    `SELECT t.status,
            (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id) AS entrants,
            EXISTS (SELECT 1 FROM tournament_entries e WHERE e.tournament_id = t.id AND e.player_id = $2::uuid
                       AND e.withdrawn_at IS NULL) AS already_in
       FROM tournaments t WHERE t.id = $1::uuid FOR UPDATE`,
    [tournamentId, playerId],
  );
  const row = rows[0];
  if (row === undefined) throw new TournamentMissing();
  return {
    status: known(TOURNAMENT_STATUSES, row.status),
    entrants: row.entrants,
    alreadyIn: row.already_in,
  };
}

/** No tournament has the id asked for. */
export class TournamentMissing extends Error {
  constructor() {
    super('no such tournament');
  }
}

function toTournament(row: TournamentRow): TournamentRecord {
  return {
    id: row.id,
    name: row.name,
    format: known(TOURNAMENT_FORMATS, row.format),
    preset: known(PRESET_NAMES, row.preset),
    rated: row.rated,
    secondsPerMove: row.seconds_per_move,
    minPlayers: row.min_players,
    maxPlayers: row.max_players,
    rounds: row.rounds,
    maxTimeoutRate: row.max_timeout_rate,
    vacationPauses: row.vacation_pauses,
    startsAt: row.starts_at,
    status: known(TOURNAMENT_STATUSES, row.status),
    currentRound: row.current_round,
    createdById: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    entrants: row.entrants,
  };
}

function known<const V extends string>(list: readonly V[], value: string): V {
  if (!(list as readonly string[]).includes(value)) throw new Error(`unknown tournament value ${value}`);
  return value as V;
}
