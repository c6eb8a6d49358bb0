/**
 * Reading ratings, statistics, leaderboards, rating histories and head-to-head records, through
 * src/ratings/ratings.repository.ts. Writing ratings happens only in the transaction of a finishing move
 * (src/games/persistence/sql/finish.ts calls the repository's rateFinishedGame).
 */
import { Injectable } from '@nestjs/common';
import { PRESET_NAMES, PresetName } from '../engine';
import { ApiError } from '../errors/api-error';
import { isUuid } from '../common/ids';
import { cursorParts, cursorTime, encodeCursor, notACursor } from '../graphql/cursor';
import { PlayersService, type PlayerRecord } from '../players/players.service';
import { NEW_PLAYER, isProvisional } from './glicko2';
import { RatingsRepository } from './ratings.repository';
import type { HistoryCursor, LeaderboardCursor, LeaderboardScope } from './sql/ratings-sql';

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
    private readonly ratings: RatingsRepository,
    private readonly players: PlayersService,
  ) {}

  /** One rating per preset; a preset the player never played rated shows the new-player rating. */
  async ratingsOf(playerId: string): Promise<PresetRating[]> {
    const rows = await this.ratings.ratingsOf(playerId);
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
    const rows = await this.ratings.statsOf(playerId);
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
    const { rows, ahead } = await this.ratings.leaderboard(preset, first, cursor, scope);
    const page = rows.slice(0, first);
    const players = await this.ratings.playersById(page.map((row) => row.player_id));
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
    const rows = await this.ratings.history(player.id, preset, first, cursor);
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
    const row = (await this.ratings.headToHead(player.id, opponent.id, preset)) ?? {
      games: 0,
      wins: 0,
      losses: 0,
      draws: 0,
    };
    return { player, opponent, ...row };
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
