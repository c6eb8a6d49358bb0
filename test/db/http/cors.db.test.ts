/**
 * Browsers on other origins (docs/api/endpoints-and-auth.md#browsers, src/http/cors.ts): every route answers
 * a CORS preflight before Apollo sees it, answers carry the CORS headers, and with CORS_ORIGINS only the
 * listed origins are allowed — for HTTP, and for graphql-ws by the `Origin` of the upgrade.
 */
import WebSocket from 'ws';
import { codeOf, dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

const PAGE = 'https://play.example.com';
const OTHER = 'https://elsewhere.example.net';

function preflight(url: string, origin: string): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, apollo-require-preflight',
    },
  });
}

function postFrom(url: string, origin: string, token: string | null, query: string): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ query }),
  });
}

/** How a WebSocket upgrade from `origin` (none: a program) ends: opened, or refused with a status. */
function upgrade(url: string, origin: string | undefined): Promise<number | 'open'> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws', {
      ...(origin === undefined ? {} : { origin }),
    });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

describe('with the default (any origin)', () => {
  let app: InProcessApp;
  beforeAll(async () => {
    app = await startAppInProcess();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a preflight from any origin at once, with what a page needs to send a token and JSON', async () => {
    const response = await preflight(app.url, OTHER);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, apollo-require-preflight',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
    // Never a credential by cookie: no Allow-Credentials.
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives the answers to a page their CORS headers, and the page may read the rate-limit headers', async () => {
    const token = await register(app, 'cors_ann');
    const response = await postFrom(app.url, OTHER, token, '{ me { username } }');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'retry-after, ratelimit, ratelimit-policy',
    );
    expect(dataOf((await response.json()) as { data: { me: { username: string } } }).me.username).toBe(
      'cors_ann',
    );
    // Every route: the liveness check and the downloads too.
    for (const path of ['/health', '/health/ready']) {
      const other = await fetch(`${app.url}${path}`, { headers: { origin: OTHER } });
      expect({ path, allow: other.headers.get('access-control-allow-origin') }).toEqual({ path, allow: '*' });
    }
  });

  it('keeps Apollo’s CSRF prevention: a simple cross-site GET without the preflight header is refused', async () => {
    const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { origin: OTHER },
    });
    expect(response.status).toBe(400);
    expect(codeOf((await response.json()) as never)).toBe('BAD_USER_INPUT');
  });

  it('opens graphql-ws connections from any origin, and from programs without one', async () => {
    expect(await upgrade(app.url, OTHER)).toBe('open');
    expect(await upgrade(app.url, undefined)).toBe('open');
  });
});

describe('with CORS_ORIGINS naming one page', () => {
  let app: InProcessApp;
  beforeAll(async () => {
    app = await startAppInProcess({ env: { CORS_ORIGINS: PAGE } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('allows that origin and no other', async () => {
    const allowed = await preflight(app.url, PAGE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(allowed.headers.get('vary')).toMatch(/origin/i);
    const refused = await preflight(app.url, OTHER);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await postFrom(app.url, OTHER, null, '{ __typename }');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a registered app’s page call the OAuth endpoints from its own origin, and nothing else; a disabled app’s page not even those', async () => {
    const owner = await register(app, 'cors_app_owner');
    const APP_PAGE = 'https://pocket.example.org';
    const appId = dataOf(
      await app.gql<{ registerOAuthApp: { app: { id: string } } }>(
        owner,
        `mutation { registerOAuthApp(app: { name: "Pocket", redirectUris: ["${APP_PAGE}/callback"] }, confidential: false) {
           app { id } } }`,
      ),
    ).registerOAuthApp.app.id;
    const toToken = (origin: string): Promise<Response> =>
      fetch(`${app.url}/oauth/token`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    expect((await toToken(APP_PAGE)).headers.get('access-control-allow-origin')).toBe(APP_PAGE);
    expect((await toToken(PAGE)).headers.get('access-control-allow-origin')).toBe(PAGE);
    expect((await toToken(OTHER)).headers.get('access-control-allow-origin')).toBeNull();
    const metadata = await fetch(`${app.url}/.well-known/oauth-authorization-server`, {
      headers: { origin: APP_PAGE },
    });
    expect(metadata.headers.get('access-control-allow-origin')).toBe(APP_PAGE);
    // The app's origin reaches the OAuth endpoints only: not /graphql.
    expect((await preflight(app.url, APP_PAGE)).headers.get('access-control-allow-origin')).toBeNull();
    // A look-alike origin (another port, a longer host) is not the app's.
    expect(
      (await toToken('https://pocket.example.org:8443')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    expect(
      (await toToken('https://pocket.example.org.evil.net')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    const disabledPage = 'https://disabled.example.org';
    const disabledId = dataOf(
      await app.gql<{ registerOAuthApp: { app: { id: string } } }>(
        owner,
        `mutation { registerOAuthApp(app: { name: "Gone", redirectUris: ["${disabledPage}/cb"] }, confidential: false) {
           app { id } } }`,
      ),
    ).registerOAuthApp.app.id;
    await sql(app.databaseUrl, 'UPDATE oauth_apps SET disabled_at = now() WHERE id = $1', [disabledId]);
    expect((await toToken(disabledPage)).headers.get('access-control-allow-origin')).toBeNull();
    expect(appId).not.toBe(disabledId);
  });

  it('refuses a graphql-ws upgrade from another origin with 403, and opens one from the page or a program', async () => {
    expect(await upgrade(app.url, OTHER)).toBe(403);
    expect(await upgrade(app.url, PAGE)).toBe('open');
    expect(await upgrade(app.url, undefined)).toBe('open');
  });

  it('opens a graphql-ws upgrade from a page the server itself served (the web client), unlisted', async () => {
    // The browser sends the page's origin and, as Host, the server it connects to: the same for its own pages.
    expect(await upgrade(app.url, new URL(app.url).origin)).toBe('open');
    expect(await upgrade(app.url, `http://evil.example:${new URL(app.url).port}`)).toBe(403);
  });
});
