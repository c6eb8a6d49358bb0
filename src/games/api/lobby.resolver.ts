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
      'Turn down an invitation (a game created with you as opponent): it is aborted, reason declined.',
  })
  async declineGame(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The invitation’s game id.' }) gameId: string,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    return toGame(await this.service.decline(gameId, player.id), context.viewer);
  }

  @Mutation(() => GameType, {
    description:
      'Find an opponent: join the oldest open two-player game with the same preset, time control and rated flag ' +
      '(default rules), or open one that others can accept (with joinGame, or by seeking the same).',
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
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    return toGame(await this.service.rematch(gameId, player.id), context.viewer);
  }
}
