/**
 * Third-party apps and OAuth 2.0 (docs/api/apps-and-oauth.md) on a real Postgres, over real HTTP and graphql-ws:
 * the authorization code flow with PKCE S256 for public apps and secrets for confidential ones, refresh tokens with
 * rotation, revocation (RFC 7009), introspection (RFC 7662), the metadata (RFC 8414) — and every refusal: a code
 * without its verifier or for another app, redirect URIs that are almost right, a code used twice, a refresh token
 * used after its rotation, scopes beyond the grant, and tokens of a revoked app, a disabled app or a deleted account
 * dying on open sockets.
 */
import type { Client as WsClient } from 'graphql-ws';
import { ModerationService } from '../../../src/moderation/moderation.service';
import { codeOf, dataOf, loginBody, register, within, wsClient } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { openStream } from '../../support/service/ndjson';
import {
  APPROVE,
  approve,
  authorizationRequest,
  basic,
  exchange,
  formPost,
  pkce,
  refresh,
  registerApp,
  tokenPair,
  type AuthorizationRequest,
  type RegisteredApp,
} from '../../support/service/oauth';

const PASSWORD = 'correct horse battery staple';
const WEB = 'https://bots.example.org/callback';
const LOOPBACK = 'http://127.0.0.1:4321/cb';

let app: InProcessApp;
let copy: InProcessApp;
let owner: string;
let person: string;
let publicApp: RegisteredApp;
let confidentialApp: RegisteredApp;
let admin: string;
const sockets: WsClient[] = [];

beforeAll(async () => {
  app = await startAppInProcess({ env: { CLOCK: 'manual', PUBLIC_URL: 'https://play.example.com' } });
  copy = await startAppInProcess({
    databaseUrl: app.databaseUrl,
    env: { PUBLIC_URL: 'https://play.example.com' },
  });
  owner = await register(app, 'app_maker');
  person = await register(app, 'pat_person');
  publicApp = await registerApp(app, owner, { name: 'Pocket Malice', redirectUris: [WEB, LOOPBACK] });
  confidentialApp = await registerApp(app, owner, {
    name: 'Server Bot',
    redirectUris: ['https://server.example.org/oauth'],
    confidential: true,
  });
  await app.get(ModerationService).createAdmin({ via: 'CLI' }, 'AppsMod', PASSWORD);
  const session = dataOf(await loginBody(app, 'appsmod', PASSWORD)).login.token;
  admin = dataOf(
    await app.gql<{ createApiToken: { token: string } }>(
      session,
      'mutation { createApiToken(scopes: [ADMIN], name: "apps") { token } }',
    ),
  ).createApiToken.token;
});
afterAll(async () => {
  for (const socket of sockets) await socket.dispose();
  await copy?.close();
  await app?.close();
});

/** A public app's whole flow for `who`: approve with PKCE, exchange the code. */
async function connect(who: string, scope = 'GAME_READ GAME_PLAY', redirectUri = WEB) {
  const pair = pkce();
  const request = authorizationRequest(publicApp.id, redirectUri, scope, pair);
  const { code } = await approve(app, who, request);
  return tokenPair(await exchange(app, publicApp.id, code, redirectUri, pair.verifier));
}

async function me(token: string, on: InProcessApp = app): Promise<string | undefined> {
  const body = await on.gql<{ me: { username: string } }>(token, '{ me { username } }');
  return codeOf(body) ?? body.data?.me.username;
}

/** A live subscription on `on` with `token`; `closed` is the close code it ends with. */
async function openSocket(on: InProcessApp, token: string): Promise<{ closed: Promise<number> }> {
  let onClose: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  const client = wsClient(on.url, token, { onNonLazyError: () => undefined });
  sockets.push(client);
  client.on('closed', (event) => onClose((event as { code: number }).code));
  await new Promise<void>((resolve, reject) => {
    client.on('connected', () => resolve());
    client.on('closed', (event) =>
      reject(new Error(`closed before it connected: ${(event as { code: number }).code}`)),
    );
    client.subscribe(
      { query: 'subscription { myEvents { kind } }' },
      { next: () => undefined, error: () => undefined, complete: () => undefined },
    );
  });
  return { closed };
}

