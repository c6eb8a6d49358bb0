import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { AccessGate } from '../auth/access-gate';
import type { RequestContext } from '../auth/viewer';
import { ApiError } from '../errors/api-error';
import { requireSession } from '../auth/auth.service';
import { PlayerType } from '../players/player.types';
import { toPlayer } from '../players/players.resolver';
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

  @Mutation(() => PlayerType, {
    description:
      'Keep your guest account (startGuest): choose a name and a password (register’s rules). The same account — ' +
      'its games, history and sessions carry over — now a full one. FORBIDDEN when the account is not a guest. ' +
      'Needs a session token.',
  })
  async keepGuestAccount(
    @Context() context: RequestContext,
    @Args('username', { description: 'The name to keep: as register’s username.' }) username: string,
    @Args('password', { description: 'The password to sign in with: as register’s.' }) password: string,
  ): Promise<PlayerType> {
    const player = requireSession(context, 'a guest account is kept');
    return toPlayer(await this.accounts.keepGuest(player.id, username, password));
  }
}
