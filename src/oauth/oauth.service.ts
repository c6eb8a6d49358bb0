/**
 * Third-party apps (docs/api/apps-and-oauth.md): registering them, a person's approval, the token endpoint and
 * revoking. Why @node-oauth/oauth2-server: it is plain CommonJS with no server of its own, so its handlers run inside
 * our Nest controllers — every OAuth request passes Fastify, Nest, CORS, the logs, the metrics and the access gate
 * like any other — and its storage is a model we answer from Postgres (src/oauth/oauth-model.ts). It runs the token
 * endpoint: the code's exchange with PKCE S256, the client's authentication, the refresh token's rotation. The
 * authorization step is ours (src/oauth/domain/authorization-request.ts), because it is the web client's consent
 * page and a GraphQL mutation rather than a server-rendered form.
 */
import { Inject, Injectable } from '@nestjs/common';
import OAuth2Server, { OAuthError, Request, Response, ServerError } from '@node-oauth/oauth2-server';
import { refuseGuest } from '../auth/guest-refusals';
import { scopeRefusal } from '../auth/scopes';
import { TokensRepository } from '../auth/tokens.repository';
import { hashToken, newSecret } from '../auth/tokens';
import { SCOPES, type ViewerPlayer } from '../auth/viewer';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { isUuid } from '../common/ids';
import { ApiError } from '../errors/api-error';
import { checkedReason } from '../moderation/decisions';
import type { AdminActor } from '../moderation/vocabulary';
import { PlayersService } from '../players/players.service';
import {
  AuthorizationParams,
  AuthorizationProblem,
  answerUri,
  judgeAuthorization,
  type AuthorizationJudgement,
} from './domain/authorization-request';
import {
  ACCESS_TOKEN_LIFETIME_S,
  APP_LIMITS,
  APP_SCOPES,
  CODE_LIFETIME_S,
  OAUTH_PREFIXES,
  REFRESH_TOKEN_LIFETIME_S,
  appNameProblem,
  appScopeOf,
  parseScopes,
  redirectUrisProblem,
  storedScope,
  type AppScope,
} from './domain/oauth-policy';
import { APP_GRANT_TYPES, OAuthModel, clientOf, liveApp, secretMatches } from './oauth-model';
import { AppCredentials, AppRecord, GrantRecord, OAuthRepository, publicApp } from './oauth.repository';

/** What the consent page shows of a request: the app and what it asks, or why it cannot be approved. */
export interface AuthorizationView {
  readonly app: AppRecord | null;
  readonly scopes: readonly AppScope[];
  /** Where an answer goes: the app's registered redirect URI as the request named it; null when it is not one. */
  readonly redirectUri: string | null;
  /** Why the request cannot be approved; null when it can. */
  readonly problem: {
    readonly reason: AuthorizationProblem;
    readonly message: string;
    readonly returnTo: string | null;
  } | null;
}

/** An answer of the token, revocation or introspection endpoint: status, headers and a JSON body. */
export interface EndpointAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Readonly<Record<string, unknown>>;
}

/** A new app, with its secret shown this once (confidential apps only). */
export interface RegisteredApp {
  readonly app: AppRecord;
  readonly clientSecret: string | null;
}

export interface AppInput {
  readonly name: string;
  readonly redirectUris: readonly string[];
}

/** How long, and for how many origins, `allowsOrigin` remembers its answers. */
const ORIGIN_MEMORY_MS = 60_000;
const ORIGINS_REMEMBERED = 1_000;

/** OAuth answers are never cached (RFC 6749 §5.1). */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

@Injectable()
export class OAuthService {
  private readonly server: OAuth2Server;
  private readonly tokenModel: OAuthModel;
  private readonly authorizeModel: OAuthModel;
  private readonly origins = new Map<string, { readonly allowed: boolean; readonly until: number }>();

