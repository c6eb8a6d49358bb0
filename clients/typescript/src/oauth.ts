/**
 * An app's side of OAuth 2.0 with Malice (docs/api/apps-and-oauth.md), on `oauth4webapi`: the server's metadata
 * (RFC 8414), the authorization code flow with PKCE S256 (RFC 7636), the answer's `state` and `iss` checked
 * (RFC 9207), refresh and revocation (RFC 7009). A public app (no secret) by default; a confidential app passes its
 * client secret, sent in the form (client_secret_post).
 *
 * The issuer is the server's PUBLIC_URL. oauth4webapi talks only to https; plain http is allowed for a loopback
 * issuer alone (a server on this machine: development and tests), never for another.
 */
import * as oauth from 'oauth4webapi';
import { retryAfterSeconds } from './errors';
import { TokenHolder, type TokenHolderOptions, type TokenSet } from './tokens';

/** What an app may ask for (docs/api/apps-and-oauth.md#scopes). */
export const APP_SCOPES = ['GAME_READ', 'GAME_PLAY', 'BOT_PLAY'] as const;
export type AppScope = (typeof APP_SCOPES)[number];

export interface OAuthAppOptions {
  /** The server's address as its metadata names it (its PUBLIC_URL), e.g. `https://play.example.com`. */
  readonly issuer: string;
  /** The app's id (its client id). */
  readonly clientId: string;
  /** A confidential app's client secret (`mls_app_…`); none for a public app. */
  readonly clientSecret?: string | null;
}

/** What to keep between sending the person to the authorization page and their return. */
export interface PendingAuthorization {
  /** The authorization page's address, with the request: open it in the person's browser. */
  readonly url: URL;
  readonly redirectUri: string;
  readonly state: string;
  readonly codeVerifier: string;
}

/**
 * The server said no: an OAuth error (`invalid_grant`, `access_denied`, `temporarily_unavailable`, …) from the token
 * or revocation endpoint (`status` its HTTP status) or in the authorization response (`status` null).
 */
export class OAuthFailure extends Error {
  override readonly name = 'OAuthFailure';

  constructor(
    readonly error: string,
    readonly description: string | null,
    readonly status: number | null,
    /** Seconds to wait (429 and 503 carry `Retry-After`); null: not said. */
    readonly retryAfter: number | null = null,
  ) {
    super(description === null ? error : `${error}: ${description}`);
  }
}

/** Whether a URL is on this machine's loopback interface (127.0.0.0/8, [::1], localhost). */
export function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The request options that let oauth4webapi use http, for a loopback issuer only. */
function transportFor(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  if (issuer.protocol === 'https:') return {};
  if (issuer.protocol === 'http:' && isLoopback(issuer)) return { [oauth.allowInsecureRequests]: true };
  throw new Error(`the issuer ${issuer.origin} must be https (plain http only on a loopback address)`);
}

/** The token endpoint's answer as a TokenSet (the expiry as a time). */
function tokenSetOf(answer: oauth.TokenEndpointResponse, now: number): TokenSet {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: answer.expires_in === undefined ? null : now + answer.expires_in * 1000,
    scope: answer.scope ?? null,
  };
}

/** The server's refusals as OAuthFailure; anything else (a broken answer, a failed check) as it is. */
async function refusals<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) {
      throw new OAuthFailure(
        error.error,
        error.error_description ?? null,
        error.status,
        retryAfterSeconds(error.response.headers.get('retry-after')),
      );
    }
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OAuthFailure(error.error, error.error_description ?? null, null);
    }
    // A 401 with WWW-Authenticate (a client that failed authentication): the OAuth error is in its body.
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      const body = (await error.response.json().catch(() => ({}))) as Record<string, unknown>;
      const description = body['error_description'];
      throw new OAuthFailure(
        typeof body['error'] === 'string' ? body['error'] : 'invalid_client',
        typeof description === 'string' ? description : null,
        error.status,
      );
    }
    throw error;
  }
}

export class MaliceOAuth {
  private readonly client: oauth.Client;
  private readonly authentication: oauth.ClientAuth;

