/**
 * The lobby's mutations (docs/correspondence.md#the-lobby-challenges-seeks-rematches): thin resolvers over
 * LobbyService.
 */
import { Args, Context, ID, Mutation, Resolver } from '@nestjs/graphql';
import { requirePlayer } from '../../auth/auth.service';
import type { RequestContext } from '../../auth/viewer';
import { GameType, SeekInput } from './game.types';
import { GameParent, secondsPerMoveOf, toGame } from './games.resolver';
import { LobbyService } from '../lobby.service';

@Resolver(() => GameType)
export class LobbyResolver {
  constructor(private readonly service: LobbyService) {}

  @Mutation(() => GameType, {
    description:
      'Turn down an invitation (a game created with you as opponent): it is aborted, reason declined (the ' +
      'challenge’s declineReason is GENERIC).',
    deprecationReason:
      'Use declineChallenge: the same, with a reason for the challenger, answering the Challenge.',
  })
  async declineGame(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The invitation’s game id.' }) gameId: string,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    return toGame(await this.service.decline(gameId, player.id, 'GENERIC'), context.viewer);
  }

  @Mutation(() => GameType, {
    description:
      'Find an opponent: your own open seek of the same kind if you have one (seeking twice gives the same seek); ' +
      'else join the oldest open seek with the same preset (default rules), time control and rated flag; else ' +
      'open one that others can take (with joinGame, or by seeking the same). Listed by seeks.',
  })
  async seekGame(
    @Context() context: RequestContext,
    @Args('input', { description: 'What kind of game.' }) input: SeekInput,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    const game = await this.service.seek(player.id, {
      preset: input.preset,
      rated: input.rated ?? false,
      secondsPerMove: secondsPerMoveOf(input),
      clientSeed: input.clientSeed ?? undefined,
      ratingRange: input.ratingRange ?? undefined,
    });
    return toGame(game, context.viewer);
  }

  @Mutation(() => GameType, {
    description:
      'Ask for a rematch of a game that is over: a new game with the same rules, rated flag and time control, ' +
      'created by you and inviting your opponent (an open game when it had more than two seats).',
  })
  async rematch(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game that is over.' }) gameId: string,
    @Args('awaitClientSeed', {
      type: () => Boolean,
      nullable: true,
      description:
        'Against a built-in bot: hold the new game’s deal until you give your seed with setClientSeed, after its ' +
        'commitment (as createGame’s awaitClientSeed). Refused (BAD_USER_INPUT) where no bot takes the other seat.',
    })
    awaitClientSeed: boolean | null,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    return toGame(await this.service.rematch(gameId, player.id, awaitClientSeed ?? false), context.viewer);
  }
}