  constructor(
    private readonly repository: OAuthRepository,
    private readonly tokens: TokensRepository,
    private readonly players: PlayersService,
    private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.tokenModel = new OAuthModel(repository, clock, 'token');
    this.authorizeModel = new OAuthModel(repository, clock, 'authorize');
    this.server = new OAuth2Server({
      model: this.tokenModel,
      accessTokenLifetime: ACCESS_TOKEN_LIFETIME_S,
      refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_S,
      authorizationCodeLifetime: CODE_LIFETIME_S,
      allowEmptyState: false,
      alwaysIssueNewRefreshToken: true,
      // A public app refreshes with its client_id alone (it has no secret); a confidential one must authenticate.
      requireClientAuthentication: { refresh_token: false },
    });
    players.onPasswordReset(async (playerId) => {
      await this.repository.endGrantsOf(playerId, 'PASSWORD_RESET', this.clock.now());
    });
  }

  /**
   * Whether `origin` is the origin of a web redirect URI of an app that is not disabled (src/http/cors.ts lets
   * such pages call the OAuth endpoints). Remembered a minute per origin: a preflight costs no query.
   */
  async allowsOrigin(origin: string): Promise<boolean> {
    const now = Date.now();
    const remembered = this.origins.get(origin);
    if (remembered !== undefined && remembered.until > now) return remembered.allowed;
    const allowed = await this.repository.isAppOrigin(origin);
    if (this.origins.size >= ORIGINS_REMEMBERED) this.origins.clear();
    this.origins.set(origin, { allowed, until: now + ORIGIN_MEMORY_MS });
    return allowed;
  }

  /** This server's name in OAuth (RFC 8414 `issuer`, RFC 9207 `iss`): the public address. */
  get issuer(): string {
    return this.config.publicUrl;
  }