/** What the consent page is told of `request`, anonymous unless `viewer` is a token. */
async function consentView(request: AuthorizationRequest, viewer: string | null = null) {
  const body = await app.gql<{
    oauthAuthorization: {
      app: { name: string; ownerName: string } | null;
      scopes: string[];
      problem: { reason: string; message: string; returnTo: string | null } | null;
    };
  }>(
    viewer,
    `query($request: OAuthAuthorizationInput!) {
       oauthAuthorization(request: $request) { app { name ownerName } scopes problem { reason message returnTo } }
     }`,
    { request },
  );
  return dataOf(body).oauthAuthorization;
}

describe('the authorization code flow with PKCE (a public app)', () => {
  it('approves, exchanges the code for tokens that work on HTTP and graphql-ws, within the granted scopes only', async () => {
    const pair = pkce();
    const request = authorizationRequest(publicApp.id, WEB, 'GAME_READ', pair);
    expect(await consentView(request)).toEqual({
      app: { name: 'Pocket Malice', ownerName: 'app_maker' },
      scopes: ['GAME_READ'],
      problem: null,
    });
    const answer = await approve(app, person, request);
    expect(answer.redirectTo.startsWith(`${WEB}?`)).toBe(true);
    expect(answer.state).toBe(request.state);
    expect(answer.iss).toBe('https://play.example.com');
    expect(answer.code).toMatch(/^mlc_/);

    const tokens = await exchange(app, publicApp.id, answer.code, WEB, pair.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: 'GAME_READ' });
    // An hour, counted by the server from when it answered.
    expect(Number(tokens.body['expires_in'])).toBeGreaterThan(3590);
    expect(Number(tokens.body['expires_in'])).toBeLessThanOrEqual(3600);
    const { accessToken, refreshToken } = tokenPair(tokens);
    expect(accessToken).toMatch(/^mlo_/);
    expect(refreshToken).toMatch(/^mlr_/);

    expect(await me(accessToken)).toBe('pat_person');
    expect(await me(accessToken, copy)).toBe('pat_person');
    // GAME_READ only: no playing, no managing tokens or apps.
    const play = await app.gql(accessToken, 'mutation { createGame(input: { preset: CLASSIC }) { id } }');
    expect(codeOf(play)).toBe('FORBIDDEN');
    const mint = await app.gql(accessToken, 'mutation { createApiToken(scopes: [GAME_READ]) { token } }');
    expect(codeOf(mint)).toBe('FORBIDDEN');
    const approveItself = await app.gql(accessToken, APPROVE, {
      request: authorizationRequest(publicApp.id, WEB, 'GAME_PLAY', pkce()),
    });
    expect(codeOf(approveItself)).toBe('FORBIDDEN');
    // The socket authenticates with it too.
    const { closed } = await openSocket(app, accessToken);
    expect(await within(closed, 300)).toBe('timeout');

    const connected = await app.gql<{ connectedApps: { app: { name: string }; scopes: string[] }[] }>(
      person,
      '{ connectedApps { app { name } scopes } }',
    );
    expect(dataOf(connected).connectedApps).toEqual([
      { app: { name: 'Pocket Malice' }, scopes: ['GAME_READ'] },
    ]);
  });

  it('a loopback redirect URI matches on any port (RFC 8252 §7.3), and the exchange names the same one', async () => {
    const pair = pkce();
    const native = 'http://127.0.0.1:51999/cb';
    const { code } = await approve(
      app,
      person,
      authorizationRequest(publicApp.id, native, 'GAME_READ', pair),
    );
    const wrongPort = await exchange(app, publicApp.id, code, LOOPBACK, pair.verifier);
    expect(wrongPort).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    // That attempt used the code up.
    const again = await approve(app, person, authorizationRequest(publicApp.id, native, 'GAME_READ', pair));
    expect((await exchange(app, publicApp.id, again.code, native, pair.verifier)).status).toBe(200);
  });

  it('refuses redirect URIs that are almost the registered ones, without sending anyone there', async () => {
    const variations = [
      'https://bots.example.org/callback/',
      'https://bots.example.org/callback?x=1',
      'https://bots.example.org/callback#frag',
      'https://bots.example.org/Callback',
      'https://BOTS.example.org.evil.net/callback',
      'http://bots.example.org/callback',
      'https://bots.example.org:8443/callback',
      'https://user@bots.example.org/callback',
      'http://localhost:4321/cb',
      'http://127.0.0.1:4321/cb/',
      'http://127.0.0.2:4321/cb',
      'http://[::1]:4321/cb',
    ];
    for (const redirectUri of variations) {
      const request = authorizationRequest(publicApp.id, redirectUri, 'GAME_READ', pkce());
      const view = await consentView(request);
      expect({ redirectUri, problem: view.problem }).toEqual({
        redirectUri,
        problem: {
          reason: 'REDIRECT_URI_NOT_REGISTERED',
          message: expect.stringContaining('redirect_uri') as unknown as string,
          returnTo: null,
        },
      });
      const body = await app.gql(person, APPROVE, { request });
      expect({ redirectUri, code: codeOf(body) }).toEqual({ redirectUri, code: 'BAD_USER_INPUT' });
    }
    const unknownApp = await consentView(
      authorizationRequest('00000000-0000-4000-8000-000000000000', WEB, 'GAME_READ', pkce()),
    );
    expect(unknownApp).toMatchObject({ app: null, problem: { reason: 'UNKNOWN_APP', returnTo: null } });
    const none = await consentView(
      authorizationRequest(publicApp.id, WEB, 'GAME_READ', pkce(), { redirectUri: null }),
    );
    expect(none.problem).toMatchObject({ reason: 'REDIRECT_URI_MISSING', returnTo: null });
  });

  it('sends other problems back to the app: no state, plain PKCE, no PKCE for a public app, a token response, ADMIN', async () => {
    const cases: [Partial<AuthorizationRequest>, string, string, RegExp][] = [
      [{ state: null }, 'invalid_request', 'STATE_INVALID', /state/],
      [{ codeChallengeMethod: 'plain' }, 'invalid_request', 'PKCE_METHOD_NOT_S256', /S256/],
      [{ codeChallenge: null, codeChallengeMethod: null }, 'invalid_request', 'PKCE_REQUIRED', /PKCE/],
      [
        { codeChallenge: null },
        'invalid_request',
        'PKCE_METHOD_WITHOUT_CHALLENGE',
        /without a code_challenge/,
      ],
      [{ codeChallenge: 'short' }, 'invalid_request', 'PKCE_CHALLENGE_MALFORMED', /43 characters/],
      [{ responseType: 'token' }, 'unsupported_response_type', 'RESPONSE_TYPE_UNSUPPORTED', /code/],
      [{ scope: 'GAME_READ ADMIN' }, 'invalid_scope', 'SCOPE_INVALID', /ADMIN is never granted/],
      [{ scope: '' }, 'invalid_scope', 'SCOPE_INVALID', /scope is required/],
    ];
    for (const [override, error, reason, description] of cases) {
      const request = authorizationRequest(publicApp.id, WEB, 'GAME_READ', pkce(), override);
      const view = await consentView(request);
      const returnTo = new URL(view.problem?.returnTo ?? 'about:blank');
      expect({ override, error: returnTo.searchParams.get('error'), reason: view.problem?.reason }).toEqual({
        override,
        error,
        reason,
      });
      expect(returnTo.searchParams.get('error_description')).toMatch(description);
      expect(returnTo.origin + returnTo.pathname).toBe(WEB);
      expect(codeOf(await app.gql(person, APPROVE, { request }))).toBe('BAD_USER_INPUT');
    }
  });

  it('a denial sends access_denied with the state', async () => {
    const request = authorizationRequest(publicApp.id, WEB, 'GAME_READ', pkce());
    const body = await app.gql<{ denyOAuthAuthorization: { redirectTo: string } }>(
      null,
      'mutation($request: OAuthAuthorizationInput!) { denyOAuthAuthorization(request: $request) { redirectTo } }',
      { request },
    );
    const params = new URL(dataOf(body).denyOAuthAuthorization.redirectTo).searchParams;
    expect([params.get('error'), params.get('state')]).toEqual(['access_denied', request.state]);
  });

  it('guests, API tokens and a person asking BOT_PLAY cannot approve', async () => {
    const guest = dataOf(
      await app.gql<{ startGuest: { token: string } }>(null, 'mutation { startGuest { token } }'),
    ).startGuest.token;
    const request = authorizationRequest(publicApp.id, WEB, 'GAME_READ', pkce());
    expect(codeOf(await app.gql(guest, APPROVE, { request }))).toBe('GUEST_NOT_ALLOWED');
    const token = dataOf(
      await app.gql<{ createApiToken: { token: string } }>(
        person,
        'mutation { createApiToken(scopes: [GAME_READ, GAME_PLAY]) { token } }',
      ),
    ).createApiToken.token;
    expect(codeOf(await app.gql(token, APPROVE, { request }))).toBe('FORBIDDEN');
    const bot = authorizationRequest(publicApp.id, WEB, 'BOT_PLAY', pkce());
    // The page is told before the click, signed in; anonymous, nothing is wrong with the request itself.
    expect((await consentView(bot)).problem).toBeNull();
    const told = (await consentView(bot, person)).problem;
    expect(told).toMatchObject({
      reason: 'SCOPE_NOT_FOR_THIS_ACCOUNT',
      message: expect.stringMatching(/BOT_PLAY/),
    });
    const back = new URL(told!.returnTo!).searchParams;
    expect([back.get('error'), back.get('state')]).toEqual(['access_denied', bot.state]);
    expect(codeOf(await app.gql(person, APPROVE, { request: bot }))).toBe('FORBIDDEN');
  });
});

