/**
 * Revocation reaches open sockets (src/auth/open-sockets.ts): whatever would refuse a request over HTTP ends a
 * graphql-ws connection that is already open — a revoked API token, a logged-out session, a session ended by a
 * password change, an expired session — with close code 4403, at once; a session whose account became a bot
 * account can no longer play over its open connection. On every app copy: revocations are announced through
 * Postgres, and after a LISTEN reconnect every connection is checked again. Also the account controls: logout,
 * sessions, revokeSession, changePassword.
 */
import type { Client as WsClient } from 'graphql-ws';
import { GraphQLBody, TestApp, codeOf, dataOf, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';
import {
  approve,
  authorizationRequest,
  exchange,
  pkce,
  registerApp,
  tokenPair,
} from '../../support/service/oauth';
import { createGame } from '../../support/service/play';
import { type Nats, startNats } from '../../support/servers/nats';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a rather longer passphrase of mine';

let app: TestApp;
let names = 0;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

function name(prefix: string): string {
  names += 1;
  return `${prefix}${names}`;
}

/** A socket with a live `gameUpdated` subscription: resolves `closed` with the close code when the socket ends. */
interface Watched {
  readonly client: WsClient;
  readonly closed: Promise<number>;
}

async function watchOpenGame(target: TestApp, token: string, host: string): Promise<Watched> {
  const game = await createGame(target, host, { preset: 'CLASSIC' });
  let onClose: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  const client = target.ws(token);
  client.on('closed', (event) => onClose((event as { code: number }).code));
  await new Promise<void>((resolve, reject) => {
    client.subscribe(
      { query: 'subscription($g: ID!) { gameUpdated(gameId: $g) { version } }', variables: { g: game.id } },
      { next: () => resolve(), error: reject, complete: () => undefined },
    );
  });
  return { client, closed };
}

/** `closed` within `ms`, or 'open'. */
function within(closed: Promise<number>, ms: number): Promise<number | 'open'> {
  return Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
}

/** One query over an open client: its result, or its errors. */
function queryOver(client: WsClient, query: string): Promise<GraphQLBody> {
  return new Promise((resolve) => {
    let last: GraphQLBody = {};
    client.subscribe(
      { query },
      {
        next: (result) => (last = result as GraphQLBody),
        error: (error: unknown) => resolve(Array.isArray(error) ? { errors: error } : { errors: [] }),
        complete: () => resolve(last),
      },
    );
  });
}

async function apiToken(target: TestApp, session: string, scopes = '[GAME_READ, GAME_PLAY]') {
  const body = await target.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
    session,
    `mutation { createApiToken(scopes: ${scopes}, name: "bot") { token apiToken { id } } }`,
  );
  return dataOf(body).createApiToken;
}

async function login(target: TestApp, username: string, password = PASSWORD): Promise<string> {
  const body = await target.gql<{ login: { token: string } }>(
    null,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: username, p: password },
  );
  return dataOf(body).login.token;
}

describe('an open graphql-ws connection ends when its token stops working', () => {
  it('a revoked API token: its socket is closed with 4403 at once', async () => {
    const session = await register(app, name('revoker'));
    const { token, apiToken: created } = await apiToken(app, session);
    const watched = await watchOpenGame(app, token, session);
    const revoked = await app.gql(session, 'mutation($id: ID!) { revokeApiToken(id: $id) }', {
      id: created.id,
    });
    expect(dataOf(revoked)).toEqual({ revokeApiToken: true });
    expect(await within(watched.closed, 5000)).toBe(4403);
  });

  it('a logged-out session: its socket is closed with 4403, and the token is refused over HTTP', async () => {
    const username = name('leaver');
    await register(app, username);
    const session = await login(app, username);
    const watched = await watchOpenGame(app, session, await register(app, name('host')));
    expect(dataOf(await app.gql(session, 'mutation { logout }'))).toEqual({ logout: true });
    expect(await within(watched.closed, 5000)).toBe(4403);
    expect(codeOf(await app.gql(session, '{ me { id } }'))).toBe('UNAUTHENTICATED');
  });

  it('an expired session: its socket is closed with 4403 when the session ends', async () => {
    const username = name('expiring');
    const session = await register(app, username);
    // The session ends in two seconds (as if SESSION_TTL_DAYS had run out).
    await sql(
      app.databaseUrl,
      `UPDATE tokens SET expires_at = now() + interval '2 seconds'
        WHERE player_id = (SELECT id FROM players WHERE username = $1)`,
      [username],
    );
    const watched = await watchOpenGame(app, session, await register(app, name('host')));
    expect(await within(watched.closed, 8000)).toBe(4403);
  });

  it('a session whose account became a bot account can no longer create games or move over its open socket', async () => {
    const session = await register(app, name('turned'));
    const client = app.ws(session);
    const create = 'mutation { createGame(input: { preset: CLASSIC }) { id } }';
    // The socket is open and signed in as a person (a game created now would keep the account from the upgrade).
    expect((await queryOver(client, '{ me { isBot } }')).data).toEqual({ me: { isBot: false } });
    dataOf(await app.gql(session, 'mutation { upgradeToBotAccount { isBot } }'));
    // The same socket, still open: it reads, but plays no more (as over HTTP).
    const refused = await queryOver(client, create);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect((await queryOver(client, '{ me { isBot } }')).data).toEqual({ me: { isBot: true } });
    expect(codeOf(await app.gql(session, create))).toBe('FORBIDDEN');
  });
});