  /** The authorization server's metadata (RFC 8414). */
  metadata(): Record<string, unknown> {
    const base = this.issuer;
    return {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      introspection_endpoint: `${base}/oauth/introspect`,
      scopes_supported: [...APP_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: [...APP_GRANT_TYPES],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      authorization_response_iss_parameter_supported: true,
    };
  }

  // ---------------------------------------------------------------------------------------------------------
  // The authorization step: the consent page
  // ---------------------------------------------------------------------------------------------------------

  private async judge(params: AuthorizationParams): Promise<{
    readonly app: AppCredentials | null;
    readonly judgement: AuthorizationJudgement;
  }> {
    const app = await liveApp(this.repository, params.clientId);
    return { app, judgement: judgeAuthorization(app, params) };
  }

  /**
   * What the consent page shows (anyone may look: it tells only the app's public face). For a signed-in `viewer`,
   * also whether their account may hold what the app asks (a person cannot grant BOT_PLAY, a bot account not
   * GAME_PLAY): if not, the page can say so before the click, and offer only the way back.
   */
  async describe(params: AuthorizationParams, viewer: ViewerPlayer | null): Promise<AuthorizationView> {
    const { app, judgement } = await this.judge(params);
    const shown = app === null ? null : publicApp(app);
    switch (judgement.kind) {
      case 'invalid':
        return {
          app: shown,
          scopes: [],
          redirectUri: null,
          problem: { reason: judgement.reason, message: judgement.message, returnTo: null },
        };
      case 'refused':
        return {
          app: shown,
          scopes: [],
          redirectUri: judgement.redirectUri,
          problem: {
            reason: judgement.reason,
            message: judgement.description,
            returnTo: this.errorAnswer(judgement, params.state),
          },
        };
      case 'valid': {
        const refusal = viewer === null ? null : await this.accountRefusal(viewer, judgement.scopes);
        return {
          app: shown,
          scopes: judgement.scopes,
          redirectUri: judgement.redirectUri,
          problem:
            refusal === null
              ? null
              : {
                  reason: 'SCOPE_NOT_FOR_THIS_ACCOUNT',
                  message: refusal.message,
                  returnTo: this.denial(judgement.redirectUri, judgement.state),
                },
        };
      }
      default: {
        const never: never = judgement;
        return never;
      }
    }
  }

  /**
   * The person approves: a grant and its code, and the address to send the browser to (the app's redirect URI with
   * `code`, `state` and `iss`). Only with a login session, never a guest, and only scopes the account may hold.
   */
  async approve(player: ViewerPlayer, params: AuthorizationParams): Promise<string> {
    refuseGuest(player, 'approveApp');
    const { app, judgement } = await this.judge(params);
    const valid = this.valid(judgement);
    if (app === null) throw new ApiError('NOT_FOUND', 'no such app');
    const refusal = await this.accountRefusal(player, valid.scopes);
    if (refusal !== null) throw refusal;
    const code = newSecret(OAUTH_PREFIXES.code);
    await this.authorizeModel.saveAuthorizationCode(
      {
        authorizationCode: code,
        expiresAt: new Date(this.clock.now().getTime() + CODE_LIFETIME_S * 1000),
        redirectUri: valid.redirectUri,
        scope: [...valid.scopes],
        ...(valid.codeChallenge === null
          ? {}
          : { codeChallenge: valid.codeChallenge, codeChallengeMethod: 'S256' }),
      },
      clientOf(app),
      { playerId: player.id, grantId: null },
    );
    return answerUri(valid.redirectUri, { code, state: valid.state, iss: this.issuer });
  }

  /** The person says no: the address to send the browser to, with `error=access_denied`. */
  async deny(params: AuthorizationParams): Promise<string> {
    const { judgement } = await this.judge(params);
    const valid = this.valid(judgement);
    return this.denial(valid.redirectUri, valid.state);
  }

  private denial(redirectUri: string, state: string): string {
    return answerUri(redirectUri, {
      error: 'access_denied',
      error_description: 'the person did not approve the app',
      state,
      iss: this.issuer,
    });
  }

  /** Why the account cannot hold `scopes` (FORBIDDEN), or null; an account gone is UNAUTHENTICATED. */
  private async accountRefusal(player: ViewerPlayer, scopes: readonly AppScope[]): Promise<ApiError | null> {
    const account = await this.players.byId(player.id);
    if (account === null || account.deletedAt !== null) {
      throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    }
    return scopeRefusal(scopes.map(storedScope), account);
  }

  /** The judgement when valid; a refusal (what the page would show) otherwise. */
  private valid(judgement: AuthorizationJudgement): Extract<AuthorizationJudgement, { kind: 'valid' }> {
    if (judgement.kind === 'valid') return judgement;
    throw new ApiError(
      'BAD_USER_INPUT',
      judgement.kind === 'invalid' ? judgement.message : judgement.description,
      judgement.kind === 'invalid'
        ? { field: judgement.field, reason: judgement.reason }
        : { error: judgement.error, reason: judgement.reason },
    );
  }

  private errorAnswer(
    judgement: Extract<AuthorizationJudgement, { kind: 'refused' }>,
    state: string | null,
  ): string {
    return answerUri(judgement.redirectUri, {
      error: judgement.error,
      error_description: judgement.description,
      ...(state === null ? {} : { state }),
      iss: this.issuer,
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // The token, revocation and introspection endpoints
  // ---------------------------------------------------------------------------------------------------------

  /** POST /oauth/token (RFC 6749 §4.1.3, §6): the library's token handler on our model. */
  async token(request: EndpointRequest): Promise<EndpointAnswer> {
    const widened = await this.widenedRefresh(request.body);
    if (widened !== null) return widened;
    const oauthRequest = new Request({ method: 'POST', query: {}, ...withBasicInForm(request) });
    const response = new Response({ headers: {} });
    try {
      await this.server.token(oauthRequest, response);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // The library wraps what failed below it (the database) as a server_error: that is ours to answer.
      if (error instanceof ServerError) throw (error as { inner?: unknown }).inner ?? error;
      // A client that failed HTTP Basic authentication is told so with 401 (RFC 6749 §5.2).
      const basic =
        error.name === 'invalid_client' && /^Basic\s/i.test(request.headers['authorization'] ?? '');
      return withHeaders(oauthError(basic ? 401 : error.code, error.name, error.message), response.headers);
    }
    return {
      status: response.status ?? 200,
      headers: { ...(response.headers ?? {}), ...NO_STORE },
      body: (response.body ?? {}) as Record<string, unknown>,
    };
  }

  /**
   * A refresh asking for more than its grant holds is refused before the library sees it: the library uses the
   * refresh token up before it checks the scope, and a used one presented again ends the grant — a client's
   * mistake would cost the person their approval.
   */
  private async widenedRefresh(body: Record<string, unknown>): Promise<EndpointAnswer | null> {
    const { grant_type: grantType, refresh_token: refreshToken, scope } = body;
    if (grantType !== 'refresh_token' || typeof refreshToken !== 'string' || typeof scope !== 'string')
      return null;
    const held = await this.repository.refreshToken(hashToken(refreshToken));
    const asked = parseScopes(scope);
    if (held === null || 'problem' in asked) return null;
    const granted = new Set(held.scopes);
    const beyond = asked.scopes.filter((name) => !granted.has(storedScope(name)));
    return beyond.length === 0
      ? null
      : oauthError(
          400,
          'invalid_scope',
          `the approval does not hold ${beyond.join(', ')}: ask the person again`,
        );
  }

  /**
   * POST /oauth/revoke (RFC 7009): an app ends its own access, by an access token or a refresh token; either ends
   * the whole grant (the tokens issued with it are its only use). Answered 200 whether or not the token was
   * known or live (§2.2), so the answer tells nothing about a token; a token of another app is left alone.
   */
  async revoke(request: EndpointRequest): Promise<EndpointAnswer> {
    const app = await this.authenticatedApp(request, 'none allowed');
    if ('status' in app) return app;
    const token = request.body['token'];
    if (typeof token !== 'string' || token === '') {
      return oauthError(400, 'invalid_request', 'token is required');
    }
    const grant = await this.grantOf(token);
    if (grant !== null && grant.appId === app.id) {
      await this.repository.endGrant(grant.grantId, 'REVOKED_BY_APP', this.clock.now());
    }
    return { status: 200, headers: { ...NO_STORE }, body: {} };
  }

  /**
   * POST /oauth/introspect (RFC 7662), for a confidential app's own server: whether a token it was issued is live,
   * with its scopes, owner and expiry. Another app's token, or any other kind, is `{ "active": false }`.
   */
  async introspect(request: EndpointRequest): Promise<EndpointAnswer> {
    const app = await this.authenticatedApp(request, 'secret required');
    if ('status' in app) return app;
    const token = request.body['token'];
    const inactive: EndpointAnswer = { status: 200, headers: { ...NO_STORE }, body: { active: false } };
    if (typeof token !== 'string' || token === '') return inactive;
    const found = await this.tokens.lookup(hashToken(token));
    const now = this.clock.now();
    if (
      found === null ||
      found.kind !== 'app' ||
      found.revokedAt !== null ||
      (found.expiresAt !== null && found.expiresAt <= now) ||
      found.player.disabledAt !== null
    ) {
      return inactive;
    }
    const grant = await this.repository.grantOfToken(found.id);
    if (grant === null || grant.appId !== app.id) return inactive;
    return {
      status: 200,
      headers: { ...NO_STORE },
      body: {
        active: true,
        scope: found.scopes
          .map(appScopeOf)
          .filter((scope) => scope !== null)
          .join(' '),
        client_id: app.id,
        username: found.player.username,
        sub: found.player.id,
        token_type: 'Bearer',
        exp: found.expiresAt === null ? undefined : Math.floor(found.expiresAt.getTime() / 1000),
        iss: this.issuer,
      },
    };
  }

  /** The grant a token (an access token or a refresh token) was issued under, or null. */
  private async grantOf(token: string): Promise<{ readonly grantId: string; readonly appId: string } | null> {
    const hash = hashToken(token);
    const refresh = await this.repository.refreshToken(hash);
    if (refresh !== null) return { grantId: refresh.grantId, appId: refresh.appId };
    const access = await this.tokens.lookup(hash);
    return access === null || access.kind !== 'app' ? null : this.repository.grantOfToken(access.id);
  }

  /**
   * The app calling an endpoint: its client id, and for a confidential app its secret (HTTP Basic or the body,
   * RFC 6749 §2.3.1); a public app sends its client id alone, unless `secret required`.
   */
  private async authenticatedApp(
    request: EndpointRequest,
    publicApps: 'none allowed' | 'secret required',
  ): Promise<AppCredentials | EndpointAnswer> {
    const credentials = clientCredentials(request);
    if (credentials === null) return oauthError(401, 'invalid_client', 'client authentication failed');
    const app = await liveApp(this.repository, credentials.clientId);
    const authenticated =
      app !== null &&
      (app.confidential
        ? secretMatches(app, credentials.clientSecret)
        : publicApps === 'none allowed' && credentials.clientSecret === null);
    return authenticated ? app : oauthError(401, 'invalid_client', 'client authentication failed');
  }

  // ---------------------------------------------------------------------------------------------------------
  // Apps: registered by players, seen by their owners, approved and revoked by people, disabled by admins
  // ---------------------------------------------------------------------------------------------------------

  async register(
    owner: ViewerPlayer,
    input: AppInput & { readonly confidential: boolean },
  ): Promise<RegisteredApp> {
    refuseGuest(owner, 'registerApp');
    checkAppInput(input);
    const secret = input.confidential ? newSecret(OAUTH_PREFIXES.secret) : null;
    const app = await this.repository.createApp(
      {
        ownerId: owner.id,
        name: input.name,
        redirectUris: input.redirectUris,
        secretHash: secret === null ? null : hashToken(secret),
      },
      this.clock.now(),
    );
    if (app === null) {
      throw new ApiError(
        'BAD_USER_INPUT',
        `an account may register at most ${APP_LIMITS.appsPerOwner} apps`,
        {
          limit: APP_LIMITS.appsPerOwner,
        },
      );
    }
    return { app, clientSecret: secret };
  }

  async update(owner: ViewerPlayer, appId: string, input: AppInput): Promise<AppRecord> {
    if (!isUuid(appId)) throw appNotFound();
    checkAppInput(input);
    const app = await this.repository.updateApp(appId, owner.id, input, this.clock.now());
    if (app === null) throw appNotFound();
    return app;
  }

  /** A confidential app's new secret, shown this once; the old one stops working at once. */
  async replaceSecret(owner: ViewerPlayer, appId: string): Promise<string> {
    if (!isUuid(appId)) throw appNotFound();
    const secret = newSecret(OAUTH_PREFIXES.secret);
    if (!(await this.repository.replaceSecret(appId, owner.id, hashToken(secret), this.clock.now()))) {
      throw new ApiError(
        'NOT_FOUND',
        'you have no confidential app with this id (a public app has no secret)',
      );
    }
    return secret;
  }

  async delete(owner: ViewerPlayer, appId: string): Promise<void> {
    if (!isUuid(appId)) throw appNotFound();
    if (!(await this.repository.deleteApp(appId, owner.id, this.clock.now()))) throw appNotFound();
  }

  appsOf(ownerId: string): Promise<AppRecord[]> {
    return this.repository.appsOf(ownerId);
  }

  /**
   * The apps a person lets act for them ("Connected apps"), newest first: one entry per app, however many times
   * they approved it (each sign-in of a public app is an approval of its own) — the scopes all of them hold, the
   * newest approval's id and time, the last use of any.
   */
  async connectedApps(player: ViewerPlayer): Promise<GrantRecord[]> {
    const byApp = new Map<string, GrantRecord>();
    for (const grant of await this.repository.grantsOf(player.id, 'live')) {
      const seen = byApp.get(grant.app.id);
      if (seen === undefined) {
        byApp.set(grant.app.id, grant);
        continue;
      }
      const scopes = new Set([...seen.scopes, ...grant.scopes]);
      byApp.set(grant.app.id, {
        ...seen,
        scopes: SCOPES.filter((scope) => scopes.has(scope)),
        lastUsedAt: latest(seen.lastUsedAt, grant.lastUsedAt),
      });
    }
    return [...byApp.values()];
  }

  /** Every approval a person gave, ended ones too (the account export). */
  grantHistory(playerId: string): Promise<GrantRecord[]> {
    return this.repository.grantsOf(playerId, 'all');
  }

  /** A person revokes an app: its tokens stop working at once, on open sockets and streams too. */
  async revokeConnectedApp(player: ViewerPlayer, appId: string): Promise<void> {
    if (!isUuid(appId)) throw appNotFound();
    const ended = await this.repository.revokeApp(player.id, appId, this.clock.now());
    if (ended === 0) throw new ApiError('NOT_FOUND', 'this app has no access to your account');
  }

  /** A deleted account's approvals and apps (docs/api/players-and-accounts.md#deleteaccount). */
  async eraseOf(playerId: string): Promise<void> {
    await this.repository.eraseOf(playerId, this.clock.now());
  }

  /** An admin disables an app (every approval of it ends) or enables it again; audited. */
  async setDisabled(
    actor: AdminActor,
    appId: string,
    disabled: boolean,
    reason: string | null,
  ): Promise<AppRecord> {
    // A reason is asked to disable (the owner will want to know why), as to disable an account.
    if (!isUuid(appId)) throw appNotFound();
    const checked = reason === null && !disabled ? null : checkedReason(reason ?? '');
    const now = this.clock.now();
    const app = await this.repository.setDisabled(
      appId,
      disabled ? { reason: checked } : null,
      (found) => ({
        actor,
        action: disabled ? 'disableApp' : 'enableApp',
        at: now,
        targetPlayerId: found.ownerId,
        targetGameId: null,
        targetTokenId: null,
        targetAppId: found.id,
        reason: checked,
      }),
      now,
    );
    if (app === null) throw appNotFound();
    return app;
  }
}

/** What the endpoints read of a request. */
export interface EndpointRequest {
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown>;
}

function latest(one: Date | null, other: Date | null): Date | null {
  if (one === null) return other;
  if (other === null) return one;
  return one > other ? one : other;
}

function appNotFound(): ApiError {
  return new ApiError('NOT_FOUND', 'you have no app with this id');
}

function checkAppInput(input: AppInput): void {
  const nameProblem = appNameProblem(input.name);
  if (nameProblem !== null) throw new ApiError('BAD_USER_INPUT', nameProblem, { field: 'name' });
  const uriProblem = redirectUrisProblem(input.redirectUris);
  if (uriProblem !== null) throw new ApiError('BAD_USER_INPUT', uriProblem, { field: 'redirectUris' });
}

function oauthError(status: number, error: string, description: string): EndpointAnswer {
  return {
    status,
    headers: { ...NO_STORE, ...(status === 401 ? { 'www-authenticate': 'Basic realm="oauth"' } : {}) },
    body: { error, error_description: description },
  };
}

/**
 * The request with HTTP Basic credentials moved into the form, decoded as RFC 6749 §2.3.1 says (each part
 * form-encoded before it was joined): the library reads the header without that decoding, so a client that encodes
 * `-` or `_` (oauth4webapi does) would fail. One reading of the credentials for every endpoint: ours.
 */
function withBasicInForm(request: EndpointRequest): EndpointRequest {
  if (!/^Basic\s/i.test(request.headers['authorization'] ?? '')) return request;
  const { authorization: _basic, ...headers } = request.headers;
  const credentials = clientCredentials(request);
  // Undecodable: left to fail as a client without credentials does.
  if (credentials === null) return { headers, body: request.body };
  return {
    headers,
    body: {
      ...request.body,
      client_id: credentials.clientId,
      ...(credentials.clientSecret === null ? {} : { client_secret: credentials.clientSecret }),
    },
  };
}

/** `answer` with the headers the library set (`WWW-Authenticate` for a client that failed Basic authentication). */
function withHeaders(answer: EndpointAnswer, headers: Record<string, string> | undefined): EndpointAnswer {
  return { ...answer, headers: { ...(headers ?? {}), ...answer.headers } };
}

/** The client id and secret of a request: HTTP Basic (each part form-encoded, RFC 6749 §2.3.1) or the body. */
function clientCredentials(
  request: EndpointRequest,
): { readonly clientId: string; readonly clientSecret: string | null } | null {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers['authorization'] ?? '');
  if (basic !== null) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
      };
    } catch {
      return null;
    }
  }
  const { client_id: clientId, client_secret: clientSecret } = request.body;
  if (typeof clientId !== 'string') return null;
  return { clientId, clientSecret: typeof clientSecret === 'string' ? clientSecret : null };
}
