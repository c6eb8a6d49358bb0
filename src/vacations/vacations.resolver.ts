/**
 * Vacation over GraphQL (docs/correspondence.md#vacation): taking and ending it with a session token, and when a
 * player is away, which everyone who can see the player may read (`Player.awayUntil`).
 */
import { Args, Context, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { requirePlayer, requireSession } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { PlayerType } from '../players/player.types';
import { WINDOW_DAYS } from './vacation-policy';
import { VacationStatus, VacationsService } from './vacations.service';
import { VacationStatusType } from './vacations.types';
import { refuseGuest } from '../auth/guest-refusals';

const ACTION = 'vacation is taken';

@Resolver(() => PlayerType)
export class VacationsResolver {
  constructor(private readonly vacations: VacationsService) {}

  @ResolveField(() => Date, {
    nullable: true,
    description:
      'When the player is back from vacation, while they are away (their turns wait); null otherwise.',
  })
  async awayUntil(@Parent() player: PlayerType): Promise<Date | null> {
    return this.vacations.awayUntil(player.id);
  }

  @Query(() => VacationStatusType, { description: 'Your vacation, and the days you have left.' })
  async vacation(@Context() context: RequestContext): Promise<VacationStatusType> {
    return toStatus(await this.vacations.status(requirePlayer(context.viewer, 'game:read').id));
  }

  @Mutation(() => VacationStatusType, {
    description:
      `Go on vacation for whole days, from now: at most your allowance in any ${WINDOW_DAYS} days (daysLeft). ` +
      'The deadlines of your turns move by the time away, and nobody reminds or times you out meanwhile; ' +
      'opponents see Player.awayUntil. Not for bots (FORBIDDEN). Needs a session token.',
  })
  async startVacation(
    @Context() context: RequestContext,
    @Args('days', { type: () => Int, description: 'How many whole days, at least 1.' }) days: number,
  ): Promise<VacationStatusType> {
    const player = requireSession(context, ACTION);
    refuseGuest(player, 'vacation');
    return toStatus(await this.vacations.start(player.id, days));
  }

  @Mutation(() => VacationStatusType, {
    description:
      'Come back early: the vacation ends now, the deadlines of your turns move back by the days not taken, and ' +
      'only the days begun count. NOT_FOUND when you are not away. Needs a session token.',
  })
  async endVacation(@Context() context: RequestContext): Promise<VacationStatusType> {
    return toStatus(await this.vacations.end(requireSession(context, ACTION).id));
  }
}

function toStatus(status: VacationStatus): VacationStatusType {
  return {
    current: status.current === null ? null : { ...status.current },
    daysLeft: status.daysLeft,
    allowanceDays: status.allowanceDays,
    recent: status.recent.map((vacation) => ({ ...vacation })),
  };
}