describe('on every app copy', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ databaseUrl: app.databaseUrl });
  });
  afterAll(async () => {
    await other.stop();
  });

  it('a token revoked through one copy closes its socket open on another, at once', async () => {
    const session = await register(app, name('spread'));
    const { token, apiToken: created } = await apiToken(app, session);
    const watched = await watchOpenGame(other, token, session);
    expect(
      dataOf(await app.gql(session, 'mutation($id: ID!) { revokeApiToken(id: $id) }', { id: created.id })),
    ).toEqual({ revokeApiToken: true });
    expect(await within(watched.closed, 5000)).toBe(4403);
  });

  it('a revocation announced while a copy was not listening closes its socket once it listens again', async () => {
    const session = await register(app, name('missed'));
    const { token, apiToken: created } = await apiToken(app, session);
    const watched = await watchOpenGame(other, token, session);
    // Revoked behind every copy's back (no announcement: as if it had been made while their LISTEN connections
    // were down), then the LISTEN connections are cut: each copy reconnects and checks its sockets again.
    await sql(app.databaseUrl, 'UPDATE tokens SET revoked_at = now() WHERE id = $1::uuid', [created.id]);
    expect(await within(watched.closed, 1000)).toBe('open');
    await sql(
      app.databaseUrl,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'malice listen'`,
    );
    expect(await within(watched.closed, 10_000)).toBe(4403);
  });
});

describe('a revocation whose announcement is lost', () => {
  let checking: TestApp;
  beforeAll(async () => {
    checking = await startTestApp({ databaseUrl: app.databaseUrl, env: { WS_TOKEN_RECHECK_MS: '1000' } });
  });
  afterAll(async () => {
    await checking.stop();
  });

  it('closes the socket at the periodic check (WS_TOKEN_RECHECK_MS, plus the token cache’s few seconds)', async () => {
    const session = await register(checking, name('lost'));
    const { token, apiToken: created } = await apiToken(checking, session);
    const watched = await watchOpenGame(checking, token, session);
    // Revoked behind the copy's back, and nothing cut: only the periodic check can find it.
    await sql(app.databaseUrl, 'UPDATE tokens SET revoked_at = now() WHERE id = $1::uuid', [created.id]);
    expect(await within(watched.closed, 10_000)).toBe(4403);
  });
});

describe('the copy that revokes, its announcements lost', () => {
  let nats: Nats;
  let alone: TestApp;
  beforeAll(async () => {
    nats = await startNats();
    alone = await startTestApp({ databaseUrl: app.databaseUrl, env: { EVENTS_URL: nats.url } });
  });
  afterAll(async () => {
    await alone.stop();
    await nats.stop();
  });

  it('refuses a revoked app token from its very next request: its own cached lookup goes before it answers', async () => {
    const username = name('apps');
    const person = await register(alone, username);
    const redirectUri = 'https://bots.example.org/callback';
    const registered = await registerApp(alone, person, { redirectUris: [redirectUri] });
    const pair = pkce();
    const { code } = await approve(
      alone,
      person,
      authorizationRequest(registered.id, redirectUri, 'GAME_READ', pair),
    );
    const tokens = tokenPair(await exchange(alone, registered.id, code, redirectUri, pair.verifier));
    const me = async (): Promise<string | undefined> => {
      const body = await alone.gql<{ me: { username: string } }>(tokens.accessToken, '{ me { username } }');
      return codeOf(body) ?? body.data?.me.username;
    };
    // No announcement reaches this copy from here on, not even its own; the token's lookup is cached.
    await nats.kill9();
    expect(await me()).toBe(username);
    expect(
      dataOf(
        await alone.gql(person, 'mutation($id: ID!) { revokeConnectedApp(appId: $id) }', {
          id: registered.id,
        }),
      ),
    ).toEqual({ revokeConnectedApp: true });
    expect(await me()).toBe('UNAUTHENTICATED');
  });
});

describe('account controls', () => {
  it('sessions lists the sessions that work, the current one marked; revokeSession ends another', async () => {
    const username = name('many');
    const first = await register(app, username);
    const second = await login(app, username);
    const listed = await app.gql<{ sessions: { id: string; current: boolean; expiresAt: string }[] }>(
      second,
      '{ sessions { id current expiresAt } }',
    );
    const sessions = dataOf(listed).sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.current)).toEqual([false, true]);
    const watched = await watchOpenGame(app, first, second);
    expect(
      dataOf(await app.gql(second, 'mutation($id: ID!) { revokeSession(id: $id) }', { id: sessions[0]!.id })),
    ).toEqual({ revokeSession: true });
    expect(await within(watched.closed, 5000)).toBe(4403);
    expect(codeOf(await app.gql(first, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(
      dataOf(await app.gql<{ sessions: unknown[] }>(second, '{ sessions { id } }')).sessions,
    ).toHaveLength(1);
    // Not another player's session, nor with an API token.
    const other = await register(app, name('other'));
    const foreign = await app.gql(other, 'mutation($id: ID!) { revokeSession(id: $id) }', {
      id: sessions[1]!.id,
    });
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    const { token } = await apiToken(app, second);
    expect(codeOf(await app.gql(token, '{ sessions { id } }'))).toBe('FORBIDDEN');
  });

  it('changePassword ends every other session, keeps this one and the API tokens unless asked', async () => {
    const username = name('changer');
    const kept = await register(app, username);
    const elsewhere = await login(app, username);
    const bot = await apiToken(app, kept);
    const watched = await watchOpenGame(app, elsewhere, kept);
    const change = `mutation($c: String!, $n: String!, $r: Boolean) {
      changePassword(currentPassword: $c, newPassword: $n, revokeApiTokens: $r) }`;
    // A wrong current password, or a new one the rules refuse, changes nothing.
    const wrong = await app.gql(kept, change, { c: 'not my password at all', n: NEW_PASSWORD });
    expect(wrong.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'currentPassword' });
    const weak = await app.gql(kept, change, { c: PASSWORD, n: 'short' });
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newPassword' });
    expect(codeOf(await app.gql(elsewhere, '{ me { id } }'))).toBeUndefined();

    expect(dataOf(await app.gql(kept, change, { c: PASSWORD, n: NEW_PASSWORD }))).toEqual({
      changePassword: true,
    });
    expect(await within(watched.closed, 5000)).toBe(4403);
    expect(codeOf(await app.gql(elsewhere, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(kept, '{ me { id } }'))).toBeUndefined();
    expect(codeOf(await app.gql(bot.token, '{ me { id } }'))).toBeUndefined();
    expect(
      codeOf(
        await app.gql(
          null,
          'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
          { u: username, p: PASSWORD },
        ),
      ),
    ).toBe('UNAUTHENTICATED');
    const fresh = await login(app, username, NEW_PASSWORD);

    // Asked to, it revokes the API tokens too.
    expect(
      dataOf(await app.gql(fresh, change, { c: NEW_PASSWORD, n: PASSWORD + ' again', r: true })),
    ).toEqual({
      changePassword: true,
    });
    expect(codeOf(await app.gql(bot.token, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(kept, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(fresh, '{ me { id } }'))).toBeUndefined();
  });
});
