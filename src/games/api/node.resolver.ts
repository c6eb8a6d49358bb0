/**
 * `node(id:)`: a game or a player by its UUID (docs/api/types.md#node), as `game(id:)` and `player` would
 * show it — for caching clients that refetch whatever object they hold by its id alone.
 */
import { Args, Context, ID, Query, Resolver } from '@nestjs/graphql';
import { requireReadable } from '../../auth/auth.service';
import type { RequestContext } from '../../auth/viewer';
import { isUuid } from '../../common/ids';
import { NodeType } from '../../graphql/node';
import { toPlayer } from '../../players/players.resolver';
import { PlayersService } from '../../players/players.service';
import type { PlayerType } from '../../players/player.types';
import { GamesService } from '../games.service';
import { GameParent, toGame } from './games.resolver';

@Resolver()
export class NodeResolver {
  constructor(
    private readonly games: GamesService,
    private readonly players: PlayersService,
  ) {}

  @Query(() => NodeType, {
    nullable: true,
    description: 'The game or player with this id (a UUID); null when there is none.',
  })
  async node(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'A Game’s or a Player’s id.' }) id: string,
  ): Promise<GameParent | PlayerType | null> {
    requireReadable(context.viewer);
    if (!isUuid(id)) return null;
    const game = await this.games.find(id);
    if (game !== null) return toGame(game, context.viewer);
    const player = await this.players.byId(id);
    return player === null ? null : toPlayer(player);
  }
}
