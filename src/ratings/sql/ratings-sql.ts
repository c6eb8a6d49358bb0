/**
 * The SQL of ratings, leaderboards, rating history, statistics and head-to-head records, which
 * src/ratings/ratings.repository.ts runs. Nest-free so that bench:history can EXPLAIN exactly what the service runs.
 * Pages are keyset-paginated on columns that identify a row for good, best or newest first.
 */
import type { SqlStatement } from '../../games/persistence/games-list';

/** Lichess's threshold: a rating is provisional while its deviation is at least this. */
export const PROVISIONAL_DEVIATION = 110;

export interface LeaderboardCursor {
  readonly rating: number;
  readonly playerId: string;
}

/**
 * Which ratings a leaderboard lists: established ones only (the default), or provisional ones too. Deleted
 * accounts are never listed (their ratings are erased with them; a game that goes on after they resigned may
 * still rate their seat when it ends).
 */
export interface LeaderboardScope {
  readonly includeProvisional: boolean;
}

const ESTABLISHED: LeaderboardScope = { includeProvisional: false };

/** The board's WHERE conditions after the preset ($1), with their values from $2 on. */
function boardConditions(scope: LeaderboardScope): { text: string; values: unknown[] } {
  const live =
    'AND NOT EXISTS (SELECT 1 FROM players p WHERE p.id = r.player_id AND p.deleted_at IS NOT NULL)';
  return scope.includeProvisional
    ? { text: live, values: [] }
    : { text: `AND r.deviation < $2 ${live}`, values: [PROVISIONAL_DEVIATION] };
}

/**
 * One leaderboard page, best first (ties by player id), `first + 1` rows. The redundant `rating <= cursor` bound
 * lets ratings_leaderboard_idx (established ratings) start the scan at the cursor.
 */
export function leaderboardSql(
  preset: string,
  first: number,
  after?: LeaderboardCursor,
  scope: LeaderboardScope = ESTABLISHED,
): SqlStatement {
  const board = boardConditions(scope);
  const values: unknown[] = [preset, ...board.values];
  let keyset = '';
  if (after !== undefined) {
    values.push(after.rating, after.playerId);
    const rating = `$${values.length - 1}`;
    keyset = `AND r.rating <= ${rating} AND (r.rating < ${rating} OR r.player_id > $${values.length}::uuid)`;
  }
  values.push(first + 1);
  return {
    text: `SELECT r.player_id, r.rating, r.deviation, r.volatility, r.games
  FROM ratings r
 WHERE r.preset = $1 ${board.text} ${keyset}
 ORDER BY r.rating DESC, r.player_id ASC
 LIMIT $${values.length}::int`,
    values,
  };
}

/** How many of the board's ratings rank above the cursor's row or are it: the rank of the next page's first row − 1. */
export function leaderboardRankSql(
  preset: string,
  after: LeaderboardCursor,
  scope: LeaderboardScope = ESTABLISHED,
): SqlStatement {
  const board = boardConditions(scope);
  const values: unknown[] = [preset, ...board.values, after.rating, after.playerId];
  const rating = `$${values.length - 1}`;
  return {
    text: `SELECT count(*)::int AS ahead FROM ratings r
 WHERE r.preset = $1 ${board.text} AND r.rating >= ${rating} AND (r.rating > ${rating} OR r.player_id <= $${values.length}::uuid)`,
    values,
  };
}

export interface HistoryCursor {
  readonly finishedAt: Date;
  readonly gameId: string;
}

/** A player's rated games in one preset with the rating before and after each, newest first. */
export function ratingHistorySql(
  playerId: string,
  preset: string,
  first: number,
  after?: HistoryCursor,
): SqlStatement {
  const values: unknown[] = [playerId, preset];
  let keyset = '';
  if (after !== undefined) {
    values.push(after.finishedAt, after.gameId);
    keyset = 'AND (gp.finished_at, gp.game_id) < ($3, $4::uuid)';
  }
  values.push(first + 1);
  return {
    text: `SELECT gp.game_id, gp.finished_at, gp.outcome, gp.rating_before, gp.rating_after,
       gp.deviation_before, gp.deviation_after
  FROM game_players gp JOIN games g ON g.id = gp.game_id
 WHERE gp.player_id = $1::uuid AND gp.finished_at IS NOT NULL AND gp.rating_after IS NOT NULL
   AND g.preset = $2 ${keyset}
 ORDER BY gp.finished_at DESC, gp.game_id DESC
 LIMIT $${values.length}::int`,
    values,
  };
}

/** Finished games, wins, losses, draws and average score per preset (rated and unrated alike). */
export function statsSql(playerId: string): SqlStatement {
  return {
    text: `SELECT g.preset, count(*)::int AS games,
       (count(*) FILTER (WHERE gp.outcome = 'WIN'))::int AS wins,
       (count(*) FILTER (WHERE gp.outcome = 'LOSS'))::int AS losses,
       (count(*) FILTER (WHERE gp.outcome = 'DRAW'))::int AS draws,
       avg(gp.score)::float8 AS average_score
  FROM game_players gp JOIN games g ON g.id = gp.game_id
 WHERE gp.player_id = $1::uuid AND gp.finished_at IS NOT NULL
 GROUP BY g.preset`,
    values: [playerId],
  };
}

/**
 * Two players' finished games together, from the first one's side: a win when they placed better than the
 * opponent, a draw when level (in two-player games that is the game's own outcome).
 */
export function headToHeadSql(playerId: string, opponentId: string, preset?: string): SqlStatement {
  const values: unknown[] = [playerId, opponentId];
  let presetCondition = '';
  if (preset !== undefined) {
    values.push(preset);
    presetCondition = 'AND g.preset = $3';
  }
  return {
    text: `SELECT count(*)::int AS games,
       (count(*) FILTER (WHERE a.placement < b.placement))::int AS wins,
       (count(*) FILTER (WHERE a.placement > b.placement))::int AS losses,
       (count(*) FILTER (WHERE a.placement = b.placement))::int AS draws
  FROM game_players a
  JOIN game_players b ON b.game_id = a.game_id AND b.player_id = $2::uuid
  JOIN games g ON g.id = a.game_id
 WHERE a.player_id = $1::uuid AND a.finished_at IS NOT NULL ${presetCondition}`,
    values,
  };
}
