/**
 * Third-party apps over GraphQL (docs/api/apps-and-oauth.md): the consent page's look at a request and the
 * person's answer, the apps a player registered, the apps a person lets act for them, and the admins' switch.
 * Everything a person decides needs a login session: an API token or an app's own token cannot approve apps,
 * register them or revoke them.
 */
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { requireSession } from '../auth/auth.service';
import type { RequestContext, Scope } from '../auth/viewer';
import { requireAdmin } from '../moderation/moderation.resolver';
import { appScopeOf, storedScope } from './domain/oauth-policy';
import type { AppRecord, GrantRecord } from './oauth.repository';
import { AuthorizationView, OAuthService } from './oauth.service';
import {
  ConnectedAppType,
  OAuthAppInput,
  OAuthAppType,
  OAuthAuthorizationInput,
  OAuthAuthorizationType,
  OAuthRedirectType,
  RegisteredOAuthAppType,
} from './oauth.types';
import type { AuthorizationParams } from './domain/authorization-request';

const APP_ID = { type: () => ID, description: 'The app’s client id.' } as const;
const REQUEST = {
  description: 'The request’s parameters, as the /oauth/authorize address gave them.',
} as const;

@Resolver()
export class OAuthResolver {
  constructor(private readonly oauth: OAuthService) {}

  @Query(() => OAuthAuthorizationType, {
    description:
      'What an authorization request asks, for the consent page: the app, the scopes, and any problem (anyone may ' +
      'look; nothing is decided). Signed in, the problem also says when your account cannot hold a scope the app ' +
      'asks for (SCOPE_NOT_FOR_THIS_ACCOUNT).',
  })
  async oauthAuthorization(
    @Context() context: RequestContext,
    @Args('request', REQUEST) request: OAuthAuthorizationInput,
  ): Promise<OAuthAuthorizationType> {
    return toAuthorization(await this.oauth.describe(paramsOf(request), context.viewer.player));
  }

  @Mutation(() => OAuthRedirectType, {
    description:
      'Approve an authorization request: the app gets a one-time code at its redirect URI, which it exchanges at ' +
      '/oauth/token. Needs a login session (not an API or app token); not a guest (GUEST_NOT_ALLOWED); BOT_PLAY ' +
      'only for a bot account, GAME_PLAY never for one (FORBIDDEN). A request with a problem is BAD_USER_INPUT.',
  })
  async approveOAuthAuthorization(
    @Context() context: RequestContext,
    @Args('request', REQUEST) request: OAuthAuthorizationInput,
  ): Promise<OAuthRedirectType> {
    const player = requireSession(context, 'apps are approved');
    return { redirectTo: await this.oauth.approve(player, paramsOf(request)) };
  }

  @Mutation(() => OAuthRedirectType, {
    description:
      'Refuse an authorization request: the app is told `access_denied`. Anyone may refuse. A request with a ' +
      'problem is BAD_USER_INPUT (OAuthAuthorization.problem says where to go instead).',
  })
  async denyOAuthAuthorization(
    @Args('request', REQUEST) request: OAuthAuthorizationInput,
  ): Promise<OAuthRedirectType> {
    return { redirectTo: await this.oauth.deny(paramsOf(request)) };
  }

  @Query(() => [ConnectedAppType], {
    description: 'The apps you let act for you, newest first. Needs a login session.',
  })
  async connectedApps(@Context() context: RequestContext): Promise<ConnectedAppType[]> {
    const player = requireSession(context, 'connected apps are seen');
    return (await this.oauth.connectedApps(player)).map(toConnectedApp);
  }

  @Mutation(() => Boolean, {
    description:
      'Revoke an app’s access to your account: its tokens stop working at once, on open WebSocket connections and ' +
      'streams too. NOT_FOUND when it has none. Needs a login session.',
  })
  async revokeConnectedApp(
    @Context() context: RequestContext,
    @Args('appId', APP_ID) appId: string,
  ): Promise<boolean> {
    await this.oauth.revokeConnectedApp(requireSession(context, 'connected apps are revoked'), appId);
    return true;
  }

  @Query(() => [OAuthAppType], {
    description: 'The apps you registered, oldest first. Needs a login session.',
  })
  async myOAuthApps(@Context() context: RequestContext): Promise<OAuthAppType[]> {
    return (await this.oauth.appsOf(requireSession(context, 'apps are managed').id)).map(toApp);
  }

