/**
 * What @node-oauth/oauth2-server asks of its storage (its "model"), answered from OAuthRepository and the clock.
 * The library runs the protocol — the code's single use and expiry, PKCE (S256 only), the redirect URI's match
 * at the token endpoint, the refresh token's rotation, narrowing scopes — and calls these for the facts and for
 * the decisions that are ours:
 *
 * - a code or refresh token presented after it was used ends its whole grant (RFC 6749 §4.1.2 for codes; a
 *   rotated refresh token seen again was copied), so whoever copied it and the app both lose access;
 * - a grant whose app was disabled, or whose person was disabled or deleted, issues nothing;
 * - a confidential app must authenticate with its secret; a public one has none to send.
 *
 * The library's `user` is the grant: who approved, and which approval. The authorization step itself (the consent
 * page's approval) is OAuthService's, which stores the code through `saveAuthorizationCode` here.
 */
import { timingSafeEqual } from 'node:crypto';
import OAuth2Server, { InvalidGrantError } from '@node-oauth/oauth2-server';
import { hashToken, newSecret } from '../auth/tokens';
import { isUuid } from '../common/ids';
import { Clock } from '../clock/clock';
import {
  ACCESS_TOKEN_LIFETIME_S,
  OAUTH_PREFIXES,
  REFRESH_TOKEN_LIFETIME_S,
  appScopeOf,
  parseScopes,
  redirectUriMatches,
  storedScope,
} from './domain/oauth-policy';
import type { AppCredentials, OAuthRepository } from './oauth.repository';

/** The library's user: the person, and the grant once there is one. */
export interface GrantUser {
  readonly playerId: string;
  readonly grantId: string | null;
}

/** The grants our apps may use: a code, then refresh tokens. */
export const APP_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** The app under a client id, or null (not one of ours, or disabled). */
export async function liveApp(
  repository: OAuthRepository,
  clientId: unknown,
): Promise<AppCredentials | null> {
  if (typeof clientId !== 'string' || !isUuid(clientId)) return null;
  const app = await repository.app(clientId);
  return app === null || app.disabledAt !== null ? null : app;
}

/** Whether `secret` is the app's: compared as SHA-256 digests, in constant time. */
export function secretMatches(app: AppCredentials, secret: unknown): boolean {
  if (app.secretHash === null || typeof secret !== 'string' || secret === '') return false;
  return timingSafeEqual(Buffer.from(hashToken(secret), 'hex'), Buffer.from(app.secretHash, 'hex'));
}

export function clientOf(app: AppCredentials): OAuth2Server.Client {
  return {
    id: app.id,
    redirectUris: [...app.redirectUris],
    grants: [...APP_GRANT_TYPES],
    accessTokenLifetime: ACCESS_TOKEN_LIFETIME_S,
    refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_S,
  };
}

/** The scopes as the protocol spells them, from the stored ones. */
function protocolScopes(stored: readonly string[]): string[] {
  return stored.map(appScopeOf).filter((scope) => scope !== null);
}

/** The stored scopes of protocol ones (already checked against APP_SCOPES). */
function storedScopes(scopes: readonly string[] | undefined): string[] {
  const parsed = parseScopes(scopes);
  return 'scopes' in parsed ? parsed.scopes.map(storedScope) : [];
}

function userOf(value: OAuth2Server.User): GrantUser {
  return { playerId: String(value['playerId']), grantId: (value['grantId'] as string | null) ?? null };
}

export class OAuthModel implements OAuth2Server.AuthorizationCodeModel, OAuth2Server.RefreshTokenModel {
  constructor(
    private readonly repository: OAuthRepository,
    private readonly clock: Clock,
    /** At the token endpoint apps authenticate; at the authorization step the app was already checked. */
    private readonly purpose: 'token' | 'authorize',
  ) {}

  async getClient(
    clientId: string,
    clientSecret: string | null | undefined,
  ): Promise<OAuth2Server.Client | null> {
    const app = await liveApp(this.repository, clientId);
    if (app === null) return null;
    if (this.purpose === 'token') {
      const authenticated = app.confidential
        ? secretMatches(app, clientSecret)
        : clientSecret === undefined || clientSecret === null;
      if (!authenticated) return null;
    }
    return clientOf(app);
  }

  async validateRedirectUri(redirectUri: string, client: OAuth2Server.Client): Promise<boolean> {
    const registered = Array.isArray(client.redirectUris) ? client.redirectUris : [];
    return redirectUriMatches(registered, redirectUri);
  }

  async validateScope(
    _user: OAuth2Server.User,
    _client: OAuth2Server.Client,
    scope?: string[],
  ): Promise<string[] | null> {
    const parsed = parseScopes(scope);
    return 'scopes' in parsed ? parsed.scopes : null;
  }

  async generateAuthorizationCode(): Promise<string> {
    return newSecret(OAUTH_PREFIXES.code);
  }

  async generateAccessToken(): Promise<string> {
    return newSecret(OAUTH_PREFIXES.accessToken);
  }

  async generateRefreshToken(): Promise<string> {
    return newSecret(OAUTH_PREFIXES.refreshToken);
  }