describe('code exchange refusals', () => {
  it('a code without its verifier, with a wrong one, or for another app is refused; a wrong try uses the code up', async () => {
    const pair = pkce();
    const first = await approve(app, person, authorizationRequest(publicApp.id, WEB, 'GAME_READ', pair));
    // Without PKCE a public app has no way to authenticate: a stolen code alone is worthless.
    const noVerifier = await exchange(app, publicApp.id, first.code, WEB, null);
    expect(noVerifier.status).toBeGreaterThanOrEqual(400);
    expect(['invalid_client', 'invalid_request', 'invalid_grant']).toContain(noVerifier.body['error']);
    const wrong = await exchange(app, publicApp.id, first.code, WEB, pkce().verifier);
    expect(wrong.body['error']).toBe('invalid_grant');
    expect((await exchange(app, publicApp.id, first.code, WEB, pair.verifier)).body['error']).toBe(
      'invalid_grant',
    );

    // Substitution: a code issued to the public app, presented by the confidential one with its own secret.
    const second = await approve(app, person, authorizationRequest(publicApp.id, WEB, 'GAME_READ', pair));
    const stolen = await formPost(
      app,
      'token',
      {
        grant_type: 'authorization_code',
        code: second.code,
        redirect_uri: WEB,
        code_verifier: pair.verifier,
      },
      basic(confidentialApp.id, confidentialApp.clientSecret!),
    );
    expect(stolen.body['error']).toBe('invalid_grant');
  });

  it('a code used twice is refused, and the tokens issued with it die (RFC 6749 §4.1.2)', async () => {
    const pair = pkce();
    const { code } = await approve(app, person, authorizationRequest(publicApp.id, WEB, 'GAME_READ', pair));
    const tokens = tokenPair(await exchange(app, publicApp.id, code, WEB, pair.verifier));
    expect(await me(tokens.accessToken)).toBe('pat_person');
    const { closed } = await openSocket(copy, tokens.accessToken);
    const replay = await exchange(app, publicApp.id, code, WEB, pair.verifier);
    expect(replay.body['error']).toBe('invalid_grant');
    expect(await within(closed, 5000)).toBe(4403);
    expect(await me(tokens.accessToken)).toBe('UNAUTHENTICATED');
    expect((await refresh(app, publicApp.id, tokens.refreshToken)).body['error']).toBe('invalid_grant');
    const [grant] = await sql<{ revoked_reason: string }>(
      app.databaseUrl,
      `SELECT g.revoked_reason FROM oauth_grants g JOIN tokens t ON t.grant_id = g.id
        WHERE t.token_hash = encode(sha256($1::bytea), 'hex')`,
      [tokens.accessToken],
    );
    expect(grant?.revoked_reason).toBe('CODE_REUSED');
  });

  it('an expired code is refused', async () => {
    const pair = pkce();
    const { code } = await approve(app, person, authorizationRequest(publicApp.id, WEB, 'GAME_READ', pair));
    app.clock().advance(121_000);
    expect((await exchange(app, publicApp.id, code, WEB, pair.verifier)).body['error']).toBe('invalid_grant');
  });
});

