/**
 * The server's log (docs/operations.md#logs), read from the compiled server's output over a whole game: one JSON
 * line per HTTP request and per graphql-ws operation, with its request id, operation, viewer, duration and result
 * code; the workers say what they did; and no line holds a password, a token, a webhook secret, a seed or a card.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestApp, codeOf, dataOf, register, startTestApp } from '../../support/service/app';
import { until } from '../../support/service/outage';
import {
  GameData,
  createGame,
  findSeed,
  joinGame,
  playGame,
  readGame,
  resign,
} from '../../support/service/play';

const PASSWORD = 'log-scan correct horse battery';
const WEBHOOK_SECRET = 'log-scan-webhook-secret-0123456789';
/** A card as the notation writes it (docs/notation.md): rank then suit; no log line may hold one. */
const CARD = /(?<![A-Za-z0-9])(?:[2-9TJQKA]|10)[SHDC](?![A-Za-z0-9])/;

let app: TestApp;
let receiver: http.Server;
let delivered = 0;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      delivered++;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({
    env: {
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
      WEBHOOK_INTERVAL_MS: '200',
    },
  });
});
afterAll(async () => {
  await app?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

interface LogLine {
  readonly level: string;
  readonly time: string;
  readonly msg: string;
  readonly [field: string]: unknown;
}

function logLines(): LogLine[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });
}

it('logs a whole game line by line, and never a secret, a seed or a card', async () => {
  const aliceToken = await register(app, 'log-alice', PASSWORD);
  const bobToken = await register(app, 'log-bob', PASSWORD);
  const aliceId = dataOf(await app.gql<{ me: { id: string } }>(aliceToken, '{ me { id } }')).me.id;
  // A wrong password and a right one: neither reaches the log.
  const loginQuery = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';
  expect(codeOf(await app.gql(null, loginQuery, { u: 'log-alice', p: 'not the password at all' }))).toBe(
    'UNAUTHENTICATED',
  );
  const session = dataOf(
    await app.gql<{ login: { token: string } }>(null, loginQuery, { u: 'log-alice', p: PASSWORD }),
  ).login.token;
  const apiToken = dataOf(
    await app.gql<{ createApiToken: { token: string } }>(
      session,
      'mutation { createApiToken(name: "log-scan", scopes: [GAME_READ, GAME_PLAY]) { token } }',
    ),
  ).createApiToken.token;
  dataOf(
    await app.gql(
      aliceToken,
      'mutation($u: String!, $s: String!) { createWebhook(url: $u, secret: $s) { id } }',
      {
        u: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        s: WEBHOOK_SECRET,
      },
    ),
  );

  // A client's own request id is kept, and answered back.
  const tagged = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${apiToken}`,
      'x-request-id': 'scan-42',
    },
    body: JSON.stringify({ query: 'query WhoAmI { me { username } }' }),
  });
  expect(tagged.headers.get('x-request-id')).toBe('scan-42');
  expect(await tagged.json()).toEqual({ data: { me: { username: 'log-alice' } } });

  // Alice follows her events over graphql-ws while the game is played.
  const socket = app.ws(aliceToken);
  const events: unknown[] = [];
  const following = (async () => {
    for await (const event of socket.iterate({ query: 'subscription Follow { myEvents { kind } }' })) {
      events.push(event);
    }
  })();

  // A whole game from a chosen deal, and a second, dealt by the server, resigned while running.
  const seed = findSeed('modern', 2, 'log-scan', 20, 200);
  const chosen = await createGame(app, aliceToken, { preset: 'MODERN', seed });
  await joinGame(app, bobToken, chosen.id);
  const hands = new Set<string>();
  const finished = await playGame(app, [aliceToken, bobToken], chosen.id, {
    onGame: (_seat, game) => {
      for (const card of game.view?.hand ?? []) hands.add(card);
    },
  });
  expect(finished.status).toBe('FINISHED');
  const dealt = await createGame(app, aliceToken, { preset: 'CLASSIC' });
  await joinGame(app, bobToken, dealt.id);
  const running = await readGame(app, aliceToken, dealt.id);
  for (const card of running.view?.hand ?? []) hands.add(card);
  const resigned: GameData = await resign(app, bobToken, dealt.id);
  expect(resigned.seed).toMatch(/\S/);
  await until('the webhook deliveries are sent', () => delivered > 0, 20_000);
  await until('alice hears her events', () => events.length > 0, 10_000);
  await socket.dispose();
  await following.catch(() => undefined);
  await until(
    'the webhook worker logs its pass',
    () => logLines().some((line) => line.msg.startsWith('webhook pass:')),
    20_000,
  );

  const lines = logLines();
  for (const line of lines) {
    expect(typeof line.time).toBe('string');
    expect(['fatal', 'error', 'warn', 'info', 'debug']).toContain(line.level);
  }

  // One line per GraphQL request over HTTP, with its operation and viewer.
  const requests = lines.filter((line) => line.route === '/graphql');
  expect(requests.length).toBeGreaterThanOrEqual(finished.version);
  const whoAmI = lines.find((line) => line.requestId === 'scan-42');
  expect(whoAmI).toMatchObject({
    method: 'POST',
    status: 200,
    op: 'query',
    fields: 'me',
    operation: 'WhoAmI',
    code: 'OK',
    viewer: aliceId,
  });
  expect(typeof whoAmI!.ms).toBe('number');
  const moves = requests.filter((line) => line.op === 'mutation' && line.fields === 'makeMove');
  expect(moves.length).toBe(finished.version);
  expect(new Set(moves.map((line) => line.requestId)).size).toBe(moves.length);
  expect(requests.some((line) => line.fields === 'login' && line.code === 'UNAUTHENTICATED')).toBe(true);
  // The graphql-ws operation and its connection, with the viewer.
  expect(
    lines.some((line) => line.transport === 'ws' && line.fields === 'myEvents' && line.viewer === aliceId),
  ).toBe(true);
  expect(lines.some((line) => line.msg === 'ws connection opened' && line.viewer === aliceId)).toBe(true);

  // Nothing secret, in any line.
  const text = app.output();
  const secrets = {
    password: PASSWORD,
    'registration token': aliceToken,
    'session token': session,
    'API token': apiToken,
    'webhook secret': WEBHOOK_SECRET,
    'chosen seed': seed,
    'server seed of the resigned game': resigned.seed!,
  };
  for (const [what, value] of Object.entries(secrets)) {
    expect({ what, logged: text.includes(value) }).toEqual({ what, logged: false });
  }
  expect(hands.size).toBeGreaterThan(0);
  const withCard = lines.filter((line) => CARD.test(JSON.stringify(line)));
  expect(withCard).toEqual([]);
});

it('writes one GraphQL field of the schema per root field, and `other` for what is not one', async () => {
  const before = logLines().length;
  const token = await register(app, 'log-carol', PASSWORD);
  await app.gql(token, `query Two { me { id } presetRules(preset: ZLOBA) { turnEnd } }`);
  await app.gql(token, `query Typename { __typename }`);
  const written = (): LogLine[] => logLines().slice(before);
  await until(
    'both lines are written',
    () => written().filter((line) => line.operation === 'Two' || line.operation === 'Typename').length === 2,
    10_000,
  );
  const lines = written();
  expect(lines.find((line) => line.operation === 'Two')).toMatchObject({
    fields: 'me,presetRules',
    code: 'OK',
  });
  expect(lines.find((line) => line.operation === 'Typename')).toMatchObject({ fields: 'other', code: 'OK' });
});