  async saveAuthorizationCode(
    code: Pick<
      OAuth2Server.AuthorizationCode,
      'authorizationCode' | 'expiresAt' | 'redirectUri' | 'scope' | 'codeChallenge' | 'codeChallengeMethod'
    >,
    client: OAuth2Server.Client,
    user: OAuth2Server.User,
  ): Promise<OAuth2Server.AuthorizationCode> {
    const { playerId } = userOf(user);
    const grantId = await this.repository.createGrantWithCode(
      { appId: client.id, playerId, scopes: storedScopes(code.scope) },
      {
        codeHash: hashToken(code.authorizationCode),
        redirectUri: code.redirectUri,
        codeChallenge: code.codeChallenge ?? null,
        codeChallengeMethod: code.codeChallengeMethod ?? null,
        // On the service's clock (OAuthService.approve), like every other time here.
        expiresAt: code.expiresAt,
      },
      this.clock.now(),
    );
    return { ...code, client, user: { playerId, grantId } satisfies GrantUser };
  }

  async getAuthorizationCode(authorizationCode: string): Promise<OAuth2Server.AuthorizationCode | null> {
    const codeHash = hashToken(authorizationCode);
    const code = await this.repository.code(codeHash);
    if (code === null) return null;
    const now = this.clock.now();
    if (code.usedAt !== null) {
      await this.repository.endGrant(code.grantId, 'CODE_REUSED', now);
      return null;
    }
    if (!code.live || code.expiresAt <= now) return null;
    return {
      authorizationCode,
      // The library checks expiry against the system clock too: the time left, from now on that clock.
      expiresAt: new Date(Date.now() + (code.expiresAt.getTime() - now.getTime())),
      redirectUri: code.redirectUri,
      scope: protocolScopes(code.scopes),
      ...(code.codeChallenge === null ? {} : { codeChallenge: code.codeChallenge }),
      ...(code.codeChallengeMethod === null ? {} : { codeChallengeMethod: code.codeChallengeMethod }),
      client: { id: code.appId, grants: [...APP_GRANT_TYPES] },
      user: { playerId: code.playerId, grantId: code.grantId } satisfies GrantUser,
    };
  }

  async revokeAuthorizationCode(code: OAuth2Server.AuthorizationCode): Promise<boolean> {
    const now = this.clock.now();
    if (await this.repository.useCode(hashToken(code.authorizationCode), now)) return true;
    // Used meanwhile by another request: a second use all the same.
    const { grantId } = userOf(code.user);
    if (grantId !== null) await this.repository.endGrant(grantId, 'CODE_REUSED', now);
    return false;
  }

  async getRefreshToken(refreshToken: string): Promise<OAuth2Server.RefreshToken | null> {
    const held = await this.repository.refreshToken(hashToken(refreshToken));
    if (held === null) return null;
    const now = this.clock.now();
    if (held.usedAt !== null) {
      await this.repository.endGrant(held.grantId, 'REFRESH_TOKEN_REUSED', now);
      return null;
    }
    if (!held.live || held.expiresAt <= now) return null;
    return {
      refreshToken,
      refreshTokenExpiresAt: new Date(Date.now() + (held.expiresAt.getTime() - now.getTime())),
      scope: protocolScopes(held.scopes),
      client: { id: held.appId, grants: [...APP_GRANT_TYPES] },
      user: { playerId: held.playerId, grantId: held.grantId } satisfies GrantUser,
    };
  }

  async revokeToken(token: OAuth2Server.RefreshToken | OAuth2Server.Token): Promise<boolean> {
    const now = this.clock.now();
    if (token.refreshToken === undefined) return false;
    if (await this.repository.useRefreshToken(hashToken(token.refreshToken), now)) return true;
    const { grantId } = userOf(token.user);
    if (grantId !== null) await this.repository.endGrant(grantId, 'REFRESH_TOKEN_REUSED', now);
    return false;
  }

  async saveToken(
    token: OAuth2Server.Token,
    client: OAuth2Server.Client,
    user: OAuth2Server.User,
  ): Promise<OAuth2Server.Token> {
    const { grantId, playerId } = userOf(user);
    if (grantId === null || token.refreshToken === undefined) {
      throw new InvalidGrantError('Invalid grant: nothing to issue under');
    }
    const now = this.clock.now();
    const issued = await this.repository.issue(
      grantId,
      {
        accessTokenHash: hashToken(token.accessToken),
        accessTokenExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_S * 1000),
        scopes: storedScopes(token.scope),
        refreshTokenHash: hashToken(token.refreshToken),
        refreshTokenExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_S * 1000),
      },
      now,
    );
    // Revoked (or its app disabled, its person gone) between the check of the code or refresh token and now.
    if (!issued) throw new InvalidGrantError('Invalid grant: the approval was revoked');
    return { ...token, client, user: { playerId, grantId } satisfies GrantUser };
  }

  /** Not used: the access gate authenticates every request (src/auth/access-gate.ts); the library needs it named. */
  async getAccessToken(): Promise<null> {
    return null;
  }
}
