import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { AccessGate } from '../auth/access-gate';
import type { RequestContext } from '../auth/viewer';
import { ApiError } from '../errors/api-error';
import { requireSession } from '../auth/auth.service';
import { AccountsService } from './accounts.service';

@Resolver()
export class AccountsResolver {
  constructor(
    private readonly accounts: AccountsService,
    private readonly gate: AccessGate,
  ) {}

  @Mutation(() => Boolean, {
    description:
      'Delete your account, for good: your running games are resigned, your waiting games and invitations called ' +
      'off, and your tokens, sessions, webhooks, events and ratings removed (open WebSocket connections end at ' +
      'once). Finished games stay, showing you as a deleted player; your username stays taken. Needs a session ' +
      'token (not an API token) and your password: a wrong one is BAD_USER_INPUT and changes nothing, and failed ' +
      'attempts are throttled like sign-ins. Download your data first with GET /api/me/export.',
  })
  async deleteAccount(
    @Context() context: RequestContext,
    @Args('password', { description: 'Your password, to confirm.' }) password: string,
  ): Promise<boolean> {
    const player = requireSession(context, 'an account is deleted');
    await this.gate.admitLogin(player.username, context.address);
    try {
      await this.accounts.deleteAccount(player.id, password);
    } catch (error) {
      if (error instanceof ApiError && error.extensions.field === 'password') {
        await this.gate.loginChecked(player.username, context.address, false);
      }
      throw error;
    }
    await this.gate.loginChecked(player.username, context.address, true);
    return true;
  }
}
