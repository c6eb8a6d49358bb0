/**
 * `PlayerEvent.game`: the game a player event is about, as the viewer may see it. The notifications module owns the
 * type (src/notifications/player-events.types.ts) and sits below the games module (docs/architecture.md, "Layout of
 * a module"), so the field is added from here: a second resolver class for the same type.
 */
import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { RequestContext } from '../../auth/viewer';
import { PlayerEventType } from '../../notifications/player-events.types';
import { GamesService } from '../games.service';
import { GameType } from './game.types';
import { toGame } from './games.resolver';

@Resolver(() => PlayerEventType)
export class PlayerEventGameResolver {
  constructor(private readonly games: GamesService) {}

  @ResolveField(() => GameType, { nullable: true, description: 'That game as it is now, as you may see it.' })
  async game(@Parent() event: PlayerEventType, @Context() context: RequestContext): Promise<GameType | null> {
    if (event.gameId === null) return null;
    return toGame(await this.games.get(event.gameId), context.viewer);
  }
}