describe('refresh tokens', () => {
  it('rotate at each use; narrowing is allowed, widening is not; a rotated one used again ends the grant', async () => {
    const first = await connect(person, 'GAME_READ GAME_PLAY');
    const widened = await refresh(app, publicApp.id, first.refreshToken, 'GAME_READ GAME_PLAY BOT_PLAY');
    expect(widened.body['error']).toBe('invalid_scope');
    const narrowed = tokenPair(await refresh(app, publicApp.id, first.refreshToken, 'GAME_READ'));
    expect(narrowed.scope).toBe('GAME_READ');
    expect(narrowed.refreshToken).not.toBe(first.refreshToken);
    expect(await me(narrowed.accessToken)).toBe('pat_person');
    // The old access token lives on until it expires; the rotated refresh token does not.
    const { closed } = await openSocket(app, narrowed.accessToken);
    const reused = await refresh(app, publicApp.id, first.refreshToken);
    expect(reused.body['error']).toBe('invalid_grant');
    // Taken for a copy: everything of the grant ends, the thief's and the app's alike.
    expect(await within(closed, 5000)).toBe(4403);
    expect(await me(narrowed.accessToken)).toBe('UNAUTHENTICATED');
    expect(await me(first.accessToken)).toBe('UNAUTHENTICATED');
    expect((await refresh(app, publicApp.id, narrowed.refreshToken)).body['error']).toBe('invalid_grant');
  });

  it('a public app’s refresh token cannot be used by another app', async () => {
    const tokens = await connect(person, 'GAME_READ');
    const other = await formPost(
      app,
      'token',
      { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
      basic(confidentialApp.id, confidentialApp.clientSecret!),
    );
    expect(other.body['error']).toBe('invalid_grant');
  });
});

describe('confidential apps', () => {
  const redirect = 'https://server.example.org/oauth';

  it('authenticate with their secret (Basic or the form); without it, with a wrong one, or a public app with one: refused', async () => {
    const request = (): AuthorizationRequest =>
      authorizationRequest(confidentialApp.id, redirect, 'GAME_READ', null);
    const codeForm = async (): Promise<Record<string, string>> => ({
      grant_type: 'authorization_code',
      code: (await approve(app, person, request())).code,
      redirect_uri: redirect,
    });
    const noSecret = await formPost(app, 'token', { ...(await codeForm()), client_id: confidentialApp.id });
    expect(noSecret.status).toBe(400);
    const wrong = await formPost(app, 'token', await codeForm(), basic(confidentialApp.id, 'mls_app_wrong'));
    expect([wrong.status, wrong.body['error']]).toEqual([401, 'invalid_client']);
    // Each part form-encoded as strictly as a client may (`-` as %2D, `_` as %5F): decoded before it is compared.
    const strictBasic = await formPost(
      app,
      'token',
      await codeForm(),
      basic(confidentialApp.id, confidentialApp.clientSecret!, true),
    );
    expect(strictBasic.status).toBe(200);
    const viaBasic = await formPost(
      app,
      'token',
      await codeForm(),
      basic(confidentialApp.id, confidentialApp.clientSecret!),
    );
    expect(viaBasic.status).toBe(200);
    const viaForm = await formPost(app, 'token', {
      ...(await codeForm()),
      client_id: confidentialApp.id,
      client_secret: confidentialApp.clientSecret!,
    });
    expect(viaForm.status).toBe(200);
    // A confidential app refreshes with its secret only.
    const refreshToken = String(viaForm.body['refresh_token']);
    expect((await refresh(app, confidentialApp.id, refreshToken)).body['error']).toBe('invalid_client');
    const pair = pkce();
    const publicCode = await approve(app, person, authorizationRequest(publicApp.id, WEB, 'GAME_READ', pair));
    const publicWithSecret = await formPost(app, 'token', {
      grant_type: 'authorization_code',
      code: publicCode.code,
      redirect_uri: WEB,
      code_verifier: pair.verifier,
      client_id: publicApp.id,
      client_secret: 'mls_app_made_up',
    });
    expect(publicWithSecret.body['error']).toBe('invalid_client');
  });

  it('introspect their own tokens only, and a replaced secret stops working at once', async () => {
    const code = (
      await approve(app, person, authorizationRequest(confidentialApp.id, redirect, 'GAME_READ', null))
    ).code;
    const issued = tokenPair(
      await formPost(
        app,
        'token',
        { grant_type: 'authorization_code', code, redirect_uri: redirect },
        basic(confidentialApp.id, confidentialApp.clientSecret!),
      ),
    );
    const auth = basic(confidentialApp.id, confidentialApp.clientSecret!);
    const live = await formPost(app, 'introspect', { token: issued.accessToken }, auth);
    expect(live.body).toMatchObject({
      active: true,
      scope: 'GAME_READ',
      client_id: confidentialApp.id,
      username: 'pat_person',
      token_type: 'Bearer',
    });
    const theirs = await connect(person, 'GAME_READ');
    expect((await formPost(app, 'introspect', { token: theirs.accessToken }, auth)).body).toEqual({
      active: false,
    });
    expect((await formPost(app, 'introspect', { token: person }, auth)).body).toEqual({ active: false });
    // A public app has nothing to introspect with.
    expect(
      (await formPost(app, 'introspect', { token: theirs.accessToken, client_id: publicApp.id })).status,
    ).toBe(401);

    const replaced = dataOf(
      await app.gql<{ replaceOAuthAppSecret: string }>(
        owner,
        'mutation($id: ID!) { replaceOAuthAppSecret(id: $id) }',
        {
          id: confidentialApp.id,
        },
      ),
    ).replaceOAuthAppSecret;
    expect((await formPost(app, 'introspect', { token: issued.accessToken }, auth)).status).toBe(401);
    confidentialApp = { id: confidentialApp.id, clientSecret: replaced };
    const fresh = basic(confidentialApp.id, replaced);
    expect((await formPost(app, 'introspect', { token: issued.accessToken }, fresh)).body['active']).toBe(
      true,
    );
  });
});

describe('revocation', () => {
  it('the app revokes (RFC 7009): its grant ends on every copy; unknown tokens and other apps’ tokens answer 200 and change nothing', async () => {
    const mine = await connect(person);
    const untouched = await connect(person);
    const { closed } = await openSocket(copy, mine.accessToken);
    const unknown = await formPost(app, 'revoke', { token: 'mlr_not_a_token', client_id: publicApp.id });
    expect(unknown.status).toBe(200);
    const otherApp = await formPost(
      app,
      'revoke',
      { token: untouched.refreshToken },
      basic(confidentialApp.id, confidentialApp.clientSecret!),
    );
    expect(otherApp.status).toBe(200);
    expect(await me(untouched.accessToken)).toBe('pat_person');

    expect(
      (await formPost(app, 'revoke', { token: mine.refreshToken, client_id: publicApp.id })).status,
    ).toBe(200);
    expect(await within(closed, 5000)).toBe(4403);
    expect(await me(mine.accessToken, copy)).toBe('UNAUTHENTICATED');
    expect(await me(untouched.accessToken)).toBe('pat_person');
  });

  it('the person revokes in Connected apps: every grant to that app ends, open sockets and streams close', async () => {
    const someone = await register(app, 'revoking_rita');
    const tokens = await connect(someone);
    const { closed } = await openSocket(copy, tokens.accessToken);
    const stream = await openStream(copy.url, '/api/stream/events', tokens.accessToken);
    expect(stream.status).toBe(200);
    const body = await app.gql(someone, 'mutation($id: ID!) { revokeConnectedApp(appId: $id) }', {
      id: publicApp.id,
    });
    expect(dataOf(body)).toEqual({ revokeConnectedApp: true });
    expect(await within(closed, 5000)).toBe(4403);
    expect(await within(stream.ended, 5000)).toBeUndefined();
    expect(await me(tokens.accessToken)).toBe('UNAUTHENTICATED');
    expect((await refresh(app, publicApp.id, tokens.refreshToken)).body['error']).toBe('invalid_grant');
    const again = await app.gql(someone, 'mutation($id: ID!) { revokeConnectedApp(appId: $id) }', {
      id: publicApp.id,
    });
    expect(codeOf(again)).toBe('NOT_FOUND');
  });

  it('a deleted account’s app tokens die on open sockets; its refresh tokens issue nothing', async () => {
    const leaver = await register(app, 'leaving_lou');
    const tokens = await connect(leaver);
    const { closed } = await openSocket(copy, tokens.accessToken);
    const deleted = await app.gql(leaver, 'mutation($p: String!) { deleteAccount(password: $p) }', {
      p: PASSWORD,
    });
    expect(codeOf(deleted)).toBeUndefined();
    expect(await within(closed, 5000)).toBe(4403);
    expect(await me(tokens.accessToken)).toBe('UNAUTHENTICATED');
    expect((await refresh(app, publicApp.id, tokens.refreshToken)).body['error']).toBe('invalid_grant');
  });

  it('an admin disables an app (audited): its tokens die, nobody can approve it; enabled again, old approvals stay ended', async () => {
    const tokens = await connect(person);
    const { closed } = await openSocket(app, tokens.accessToken);
    const disabled = await app.gql<{ adminDisableOAuthApp: { disabledAt: string | null } }>(
      admin,
      'mutation($id: ID!) { adminDisableOAuthApp(id: $id, reason: "phishing page") { disabledAt } }',
      { id: publicApp.id },
    );
    expect(dataOf(disabled).adminDisableOAuthApp.disabledAt).not.toBeNull();
    expect(await within(closed, 5000)).toBe(4403);
    expect(await me(tokens.accessToken)).toBe('UNAUTHENTICATED');
    const request = authorizationRequest(publicApp.id, WEB, 'GAME_READ', pkce());
    expect((await consentView(request)).problem?.returnTo).toBeNull();
    expect(codeOf(await app.gql(person, APPROVE, { request }))).toBe('BAD_USER_INPUT');
    const audit = await app.gql<{
      adminAuditLog: { edges: { node: { action: string; targetAppId: string; reason: string } }[] };
    }>(admin, '{ adminAuditLog(first: 1) { edges { node { action targetAppId reason } } } }');
    expect(dataOf(audit).adminAuditLog.edges.map((edge) => edge.node)).toEqual([
      { action: 'DISABLE_APP', targetAppId: publicApp.id, reason: 'phishing page' },
    ]);
    // Not an admin: refused.
    const byOwner = await app.gql(owner, 'mutation($id: ID!) { adminEnableOAuthApp(id: $id) { id } }', {
      id: publicApp.id,
    });
    expect(codeOf(byOwner)).toBe('FORBIDDEN');
    dataOf(
      await app.gql(admin, 'mutation($id: ID!) { adminEnableOAuthApp(id: $id) { id } }', {
        id: publicApp.id,
      }),
    );
    expect((await refresh(app, publicApp.id, tokens.refreshToken)).body['error']).toBe('invalid_grant');
    expect(await me((await connect(person)).accessToken)).toBe('pat_person');
  });
});

describe('registering apps', () => {
  it('refuses bad names and redirect URIs with the field named; only the owner sees, changes or deletes an app', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'x', redirectUris: [WEB] }, 'name'],
      [{ name: 'Fine', redirectUris: [] }, 'redirectUris'],
      [{ name: 'Fine', redirectUris: ['http://bots.example.org/cb'] }, 'redirectUris'],
      [{ name: 'Fine', redirectUris: ['https://bots.example.org/cb#x'] }, 'redirectUris'],
      [{ name: 'Fine', redirectUris: ['javascript:alert(1)'] }, 'redirectUris'],
      [{ name: 'Fine', redirectUris: [WEB, WEB] }, 'redirectUris'],
    ];
    for (const [input, field] of bad) {
      const body = await app.gql(
        owner,
        'mutation($app: OAuthAppInput!) { registerOAuthApp(app: $app, confidential: false) { app { id } } }',
        { app: input },
      );
      const error = body.errors?.[0] as { extensions?: { code?: string; field?: string } } | undefined;
      expect({ input, code: error?.extensions?.code, field: error?.extensions?.field }).toEqual({
        input,
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    const native = await registerApp(app, owner, {
      name: 'Native',
      redirectUris: ['com.example.malice:/oauth', 'http://[::1]/cb'],
    });
    const listed = await app.gql<{ myOAuthApps: { id: string }[] }>(owner, '{ myOAuthApps { id } }');
    expect(dataOf(listed).myOAuthApps.map((entry) => entry.id)).toContain(native.id);
    const notMine = await app.gql(person, 'mutation($id: ID!) { deleteOAuthApp(id: $id) }', {
      id: native.id,
    });
    expect(codeOf(notMine)).toBe('NOT_FOUND');
    const rename = await app.gql(
      person,
      'mutation($id: ID!) { updateOAuthApp(id: $id, app: { name: "Mine now", redirectUris: ["https://evil.example/cb"] }) { id } }',
      { id: native.id },
    );
    expect(codeOf(rename)).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(owner, 'mutation { deleteOAuthApp(id: "not-a-uuid") }'))).toBe('NOT_FOUND');
    dataOf(await app.gql(owner, 'mutation($id: ID!) { deleteOAuthApp(id: $id) }', { id: native.id }));
  });
});

