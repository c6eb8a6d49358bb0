/**
 * Abuse limits that hold (src/auth/access-gate.ts): one allowance per player however many sessions they open;
 * a sign-in that is not blocked by someone else's noise at the same address, while failed sign-ins are throttled
 * per account and address with growing delays (never a lock-out); the real client address behind a trusted proxy
 * (and a spoofed X-Forwarded-For ignored otherwise); failed graphql-ws token checks counted; and bounds on
 * sockets per address and per player, operations per socket and anonymous watchers per game. Failed sign-ins are
 * counted in the database: a second app copy on the same database sees the first one's, and no username or
 * address is stored in the clear. Every counted answer
 * says where its allowance stands (RateLimit, RateLimit-Policy), as the `rateLimit` query does over either transport.
 *
 * The app trusts loopback as a proxy, so each test speaks from addresses of its own (X-Forwarded-For) and the
 * tests do not share allowances.
 */
import { randomUUID } from 'node:crypto';
import type { ClientRequestArgs } from 'node:http';
import { Client as WsClient, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { GraphQLBody, TestApp, codeOf, dataOf } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import { sql } from '../../support/service/database';

const LIMIT = 6;
const PASSWORD = 'correct horse battery staple';

let app: TestApp;

beforeAll(async () => {
  app = await startAppInProcess({
    testControls: true,
    env: {
      RATE_LIMIT_REQUESTS: String(LIMIT),
      RATE_LIMIT_WINDOW_SECONDS: '600',
      TRUSTED_PROXIES: 'loopback',
      CLOCK: 'manual',
      WS_MAX_SOCKETS_PER_ADDRESS: '3',
      WS_MAX_SOCKETS_PER_PLAYER: '2',
      WS_MAX_OPERATIONS_PER_SOCKET: '2',
      WS_MAX_ANONYMOUS_WATCHERS_PER_GAME: '2',
    },
  });
});
afterAll(async () => {
  await app.close();
});

let addresses = 0;
/** A client address of its own (TEST-NET-3), so that no two tests share an allowance. */
function freshAddress(): string {
  addresses += 1;
  return `203.0.113.${addresses}`;
}

async function post(
  target: TestApp,
  from: string | null,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{
  status: number;
  body: GraphQLBody;
  retryAfter: string | null;
  rateLimit: string | null;
  policy: string | null;
}> {
  const headers: Record<string, string> = {};
  if (from !== null) headers['x-forwarded-for'] = from;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const response = await target.post(JSON.stringify({ query, variables }), headers);
  return {
    status: response.status,
    body: (await response.json()) as GraphQLBody,
    retryAfter: response.headers.get('retry-after'),
    rateLimit: response.headers.get('ratelimit'),
    policy: response.headers.get('ratelimit-policy'),
  };
}

const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';
const REGISTER = 'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token } }';

async function registerFrom(from: string, username: string): Promise<string> {
  const body = (await post(app, from, null, REGISTER, { u: username, p: PASSWORD })).body;
  return dataOf(body as GraphQLBody<{ register: { token: string } }>).register.token;
}

function login(from: string, username: string, password = PASSWORD) {
  return post(app, from, null, LOGIN, { u: username, p: password });
}

/** A graphql-ws client whose upgrade request says it comes from `from` (through the trusted proxy). */
function socketFrom(from: string, token: string | null): WsClient {
  class FromAddress extends WebSocket {
    constructor(url: string, protocols?: string | string[], options?: ClientRequestArgs) {
      super(url, protocols, { ...options, headers: { 'x-forwarded-for': from } });
    }
  }
  return createClient({
    url: `${app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: FromAddress,
    connectionParams: token === null ? {} : { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
  });
}

/** The first result of one operation on `client`, its errors, or the code the socket closed with. */
function firstResult(
  client: WsClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = client.subscribe(
      { query, variables },
      {
        next: (result) => {
          resolve(result);
          stop();
        },
        error: (error: unknown) =>
          resolve(Array.isArray(error) ? { errors: error } : { closed: (error as { code: number }).code }),
        complete: () => undefined,
      },
    );
  });
}

describe('one allowance per player', () => {
  it('five sessions do not make five allowances', async () => {
    const from = freshAddress();
    const name = `sessions_${addresses}`;
    const tokens = [await registerFrom(from, name)];
    for (let index = 0; index < 4; index++) {
      tokens.push(
        dataOf((await login(from, name)).body as GraphQLBody<{ login: { token: string } }>).login.token,
      );
    }
    // Round robin over the five sessions, from five more addresses: the player's one allowance runs out all the same.
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT + 4; index++) {
      statuses.push((await post(app, freshAddress(), tokens[index % 5]!, '{ me { username } }')).status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429, 429, 429]);
  });
});

/** The r and t of a RateLimit header value (`"default";r=5;t=600`). */
function remainingAndReset(header: string | null): { r: number; t: number } {
  const match = /^"default";r=(\d+);t=(\d+)$/.exec(header ?? '');
  if (match === null) throw new Error(`not a RateLimit header: ${header}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

const RATE_LIMIT = '{ rateLimit { limit remaining resetSeconds windowSeconds } }';

type RateLimitAnswer = {
  rateLimit: { limit: number; remaining: number; resetSeconds: number; windowSeconds: number };
};

describe('rate-limit headers and the rateLimit query', () => {
  it('go with every answer, counting down, and a refusal says r=0 with its Retry-After', async () => {
    const from = freshAddress();
    const answers = [];
    for (let index = 0; index < LIMIT + 1; index++)
      answers.push(await post(app, from, null, '{ __typename }'));
    expect(answers.map((answer) => answer.policy)).toEqual(
      Array(LIMIT + 1).fill(`"default";q=${LIMIT};w=600`),
    );
    const counted = answers.map((answer) => remainingAndReset(answer.rateLimit));
    expect(counted.map(({ r }) => r)).toEqual([5, 4, 3, 2, 1, 0, 0]);
    for (const { t } of counted) expect(t).toBeGreaterThan(590);
    const refused = answers[LIMIT]!;
    expect(refused.status).toBe(429);
    expect(codeOf(refused.body)).toBe('RATE_LIMITED');
    expect(Number(refused.retryAfter)).toBe(counted[LIMIT]!.t);
    // A bad token counts against the address and says so too.
    const badToken = await post(app, freshAddress(), `mls_${randomUUID()}`, '{ __typename }');
    expect(badToken.status).toBe(401);
    expect(remainingAndReset(badToken.rateLimit).r).toBe(LIMIT - 1);
  });

  it('the query agrees with the headers of its own answer and costs one request, like any other', async () => {
    const from = freshAddress();
    const first = await post(app, from, null, RATE_LIMIT);
    const second = await post(app, from, null, RATE_LIMIT);
    for (const [answer, remaining] of [
      [first, LIMIT - 1],
      [second, LIMIT - 2],
    ] as const) {
      const { rateLimit } = dataOf(answer.body as GraphQLBody<RateLimitAnswer>);
      const header = remainingAndReset(answer.rateLimit);
      expect(rateLimit).toEqual({
        limit: LIMIT,
        remaining,
        resetSeconds: rateLimit.resetSeconds,
        windowSeconds: 600,
      });
      expect(header.r).toBe(remaining);
      // The header is written as the request is counted, the field a moment later: a second boundary may fall between.
      expect(header.t - rateLimit.resetSeconds).toBeGreaterThanOrEqual(0);
      expect(header.t - rateLimit.resetSeconds).toBeLessThanOrEqual(1);
    }
  });

  it('over graphql-ws, the query tells a player their one allowance, shared with HTTP', async () => {
    const token = await registerFrom(freshAddress(), `budget_${addresses}`);
    const client = socketFrom(freshAddress(), token);
    const overSocket = async (): Promise<number> =>
      ((await firstResult(client, RATE_LIMIT)) as { data: RateLimitAnswer }).data.rateLimit.remaining;
    expect(await overSocket()).toBe(LIMIT - 1);
    expect(await overSocket()).toBe(LIMIT - 2);
    const overHttp = await post(app, freshAddress(), token, '{ __typename }');
    expect(remainingAndReset(overHttp.rateLimit).r).toBe(LIMIT - 3);
    expect(await overSocket()).toBe(LIMIT - 4);
    await client.dispose();
  });
});

describe('signing in', () => {
  it('works for everyone at an address whose allowance someone else used up; other operations stay refused', async () => {
    const from = freshAddress();
    const name = `shared_${addresses}`;
    await registerFrom(freshAddress(), name);
    for (let index = 0; index < LIMIT; index++)
      expect((await post(app, from, null, '{ __typename }')).status).toBe(200);
    expect((await post(app, from, null, '{ __typename }')).status).toBe(429);
    const signedIn = await login(from, name);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.errors).toBeUndefined();
    // Only a lone login goes through: a login with anything else beside it does not.
    const mixed = await post(
      app,
      from,
      null,
      'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } a: login(username: $u, password: $p) { token } }',
      { u: name, p: PASSWORD },
    );
    expect(mixed.status).toBe(429);
    expect((await post(app, from, null, '{ __typename }')).status).toBe(429);
  });

  it('is throttled after failures, per account and address, with growing delays; never a lock-out for the owner', async () => {
    const attacker = freshAddress();
    const owner = freshAddress();
    const name = `victim_${addresses}`;
    await registerFrom(freshAddress(), name);
    const codes: (string | undefined)[] = [];
    for (let index = 0; index < 5; index++)
      codes.push(codeOf((await login(attacker, name, 'wrong password!!')).body));
    expect(codes).toEqual(Array(5).fill('UNAUTHENTICATED'));
    // The 6th failure starts a wait: the next attempt, even with the right password, is refused for a second.
    expect(codeOf((await login(attacker, name, 'wrong password!!')).body)).toBe('UNAUTHENTICATED');
    const waiting = await login(attacker, name);
    expect(waiting.status).toBe(429);
    expect(waiting.retryAfter).toBe('1');
    expect(waiting.body.data).toEqual(null);
    expect(waiting.body.errors![0]).toMatchObject({
      message: 'too many failed sign-ins; try again in 1 s',
      extensions: { code: 'RATE_LIMITED', retryAfter: 1 },
    });
    // The owner, from elsewhere, signs in at once.
    expect((await login(owner, name)).body.errors).toBeUndefined();
    // After the wait another failure doubles it.
    await advanceClock(1000);
    expect(codeOf((await login(attacker, name, 'wrong password!!')).body)).toBe('UNAUTHENTICATED');
    const longer = await login(attacker, name);
    expect(longer.status).toBe(429);
    expect(longer.retryAfter).toBe('2');
    expect(longer.body.errors![0]!.extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 2 });
    await advanceClock(2000);
    // The right password, once the wait is over, signs in and clears the count for this address.
    expect((await login(attacker, name)).body.errors).toBeUndefined();
    expect(codeOf((await login(attacker, name, 'wrong password!!')).body)).toBe('UNAUTHENTICATED');
    expect((await login(attacker, name)).body.errors).toBeUndefined();
  });
});

async function advanceClock(ms: number): Promise<void> {
  const response = await fetch(`${app.url}/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(response.status).toBe(200);
}

describe('failed sign-ins on several app copies', () => {
  it('count on every copy: failures spread over two copies start the wait on both; names are kept hashed', async () => {
    // The same settings as the first copy, on the same database: its own memory, its own (manual) clock.
    const second = await startAppInProcess({
      databaseUrl: app.databaseUrl,
      env: { TRUSTED_PROXIES: 'loopback', CLOCK: 'manual' },
      testControls: true,
    });
    try {
      // The copies' clocks agree, as real copies' do (earlier tests moved the first one's on), up to the moments
      // the two are set: the first copy may run a little ahead, as a real one may.
      const clock = (target: TestApp, body: object): Promise<Response> =>
        fetch(`${target.url}/test/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const { now } = (await (await clock(app, { advanceMs: 0 })).json()) as { now: string };
      expect((await clock(second, { to: now })).status).toBe(200);
      const attacker = freshAddress();
      const name = `spread_${addresses}`;
      await registerFrom(freshAddress(), name);
      const wrongOn = async (target: TestApp): Promise<string | undefined> =>
        codeOf((await post(target, attacker, null, LOGIN, { u: name, p: 'wrong password!!' })).body);
      // Six failures, three through each copy: the sixth starts the pair's wait (5 free, then 1 s).
      for (const target of [app, second, app, second, app, second])
        expect(await wrongOn(target)).toBe('UNAUTHENTICATED');
      for (const target of [app, second]) {
        const waiting = await post(target, attacker, null, LOGIN, { u: name, p: PASSWORD });
        expect(waiting.status).toBe(429);
        const { code, retryAfter } = waiting.body.errors![0]!.extensions as {
          code: string;
          retryAfter: number;
        };
        expect(code).toBe('RATE_LIMITED');
        // One second from the sixth failure, as the first copy's clock wrote it; a clock behind it waits up to a
        // second more.
        expect([1, 2]).toContain(retryAfter);
      }
      const rows = await sql<{ key_hash: string; count: number }>(
        app.databaseUrl,
        'SELECT key_hash, count FROM login_failures',
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.key_hash).not.toContain(name);
      }
      expect(rows.map((row) => row.count)).toContain(6);
      // An hour after the last failure the count is forgotten: the next failure starts it again at one (free), so
      // the right password goes through at once; the rows forgotten meanwhile are removed as failures are written.
      await advanceClock(60 * 60_000);
      expect(await wrongOn(app)).toBe('UNAUTHENTICATED');
      expect((await post(app, attacker, null, LOGIN, { u: name, p: PASSWORD })).body.errors).toBeUndefined();
      const stale = await sql<{ stale: number }>(
        app.databaseUrl,
        // Every row but those of the failure just written (at the first copy's time) was an hour old by then.
        'SELECT count(*)::int AS stale FROM login_failures WHERE last_at < (SELECT max(last_at) FROM login_failures)',
      );
      expect(stale).toEqual([{ stale: 0 }]);
    } finally {
      await second.stop();
    }
  });
});