  @Mutation(() => RegisteredOAuthAppType, {
    description:
      'Register a third-party app. A confidential one gets a client secret, shown this once. At most 20 per ' +
      'account. Needs a login session; not a guest.',
  })
  async registerOAuthApp(
    @Context() context: RequestContext,
    @Args('app', { description: 'Its name and redirect URIs.' }) app: OAuthAppInput,
    @Args('confidential', {
      description:
        'True for an app with a server that keeps a secret; false for a page or a program people run.',
    })
    confidential: boolean,
  ): Promise<RegisteredOAuthAppType> {
    const registered = await this.oauth.register(requireSession(context, 'apps are managed'), {
      name: app.name,
      redirectUris: app.redirectUris,
      confidential,
    });
    return { app: toApp(registered.app), clientSecret: registered.clientSecret };
  }

  @Mutation(() => OAuthAppType, {
    description:
      'Change your app’s name or redirect URIs. A code already issued must still be exchanged with the redirect ' +
      'URI it was issued for. Needs a login session.',
  })
  async updateOAuthApp(
    @Context() context: RequestContext,
    @Args('id', APP_ID) id: string,
    @Args('app', { description: 'Its new name and redirect URIs.' }) app: OAuthAppInput,
  ): Promise<OAuthAppType> {
    return toApp(await this.oauth.update(requireSession(context, 'apps are managed'), id, app));
  }

  @Mutation(() => String, {
    description:
      'A new client secret for your confidential app, shown this once; the old one stops working at once. Needs a ' +
      'login session.',
  })
  async replaceOAuthAppSecret(
    @Context() context: RequestContext,
    @Args('id', APP_ID) id: string,
  ): Promise<string> {
    return this.oauth.replaceSecret(requireSession(context, 'apps are managed'), id);
  }

  @Mutation(() => Boolean, {
    description:
      'Delete your app: every approval of it ends and its tokens stop working at once. Needs a login session.',
  })
  async deleteOAuthApp(@Context() context: RequestContext, @Args('id', APP_ID) id: string): Promise<boolean> {
    await this.oauth.delete(requireSession(context, 'apps are managed'), id);
    return true;
  }

  @Mutation(() => OAuthAppType, {
    description:
      'Admin: disable an app (a phishing page, abuse): every approval of it ends, its tokens stop working at once, ' +
      'and nobody can approve it again until it is enabled. Audited. Needs an ADMIN token.',
  })
  async adminDisableOAuthApp(
    @Context() context: RequestContext,
    @Args('id', APP_ID) id: string,
    @Args('reason', { description: 'Why (1–500 characters): kept in the audit log.' }) reason: string,
  ): Promise<OAuthAppType> {
    return toApp(await this.oauth.setDisabled(requireAdmin(context.viewer), id, true, reason));
  }

  @Mutation(() => OAuthAppType, {
    description:
      'Admin: enable a disabled app again. The approvals it lost stay ended: people approve it anew. Audited. ' +
      'Needs an ADMIN token.',
  })
  async adminEnableOAuthApp(
    @Context() context: RequestContext,
    @Args('id', APP_ID) id: string,
  ): Promise<OAuthAppType> {
    return toApp(await this.oauth.setDisabled(requireAdmin(context.viewer), id, false, null));
  }
}

function paramsOf(input: OAuthAuthorizationInput): AuthorizationParams {
  return {
    clientId: input.clientId ?? null,
    redirectUri: input.redirectUri ?? null,
    responseType: input.responseType ?? null,
    scope: input.scope ?? null,
    state: input.state ?? null,
    codeChallenge: input.codeChallenge ?? null,
    codeChallengeMethod: input.codeChallengeMethod ?? null,
  };
}

function toApp(app: AppRecord): OAuthAppType {
  return {
    id: app.id,
    name: app.name,
    redirectUris: [...app.redirectUris],
    confidential: app.confidential,
    createdAt: app.createdAt,
    updatedAt: app.updatedAt,
    disabledAt: app.disabledAt,
  };
}

function toAuthorization(view: AuthorizationView): OAuthAuthorizationType {
  return {
    app: view.app === null ? null : { id: view.app.id, name: view.app.name, ownerName: view.app.ownerName },
    scopes: view.scopes.map(storedScope),
    redirectUri: view.redirectUri,
    problem: view.problem,
  };
}

function toConnectedApp(grant: GrantRecord): ConnectedAppType {
  return {
    id: grant.id,
    app: grant.app,
    scopes: grant.scopes.filter(isScope),
    approvedAt: grant.createdAt,
    lastUsedAt: grant.lastUsedAt,
  };
}

/** A stored scope an app may hold (the grants store nothing else). */
function isScope(scope: string): scope is Scope {
  return appScopeOf(scope) !== null;
}
