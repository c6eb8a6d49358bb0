/**
 * An app's side of OAuth 2.0 against a test server (docs/api/apps-and-oauth.md), written from the RFCs rather than
 * from our code: PKCE pairs, the authorization request's parameters, the consent page's approval over GraphQL, and
 * form posts to the token, revocation and introspection endpoints.
 */
import { createHash, randomBytes } from 'node:crypto';
import { TestApp, dataOf } from './app';

export interface Pkce {
  readonly verifier: string;
  readonly challenge: string;
}

/** A code verifier (RFC 7636 §4.1: 43–128 unreserved characters) and its S256 challenge. */
export function pkce(): Pkce {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface RegisteredApp {
  readonly id: string;
  readonly clientSecret: string | null;
}

export async function registerApp(
  app: TestApp,
  owner: string,
  options: { name?: string; redirectUris: string[]; confidential?: boolean },
): Promise<RegisteredApp> {
  const body = await app.gql<{ registerOAuthApp: { app: { id: string }; clientSecret: string | null } }>(
    owner,
    `mutation($app: OAuthAppInput!, $confidential: Boolean!) {
       registerOAuthApp(app: $app, confidential: $confidential) { app { id } clientSecret }
     }`,
    {
      app: { name: options.name ?? 'Test App', redirectUris: options.redirectUris },
      confidential: options.confidential ?? false,
    },
  );
  const registered = dataOf(body).registerOAuthApp;
  return { id: registered.app.id, clientSecret: registered.clientSecret };
}

/** The parameters of an authorization request, as the consent page passes them on (GraphQL's names). */
export interface AuthorizationRequest {
  clientId: string | null;
  redirectUri: string | null;
  responseType: string | null;
  scope: string | null;
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

export function authorizationRequest(
  clientId: string,
  redirectUri: string,
  scope: string,
  challenge: Pkce | null,
  overrides: Partial<AuthorizationRequest> = {},
): AuthorizationRequest {
  return {
    clientId,
    redirectUri,
    responseType: 'code',
    scope,
    state: randomBytes(12).toString('base64url'),
    codeChallenge: challenge?.challenge ?? null,
    codeChallengeMethod: challenge === null ? null : 'S256',
    ...overrides,
  };
}

/** The request of an authorization page's address, as the consent page passes it on (GraphQL's names). */
export function requestOfAddress(address: URL): AuthorizationRequest {
  const get = (name: string): string | null => address.searchParams.get(name);
  return {
    clientId: get('client_id'),
    redirectUri: get('redirect_uri'),
    responseType: get('response_type'),
    scope: get('scope'),
    state: get('state'),
    codeChallenge: get('code_challenge'),
    codeChallengeMethod: get('code_challenge_method'),
  };
}

export const APPROVE = `mutation($request: OAuthAuthorizationInput!) {
  approveOAuthAuthorization(request: $request) { redirectTo }
}`;

/** The person approves: the code, state and issuer the app receives at its redirect URI. */
export async function approve(
  app: TestApp,
  person: string,
  request: AuthorizationRequest,
): Promise<{ code: string; state: string; iss: string; redirectTo: string }> {
  const body = await app.gql<{ approveOAuthAuthorization: { redirectTo: string } }>(person, APPROVE, {
    request,
  });
  const redirectTo = dataOf(body).approveOAuthAuthorization.redirectTo;
  const params = new URL(redirectTo).searchParams;
  return {
    code: params.get('code') ?? '',
    state: params.get('state') ?? '',
    iss: params.get('iss') ?? '',
    redirectTo,
  };
}

export interface EndpointAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** A form post to an OAuth endpoint (`/oauth/token`, `/oauth/revoke`, `/oauth/introspect`). */
export async function formPost(
  app: TestApp,
  endpoint: 'token' | 'revoke' | 'introspect',
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<EndpointAnswer> {
  const response = await fetch(`${app.url}/oauth/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/**
 * HTTP Basic credentials of a confidential app (RFC 6749 §2.3.1: each part form-encoded first). `strict` encodes
 * every character but letters and digits, as some clients (oauth4webapi) do: `-` as `%2D`, `_` as `%5F`.
 */
export function basic(clientId: string, secret: string, strict = false): Record<string, string> {
  const encode = (part: string): string =>
    strict
      ? part.replace(
          /[^A-Za-z0-9]/g,
          (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
        )
      : encodeURIComponent(part).replace(/%20/g, '+');
  return {
    authorization: `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`,
  };
}

export interface TokenPair {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly scope: string;
  readonly expiresIn: number;
}

export function tokenPair(answer: EndpointAnswer): TokenPair {
  if (answer.status !== 200)
    throw new Error(`token endpoint said ${answer.status}: ${JSON.stringify(answer.body)}`);
  return {
    accessToken: String(answer.body['access_token']),
    refreshToken: String(answer.body['refresh_token']),
    scope: String(answer.body['scope']),
    expiresIn: Number(answer.body['expires_in']),
  };
}

/** A public app's code exchange (client_id and code_verifier, no secret). */
export function exchange(
  app: TestApp,
  clientId: string,
  code: string,
  redirectUri: string,
  verifier: string | null,
): Promise<EndpointAnswer> {
  return formPost(app, 'token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    ...(verifier === null ? {} : { code_verifier: verifier }),
  });
}

/** A public app's refresh (client_id alone), optionally narrowing the scope. */
export function refresh(
  app: TestApp,
  clientId: string,
  refreshToken: string,
  scope?: string,
): Promise<EndpointAnswer> {
  return formPost(app, 'token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
    ...(scope === undefined ? {} : { scope }),
  });
}
