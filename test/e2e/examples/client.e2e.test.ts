/**
 * @malice/client (clients/typescript) against the compiled server: typed answers and MaliceErrors, a refused token
 * renewed through its source (over HTTP and on the socket), an app's OAuth flow (a confidential app here; the example
 * bots run a public app's: oauth-bots.e2e.test.ts), and `events()` across a restart of the server — the events that
 * happen while the client is away are caught up at its reconnection, and every event is handed on once, in order,
 * as `playerEvents` lists them.
 */
import { randomUUID } from 'node:crypto';
import { freePort } from '../../../src/common/free-port';
import { MaliceClient } from '../../../clients/typescript/src/client';
import { MaliceError } from '../../../clients/typescript/src/errors';
import { MaliceOAuth, OAuthFailure } from '../../../clients/typescript/src/oauth';
import type { PlayerEvent } from '../../../clients/typescript/src/operations';
import type { TokenSource } from '../../../clients/typescript/src/tokens';
import { TestApp, dataOf, register, startTestApp } from '../../support/service/app';
import { approve, registerApp, requestOfAddress } from '../../support/service/oauth';

const clients: MaliceClient[] = [];
const apps: TestApp[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

/** A token source that hands out `first`, and `renewed` once the server refused it; it counts what it was asked. */
function source(first: string, renewed: string | null): TokenSource & { asked: number; refused: string[] } {
  let current = first;
  return {
    asked: 0,
    refused: [],
    accessToken() {
      this.asked += 1;
      return Promise.resolve(current);
    },
    renew(rejected: string) {
      this.refused.push(rejected);
      if (renewed !== null) current = renewed;
      return Promise.resolve(renewed);
    },
  };
}

function clientOf(
  url: string,
  token: ConstructorParameters<typeof MaliceClient>[0]['token'],
  wait?: () => Promise<void>,
): MaliceClient {
  const client = new MaliceClient({
    url,
    token,
    retryAttempts: 5,
    ...(wait === undefined ? {} : { retryWait: wait }),
  });
  clients.push(client);
  return client;
}

/** Takes events from the stream until `done` holds for the last one taken. */
async function takeUntil(
  events: AsyncIterator<PlayerEvent>,
  taken: PlayerEvent[],
  done: (event: PlayerEvent) => boolean,
): Promise<void> {
  for (;;) {
    const next = await events.next();
    if (next.done === true) throw new Error(`the events ended after ${JSON.stringify(taken)}`);
    taken.push(next.value);
    if (done(next.value)) return;
  }
}

describe('MaliceClient', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { BOT_DELAY_MS: '0' } });
    apps.push(app);
  });

  it('answers typed data, and a refusal as a MaliceError with its code and HTTP status', async () => {
    const token = await register(app, 'sdk-typed');
    const client = clientOf(app.url, token);
    await expect(client.request('Me')).resolves.toEqual({
      me: { id: expect.any(String), username: 'sdk-typed', isBot: false },
    });
    await expect(client.request('Game', { id: randomUUID() })).resolves.toEqual({ game: null });
    const refusal = await client
      .request('JoinGame', { gameId: randomUUID() })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MaliceError);
    expect({ code: (refusal as MaliceError).code, status: (refusal as MaliceError).status }).toEqual({
      code: 'NOT_FOUND',
      status: 200,
    });
    const anonymous = await clientOf(app.url, 'mla_not_a_token')
      .request('Me')
      .catch((error: unknown) => error);
    expect({ code: (anonymous as MaliceError).code, status: (anonymous as MaliceError).status }).toEqual({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
  });

  it('sends a request again with a renewed token when the server refused the first (HTTP 401)', async () => {
    const token = await register(app, 'sdk-renew-http');
    const tokens = source('mla_expired_or_revoked', token);
    const { me } = await clientOf(app.url, tokens).request('Me');
    expect(me.username).toBe('sdk-renew-http');
    expect(tokens.refused).toEqual(['mla_expired_or_revoked']);
  });

  it('reconnects its socket with a renewed token when the server closed it for the first (4403)', async () => {
    const token = await register(app, 'sdk-renew-ws');
    const tokens = source('mla_expired_or_revoked', token);
    const client = clientOf(app.url, tokens, () => Promise.resolve());
    const { createGame } = await clientOf(app.url, token).request('CreateBotGame', {
      preset: 'CLASSIC',
      bot: 'RANDOM',
    });
    const pushes = client.subscribe('GameUpdated', { gameId: createGame.id });
    const first = await pushes.next();
    await pushes.return(undefined);
    if (first.done === true) throw new Error('the subscription ended without a push');
    // The first push is the game as this player sees it: their seat, so the renewed token was the one sent.
    expect(first.value.gameUpdated).toMatchObject({ id: createGame.id, mySeat: 0 });
    expect(tokens.refused).toEqual(['mla_expired_or_revoked']);
  });
});

