/**
 * `ratings` (docs/architecture.md, "Who writes what"): the only code that writes the table — a rated game's rating
 * updates, inside the transaction of the move that finished it (docs/api/ratings-and-history.md#ratings;
 * called by src/games/persistence/sql/finish.ts through FinishRatings, bound in RatingsModule, and it records
 * each seat's change), the bulk path that stores ratings computed elsewhere from the same rules (seed:demo's
 * ledger), and the erasure of a deleted account's ratings — and the reads of ratings, statistics,
 * leaderboards, rating histories and head-to-head records (their SQL: src/ratings/sql/ratings-sql.ts).
 */
import { Injectable } from '@nestjs/common';
import type { ClientBase, Pool, PoolClient } from 'pg';
import { Replicas } from '../db/replicas';
import type { PresetName } from '../engine';
import type { RatingChange, SeatOutcome } from '../games/domain/finish';
import { PLAYER_FIELDS, type PlayerRecord } from '../players/players.repository';
import { PrismaService } from '../prisma/prisma.service';
import { NEW_PLAYER, Rating } from './glicko2';
import { ratingChanges } from './rating-changes';
import {
  HistoryCursor,
  LeaderboardCursor,
  LeaderboardScope,
  headToHeadSql,
  leaderboardRankSql,
  leaderboardSql,
  ratingHistorySql,
  statsSql,
} from './sql/ratings-sql';

// New players' rows are inserted in player id order, and the rows are then locked in that order: two games
// finishing at once with players in common wait for each other instead of deadlocking.
const ENSURE_RATINGS = `
  INSERT INTO ratings (player_id, preset, rating, deviation, volatility, games, updated_at)
  SELECT id, $2, $3, $4, $5, 0, $6 FROM unnest($1::uuid[]) AS id ORDER BY id
  ON CONFLICT (player_id, preset) DO NOTHING`;

const LOCK_RATINGS = `
  SELECT player_id, rating, deviation, volatility FROM ratings
   WHERE preset = $2 AND player_id = ANY($1::uuid[])
   ORDER BY player_id FOR UPDATE`;

const UPDATE_RATINGS = `
  UPDATE ratings AS r
     SET rating = c.rating, deviation = c.deviation, volatility = c.volatility, games = r.games + 1,
         updated_at = $3
    FROM unnest($1::uuid[], $4::float8[], $5::float8[], $6::float8[]) AS c(player_id, rating, deviation, volatility)
   WHERE r.player_id = c.player_id AND r.preset = $2`;

/** One `ratings` row: a player's current rating in one preset. */
export interface RatingRecord {
  readonly playerId: string;
  readonly preset: PresetName;
  readonly rating: Rating;
  /** Rated games played in the preset. */
  readonly games: number;
  /** When the last of them finished. */
  readonly updatedAt: Date;
}

/**
 * Stores whole rating rows as given (seed:demo, inside its chunk's transaction: the rows were computed by the
 * same Glicko-2 updates, one game at a time, from the ratings stored before the run).
 */