describe('the client address', () => {
  it('behind a trusted proxy is the forwarded one: two clients of one proxy have their own allowances', async () => {
    const [first, second] = [freshAddress(), freshAddress()];
    for (let index = 0; index < LIMIT; index++)
      expect((await post(app, first, null, '{ __typename }')).status).toBe(200);
    expect((await post(app, first, null, '{ __typename }')).status).toBe(429);
    expect((await post(app, second, null, '{ __typename }')).status).toBe(200);
  });

  it('without a trusted proxy is the TCP peer: a spoofed X-Forwarded-For buys no fresh allowance', async () => {
    const direct = await startAppInProcess({
      databaseUrl: app.databaseUrl,
      env: { RATE_LIMIT_REQUESTS: '3' },
    });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index++) {
        statuses.push((await post(direct, `198.51.100.${index}`, null, '{ __typename }')).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await direct.stop();
    }
  });
});

describe('graphql-ws', () => {
  it('counts failed token checks in connection_init against the address', async () => {
    const from = freshAddress();
    expect((await post(app, from, null, '{ __typename }')).status).toBe(200);
    const closes: unknown[] = [];
    for (let index = 1; index < LIMIT; index++) {
      closes.push(await firstResult(socketFrom(from, `mls_${randomUUID()}`), '{ __typename }'));
    }
    expect(closes).toEqual(Array(LIMIT - 1).fill({ closed: 4403 }));
    // One request and LIMIT − 1 guesses: the address's allowance is used up.
    expect((await post(app, from, null, '{ __typename }')).status).toBe(429);
  });

  it('bounds sockets per address: the upgrade past the bound is answered 429', async () => {
    const from = freshAddress();
    const open = await Promise.all([rawSocket(from, null), rawSocket(from, null), rawSocket(from, null)]);
    expect(open.map((socket) => socket.outcome)).toEqual(['acknowledged', 'acknowledged', 'acknowledged']);
    expect((await rawSocket(from, null)).outcome).toBe('refused 429');
    // Another address is not affected; a closed socket gives its slot back.
    const elsewhere = await rawSocket(freshAddress(), null);
    expect(elsewhere.outcome).toBe('acknowledged');
    open[0]!.socket.close();
    await waitFor(async () => {
      const again = await rawSocket(from, null);
      again.socket.close();
      return again.outcome === 'acknowledged';
    });
    for (const { socket } of [...open, elsewhere]) socket.close();
  });

  it('bounds sockets per player, whatever their addresses: the socket past the bound is closed with 4429', async () => {
    const token = await registerFrom(freshAddress(), `sockets_${addresses}`);
    const open = [await rawSocket(freshAddress(), token), await rawSocket(freshAddress(), token)];
    expect(open.map((socket) => socket.outcome)).toEqual(['acknowledged', 'acknowledged']);
    expect((await rawSocket(freshAddress(), token)).outcome).toBe('closed 4429');
    // Anonymous sockets from those addresses are not the player's.
    const anonymous = await rawSocket(freshAddress(), null);
    expect(anonymous.outcome).toBe('acknowledged');
    for (const { socket } of [...open, anonymous]) socket.close();
  });

  it('bounds the operations running at once on one socket', async () => {
    const token = await registerFrom(freshAddress(), `operations_${addresses}`);
    const host = await registerFrom(freshAddress(), `host_${addresses}`);
    const game = dataOf(
      (await post(app, freshAddress(), host, 'mutation { createGame(input: { preset: CLASSIC }) { id } }'))
        .body as GraphQLBody<{ createGame: { id: string } }>,
    ).createGame.id;
    const client = socketFrom(freshAddress(), token);
    const watch = 'subscription($g: ID!) { gameUpdated(gameId: $g) { version } }';
    expect(await firstResult(client, watch, { g: game })).toEqual({ data: { gameUpdated: { version: 0 } } });
    expect(await firstResult(client, watch, { g: game })).toEqual({ data: { gameUpdated: { version: 0 } } });
    // firstResult unsubscribes after the first push: keep two running, then try a third.
    const running = [keepWatching(client, watch, game), keepWatching(client, watch, game)];
    await Promise.all(running.map((watcher) => watcher.started));
    const third = (await firstResult(client, '{ __typename }')) as GraphQLBody;
    expect(codeOf(third)).toBe('RATE_LIMITED');
    expect(third.errors![0]!.message).toBe('at most 2 operations may run at once on one connection');
    running.forEach((watcher) => watcher.stop());
    await waitFor(
      async () => codeOf((await firstResult(client, '{ __typename }')) as GraphQLBody) === undefined,
    );
    await client.dispose();
  });

  it('bounds anonymous watchers of one game; signed-in watchers are not counted', async () => {
    const host = await registerFrom(freshAddress(), `watched_${addresses}`);
    const game = dataOf(
      (await post(app, freshAddress(), host, 'mutation { createGame(input: { preset: CLASSIC }) { id } }'))
        .body as GraphQLBody<{ createGame: { id: string } }>,
    ).createGame.id;
    const watch = 'subscription($g: ID!) { gameUpdated(gameId: $g) { version } }';
    const clients = [socketFrom(freshAddress(), null), socketFrom(freshAddress(), null)];
    const watchers = clients.map((client) => keepWatching(client, watch, game));
    await Promise.all(watchers.map((watcher) => watcher.started));
    const third = socketFrom(freshAddress(), null);
    const refused = (await firstResult(third, watch, { g: game })) as GraphQLBody;
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors![0]!.message).toBe(
      'too many anonymous watchers of this game (sign in to watch): at most 2',
    );
    const signedIn = socketFrom(freshAddress(), host);
    expect(await firstResult(signedIn, watch, { g: game })).toEqual({
      data: { gameUpdated: { version: 0 } },
    });
    // One anonymous watcher leaves: its slot is free again.
    watchers[0]!.stop();
    await waitFor(
      async () => codeOf((await firstResult(third, watch, { g: game })) as GraphQLBody) === undefined,
    );
    watchers[1]!.stop();
    await Promise.all([...clients, third, signedIn].map((client) => client.dispose()));
  });
});

