import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AccessGate } from '../auth/access-gate';
import { requirePlayer, requireSession } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { ApiError } from '../errors/api-error';
import {
  ApiTokenType,
  AuthPayloadType,
  CreatedApiTokenType,
  PlayerType,
  SessionType,
  TokenScope,
} from './player.types';
import { Clock } from '../clock/clock';
import { AdminTokenAudit } from './admin-token-audit';
import { refuseGuest } from '../auth/guest-refusals';
import { PlayerRecord, PlayersService, TokenRecord } from './players.service';

@Resolver(() => PlayerType)
export class PlayersResolver {
  constructor(
    private readonly players: PlayersService,
    private readonly gate: AccessGate,
    private readonly clock: Clock,
    private readonly audit: AdminTokenAudit,
  ) {}

  @Mutation(() => AuthPayloadType, { description: 'Create an account and sign in. Returns a session token.' })
  async register(
    @Args('username', {
      description:
        '3–20 letters, digits, _ or -; unique regardless of case. Names that look like a built-in bot’s are reserved.',
    })
    username: string,
    @Args('password', {
      description:
        '15–200 characters (Unicode code points, NFKC); not a common or breached password, not built on the ' +
        'username, not a few characters repeated or a run such as 123456… ' +
        '(docs/api/players-and-accounts.md#register).',
    })
    password: string,
  ): Promise<AuthPayloadType> {
    const session = await this.players.register(username, password);
    return { token: session.token, player: toPlayer(session.player) };
  }

