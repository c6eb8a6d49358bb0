/**
 * Tournaments over GraphQL (docs/api/social-chat-tournaments.md#tournaments): thin; TournamentsService
 * decides.
 */
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { requirePlayer, requireReadable } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { ApiError } from '../errors/api-error';
import { GameType } from '../games/api/game.types';
import type { GameParent } from '../games/api/games.resolver';
import { toPlayer } from '../players/players.resolver';
import { PlayersService, type PlayerRecord } from '../players/players.service';
import { TOURNAMENT_STATUSES, type TournamentStatus } from './domain/vocabulary';
import { MAX_TOURNAMENT_LIST, TournamentsService } from './tournaments.service';
import type { TournamentRecord } from './tournaments.repository';
import {
  CreateTournamentInput,
  GameTournamentType,
  TournamentBoardType,
  TournamentPlayerType,
  TournamentStandingType,
  TournamentStatusEnum,
  TournamentType,
} from './tournaments.types';

const ID_ARG = { type: () => ID, description: 'The tournament’s id.' } as const;

/** A tournament as the API answers it, with its row for the fields resolved on demand. */
type TournamentParent = TournamentType & { readonly row: TournamentRecord };

@Resolver(() => TournamentType)
export class TournamentsResolver {
  constructor(
    private readonly service: TournamentsService,
    private readonly accounts: PlayersService,
  ) {}

  @Query(() => [TournamentType], {
    description:
      `Tournaments of the given statuses (default: open and running), those starting soonest first, finished ` +
      `ones newest first; at most ${MAX_TOURNAMENT_LIST}.`,
  })
  async tournaments(
    @Context() context: RequestContext,
    @Args('statuses', { type: () => [TournamentStatusEnum], nullable: true, description: 'Which.' })
    statuses: TournamentStatus[] | null,
    @Args('first', {
      type: () => Int,
      nullable: true,
      description: `How many, 1–${MAX_TOURNAMENT_LIST} (50).`,
    })
    first: number | null,
  ): Promise<TournamentParent[]> {
    requireReadable(context.viewer);
    const size = first ?? 50;
    if (!Number.isInteger(size) || size < 1 || size > MAX_TOURNAMENT_LIST) {
      throw new ApiError('BAD_USER_INPUT', `first must be 1–${MAX_TOURNAMENT_LIST}`, { field: 'first' });
    }
    const rows = await this.service.list(
      statuses ?? TOURNAMENT_STATUSES.filter((s) => s === 'OPEN' || s === 'RUNNING'),
      size,
    );
    return this.toTournaments(rows);
  }

  @Query(() => TournamentType, { description: 'One tournament (NOT_FOUND when there is none).' })
  async tournament(
    @Context() context: RequestContext,
    @Args('id', ID_ARG) id: string,
  ): Promise<TournamentParent> {
    requireReadable(context.viewer);
    return this.toTournament(await this.service.get(id));
  }

  @Mutation(() => TournamentType, {
    description:
      'Organise a correspondence tournament (you do not join it by this: joinTournament). At most 5 open or ' +
      'running at once. Guests may not (GUEST_NOT_ALLOWED). Needs GAME_PLAY.',
  })
  async createTournament(
    @Context() context: RequestContext,
    @Args('input', { type: () => CreateTournamentInput, description: 'The tournament.' })
    input: CreateTournamentInput,
  ): Promise<TournamentParent> {
    requirePlayer(context.viewer, 'game:play');
    return this.toTournament(
      await this.service.create(context.viewer, {
        ...input,
        rounds: input.rounds ?? null,
        maxTimeoutRate: input.maxTimeoutRate ?? null,
      }),
    );
  }

  @Mutation(() => TournamentType, {
    description:
      'Join an open tournament (again: nothing changes). Full, it starts at once. Refused to guests, the built-in ' +
      'bots, and players above its timeout rate (FORBIDDEN). Needs GAME_PLAY.',
  })
  async joinTournament(
    @Context() context: RequestContext,
    @Args('id', ID_ARG) id: string,
  ): Promise<TournamentParent> {
    requirePlayer(context.viewer, 'game:play');
    return this.toTournament(await this.service.join(context.viewer, id));
  }

  @Mutation(() => TournamentType, {
    description:
      'Leave a tournament: before it starts, you are out; once it runs, you withdraw — your running games in it are ' +
      'resigned, you are paired no more, your results stay. Needs GAME_PLAY.',
  })
  async withdrawFromTournament(
    @Context() context: RequestContext,
    @Args('id', ID_ARG) id: string,
  ): Promise<TournamentParent> {
    requirePlayer(context.viewer, 'game:play');
    return this.toTournament(await this.service.withdraw(context.viewer, id));
  }

  @Mutation(() => TournamentType, {
    description:
      'Its organiser (or an admin) starts an open tournament now, once it has minPlayers. Needs GAME_PLAY.',
  })
  async startTournament(
    @Context() context: RequestContext,
    @Args('id', ID_ARG) id: string,
  ): Promise<TournamentParent> {
    requirePlayer(context.viewer, 'game:play');
    return this.toTournament(await this.service.start(context.viewer, id));
  }