describe('connected apps', () => {
  it('lists an app once however often it was approved, with every scope its live approvals hold', async () => {
    const max = await register(app, 'multi_max');
    await connect(max, 'GAME_READ');
    const second = await connect(max, 'GAME_READ GAME_PLAY');
    expect(await me(second.accessToken)).toBe('multi_max');
    const body = await app.gql<{
      connectedApps: { app: { id: string }; scopes: string[]; lastUsedAt: string | null }[];
    }>(max, '{ connectedApps { app { id } scopes lastUsedAt } }');
    const listed = dataOf(body).connectedApps;
    expect(listed.map((entry) => [entry.app.id, entry.scopes])).toEqual([
      [publicApp.id, ['GAME_READ', 'GAME_PLAY']],
    ]);
    expect(listed[0]!.lastUsedAt).not.toBeNull();
  });
});

describe('the account export', () => {
  it('lists every approval a person gave, ended ones with why, and the apps an owner registered, never a secret', async () => {
    const lines = async (token: string): Promise<Record<string, unknown>[]> => {
      const response = await fetch(`${app.url}/api/me/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      return (await response.text())
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    };
    const approvals = (await lines(person)).filter((line) => line['type'] === 'appApproval');
    expect(approvals.length).toBeGreaterThan(5);
    expect(new Set(approvals.map((line) => line['revokedReason']))).toEqual(
      new Set([null, 'CODE_REUSED', 'REFRESH_TOKEN_REUSED', 'REVOKED_BY_APP', 'APP_DISABLED']),
    );
    expect(approvals[0]).toMatchObject({
      appId: expect.any(String) as unknown,
      appName: expect.any(String) as unknown,
    });
    const ownerLines = await lines(owner);
    const apps = ownerLines.filter((line) => line['type'] === 'oauthApp');
    expect(apps.map((line) => line['name'])).toEqual(['Pocket Malice', 'Server Bot']);
    const text = JSON.stringify(ownerLines);
    expect(text).not.toContain(confidentialApp.clientSecret!);
    expect(text).not.toMatch(/secret/i);
  });
});

describe('the token endpoint’s allowance', () => {
  it('counts every call against the address: over it, 429 with Retry-After in OAuth’s words', async () => {
    const limited = await startAppInProcess({
      databaseUrl: app.databaseUrl,
      env: { RATE_LIMIT_REQUESTS: '3' },
    });
    try {
      const answers = [];
      for (let call = 0; call < 4; call++) {
        answers.push(
          await formPost(limited, 'token', { grant_type: 'refresh_token', refresh_token: 'mlr_x' }),
        );
      }
      expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([400, 400, 400]);
      const refused = answers[3]!;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ error: 'temporarily_unavailable' });
    } finally {
      await limited.stop();
    }
  });
});

describe('the metadata (RFC 8414)', () => {
  it('names the endpoints, S256 only, and the scopes an app may ask for', async () => {
    const response = await fetch(`${app.url}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      issuer: 'https://play.example.com',
      authorization_endpoint: 'https://play.example.com/oauth/authorize',
      token_endpoint: 'https://play.example.com/oauth/token',
      revocation_endpoint: 'https://play.example.com/oauth/revoke',
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['GAME_READ', 'GAME_PLAY', 'BOT_PLAY'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
    });
  });

  it('the token endpoint refuses JSON bodies and other grant types', async () => {
    const json = await fetch(`${app.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token' }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
    const password = await formPost(app, 'token', {
      grant_type: 'password',
      username: 'pat_person',
      password: PASSWORD,
      client_id: publicApp.id,
    });
    expect(password.status).toBe(400);
  });
});
