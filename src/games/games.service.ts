/**
 * The games as this copy reads them: a game by id (its row, and its seats read once they are fixed), its folded
 * state, its move log, and the games lists. Every change to a game goes through GameHandler
 * (src/games/write/game-handler.ts); the fairness check of a game that is over is GameVerifier's
 * (src/export/game-verifier.ts). This service writes nothing.
 */
import { Injectable } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { PlayersService } from '../players/players.service';
import { isUuid } from '../common/ids';
import { GamesRepository } from './persistence/games.repository';
import { FoldedGame, GameStore } from './persistence/game-store';
import type { StoredEvent } from './domain/stored-event';
import { GamesListQuery, decodeListCursor, encodeListCursor, listOrder } from './persistence/games-list';
import type { GameRecord } from './domain/game-record';

export type { GameRecord } from './domain/game-record';

export type { CreateGameRequest } from './domain/creation';

export interface GamesPage {
  readonly games: GameRecord[];
  readonly cursors: string[];
  readonly hasNextPage: boolean;
}

/** A games list request: the filter with usernames still unresolved, and the raw cursor. */
export interface GamesQuery extends Omit<GamesListQuery, 'playerId' | 'opponentId' | 'after'> {
  readonly player?: string;
  readonly opponent?: string;
  readonly after?: string;
}

@Injectable()
export class GamesService {
  constructor(
    private readonly repository: GamesRepository,
    private readonly store: GameStore,
    private readonly players: PlayersService,
  ) {}

  /**
   * The game row with its players. Once a game is dealt its seats never change, so they are read once and kept;
   * later reads fetch the row alone.
   */
  async get(gameId: string): Promise<GameRecord> {
    const game = await this.find(gameId);
    if (game === null) throw new ApiError('NOT_FOUND', 'no such game');
    return game;
  }

  /** The game with its players, or null when no game has this id (a malformed id included). */
  async find(gameId: string): Promise<GameRecord | null> {
    if (!isUuid(gameId)) return null;
    const seated = this.dealtSeats(gameId);
    if (seated !== undefined) {
      const row = await this.repository.row(gameId);
      if (row === null) return null;
      // The seats as remembered now, not before the read: a seat amended meanwhile (its account deleted, announced
      // by another copy) must not be put back as it was.
      const seats = this.dealtSeats(gameId) ?? seated;
      // The seats gain their outcomes when the game finishes (perhaps through another app copy): read them then.
      const current = row.status !== 'FINISHED' || seats.every((seat) => seat.finishedAt !== null);
      if (current) return this.known({ ...row, players: seats });
    }
    const game = await this.repository.withPlayers(gameId);
    if (game === null) return null;
    return this.known(game);
  }

  /** The seats of a dealt game as this copy last saw them: they never change but for the finish and bot versions. */
  private dealtSeats(gameId: string): GameRecord['players'] | undefined {
    const cached = this.store.peek(gameId).row;
    return cached !== undefined && cached.status !== 'WAITING' && cached.startedAt !== null
      ? cached.players
      : undefined;
  }

  /** Records the latest row this copy of the app has seen of a game (the move path starts from it). */
  private known(game: GameRecord): GameRecord {
    // Monotonic by version: a row read before another move committed never replaces the newer one.
    return this.store.rememberRow(game);
  }

  async folded(game: GameRecord): Promise<FoldedGame> {
    return this.store.folded(game);
  }

  /**
   * The log's events after seq `after`, at most `count`, up to the game's version as read (the log holds exactly
   * `version` events), from its rows or its archive: the move history is read from the log, never cached.
   */
  async moves(game: GameRecord, after: number, count: number): Promise<StoredEvent[]> {
    const upTo = Math.min(game.version, after + count);
    return upTo <= after ? [] : this.repository.log(game.id, after, upTo);
  }

  /**
   * Shows a deleted account as deleted in the games this copy remembers (their seats are read once and kept).
   */
  accountDeleted(playerId: string, deletedAt: Date): void {
    this.store.playerDeleted(playerId, deletedAt);
  }

  /** A guest kept its account under `username`: the games this copy remembers show the new name. */
  guestKept(playerId: string, username: string): void {
    this.store.guestKept(playerId, username);
  }

  async list(query: GamesQuery): Promise<GamesPage> {
    const { player, opponent, after, ...filter } = query;
    const listQuery: GamesListQuery = {
      ...filter,
      playerId: player === undefined ? undefined : (await this.players.named(player)).id,
      opponentId: opponent === undefined ? undefined : (await this.players.named(opponent)).id,
      after: after === undefined ? undefined : decodeListCursor(after),
    };
    const order = listOrder(listQuery);
    // A list of finished games may come from a read replica (docs/scaling.md#read-replicas): the repository decides.
    const { rows, games } = await this.repository.listPage(listQuery);
    const page = rows.slice(0, query.first);
    return {
      games,
      cursors: page.map((row) =>
        // pg reads 'infinity' as the number Infinity (not a Date): a game without a deadline.
        encodeListCursor({ order, at: row.sort_at instanceof Date ? row.sort_at : null, id: row.id }),
      ),
      hasNextPage: rows.length > query.first,
    };
  }
}