describe('MaliceClient.events', () => {
  it('hands on every event once and in order across a restart of the server, catching up at the reconnection', async () => {
    const port = String(await freePort());
    const first = await startTestApp({ env: { BOT_DELAY_MS: '0', PORT: port } });
    apps.push(first);
    const token = await register(first, 'sdk-events');
    const tokens = source(token, null);
    // The socket reconnects only when the test lets it: after the events it must catch up have happened.
    let reconnect: () => void = () => undefined;
    const allowed = new Promise<void>((resolve) => (reconnect = resolve));
    const client = clientOf(first.url, tokens, () => allowed);
    const events = client.events({ after: await client.latestEventId() });
    const taken: PlayerEvent[] = [];
    const create = `mutation { createGame(input: { preset: CLASSIC, bot: RANDOM }) { id } }`;
    const resign = `mutation($id: ID!) { resign(gameId: $id) { status } }`;

    // While connected: a game whose turn comes to this player.
    const one = dataOf(await first.gql<{ createGame: { id: string } }>(token, create)).createGame.id;
    await takeUntil(events, taken, (event) => event.gameId === one && event.kind === 'YOUR_TURN');
    const askedBefore = tokens.asked;

    // Away: the server stops and comes back on the same address; meanwhile a second game starts and the first ends.
    await first.stop();
    const second = await startTestApp({
      databaseUrl: first.databaseUrl,
      env: { BOT_DELAY_MS: '0', PORT: port },
    });
    apps.push(second);
    expect(second.url).toBe(first.url);
    const two = dataOf(await second.gql<{ createGame: { id: string } }>(token, create)).createGame.id;
    dataOf(await second.gql(token, resign, { id: one }));
    reconnect();
    await takeUntil(events, taken, (event) => event.gameId === one && event.kind === 'GAME_OVER');

    // Live again: the second game ends.
    dataOf(await second.gql(token, resign, { id: two }));
    await takeUntil(events, taken, (event) => event.gameId === two && event.kind === 'GAME_OVER');
    events.close();

    const listed = dataOf(
      await second.gql<{ playerEvents: { edges: { node: { id: string; kind: string; gameId: string } }[] } }>(
        token,
        '{ playerEvents(first: 100) { edges { node { id kind gameId } } } }',
      ),
    ).playerEvents.edges.map((edge) => edge.node);
    expect(taken.map(({ id, kind, gameId }) => ({ id, kind, gameId }))).toEqual(listed);
    expect(events.cursor).toBe(listed.at(-1)?.id);
    // The token was asked for again at the new connection.
    expect(tokens.asked).toBeGreaterThan(askedBefore);
  });
});

describe('MaliceOAuth', () => {
  it("runs a confidential app's flow: the code for tokens, a refresh, and a revocation that ends the approval", async () => {
    // The issuer is the server's PUBLIC_URL: the server runs on a port chosen first, with its own origin as that.
    const port = await freePort();
    const app = await startTestApp({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
    apps.push(app);
    const owner = await register(app, 'sdk-app-owner');
    const person = await register(app, 'sdk-app-person');
    const redirectUri = 'https://app.example.org/callback';
    const registered = await registerApp(app, owner, { redirectUris: [redirectUri], confidential: true });
    const oauth = await MaliceOAuth.discover({
      issuer: app.url,
      clientId: registered.id,
      clientSecret: registered.clientSecret,
    });
    expect(oauth.server.issuer).toBe(app.url);

    const pending = await oauth.authorizationUrl({ redirectUri, scopes: ['GAME_READ', 'GAME_PLAY'] });
    expect(pending.url.searchParams.get('code_challenge_method')).toBe('S256');
    const { redirectTo } = await approve(app, person, requestOfAddress(pending.url));
    const before = Date.now();
    const tokens = await oauth.exchangeCode(redirectTo, pending);
    expect(tokens).toEqual({
      accessToken: expect.stringMatching(/^mlo_/),
      refreshToken: expect.stringMatching(/^mlr_/),
      expiresAt: expect.any(Number),
      scope: 'GAME_READ GAME_PLAY',
    });
    expect(tokens.expiresAt! - before).toBeGreaterThan(3_590_000);

    const refreshed: string[] = [];
    const holder = oauth.tokenHolder(tokens, { onRefresh: (fresh) => refreshed.push(fresh.accessToken) });
    const client = clientOf(app.url, holder);
    await expect(client.request('Me')).resolves.toMatchObject({ me: { username: 'sdk-app-person' } });
    const fresh = await holder.refresh();
    expect(refreshed).toEqual([fresh.accessToken]);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    await expect(client.request('Me')).resolves.toMatchObject({ me: { username: 'sdk-app-person' } });

    // A wrong secret is refused as OAuth's invalid_client.
    const impostor = await MaliceOAuth.discover({
      issuer: app.url,
      clientId: registered.id,
      clientSecret: 'mls_app_not-the-secret',
    });
    await expect(impostor.revoke(fresh.refreshToken!)).rejects.toMatchObject({
      error: 'invalid_client',
      status: 401,
    });

    // Signing out of the app: the approval ends, so the access token is refused and cannot be renewed.
    await oauth.revoke(fresh.refreshToken!);
    const refusal = await client.request('Me').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OAuthFailure);
    expect((refusal as OAuthFailure).error).toBe('invalid_grant');
    // And the code was good once.
    await expect(oauth.exchangeCode(redirectTo, pending)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
