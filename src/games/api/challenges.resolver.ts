/**
 * Challenges and seeks (docs/api/challenges-and-seeks.md#challenges): thin resolvers over LobbyService and
 * the games list, answering the views of src/games/domain/challenge.ts. A challenge is shown to its
 * challenger and its invited player only; seeks are public, like the open games they are.
 */
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { requirePlayer, requireReadable } from '../../auth/auth.service';
import type { RequestContext, Viewer } from '../../auth/viewer';
import { AFTER_ARG, FIRST_ARG, pageSize } from '../../graphql/page-size';
import { pageInfoOf } from '../../graphql/page-info';
import { PlayersService, type PlayerRecord } from '../../players/players.service';
import { toPlayer } from '../../players/players.resolver';
import { challengeStateOf, type ChallengeStateName } from '../domain/challenge';
import { GamesService, type GameRecord } from '../games.service';
import { LobbyService } from '../lobby.service';
import {
  ChallengeConnectionType,
  ChallengeDirection,
  ChallengeState,
  ChallengeType,
  DeclineReason,
  SeekConnectionType,
  SeekType,
} from './challenge.types';
import { Preset } from './game.types';
import { toGame, timeControlOf } from './games.resolver';

@Resolver(() => ChallengeType)
export class ChallengesResolver {
  constructor(
    private readonly lobby: LobbyService,
    private readonly games: GamesService,
    private readonly players: PlayersService,
  ) {}

  @Query(() => ChallengeType, {
    nullable: true,
    description:
      'A challenge you sent or were sent; null when there is none with this id, or it is between other players.',
  })
  async challenge(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The challenge’s (its game’s) id.' }) id: string,
  ): Promise<ChallengeType | null> {
    const player = requirePlayer(context.viewer, 'game:read');
    const game = await this.games.find(id);
    if (game === null || game.invitedPlayerId === null) return null;
    if (game.createdById !== player.id && game.invitedPlayerId !== player.id) return null;
    return (await this.toChallenges([game], context.viewer))[0]!;
  }

  @Query(() => ChallengeConnectionType, {
    description:
      'Challenges sent to you (INCOMING) or by you (OUTGOING), newest first, with cursor pagination.',
  })
  async challenges(
    @Context() context: RequestContext,
    @Args('direction', { type: () => ChallengeDirection, description: 'Which side of them you are on.' })
    direction: ChallengeDirection,
    @Args('state', {
      type: () => ChallengeState,
      nullable: true,
      description: 'Only challenges in this state (default: every state).',
    })
    state: ChallengeStateName | null,
    @Args('first', FIRST_ARG) first: number | null,
    @Args('after', AFTER_ARG) after: string | null,
  ): Promise<ChallengeConnectionType> {
    const player = requirePlayer(context.viewer, 'game:read');
    const page = await this.games.list({
      viewerId: player.id,
      mine: false,
      myTurn: false,
      open: false,
      challenges: direction,
      challengeState: state ?? undefined,
      first: pageSize(first),
      after: after ?? undefined,
    });
    const challenges = await this.toChallenges(page.games, context.viewer);
    return {
      edges: challenges.map((node, index) => ({ cursor: page.cursors[index]!, node })),
      pageInfo: pageInfoOf(page.cursors, page.hasNextPage, after),
    };
  }

  @Query(() => SeekConnectionType, {
    description:
      'Open seeks, newest first: by default those others opened, which you may take (joinGame, or seekGame with ' +
      'the same kind); with mine, your own. Invitations are never seeks: see challenges.',
  })
  async seeks(
    @Context() context: RequestContext,
    @Args('mine', {
      type: () => Boolean,
      nullable: true,
      description: 'Your own open seeks instead of others’ (default false; needs signing in).',
    })
    mine: boolean | null,
    @Args('preset', { type: () => Preset, nullable: true, description: 'Only seeks of this preset.' })
    preset: Preset | null,
    @Args('first', FIRST_ARG) first: number | null,
    @Args('after', AFTER_ARG) after: string | null,
  ): Promise<SeekConnectionType> {
    requireReadable(context.viewer);
    const page = await this.games.list({
      viewerId: context.viewer.player?.id ?? null,
      mine: false,
      myTurn: false,
      open: false,
      seeks: mine === true ? 'MINE' : 'OTHERS',
      preset: preset ?? undefined,
      first: pageSize(first),
      after: after ?? undefined,
    });
    return {
      edges: page.games.map((game, index) => ({
        cursor: page.cursors[index]!,
        node: toSeek(game, context.viewer),
      })),
      pageInfo: pageInfoOf(page.cursors, page.hasNextPage, after),
    };
  }

  @Mutation(() => ChallengeType, {
    description:
      'Turn down a challenge sent to you, saying why: its game is aborted (abortReason DECLINED) and the challenger ' +
      'sees the reason.',
  })
  async declineChallenge(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The challenge’s (its game’s) id.' }) id: string,
    @Args('reason', {
      type: () => DeclineReason,
      nullable: true,
      description: 'Why (default GENERIC).',
    })
    reason: DeclineReason | null,
  ): Promise<ChallengeType> {
    const player = requirePlayer(context.viewer, 'game:play');
    await this.lobby.challenge(id);
    const game = await this.lobby.decline(id, player.id, reason ?? 'GENERIC');
    return (await this.toChallenges([game], context.viewer))[0]!;
  }

  @Mutation(() => ChallengeType, {
    description:
      'Call off a challenge you sent while it is pending: its game is aborted, as abortGame does (state CANCELED).',
  })
  async cancelChallenge(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The challenge’s (its game’s) id.' }) id: string,
  ): Promise<ChallengeType> {
    const player = requirePlayer(context.viewer, 'game:play');
    const game = await this.lobby.cancel(id, player.id);
    return (await this.toChallenges([game], context.viewer))[0]!;
  }

  /** Challenges from their games, the invited players read in one query. */
  private async toChallenges(games: readonly GameRecord[], viewer: Viewer): Promise<ChallengeType[]> {
    const invited = await this.players.byIds(games.map((game) => game.invitedPlayerId!));
    const byId = new Map(invited.map((player) => [player.id, player]));
    return games.map((game) => toChallenge(game, byId.get(game.invitedPlayerId!)!, viewer));
  }
}

function toChallenge(game: GameRecord, invited: PlayerRecord, viewer: Viewer): ChallengeType {
  const challenger = game.players.find((seat) => seat.seat === 0)!.player;
  const state = challengeStateOf(game);
  const shown = toGame(game, viewer);
  return {
    id: game.id,
    challenger: toPlayer(challenger),
    invited: toPlayer(invited),
    preset: game.preset,
    options: shown.options,
    timeControl: timeControlOf(game.secondsPerMove),
    rated: game.rated,
    state,
    // A decline stored before reasons were kept gave none: GENERIC.
    declineReason: state === 'DECLINED' ? (game.declineReason ?? 'GENERIC') : null,
    createdAt: game.createdAt,
    closedAt: state === 'PENDING' ? null : state === 'ACCEPTED' ? game.startedAt : game.finishedAt,
    game: shown,
  };
}

function toSeek(game: GameRecord, viewer: Viewer): SeekType {
  return {
    id: game.id,
    seeker: toPlayer(game.players.find((seat) => seat.seat === 0)!.player),
    preset: game.preset,
    timeControl: timeControlOf(game.secondsPerMove),
    rated: game.rated,
    createdAt: game.createdAt,
    ratingRange: game.seekRatings,
    game: toGame(game, viewer),
  };
}