export async function storeRatings(client: ClientBase, rows: readonly RatingRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO ratings (player_id, preset, rating, deviation, volatility, games, updated_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::int[],
                          $7::timestamptz[])
     ON CONFLICT (player_id, preset) DO UPDATE
        SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility,
            games = EXCLUDED.games, updated_at = EXCLUDED.updated_at`,
    [
      rows.map((row) => row.playerId),
      rows.map((row) => row.preset),
      rows.map((row) => row.rating.rating),
      rows.map((row) => row.rating.deviation),
      rows.map((row) => row.rating.volatility),
      rows.map((row) => row.games),
      rows.map((row) => row.updatedAt),
    ],
  );
}

/**
 * Rates a finished game in `preset`: each player's rating row is made if missing, locked, and updated by the
 * game's outcomes. Answers each player's change (before and after), for the seats' record.
 */
export async function rateFinishedGame(
  client: PoolClient,
  preset: string,
  outcomes: readonly SeatOutcome[],
  now: Date,
): Promise<RatingChange[]> {
  const ids = outcomes.map((o) => o.playerId);
  await client.query(ENSURE_RATINGS, [
    ids,
    preset,
    NEW_PLAYER.rating,
    NEW_PLAYER.deviation,
    NEW_PLAYER.volatility,
    now,
  ]);
  const locked = await client.query<{
    player_id: string;
    rating: number;
    deviation: number;
    volatility: number;
  }>(LOCK_RATINGS, [ids, preset]);
  const before = new Map<string, Rating>(
    locked.rows.map((row) => [
      row.player_id,
      { rating: row.rating, deviation: row.deviation, volatility: row.volatility },
    ]),
  );
  const changes = ratingChanges(outcomes, before);
  const column = (pick: (change: RatingChange) => number): number[] => changes.map(pick);
  await client.query(UPDATE_RATINGS, [
    changes.map((c) => c.playerId),
    preset,
    now,
    column((c) => c.after.rating),
    column((c) => c.after.deviation),
    column((c) => c.after.volatility),
  ]);
  return changes;
}

/**
 * Erases a deleted account's ratings (docs/api/players-and-accounts.md#deleteaccount): it leaves every
 * leaderboard. Its seats keep their rating changes, which are part of the other players' games.
 */
export async function eraseRatingsOf(client: ClientBase, playerId: string): Promise<void> {
  await client.query('DELETE FROM ratings WHERE player_id = $1::uuid', [playerId]);
}

/** A stored rating of one preset, as read. */
export interface StoredRating {
  readonly preset: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
}

/** A player's finished games in one preset, as `statsSql` counts them. */
export interface StatsRow {
  readonly preset: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly average_score: number | null;
}

/** One leaderboard row. */
export interface LeaderboardRow {
  readonly player_id: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
}

/** One rated game of a player's history. */
export interface HistoryRow {
  readonly game_id: string;
  readonly finished_at: Date;
  readonly outcome: 'WIN' | 'LOSS' | 'DRAW';
  readonly rating_before: number;
  readonly rating_after: number;
  readonly deviation_before: number;
  readonly deviation_after: number;
}

/** Two players' record together, from the first one's side. */
export interface HeadToHeadRow {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/**
 * The reads of this repository go to a read replica when one is usable, and may then be late by its lag
 * (docs/scaling.md#read-replicas): leaderboards, statistics, rating histories, head-to-head records. A player's own
 * current ratings (`ratingsOf`) and the players of a page stay on the primary.
 */
@Injectable()
export class RatingsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly replicas: Replicas,
  ) {}

  /** The player's stored ratings (a preset never played rated has none). */
  async ratingsOf(playerId: string): Promise<StoredRating[]> {
    return this.prisma.rating.findMany({ where: { playerId } });
  }

  async statsOf(playerId: string): Promise<StatsRow[]> {
    const statement = statsSql(playerId);
    return this.replicas.read(
      async (db) => (await db.query<StatsRow>(statement.text, statement.values)).rows,
    );
  }

  /**
   * `first + 1` rows of the board from after `after` (leaderboardSql), and how many of the board's ratings rank
   * above `after` or are it (leaderboardRankSql; 0 for the first page): both from one server, so the ranks agree
   * with the rows.
   */
  async leaderboard(
    preset: PresetName,
    first: number,
    after: LeaderboardCursor | undefined,
    scope: LeaderboardScope,
  ): Promise<{ rows: LeaderboardRow[]; ahead: number }> {
    const statement = leaderboardSql(preset, first, after, scope);
    const rank = after === undefined ? null : leaderboardRankSql(preset, after, scope);
    return this.replicas.read(async (db: Pool) => {
      const { rows } = await db.query<LeaderboardRow>(statement.text, statement.values);
      const ahead =
        rank === null ? 0 : ((await db.query<{ ahead: number }>(rank.text, rank.values)).rows[0]?.ahead ?? 0);
      return { rows, ahead };
    });
  }

  /** `first + 1` of the player's rated games in `preset`, newest first, from after `after` (ratingHistorySql). */
  async history(
    playerId: string,
    preset: PresetName,
    first: number,
    after: HistoryCursor | undefined,
  ): Promise<HistoryRow[]> {
    const statement = ratingHistorySql(playerId, preset, first, after);
    return this.replicas.read(
      async (db) => (await db.query<HistoryRow>(statement.text, statement.values)).rows,
    );
  }

  /** The record of `playerId` against `opponentId` (headToHeadSql); undefined when the statement answered none. */
  async headToHead(
    playerId: string,
    opponentId: string,
    preset?: PresetName,
  ): Promise<HeadToHeadRow | undefined> {
    const statement = headToHeadSql(playerId, opponentId, preset);
    return this.replicas.read(
      async (db) => (await db.query<HeadToHeadRow>(statement.text, statement.values)).rows[0],
    );
  }

  /** The players with these ids (a leaderboard page's), by id. */
  async playersById(ids: readonly string[]): Promise<Map<string, PlayerRecord>> {
    const players = await this.prisma.player.findMany({
      where: { id: { in: [...ids] } },
      select: PLAYER_FIELDS,
    });
    return new Map(players.map((player) => [player.id, player]));
  }
}
