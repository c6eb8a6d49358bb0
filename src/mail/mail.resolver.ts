/**
 * Your e-mail address over GraphQL (docs/correspondence.md#e-mail), managed with a session token.
 */
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { requireSession } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import type { StoredAddress } from './mail.repository';
import { MailService } from './mail.service';
import { EmailAddressType } from './mail.types';
import { refuseGuest } from '../auth/guest-refusals';

const ACTION = 'the e-mail address is managed';

@Resolver(() => EmailAddressType)
export class MailResolver {
  constructor(private readonly mail: MailService) {}

  @Query(() => EmailAddressType, {
    nullable: true,
    description: 'Your e-mail address; null: none. Needs a session token.',
  })
  async emailAddress(@Context() context: RequestContext): Promise<EmailAddressType | null> {
    const stored = await this.mail.addressOf(requireSession(context, ACTION).id);
    return stored === null ? null : toAddress(stored);
  }

  @Mutation(() => EmailAddressType, {
    description:
      'Set your e-mail address (or the same one again, to resend its link): a link that works for 24 hours is mailed ' +
      'to it, and nothing else goes to it until you follow it; a verified address it replaces gets a notice. ' +
      'FORBIDDEN when the server sends no mail; RATE_LIMITED after 3 verification mails to an address (5 in all) ' +
      'in a day. Needs a session token.',
  })
  async setEmailAddress(
    @Context() context: RequestContext,
    @Args('address', { description: 'An e-mail address (at most 254 characters).' }) address: string,
  ): Promise<EmailAddressType> {
    const player = requireSession(context, ACTION);
    refuseGuest(player, 'email');
    return toAddress(await this.mail.setAddress(player.id, address));
  }

  @Mutation(() => Boolean, {
    description: 'Remove your e-mail address: no more mail. Needs a session token.',
  })
  async removeEmailAddress(@Context() context: RequestContext): Promise<boolean> {
    return this.mail.removeAddress(requireSession(context, ACTION).id);
  }
}

function toAddress(stored: StoredAddress): EmailAddressType {
  return {
    address: stored.address,
    verified: stored.verifiedAt !== null,
    bounced: stored.bouncedAt !== null,
  };
}
