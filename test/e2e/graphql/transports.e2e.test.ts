/**
 * One GraphQL pipeline (src/graphql/transports.ts): every way in — a JSON POST, a GET with query parameters, an
 * operation over graphql-ws — passes the same gate (authentication, rate limit, variables checks), the same
 * validation rules and the same error shaper. So the same operation gets the same answer (data, or errors with the
 * same codes and messages) on each; HTTP adds only its status codes.
 */
import { randomUUID } from 'node:crypto';
import type { Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { GraphQLBody, TestApp, register, startTestApp } from '../../support/service/app';
import { createGame, joinGame } from '../../support/service/play';

let app: TestApp;

beforeAll(async () => {
  // A small rate limit so that one case can run into it: 60 requests per 60 s per player or address.
  app = await startTestApp({ env: { RATE_LIMIT_REQUESTS: '60', RATE_LIMIT_WINDOW_SECONDS: '60' } });
});
afterAll(async () => {
  await app.close();
});

interface HttpAnswer {
  readonly status: number;
  readonly body: GraphQLBody;
  readonly headers: Headers;
}

async function overPost(token: string | null, query: string, variables: unknown = {}): Promise<HttpAnswer> {
  const response = await app.post(
    JSON.stringify({ query, variables }),
    token === null ? {} : { authorization: `Bearer ${token}` },
  );
  return { status: response.status, body: (await response.json()) as GraphQLBody, headers: response.headers };
}

async function overGet(token: string | null, query: string, variables: unknown = {}): Promise<HttpAnswer> {
  const params = new URLSearchParams({ query, variables: JSON.stringify(variables) });
  const response = await fetch(`${app.url}/graphql?${params.toString()}`, {
    // Apollo's CSRF prevention wants a header that a simple cross-site GET cannot send.
    headers: {
      'apollo-require-preflight': 'true',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
  });
  return { status: response.status, body: (await response.json()) as GraphQLBody, headers: response.headers };
}

/** One operation over a fresh graphql-ws socket: its single result, the errors it was refused with, or the close. */
function overSocket(
  client: WsClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLBody | { closed: number }> {
  return new Promise((resolve) => {
    let last: GraphQLBody = {};
    client.subscribe<Record<string, unknown>>(
      { query, variables },
      {
        next: (result) => (last = result as GraphQLBody),
        error: (error: unknown) =>
          resolve(Array.isArray(error) ? { errors: error } : { closed: (error as { code: number }).code }),
        complete: () => resolve(last),
      },
    );
  });
}

/** The same operation on every way in: the answers' data and errors are equal; HTTP's status is returned. */
async function everyWay(
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; body: GraphQLBody }> {
  const post = await overPost(token, query, variables);
  const get = query.trimStart().startsWith('mutation') ? post : await overGet(token, query, variables);
  const socket = await overSocket(app.ws(token), query, variables);
  expect(get.body).toEqual(post.body);
  expect(get.status).toBe(post.status);
  // A result carries `data` (perhaps null) when anything executed; a refusal over the socket carries only errors.
  const { data, errors } = post.body;
  expect(socket).toEqual(data === undefined ? { errors } : { data, ...(errors ? { errors } : {}) });
  return { status: post.status, body: post.body };
}

/**
 * One `subscribe` message with a hand-written payload over a bare graphql-transport-ws socket (for payloads a
 * client library could not serialise): the first `next`/`error` message for it, or the close code.
 */
function rawSocketOperation(payloadJson: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') {
        socket.send(`{"id":"1","type":"subscribe","payload":${payloadJson}}`);
      } else if (message.type === 'next' || message.type === 'error') {
        resolve({ type: message.type, payload: message.payload });
        socket.close();
      }
    });
    socket.on('close', (code: number) => resolve({ closed: code }));
    socket.on('error', reject);
  });
}

function codesOf(body: GraphQLBody): (string | undefined)[] {
  return (body.errors ?? []).map((error) => error.extensions?.code);
}