  @Mutation(() => AuthPayloadType, {
    description:
      'Sign in. Returns a new session token. An account with two-factor sign-in answers TWO_FACTOR_REQUIRED ' +
      'until `code` is given; a wrong code is UNAUTHENTICATED and counts like a wrong password.',
  })
  async login(
    @Args('username', { description: 'Your username (any case).' }) username: string,
    @Args('password', { description: 'Your password.' }) password: string,
    @Context() context: RequestContext,
    @Args('code', {
      type: () => String,
      nullable: true,
      description:
        'With two-factor sign-in: the authenticator app’s 6-digit code, or a recovery code (each once).',
    })
    code?: string | null,
  ): Promise<AuthPayloadType> {
    await this.gate.admitLogin(username, context.address);
    try {
      const session = await this.players.login(username, password, code ?? undefined);
      await this.gate.loginChecked(username, context.address, true);
      return { token: session.token, player: toPlayer(session.player) };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        await this.gate.loginChecked(username, context.address, false);
      }
      throw error;
    }
  }

  @Query(() => PlayerType, { description: 'The signed-in player.' })
  async me(@Context() context: RequestContext): Promise<PlayerType> {
    const viewer = requirePlayer(context.viewer, 'game:read');
    const player = await this.players.byId(viewer.id);
    if (player === null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    return toPlayer(player);
  }

  @Query(() => PlayerType, { nullable: true, description: 'A player by username (any case), or null.' })
  async player(
    @Args('username', { description: 'The username, any case.' }) username: string,
  ): Promise<PlayerType | null> {
    const player = await this.players.byUsername(username);
    return player === null ? null : toPlayer(player);
  }

  @Mutation(() => CreatedApiTokenType, {
    description:
      'Create a personal API token for a bot or third-party client. Needs a session token. BOT_PLAY only for a ' +
      'bot account, which cannot have GAME_PLAY (FORBIDDEN).',
  })
  async createApiToken(
    @Context() context: RequestContext,
    @Args('scopes', { type: () => [TokenScope], description: 'What the token may do.' }) scopes: TokenScope[],
    @Args('name', { type: () => String, nullable: true, description: 'A label to recognise it by.' })
    name: string | null,
  ): Promise<CreatedApiTokenType> {
    const player = requireSession(context);
    refuseGuest(player, 'apiToken');
    // An ADMIN token is audited (docs/operations.md#the-audit-log): who made it, when, and its id — never the token.
    const created = await this.players.createApiToken(player.id, name ?? null, scopes, (client, tokenId) =>
      this.audit.adminTokenMade(client, player.id, tokenId, this.clock.now()),
    );
    return { token: created.token, apiToken: toApiToken(created.row) };
  }

  @Mutation(() => PlayerType, {
    description:
      'Make your account a bot account, for good: marked as a bot wherever it is listed, rated like anyone, and ' +
      'playing only with API tokens of scope BOT_PLAY (its GAME_PLAY tokens are revoked; its sessions can read ' +
      'but no longer play). Only for an account that has never joined a game and whose name does not look like a ' +
      'built-in bot’s (else FORBIDDEN). Needs a session ' +
      'token. Calling it again changes nothing.',
  })
  async upgradeToBotAccount(@Context() context: RequestContext): Promise<PlayerType> {
    const player = requireSession(context);
    refuseGuest(player, 'botAccount');
    return toPlayer(await this.players.upgradeToBot(player.id));
  }

  @Query(() => [ApiTokenType], { description: 'Your live API tokens (not the secrets).' })
  async apiTokens(@Context() context: RequestContext): Promise<ApiTokenType[]> {
    const player = requireSession(context);
    return (await this.players.apiTokens(player.id)).map(toApiToken);
  }

  @Mutation(() => Boolean, {
    description:
      'Sign out: end the session this request is made with. It stops working at once, open WebSocket ' +
      'connections included. Needs a session token (an API token is ended with revokeApiToken).',
  })
  async logout(@Context() context: RequestContext): Promise<boolean> {
    const player = requireSession(context);
    return this.players.revokeSession(player.id, context.viewer.tokenId!);
  }

  @Query(() => [SessionType], {
    description: 'Your sessions that still work, oldest first. Needs a session token.',
  })
  async sessions(@Context() context: RequestContext): Promise<SessionType[]> {
    const player = requireSession(context);
    const sessions = await this.players.sessions(player.id, this.clock.now());
    return sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      expiresAt: session.expiresAt!,
      current: session.id === context.viewer.tokenId,
    }));
  }

  @Mutation(() => Boolean, {
    description:
      'End one of your sessions (from sessions), for example one left signed in elsewhere. It stops working at ' +
      'once, open WebSocket connections included. Needs a session token.',
  })
  async revokeSession(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The session’s id (from sessions).' }) id: string,
  ): Promise<boolean> {
    return this.players.revokeSession(requireSession(context).id, id);
  }

  @Mutation(() => Boolean, {
    description:
      'Forgot your password: a link to choose a new one is mailed to the account’s verified e-mail address, if it ' +
      'has one. Always true: the answer says nothing of whether the account exists or has an address. A few ' +
      'mails a day at most. No token needed.',
  })
  async requestPasswordReset(
    @Args('username', { description: 'The account’s username.' }) username: string,
  ): Promise<boolean> {
    await this.players.requestPasswordReset(username);
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      'Choose a new password with the link of a reset mail (its `t`): it works for an hour, once. Every session ' +
      'and API token of the account ends; sign in again. BAD_USER_INPUT (field token) for a link that expired, ' +
      'was used or replaced; (field newPassword) for a password the policy refuses. No token needed.',
  })
  async resetPassword(
    @Args('token', { description: 'The `t` of the reset link.' }) token: string,
    @Args('newPassword', { description: 'The new password (the same rules as register).' })
    newPassword: string,
  ): Promise<boolean> {
    await this.players.resetPassword(token, newPassword);
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      'Change your password. Every other session ends (whoever signed in with the old password is out); this ' +
      'one goes on. API tokens stay unless revokeApiTokens is true (bots run on them). A wrong current password ' +
      'is BAD_USER_INPUT, and failed attempts are throttled like sign-ins. Needs a session token.',
  })
  async changePassword(
    @Context() context: RequestContext,
    @Args('currentPassword', { description: 'The password in use now.' }) currentPassword: string,
    @Args('newPassword', {
      description: 'The new one: 15–200 characters, not a common password, not built on your username.',
    })
    newPassword: string,
    @Args('revokeApiTokens', {
      type: () => Boolean,
      defaultValue: false,
      description: 'Also revoke every API token of yours.',
    })
    revokeApiTokens: boolean,
  ): Promise<boolean> {
    const player = requireSession(context);
    refuseGuest(player, 'password');
    await this.gate.admitLogin(player.username, context.address);
    try {
      await this.players.changePassword(player.id, context.viewer.tokenId!, {
        current: currentPassword,
        next: newPassword,
        revokeApiTokens,
      });
    } catch (error) {
      if (error instanceof ApiError && error.extensions.field === 'currentPassword') {
        await this.gate.loginChecked(player.username, context.address, false);
      }
      throw error;
    }
    await this.gate.loginChecked(player.username, context.address, true);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Revoke one of your API tokens; it stops working at once.' })
  async revokeApiToken(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The API token’s id (from apiTokens).' }) id: string,
  ): Promise<boolean> {
    return this.players.revokeApiToken(requireSession(context).id, id);
  }
}

export function toPlayer(
  player: Pick<PlayerRecord, 'id' | 'username' | 'isBot' | 'createdAt' | 'deletedAt' | 'guestSince'>,
): PlayerType {
  return {
    id: player.id,
    username: player.username,
    isBot: player.isBot,
    isGuest: player.guestSince !== null && player.deletedAt === null,
    createdAt: player.createdAt,
    deleted: player.deletedAt !== null,
  };
}

function toApiToken(token: TokenRecord): ApiTokenType {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes as TokenScope[],
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt,
  };
}
