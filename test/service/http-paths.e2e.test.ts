/**
 * The server answers a plain JSON POST to /graphql on its fast path (src/http/graphql-fast-path.ts: executed
 * there, or handed to Apollo) and every other request through Fastify and Apollo. The same request sent both
 * ways — with a Content-Length (fast path) and chunked, without one (Fastify) — must get the same answer, byte for
 * byte: status, the headers clients act on, and body. Each case is a kind of answer the API gives: data, errors
 * from resolvers (with and without data), a syntax error, a validation error, a limit, variables that do not fit,
 * another Accept header, a refused token, a rate limit, NUL in the variables, a body that is not JSON.
 */
import * as http from 'node:http';
import { randomUUID } from 'node:crypto';
import { TestApp, register, startTestApp } from './support/app';
import { createGame, joinGame } from './support/play';

let app: TestApp;

beforeAll(async () => {
  // A small rate limit so that one case can run into it: 60 requests per 60 s per token or address.
  app = await startTestApp({ env: { RATE_LIMIT_REQUESTS: '60', RATE_LIMIT_WINDOW_SECONDS: '60' } });
});
afterAll(async () => {
  await app.close();
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | undefined>;
  readonly body: string;
}

/**
 * The headers a client acts on. Not Date (it changes by the second), nor Connection: Fastify closes the connection
 * after a body its parser refused, while the fast path, having read the body in full, may keep it open.
 */
const COMPARED_HEADERS = ['content-type', 'content-length', 'retry-after', 'www-authenticate'];

function post(body: string, headers: Record<string, string>, chunked: boolean): Promise<Answer> {
  const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
  if (!chunked) all['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}/graphql`, { method: 'POST', headers: all }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(
            COMPARED_HEADERS.map((name) => [name, response.headers[name] as string]),
          ),
          body: text,
        }),
      );
    });
    request.on('error', reject);
    if (chunked) {
      // Two writes: without a Content-Length node sends the body chunked.
      request.write(body.slice(0, 3));
      request.end(body.slice(3));
    } else {
      request.end(body);
    }
  });
}

async function bothWays(body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const fast = await post(body, headers, false);
  const fastify = await post(body, headers, true);
  expect(fast).toEqual(fastify);
  return fast;
}

const json = (query: string, variables: Record<string, unknown> = {}): string =>
  JSON.stringify({ query, variables });

describe('the fast path and the Fastify path answer alike', () => {
  it('data for the caller', async () => {
    const token = await register(app, 'paths_me');
    const answer = await bothWays(json('{ me { username } }'), { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { me: { username: 'paths_me' } } });
  });

  it('errors from resolvers: NOT_FOUND with null data, ILLEGAL_MOVE and NOT_YOUR_TURN on a real game', async () => {
    const tokenA = await register(app, 'paths_a');
    const tokenB = await register(app, 'paths_b');
    const missing = await bothWays(json('query($id: ID!) { game(id: $id) { id } }', { id: randomUUID() }));
    expect(missing.status).toBe(200);
    expect(JSON.parse(missing.body)).toMatchObject({
      data: null,
      errors: [{ extensions: { code: 'NOT_FOUND' } }],
    });

    const created = await createGame(app, tokenA, { preset: 'CLASSIC', seed: 'paths-game' });
    await joinGame(app, tokenB, created.id);
    const move =
      'mutation($g: ID!, $m: String!) { makeMove(gameId: $g, move: $m, expectedVersion: 0) { version } }';
    for (const token of [tokenA, tokenB]) {
      // One of the two is not to move (NOT_YOUR_TURN), the other plays nonsense (ILLEGAL_MOVE or BAD_USER_INPUT):
      // neither changes the game, so both ways meet the same game.
      const answer = await bothWays(json(move, { g: created.id, m: 'x9' }), {
        authorization: `Bearer ${token}`,
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).errors[0].extensions.code).toMatch(
        /^(NOT_YOUR_TURN|ILLEGAL_MOVE|BAD_USER_INPUT)$/,
      );
    }
  });

  it('variables that do not fit the operation, and another Accept header', async () => {
    const wrong = await bothWays(json('query($u: String!) { player(username: $u) { username } }', { u: 7 }));
    expect(wrong.status).toBe(400);
    const graphqlResponse = await bothWays(json('{ __typename }'), {
      accept: 'application/graphql-response+json',
    });
    expect(graphqlResponse.headers['content-type']).toContain('application/graphql-response+json');
  });

  it('a syntax error, a validation error and a depth limit: 400 BAD_USER_INPUT', async () => {
    // Deeper than the default limit of 15 (GRAPHQL_MAX_DEPTH).
    const deep = `{ __schema { types { fields { type { ${'ofType { '.repeat(13)} name ${'} '.repeat(13)} } } } } }`;
    for (const query of ['{ me {', '{ nonsense }', deep]) {
      const answer = await bothWays(json(query));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });

  it('an unknown token: 401 UNAUTHENTICATED with WWW-Authenticate', async () => {
    const answer = await bothWays(json('{ me { username } }'), { authorization: 'Bearer not-a-token' });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    expect(JSON.parse(answer.body).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('NUL in the variables, and a body that is not JSON: 400 BAD_USER_INPUT', async () => {
    const nul = await bothWays(
      json('query($u: String!) { player(username: $u) { username } }', { u: 'a\u0000' }),
    );
    expect(nul.status).toBe(400);
    const broken = await bothWays('{"query": "{ me { username } }"');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({
      errors: [{ message: 'the request body is not valid JSON', extensions: { code: 'BAD_USER_INPUT' } }],
    });
  });

  it('the rate limit: 429 RATE_LIMITED with Retry-After, counted across both paths', async () => {
    const token = await register(app, 'paths_busy');
    const headers = { authorization: `Bearer ${token}` };
    const query = json('{ me { username } }');
    let fast: Answer | null = null;
    for (let sent = 0; sent < 80 && fast?.status !== 429; sent += 1) fast = await post(query, headers, false);
    expect(fast?.status).toBe(429);
    const fastify = await post(query, headers, true);
    expect(fastify.status).toBe(429);
    expect(fastify.headers['retry-after']).toBe(fast!.headers['retry-after']);
    expect(JSON.parse(fastify.body)).toEqual(JSON.parse(fast!.body));
    expect(JSON.parse(fast!.body).errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
