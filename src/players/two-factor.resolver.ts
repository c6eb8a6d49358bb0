/**
 * Two-factor sign-in over GraphQL (docs/api/players-and-accounts.md#starttwofactor), managed with a session
 * token.
 */
import { Args, Context, Field, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { requireSession } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { PlayersService } from './players.service';
import { TwoFactorService } from './two-factor.service';
import { refuseGuest } from '../auth/guest-refusals';

@ObjectType('TwoFactorSetup', {
  description: 'A new secret for an authenticator app; in force once confirmed.',
})
export class TwoFactorSetupType {
  @Field({ description: 'The secret, base32 (to type into the app).' })
  secret!: string;
  @Field({ description: 'The otpauth:// URI (to show as a QR code for the app to scan).' })
  uri!: string;
}

@ObjectType('TwoFactorStatus', { description: 'Whether sign-in asks for a second factor.' })
export class TwoFactorStatusType {
  @Field({ description: 'Whether login asks for a code.' })
  enabled!: boolean;
  @Field(() => Int, { description: 'Recovery codes not used yet.' })
  recoveryCodesLeft!: number;
}

const ACTION = 'two-factor sign-in is managed';

@Resolver()
export class TwoFactorResolver {
  constructor(
    private readonly service: TwoFactorService,
    private readonly players: PlayersService,
  ) {}

  @Query(() => TwoFactorStatusType, {
    description: 'Whether your sign-in asks for a code. Needs a session token.',
  })
  async twoFactor(@Context() context: RequestContext): Promise<TwoFactorStatusType> {
    return this.service.status(requireSession(context, ACTION).id);
  }

  @Mutation(() => TwoFactorSetupType, {
    description:
      'Start two-factor sign-in: a new secret for an authenticator app (RFC 6238: 6 digits, 30 seconds). Nothing ' +
      'changes until confirmTwoFactor takes a code of it. Needs a session token.',
  })
  async startTwoFactor(@Context() context: RequestContext): Promise<TwoFactorSetupType> {
    const player = requireSession(context, ACTION);
    refuseGuest(player, 'twoFactor');
    return this.service.start(player.id, player.username);
  }

  @Mutation(() => [String], {
    description:
      'Turn two-factor sign-in on with a code the app shows now. Answers ten recovery codes, each good once in ' +
      'place of a code: they are shown only now. Needs a session token.',
  })
  async confirmTwoFactor(
    @Context() context: RequestContext,
    @Args('code', { description: 'The app’s 6-digit code.' }) code: string,
  ): Promise<string[]> {
    return this.service.confirm(requireSession(context, ACTION).id, code);
  }

  @Mutation(() => Boolean, {
    description:
      'Turn two-factor sign-in off: needs your password and a code (or a recovery code). Needs a session token.',
  })
  async disableTwoFactor(
    @Context() context: RequestContext,
    @Args('password', { description: 'Your password.' }) password: string,
    @Args('code', { description: 'The app’s code, or a recovery code.' }) code: string,
  ): Promise<boolean> {
    const player = requireSession(context, ACTION);
    await this.players.confirmPassword(player.id, password);
    await this.service.disable(player.id, code);
    return true;
  }
}