  private constructor(
    /** The server's metadata. */
    readonly server: oauth.AuthorizationServer,
    options: OAuthAppOptions,
    private readonly transport: { [oauth.allowInsecureRequests]?: boolean },
  ) {
    this.client = { client_id: options.clientId };
    const secret = options.clientSecret ?? null;
    // The secret goes in the form (client_secret_post), not by HTTP Basic: oauth4webapi form-encodes Basic's parts
    // fully (`-` as %2D, RFC 6749 §2.3.1), and the token endpoint reads them without decoding them.
    this.authentication = secret === null ? oauth.None() : oauth.ClientSecretPost(secret);
  }

  /** Reads the server's metadata (`/.well-known/oauth-authorization-server`), checking that it names `issuer`. */
  static async discover(options: OAuthAppOptions): Promise<MaliceOAuth> {
    const issuer = new URL(options.issuer);
    const transport = transportFor(issuer);
    const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...transport });
    const server = await oauth.processDiscoveryResponse(issuer, response);
    return new MaliceOAuth(server, options, transport);
  }

  /**
   * The authorization page's address for `scopes`, with a fresh `state` and a PKCE verifier whose S256 challenge
   * it carries. Keep the returned verifier and state: `exchangeCode` needs them.
   */
  async authorizationUrl(request: {
    readonly redirectUri: string;
    readonly scopes: readonly AppScope[];
  }): Promise<PendingAuthorization> {
    if (this.server.authorization_endpoint === undefined)
      throw new Error('the server names no authorization page');
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(this.server.authorization_endpoint);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: this.client.client_id,
      redirect_uri: request.redirectUri,
      scope: request.scopes.join(' '),
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(name, value);
    return { url, redirectUri: request.redirectUri, state, codeVerifier };
  }

  /**
   * The person came back to `callback` (the redirect URI with `code`, `state` and `iss`): checks `state` and `iss`,
   * then exchanges the code (once, within two minutes) for tokens. A refusal (`access_denied`) is an OAuthFailure.
   */
  async exchangeCode(callback: URL | string, pending: PendingAuthorization): Promise<TokenSet> {
    return refusals(async () => {
      const parameters = oauth.validateAuthResponse(
        this.server,
        this.client,
        new URL(callback),
        pending.state,
      );
      const response = await oauth.authorizationCodeGrantRequest(
        this.server,
        this.client,
        this.authentication,
        parameters,
        pending.redirectUri,
        pending.codeVerifier,
        this.transport,
      );
      const answer = await oauth.processAuthorizationCodeResponse(this.server, this.client, response);
      return tokenSetOf(answer, Date.now());
    });
  }

  /**
   * New tokens for a refresh token, which is then used up (keep the new one). `scopes` may ask for fewer than were
   * approved, never more. Never send the same refresh token twice: the server takes that for a stolen copy and
   * ends the whole approval.
   */
  async refresh(refreshToken: string, scopes?: readonly AppScope[]): Promise<TokenSet> {
    return refusals(async () => {
      const response = await oauth.refreshTokenGrantRequest(
        this.server,
        this.client,
        this.authentication,
        refreshToken,
        {
          ...this.transport,
          ...(scopes === undefined ? {} : { additionalParameters: { scope: scopes.join(' ') } }),
        },
      );
      return tokenSetOf(
        await oauth.processRefreshTokenResponse(this.server, this.client, response),
        Date.now(),
      );
    });
  }

  /** Revokes a token (access or refresh): either ends the whole approval, as when the person signs out of the app. */
  async revoke(token: string): Promise<void> {
    await refusals(async () => {
      const response = await oauth.revocationRequest(
        this.server,
        this.client,
        this.authentication,
        token,
        this.transport,
      );
      await oauth.processRevocationResponse(response);
    });
  }

  /** A TokenHolder for `tokens` that refreshes through this app: hand it to MaliceClient as its `token`. */
  tokenHolder(tokens: TokenSet, options: TokenHolderOptions = {}): TokenHolder {
    return new TokenHolder(tokens, (refreshToken) => this.refresh(refreshToken), options);
  }
}
