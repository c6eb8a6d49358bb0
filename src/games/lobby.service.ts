/**
 * The lobby (docs/correspondence.md#the-lobby-challenges-seeks-rematches): invitations declined, open seeks
 * matched, rematches offered. Built on the games service's create, join and get; a challenge itself is a game
 * created with an opponent, accepted by joining it.
 */
import { Injectable } from '@nestjs/common';
import { builtinBotById } from '../bots/builtin-bots';
import { Clock } from '../clock/clock';
import { optionsFor } from '../engine';
import { ApiError } from '../errors/api-error';
import { PrismaService } from '../prisma/prisma.service';
import { GameStatus } from './api/game.types';
import { CreateGameRequest, GameRecord, GamesService } from './games.service';

@Injectable()
export class LobbyService {
  constructor(
    private readonly games: GamesService,
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  /** The invited player turns an invitation down: the waiting game is aborted, reason `declined`. */
  decline(gameId: string, playerId: string): Promise<GameRecord> {
    return this.games.decline(gameId, playerId);
  }

  /**
   * An open seek: join the oldest open game someone else created with the same preset, time control
   * and rated flag (default rules, two seats, no invitation); if there is none, open one. Losing the race for a
   * seat moves on to the next candidate.
   */
  async seek(
    playerId: string,
    request: Pick<CreateGameRequest, 'preset' | 'rated' | 'secondsPerMove' | 'clientSeed'>,
  ): Promise<GameRecord> {
    const options = JSON.stringify(optionsFor(request.preset, {}));
    const candidates = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT g.id FROM games g
       WHERE g.status = 'WAITING' AND g.preset = ${request.preset} AND g.rated = ${request.rated}
         AND g.seats = 2 AND g.invited_player_id IS NULL AND g.deal_chosen = false
         AND g.seconds_per_move IS NOT DISTINCT FROM ${request.secondsPerMove ?? null}::int
         AND g.options = ${options}::jsonb AND g.created_by_id <> ${playerId}::uuid
       ORDER BY g.created_at, g.id
       LIMIT 10`;
    for (const candidate of candidates) {
      try {
        return await this.games.join(candidate.id, playerId, request.clientSeed);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'GAME_NOT_ACTIVE') continue; // taken meanwhile
        throw error;
      }
    }
    return this.games.create(playerId, {
      ...request,
      overrides: {},
      seats: 2,
      opponent: undefined,
      seed: undefined,
      position: undefined,
      bot: undefined,
    });
  }

  /**
   * A rematch: a new game with the same rules, seats, rated flag and time control, created by the
   * caller (seat 0, so the seats turn around in a two-player game) and inviting the opponent of a two-player game;
   * with more players it is an open game.
   */
  async rematch(gameId: string, playerId: string): Promise<GameRecord> {
    const game = await this.games.get(gameId);
    if (!game.players.some((seat) => seat.playerId === playerId)) {
      throw new ApiError('FORBIDDEN', 'only a player of this game may ask for a rematch');
    }
    if (game.status !== GameStatus.FINISHED && game.status !== GameStatus.ABORTED) {
      throw new ApiError('GAME_NOT_ACTIVE', 'a rematch follows a game that is over');
    }
    const opponent = game.seats === 2 ? game.players.find((seat) => seat.playerId !== playerId) : undefined;
    const bot = opponent === undefined ? undefined : builtinBotById(opponent.playerId);
    const options = game.options;
    return this.games.create(playerId, {
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
    });
  }
}
