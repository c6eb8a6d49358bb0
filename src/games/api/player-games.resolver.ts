/** What a player's games say of them, on `Player` (docs/social.md): their timeout rate. */
import { Context, Float, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { RequestContext } from '../../auth/viewer';
import { PlayerType } from '../../players/player.types';
import { TIMEOUT_MIN_GAMES, TIMEOUT_WINDOW, timeoutRate } from '../domain/timeout-rate';
import { GamesRepository } from '../persistence/games.repository';

@Resolver(() => PlayerType)
export class PlayerGamesResolver {
  constructor(private readonly games: GamesRepository) {}

  @ResolveField(() => Float, {
    nullable: true,
    description:
      `The share (0–1) of the player's last ${TIMEOUT_WINDOW} finished games with a clock that they lost on time; ` +
      `null with fewer than ${TIMEOUT_MIN_GAMES} such games.`,
  })
  async timeoutRate(
    @Parent() player: PlayerType,
    @Context() context: RequestContext,
  ): Promise<number | null> {
    context.work.charge();
    return timeoutRate(await this.games.timeoutRecord(player.id, TIMEOUT_WINDOW));
  }
}