  @Mutation(() => TournamentType, {
    description: 'Its organiser (or an admin) calls off an open tournament. Needs GAME_PLAY.',
  })
  async cancelTournament(
    @Context() context: RequestContext,
    @Args('id', ID_ARG) id: string,
  ): Promise<TournamentParent> {
    requirePlayer(context.viewer, 'game:play');
    return this.toTournament(await this.service.cancel(context.viewer, id));
  }

  @ResolveField(() => [TournamentPlayerType], { description: 'Its players, by seed once it started.' })
  async players(@Parent() tournament: TournamentParent): Promise<TournamentPlayerType[]> {
    const entries = await this.service.entries(tournament.id);
    const players = await this.playersById(entries.map((entry) => entry.playerId));
    return entries.map((entry) => ({
      player: toPlayer(players.get(entry.playerId)!),
      seed: entry.seed,
      joinedAt: entry.joinedAt,
      withdrawn: entry.withdrawnAt !== null,
    }));
  }

  @ResolveField(() => Boolean, { description: 'Whether you are in it (and have not withdrawn).' })
  async joined(@Parent() tournament: TournamentParent, @Context() context: RequestContext): Promise<boolean> {
    const me = context.viewer.player;
    if (me === null) return false;
    const entries = await this.service.entries(tournament.id);
    return entries.some((entry) => entry.playerId === me.id && entry.withdrawnAt === null);
  }

  @ResolveField(() => [TournamentStandingType], {
    description: 'The standings now, best first (live: a running game counts for nothing yet).',
  })
  async standings(@Parent() tournament: TournamentParent): Promise<TournamentStandingType[]> {
    const rows = await this.service.standings(tournament.row);
    const players = await this.playersById(rows.map((row) => row.id));
    return rows.map((row) => ({
      rank: row.rank,
      player: toPlayer(players.get(row.id)!),
      points: row.halfPoints / 2,
      played: row.played,
      won: row.won,
      drawn: row.drawn,
      lost: row.lost,
      byes: row.byes,
      buchholz: row.buchholzHalf / 2,
      sonnebornBerger: row.sonnebornBergerQuarter / 4,
      withdrawn: row.withdrawn,
    }));
  }

  @ResolveField(() => [TournamentBoardType], {
    description: 'The boards of one round, or of every round so far.',
  })
  async boards(
    @Parent() tournament: TournamentParent,
    @Args('round', { type: () => Int, nullable: true, description: 'Only this round.' }) round: number | null,
  ): Promise<TournamentBoardType[]> {
    const boards = (await this.service.boards(tournament.id)).filter(
      (board) => round === null || round === undefined || board.round === round,
    );
    const players = await this.playersById(
      boards.flatMap((board) => (board.second === null ? [board.first] : [board.first, board.second])),
    );
    return boards.map((board) => ({
      round: board.round,
      board: board.board,
      first: toPlayer(players.get(board.first)!),
      second: board.second === null ? null : toPlayer(players.get(board.second)!),
      gameId: board.gameId,
      result: board.result,
      over: board.over,
    }));
  }

  @ResolveField(() => Int, {
    nullable: true,
    description:
      'How many rounds: a Swiss tournament’s number; a round robin’s once it started (null before).',
  })
  async rounds(@Parent() tournament: TournamentParent): Promise<number | null> {
    return this.service.rounds(tournament.row);
  }

  private async playersById(ids: readonly string[]): Promise<Map<string, PlayerRecord>> {
    const players = await this.accounts.byIds([...new Set(ids)]);
    return new Map(players.map((player) => [player.id, player]));
  }

  private async toTournaments(rows: readonly TournamentRecord[]): Promise<TournamentParent[]> {
    const organisers = await this.playersById(rows.map((row) => row.createdById));
    return rows.map((row) => toTournament(row, organisers.get(row.createdById)!));
  }

  private async toTournament(row: TournamentRecord): Promise<TournamentParent> {
    return (await this.toTournaments([row]))[0]!;
  }
}

function toTournament(row: TournamentRecord, organiser: PlayerRecord): TournamentParent {
  return {
    row,
    id: row.id,
    name: row.name,
    format: row.format,
    status: row.status,
    preset: row.preset,
    rated: row.rated,
    daysPerMove: Math.round(row.secondsPerMove / 86_400),
    minPlayers: row.minPlayers,
    maxPlayers: row.maxPlayers,
    rounds: row.rounds,
    currentRound: row.currentRound,
    startsAt: row.startsAt,
    maxTimeoutRate: row.maxTimeoutRate,
    vacationPauses: row.vacationPauses,
    organiser: toPlayer(organiser),
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    playerCount: row.entrants,
  };
}

/** `Game.tournament`: the tournament a game was paired by. */
@Resolver(() => GameType)
export class GameTournamentResolver {
  constructor(private readonly tournaments: TournamentsService) {}

  @ResolveField(() => GameTournamentType, {
    nullable: true,
    description: 'The tournament that paired this game, and its round; null for any other game.',
  })
  async tournament(@Parent() game: GameParent): Promise<GameTournamentType | null> {
    // The row says whether there is one: only a tournament's game costs a read.
    if (game.row.tournamentId === null) return null;
    return this.tournaments.ofGame(game.id);
  }
}