describe('every way into GraphQL gives the same answer', () => {
  it('data for the caller', async () => {
    const token = await register(app, 'ways_me');
    const answer = await everyWay(token, '{ me { username } }');
    expect(answer).toEqual({ status: 200, body: { data: { me: { username: 'ways_me' } } } });
  });

  it('errors from resolvers: NOT_FOUND, and ILLEGAL_MOVE or NOT_YOUR_TURN on a real game', async () => {
    const tokenA = await register(app, 'ways_a');
    const tokenB = await register(app, 'ways_b');
    const missing = await everyWay(tokenA, 'mutation($id: ID!) { resign(gameId: $id) { id } }', {
      id: randomUUID(),
    });
    expect(missing.status).toBe(200);
    expect(codesOf(missing.body)).toEqual(['NOT_FOUND']);
    // A lookup that finds nothing is no error: null, the same every way.
    const looked = await everyWay(null, 'query($id: ID!) { game(id: $id) { id } }', { id: randomUUID() });
    expect(looked).toEqual({ status: 200, body: { data: { game: null } } });

    const created = await createGame(app, tokenA, { preset: 'CLASSIC', seed: 'ways-game' });
    await joinGame(app, tokenB, created.id);
    const move =
      'mutation($g: ID!) { makeMove(gameId: $g, move: "x9", expectedVersion: 0) { game { version } } }';
    for (const token of [tokenA, tokenB]) {
      // Neither changes the game (one is not to move, the other plays nonsense), so each way meets the same game.
      const answer = await everyWay(token, move, { g: created.id });
      expect(codesOf(answer.body)[0]).toMatch(/^(NOT_YOUR_TURN|ILLEGAL_MOVE|BAD_USER_INPUT)$/);
    }
  });

  it('a document that does not parse is an error on its operation over graphql-ws, not a closed socket', async () => {
    const answer = await everyWay(null, '{ me {');
    expect(answer.status).toBe(400);
    expect(codesOf(answer.body)).toEqual(['BAD_USER_INPUT']);
    expect(answer.body.errors![0]!.message).toMatch(/^Syntax Error/);
  });

  it('a validation error, a depth limit and variables that do not fit: BAD_USER_INPUT, 400', async () => {
    // Deeper than the default limit of 15 (GRAPHQL_MAX_DEPTH).
    const deep = `{ __schema { types { fields { type { ${'ofType { '.repeat(13)} name ${'} '.repeat(13)} } } } } }`;
    for (const [query, variables] of [
      ['{ nonsense }', {}],
      [deep, {}],
      ['query($u: String!) { player(username: $u) { username } }', { u: 7 }],
    ] as const) {
      const answer = await everyWay(null, query, variables);
      expect(answer.status).toBe(400);
      expect(codesOf(answer.body)).toEqual(['BAD_USER_INPUT']);
    }
  });

  it('NUL in the variables: BAD_USER_INPUT before anything runs', async () => {
    const answer = await everyWay(null, 'query($u: String!) { player(username: $u) { username } }', {
      u: 'a\u0000',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors![0]!.message).toBe('strings may not contain the NUL character (U+0000)');
  });

  it('deeply nested JSON in variables is refused with a clear error, not a stack overflow', async () => {
    // 20,000 levels: the old recursive NUL check overflowed the stack (500 over HTTP, a closed socket over ws). The
    // text is written out by hand: JSON.stringify itself cannot go that deep.
    const nested = `${'['.repeat(20_000)}"x"${']'.repeat(20_000)}`;
    const query = 'query($u: String!) { player(username: $u) { username } }';
    const body = `{"query":${JSON.stringify(query)},"variables":{"u":"x","extra":${nested}}}`;
    const response = await app.post(body);
    const refusal = {
      errors: [
        {
          message: 'the variables nest more than 16 levels deep',
          extensions: { code: 'BAD_USER_INPUT', field: 'variables' },
        },
      ],
    };
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal);
    const overWs = await rawSocketOperation(
      `{"query":${JSON.stringify(query)},"variables":{"u":"x","extra":${nested}}}`,
    );
    expect(overWs).toEqual({ type: 'error', payload: refusal.errors });
    // Variables within the bound are judged by their types as usual.
    expect(await everyWay(null, query, { u: 'x' })).toEqual({
      status: 200,
      body: { data: { player: null } },
    });
  });

  it('an unknown token: 401 with WWW-Authenticate over HTTP, the socket closed as Forbidden', async () => {
    const answer = await overPost('not-a-token', '{ me { username } }');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(codesOf(answer.body)).toEqual(['UNAUTHENTICATED']);
    expect(await overSocket(app.ws('not-a-token'), '{ me { username } }')).toEqual({ closed: 4403 });
  });

  it('the rate limit counts a player once across HTTP and graphql-ws', async () => {
    const token = await register(app, 'ways_busy');
    const socket = app.ws(token);
    let last: HttpAnswer | null = null;
    // Half over the socket, half over HTTP: 60 allowed in all.
    for (let sent = 0; sent < 30; sent += 1) {
      expect(await overSocket(socket, '{ me { username } }')).toEqual({
        data: { me: { username: 'ways_busy' } },
      });
    }
    for (let sent = 0; sent < 40 && last?.status !== 429; sent += 1)
      last = await overPost(token, '{ me { username } }');
    expect(last?.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    const overWs = await overSocket(socket, '{ me { username } }');
    expect(overWs).toEqual({
      errors: last!.body.errors!.map((error) => ({ ...error, message: expect.any(String) })),
    });
    expect(codesOf(overWs as GraphQLBody)).toEqual(['RATE_LIMITED']);
  });
});

describe('with introspection switched off', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await startTestApp({ env: { GRAPHQL_INTROSPECTION: 'false' } });
  });
  afterAll(async () => {
    await closed.close();
  });

  it('field and argument suggestions ("Did you mean …") are not given either, over HTTP or graphql-ws', async () => {
    const query = '{ playr(usernam: "a") { username } }';
    const response = await closed.post(JSON.stringify({ query }));
    const body = (await response.json()) as GraphQLBody;
    expect(response.status).toBe(400);
    expect(body.errors!.length).toBeGreaterThan(0);
    for (const error of body.errors!) expect(error.message).not.toMatch(/Did you mean/);
    expect(body.errors![0]!.message).toBe('Cannot query field "playr" on type "Query".');
    const socket = await overSocket(closed.ws(null), query);
    expect(socket).toEqual({ errors: body.errors });
    // With introspection on (the other app), the same mistake is answered with a suggestion.
    const open = (await (await app.post(JSON.stringify({ query }))).json()) as GraphQLBody;
    expect(open.errors![0]!.message).toMatch(/Did you mean "player"\?$/);
  });

  it('introspection itself is refused on both ways in', async () => {
    const query = '{ __schema { queryType { name } } }';
    const body = (await (await closed.post(JSON.stringify({ query }))).json()) as GraphQLBody;
    expect(body.errors![0]!.message).toBe(
      'introspection is switched off on this server (GRAPHQL_INTROSPECTION)',
    );
    expect(await overSocket(closed.ws(null), query)).toEqual({ errors: body.errors });
  });
});
