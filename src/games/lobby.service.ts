/**
 * The lobby (docs/correspondence.md#the-lobby-challenges-seeks-rematches): challenges declined or canceled, open
 * seeks matched, rematches offered. Built on the game handler's create, openSeek, join and call-offs, and reads; a
 * challenge itself is a game created with an opponent, accepted by joining it (src/games/domain/challenge.ts).
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { builtinBotById } from '../players/builtin-bots';
import type { RatingRange } from './domain/game-record';
import { seekRatingRange } from './domain/seek-ratings';
import { ApiError } from '../errors/api-error';
import { DeclineReasonName, isChallenge } from './domain/challenge';
import { GamesRepository } from './persistence/games.repository';
import type { SeekKind } from './domain/creation';
import { CreateGameRequest, GameRecord, GamesService } from './games.service';
import { GameHandler } from './write/game-handler';

/** How many others' open seeks a seek tries, oldest first, before it opens its own. */
const CANDIDATES = 10;

@Injectable()
export class LobbyService {
  constructor(
    private readonly games: GamesService,
    private readonly handler: GameHandler,
    private readonly repository: GamesRepository,
  ) {}

  /** The invited player turns an invitation down, saying why: the waiting game is aborted, reason `declined`. */
  decline(gameId: string, playerId: string, reason: DeclineReasonName): Promise<GameRecord> {
    return this.handler.handle(gameId, { type: 'callOff', by: { type: 'decline', playerId, reason } });
  }

  /**
   * The challenger calls their pending challenge off: abortGame's path (the game is aborted, reason `aborted`),
   * for a game that is a challenge and only while it is pending.
   */
  async cancel(gameId: string, playerId: string): Promise<GameRecord> {
    await this.challenge(gameId);
    return this.handler.handle(gameId, { type: 'callOff', by: { type: 'cancel', playerId } });
  }

  /** The game of a challenge, or NOT_FOUND when no challenge has this id. */
  async challenge(gameId: string): Promise<GameRecord> {
    const game = await this.games.find(gameId);
    if (game === null || !isChallenge(game)) throw new ApiError('NOT_FOUND', 'no such challenge');
    return game;
  }

  /**
   * An open seek (docs/api/challenges-and-seeks.md#seekgame). The player's own open seek of the same kind, if
   * there is one, is the answer (the same seek, nothing written); else the oldest open seek of that kind
   * someone else opened is joined (losing the race for its seat moves on to the next); else a seek is opened
   * — under a lock per player, so that two seeks of one player at once open one (GameHandler's openSeek).
   */
  async seek(
    playerId: string,
    request: Pick<CreateGameRequest, 'preset' | 'rated' | 'secondsPerMove' | 'clientSeed'> & {
      /** Rating points below and above mine that I accept (docs/social.md#seeks-by-rating); undefined: anyone. */
      readonly ratingRange?: { readonly below: number; readonly above: number };
    },
  ): Promise<GameRecord> {
    const kind: SeekKind = {
      preset: request.preset,
      rated: request.rated,
      secondsPerMove: request.secondsPerMove ?? null,
    };
    const rating = await this.repository.ratingIn(playerId, request.preset);
    let range: RatingRange | null = null;
    if (request.ratingRange !== undefined) {
      const wanted = seekRatingRange(rating, request.ratingRange);
      if (!wanted.ok) throw new ApiError('BAD_USER_INPUT', wanted.message, { field: 'ratingRange' });
      range = wanted.range;
    }
    // My own open seek of the kind is the answer, with the range it opened with.
    const [own] = await this.repository.seeksOfKind(playerId, kind, true, 1);
    if (own !== undefined) return this.again(own, playerId, request.clientSeed);
    const match = { rating, range };
    for (const candidate of await this.repository.seeksOfKind(playerId, kind, false, CANDIDATES, match)) {
      try {
        return await this.handler.handle(candidate, {
          type: 'join',
          playerId,
          clientSeed: request.clientSeed,
        });
      } catch (error) {
        // Taken meanwhile, or a block between the two made meanwhile (docs/social.md): the next one.
        if (error instanceof ApiError && (error.code === 'GAME_NOT_ACTIVE' || error.code === 'BLOCKED'))
          continue;
        throw error;
      }
    }
    const { game, opened } = await this.handler.handle(randomUUID(), {
      type: 'openSeek',
      playerId,
      kind,
      clientSeed: request.clientSeed,
      ratingRange: range ?? undefined,
    });
    return opened ? game : this.again(game.id, playerId, request.clientSeed);
  }

  /**
   * The player's own open seek, asked for again: answered as it is. A client seed sent with the repeat that
   * differs from the seat's replaces it, as setClientSeed would (it was given after the commitment).
   */
  private async again(gameId: string, playerId: string, clientSeed: string | undefined): Promise<GameRecord> {
    const game = await this.games.get(gameId);
    const seat = game.players.find((entry) => entry.playerId === playerId);
    if (clientSeed === undefined || seat?.clientSeed === clientSeed) return game;
    return this.handler.handle(gameId, { type: 'setClientSeed', playerId, clientSeed });
  }

  /**
   * A rematch: a new game with the same rules, seats, rated flag and time control, created by the
   * caller (seat 0, so the seats turn around in a two-player game) and inviting the opponent of a two-player game;
   * with more players it is an open game. `awaitClientSeed` holds a bot rematch's deal for the caller's seed, as
   * createGame's does.
   */
  async rematch(gameId: string, playerId: string, awaitClientSeed = false): Promise<GameRecord> {
    const game = await this.games.get(gameId);
    if (!game.players.some((seat) => seat.playerId === playerId)) {
      throw new ApiError('FORBIDDEN', 'only a player of this game may ask for a rematch');
    }
    if (game.status !== 'FINISHED' && game.status !== 'ABORTED') {
      throw new ApiError('GAME_NOT_ACTIVE', 'a rematch follows a game that is over');
    }
    const opponent = game.seats === 2 ? game.players.find((seat) => seat.playerId !== playerId) : undefined;
    const bot = opponent === undefined ? undefined : builtinBotById(opponent.playerId);
    const options = game.options;
    return this.handler.handle(randomUUID(), {
      type: 'create',
      playerId,
      request: {
        preset: game.preset,
        overrides: options,
        seats: game.seats,
        rated: game.rated,
        opponent: bot === undefined ? opponent?.player.username : undefined,
        bot: bot?.kind,
        seed: undefined,
        position: undefined,
        secondsPerMove: game.secondsPerMove ?? undefined,
        // A fresh game gets fresh seeds: each player gives theirs with setClientSeed (or joinGame).
        clientSeed: undefined,
        // Against a bot the new game is dealt at once unless the caller holds it for their seed (docs/fairness.md);
        // creation refuses the hold where no bot fills the seat, as it does for createGame.
        awaitClientSeed,
      },
    });
  }
}
