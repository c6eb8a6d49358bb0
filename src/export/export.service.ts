/**
 * Replay, export and fairness (docs/api/exports-and-verification.md#exports): a game's log as a
 * `malice-game/1` document (game-export.ts), the position after any ply of a finished game, and a player's
 * games as a stream of exports. Reads the log through the games repository, in seq order, and folds it with
 * the engine from the game's initial state.
 */
import { Injectable } from '@nestjs/common';
import { formatPosition, replayFrom } from '../engine';
import { ApiError } from '../errors/api-error';
import { GamesQuery, GamesService } from '../games/games.service';
import { LogCorruptError, initialState, originOf } from '../games/domain/initial-state';
import { GamesRepository } from '../games/persistence/games.repository';
import { PlayerGamesFilter } from './export-query';
import { GameExport, buildGameExport, toJson } from './game-export';

/** Games per page when streaming a player's games: one list query and one events query each. */
const STREAM_PAGE = 50;

@Injectable()
export class ExportService {
  constructor(
    private readonly games: GamesService,
    private readonly repository: GamesRepository,
  ) {}

  /**
   * The game as a document; a game that is not over shows only what a spectator may see. A game over is read on a
   * replica when one is usable; any other — or one the replica has not seen end yet — on the primary (one extra
   * read), so an export asked right after the last move still shows the seed (docs/scaling.md#read-replicas).
   */
  async exportGame(gameId: string): Promise<GameExport> {
    const over = await this.repository.overOnReplica(gameId);
    if (over !== null) return buildGameExport(over.game, over.log);
    const game = await this.games.get(gameId);
    return buildGameExport(game, await this.repository.log(game.id, 0, game.version));
  }

  /**
   * The position (docs/notation.md) after the first `ply` events of a finished game; 0 is the deal. It shows
   * every hand and the stock, so a game still being played refuses, like its seed. Read on a replica when one has
   * the game over, else on the primary, as an export (docs/scaling.md#read-replicas).
   */
  async positionAfter(gameId: string, ply: number): Promise<string> {
    // A game over on a replica is over on the primary too; one the replica has not seen end is read on the primary.
    const over = await this.repository.overOnReplica(gameId);
    const game = over?.game ?? (await this.games.get(gameId));
    if (game.status !== 'FINISHED') {
      throw new ApiError(
        'GAME_NOT_ACTIVE',
        'positions are shown for finished games only: they hold every hand, secret while the game can be played',
      );
    }
    if (!Number.isInteger(ply) || ply < 0 || ply > game.version) {
      throw new ApiError(
        'BAD_USER_INPUT',
        `ply must be 0–${game.version} (the game has ${game.version} events)`,
        {
          field: 'ply',
        },
      );
    }
    const rows = over?.log.slice(0, ply) ?? (await this.repository.log(game.id, 0, ply));
    // A log that does not fold is a fault of the server's data, not of the request: INTERNAL, and logged.
    if (rows.length !== ply || rows.some((row, index) => row.seq !== index + 1)) {
      throw new LogCorruptError(`the log of game ${game.id} has a gap before event ${ply}`);
    }
    const replayed = replayFrom(
      initialState(originOf(game)),
      rows.map((row) => row.event),
    );
    if (!replayed.ok) {
      throw new LogCorruptError(
        `event ${replayed.index + 1} of game ${game.id} does not replay: ${replayed.violation.reason}`,
      );
    }
    return formatPosition(replayed.state);
  }

  /**
   * `username`'s games, one JSON export per line, newest first (by end time when the filter asks for finished
   * games, by call-off time for called-off ones, else by creation time: the orders of `games`). The first page is read before anything is returned,
   * so an unknown player or a bad filter is an error status rather than an empty stream; the rest is read a
   * page at a time as the consumer pulls lines, so memory holds one page whatever the number of games.
   */
  async playerGames(username: string, filter: PlayerGamesFilter): Promise<AsyncGenerator<string>> {
    const query = (after: string | undefined): GamesQuery => ({
      viewerId: null,
      mine: false,
      myTurn: false,
      open: false,
      ...filter,
      player: username,
      first: STREAM_PAGE,
      after,
    });
    const firstPage = await this.games.list(query(undefined));
    const lines = async function* (this: ExportService): AsyncGenerator<string> {
      let page = firstPage;
      for (;;) {
        const events = await this.repository.logsUpTo(page.games);
        for (const game of page.games) yield `${toJson(buildGameExport(game, events.get(game.id) ?? []))}\n`;
        const last = page.cursors[page.cursors.length - 1];
        if (!page.hasNextPage || last === undefined) return;
        page = await this.games.list(query(last));
      }
    };
    return lines.call(this);
  }
}
