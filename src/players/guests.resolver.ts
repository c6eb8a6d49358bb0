import { Context, Mutation, Resolver } from '@nestjs/graphql';
import type { RequestContext } from '../auth/viewer';
import { AuthPayloadType } from './player.types';
import { toPlayer } from './players.resolver';
import { GuestsService } from './guests.service';

/**
 * Guests (docs/api/players-and-accounts.md#startguest): starting one (keeping one is the accounts module's:
 * keepGuestAccount).
 */
@Resolver()
export class GuestsResolver {
  constructor(private readonly guests: GuestsService) {}

  @Mutation(() => AuthPayloadType, {
    description:
      'Play at once as a guest: a new account named Guest-NNNNNN, signed in (no token needed). A guest plays the ' +
      'built-in bots and unrated open seeks only; anything else is GUEST_NOT_ALLOWED until keepGuestAccount. At ' +
      'most GUESTS_PER_ADDRESS_PER_DAY from one address (RATE_LIMITED past it); a guest left alone ' +
      'GUEST_INACTIVE_DAYS is removed, its games kept.',
  })
  async startGuest(@Context() context: RequestContext): Promise<AuthPayloadType> {
    const session = await this.guests.start(context.address);
    return { token: session.token, player: toPlayer(session.player) };
  }
}