/**
 * A bare graphql-transport-ws socket from `from`, with `token` in its connection_init: whether the server
 * acknowledged it, closed it (with its code), or refused the upgrade (with the HTTP status). The socket is left open.
 */
function rawSocket(from: string, token: string | null): Promise<{ socket: WebSocket; outcome: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { 'x-forwarded-for': from },
    });
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'connection_init',
          payload: token === null ? {} : { authorization: `Bearer ${token}` },
        }),
      ),
    );
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'connection_ack') {
        resolve({ socket, outcome: 'acknowledged' });
      }
    });
    socket.on('close', (code: number) => resolve({ socket, outcome: `closed ${code}` }));
    socket.on('unexpected-response', (_request, response) =>
      resolve({ socket, outcome: `refused ${response.statusCode ?? 0}` }),
    );
    socket.on('error', () => undefined);
  });
}

/** A subscription kept open: `started` once its first push came, `stop` to unsubscribe. */
function keepWatching(
  client: WsClient,
  query: string,
  gameId: string,
): { started: Promise<void>; stop: () => void } {
  let stop: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    stop = client.subscribe(
      { query, variables: { g: gameId } },
      { next: () => resolve(), error: () => resolve(), complete: () => undefined },
    );
  });
  return { started, stop: () => stop() };
}

/** Polls `check` until it holds (10 s at most). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
