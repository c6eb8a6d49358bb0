/**
 * Reading ratings, statistics, leaderboards, rating histories and head-to-head records. Writing ratings happens
 * only in the transaction of a finishing move (src/games/persistence/finish-sql.ts).
 */
import { Injectable } from '@nestjs/common';
import { PRESET_NAMES, PresetName } from '../engine';
import { ApiError } from '../errors/api-error';
import { isUuid } from '../common/ids';
import { cursorParts, cursorTime, encodeCursor, notACursor } from '../common/cursor';
import { PrismaService } from '../prisma/prisma.service';
import { PLAYER_FIELDS, PlayersService, type PlayerRecord } from '../players/players.service';
import { NEW_PLAYER, isProvisional } from './glicko2';
import {
  HistoryCursor,
  LeaderboardCursor,
  LeaderboardScope,
  headToHeadSql,
  leaderboardRankSql,
  leaderboardSql,
  ratingHistorySql,
  statsSql,
} from './ratings-sql';

export interface PresetRating {
  readonly preset: PresetName;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly provisional: boolean;
  readonly games: number;
}

export interface PresetStats {
  readonly preset: PresetName;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly averageScore: number;
}

export interface Page<T> {
  readonly entries: readonly { readonly cursor: string; readonly node: T }[];
  readonly hasNextPage: boolean;
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly player: PlayerRecord;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  readonly provisional: boolean;
}

export interface RatingHistoryEntry {
  readonly gameId: string;
  readonly finishedAt: Date;
  readonly outcome: 'WIN' | 'LOSS' | 'DRAW';
  readonly ratingBefore: number;
  readonly ratingAfter: number;
  readonly deviationBefore: number;
  readonly deviationAfter: number;
}

export interface HeadToHead {
  readonly player: PlayerRecord;
  readonly opponent: PlayerRecord;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

@Injectable()
export class RatingsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly players: PlayersService,
  ) {}

  /** One rating per preset; a preset the player never played rated shows the new-player rating. */
  async ratingsOf(playerId: string): Promise<PresetRating[]> {
    const rows = await this.prisma.rating.findMany({ where: { playerId } });
    return PRESET_NAMES.map((preset) => {
      const row = rows.find((candidate) => candidate.preset === preset);
      const rating = row ?? { ...NEW_PLAYER, games: 0 };
      return {
        preset,
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
        provisional: isProvisional(rating),
        games: rating.games,
      };
    });
  }

  async statsOf(playerId: string): Promise<PresetStats[]> {
    const statement = statsSql(playerId);
    const { rows } = await this.prisma.pool.query<{
      preset: string;
      games: number;
      wins: number;
      losses: number;
      draws: number;
      average_score: number | null;
    }>(statement.text, statement.values);
    return PRESET_NAMES.map((preset) => {
      const row = rows.find((candidate) => candidate.preset === preset);
      return {
        preset,
        games: row?.games ?? 0,
        wins: row?.wins ?? 0,
        losses: row?.losses ?? 0,
        draws: row?.draws ?? 0,
        averageScore: row?.average_score ?? 0,
      };
    });
  }

  async leaderboard(
    preset: PresetName,
    first: number,
    after?: string,
    scope: LeaderboardScope = { includeProvisional: false },
  ): Promise<Page<LeaderboardEntry>> {
    const cursor = after === undefined ? undefined : decodeLeaderboardCursor(after);
    const statement = leaderboardSql(preset, first, cursor, scope);
    const { rows } = await this.prisma.pool.query<{
      player_id: string;
      rating: number;
      deviation: number;
      volatility: number;
      games: number;
    }>(statement.text, statement.values);
    let ahead = 0;
    if (cursor !== undefined) {
      const rank = leaderboardRankSql(preset, cursor, scope);
      ahead = (await this.prisma.pool.query<{ ahead: number }>(rank.text, rank.values)).rows[0]?.ahead ?? 0;
    }
    const page = rows.slice(0, first);
    const players = await this.playersById(page.map((row) => row.player_id));
    return {
      entries: page.map((row, index) => ({
        cursor: encodeLeaderboardCursor({ rating: row.rating, playerId: row.player_id }),
        node: {
          rank: ahead + index + 1,
          player: players.get(row.player_id)!,
          rating: row.rating,
          deviation: row.deviation,
          games: row.games,
          provisional: isProvisional(row),
        },
      })),
      hasNextPage: rows.length > first,
    };
  }

  async ratingHistory(
    username: string,
    preset: PresetName,
    first: number,
    after?: string,
  ): Promise<Page<RatingHistoryEntry>> {
    const player = await this.players.named(username);
    const cursor = after === undefined ? undefined : decodeHistoryCursor(after);
    const statement = ratingHistorySql(player.id, preset, first, cursor);
    const { rows } = await this.prisma.pool.query<{
      game_id: string;
      finished_at: Date;
      outcome: 'WIN' | 'LOSS' | 'DRAW';
      rating_before: number;
      rating_after: number;
      deviation_before: number;
      deviation_after: number;
    }>(statement.text, statement.values);
    return {
      entries: rows.slice(0, first).map((row) => ({
        cursor: encodeHistoryCursor({ finishedAt: row.finished_at, gameId: row.game_id }),
        node: {
          gameId: row.game_id,
          finishedAt: row.finished_at,
          outcome: row.outcome,
          ratingBefore: row.rating_before,
          ratingAfter: row.rating_after,
          deviationBefore: row.deviation_before,
          deviationAfter: row.deviation_after,
        },
      })),
      hasNextPage: rows.length > first,
    };
  }

  async headToHead(username: string, opponentName: string, preset?: PresetName): Promise<HeadToHead> {
    const player = await this.players.named(username);
    const opponent = await this.players.named(opponentName);
    if (player.id === opponent.id) {
      throw new ApiError('BAD_USER_INPUT', 'a head-to-head record needs two different players');
    }
    const statement = headToHeadSql(player.id, opponent.id, preset);
    const { rows } = await this.prisma.pool.query<{
      games: number;
      wins: number;
      losses: number;
      draws: number;
    }>(statement.text, statement.values);
    const row = rows[0] ?? { games: 0, wins: 0, losses: 0, draws: 0 };
    return { player, opponent, ...row };
  }

  private async playersById(ids: readonly string[]): Promise<Map<string, PlayerRecord>> {
    const players = await this.prisma.player.findMany({
      where: { id: { in: [...ids] } },
      select: PLAYER_FIELDS,
    });
    return new Map(players.map((player) => [player.id, player]));
  }
}

function encodeLeaderboardCursor(cursor: LeaderboardCursor): string {
  return encodeCursor([String(cursor.rating), cursor.playerId]);
}

function decodeLeaderboardCursor(text: string): LeaderboardCursor {
  const [rating, playerId] = cursorParts(text, [2], 'leaderboard') as [string, string];
  const value = Number(rating);
  if (!isUuid(playerId) || rating === '' || !Number.isFinite(value)) throw notACursor('leaderboard');
  return { rating: value, playerId };
}

function encodeHistoryCursor(cursor: HistoryCursor): string {
  return encodeCursor([cursor.finishedAt.toISOString(), cursor.gameId]);
}

function decodeHistoryCursor(text: string): HistoryCursor {
  const [time, gameId] = cursorParts(text, [2], 'history') as [string, string];
  const finishedAt = cursorTime(time);
  if (finishedAt === null || !isUuid(gameId)) throw notACursor('history');
  return { finishedAt, gameId };
}
