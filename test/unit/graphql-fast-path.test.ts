/**
 * The GraphQL fast path (src/http/graphql-fast-path.ts): which requests it takes, which it executes itself and
 * which it hands to Apollo, and what it answers. A real Node HTTP server routes each request to the fast path or,
 * when it declines, to a stand-in for Fastify; the schema is a small real one; Apollo is stood in for by a
 * recording executor (the real three ways are compared in test/service/http-paths.e2e.test.ts).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { GraphQLError, GraphQLFormattedError, buildSchema, validate } from 'graphql';
import { GraphQLFastPath } from '../../src/http/graphql-fast-path';
import { ANONYMOUS, type RequestContext } from '../../src/auth/viewer';

const LIMIT = 1024;

/** What the stand-in for Apollo was given: the request, and what its context thunk produced. */
interface Delegated {
  readonly request: HTTPGraphQLRequest;
  readonly context: RequestContext | { refused: unknown };
}

const schema = buildSchema(`
  type Query { ok(n: Int): Boolean, fails: Boolean, who: String }
  type Mutation { bump: Int }
  type Subscription { ticks: Int }
`);
let bumps = 0;
const root = {
  ok: () => true,
  fails: () => {
    throw new Error('secret detail');
  },
  who: (_args: unknown, context: RequestContext) => (context.viewer === ANONYMOUS ? 'anonymous' : 'someone'),
  bump: () => (bumps += 1),
};
for (const [typeName, fields] of [
  ['Query', ['ok', 'fails', 'who']],
  ['Mutation', ['bump']],
] as const) {
  const type = schema.getType(typeName) as import('graphql').GraphQLObjectType;
  for (const field of fields) {
    const resolve = root[field];
    type.getFields()[field]!.resolve = (_source, args, context) => resolve(args as never, context as never);
  }
}

let server: http.Server;
let base: string;
const delegated: Delegated[] = [];
const declined: string[] = [];
const formatted: GraphQLFormattedError[] = [];
let contextCalls = 0;

beforeAll(async () => {
  const fastPath = new GraphQLFastPath('/graphql', LIMIT);
  fastPath.useRules({
    context: async (request) => {
      contextCalls += 1;
      if (request.headers.authorization === 'Bearer refused') throw new GraphQLError('refused');
      return { viewer: ANONYMOUS };
    },
    validate: (target, document) => validate(target, document),
    formatError: (error) => {
      formatted.push(error);
      return { message: 'shaped', extensions: { code: error.extensions?.code } };
    },
  });
  fastPath.attach(
    {
      executeHTTPGraphQLRequest: async ({ httpGraphQLRequest, context }) => {
        const seen = await context().then(
          (value) => value,
          (error: unknown) => ({ refused: error }),
        );
        delegated.push({ request: httpGraphQLRequest, context: seen });
        if (httpGraphQLRequest.headers.get('x-apollo-fails') === 'yes') throw new Error('apollo broke');
        return {
          status: 299,
          headers: new HeaderMap([['content-type', 'application/json; charset=utf-8']]),
          body: { kind: 'complete', string: '{"from":"apollo"}' },
        };
      },
    },
    schema,
  );
  server = http.createServer((request, response) => {
    if (fastPath.handle(request, response)) return;
    declined.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => response.writeHead(298).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  delegated.length = 0;
  declined.length = 0;
  formatted.length = 0;
  contextCalls = 0;
});

/** Sends a request with exactly these headers (no Content-Length unless given; then the body is chunked). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    if (headers['content-length'] === undefined && body.length > 1) {
      // Two writes: a body sent in one `end()` would get a Content-Length from node.
      request.write(body.slice(0, 1));
      request.end(body.slice(1));
    } else {
      request.end(body);
    }
  });
}

const sized = (body: string, type = 'application/json'): Record<string, string> => ({
  'content-type': type,
  'content-length': String(Buffer.byteLength(body)),
});

/** POSTs a JSON body the way clients usually do (with a Content-Length). */
function postJson(
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return send('POST', '/graphql', { ...sized(text), ...headers }, text);
}

describe('GraphQLFastPath', () => {
  it('executes a plain query itself: the answer Apollo would give, status 200', async () => {
    const answer = await postJson({ query: 'query($n: Int) { ok(n: $n) who }', variables: { n: 1 } });
    expect(answer).toEqual({ status: 200, body: '{"data":{"ok":true,"who":"anonymous"}}\n' });
    expect(delegated).toEqual([]);
    expect(contextCalls).toBe(1);
  });

  it('executes mutations, picks the named operation, and accepts a charset on the content type', async () => {
    const before = bumps;
    const body = JSON.stringify({ query: 'query A { ok } mutation B { bump }', operationName: 'B' });
    const moved = await send('POST', '/graphql', sized(body, 'application/json; charset=utf-8'), body);
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body)).toEqual({ data: { bump: before + 1 } });
    expect(delegated).toEqual([]);
  });

  it('formats execution errors as Apollo does: a code for every error, then formatError, with the data', async () => {
    const answer = await postJson({ query: '{ ok fails }' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(
      '{"errors":[{"message":"shaped","extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"ok":true,"fails":null}}\n',
    );
    expect(formatted).toEqual([
      {
        message: 'secret detail',
        locations: [{ line: 1, column: 6 }],
        path: ['fails'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      },
    ]);
  });

  it('hands Apollo what it does not execute itself, with the body as sent', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ query: '{ ok' }, {}], // does not parse
      [{ query: '{ nothing }' }, {}], // does not validate
      [{ query: 'subscription { ticks }' }, {}],
      [{ query: 'query A { ok } query B { ok }' }, {}], // which operation?
      [{ query: '{ ok }', extensions: { persistedQuery: { version: 1 } } }, {}],
      [{ query: '{ ok }', variables: 'not an object' }, {}],
      [{ variables: {} }, {}],
      [[{ query: '{ ok }' }], {}], // a batch
      [{ query: '{ ok }' }, { accept: 'application/graphql-response+json' }],
    ];
    for (const [body, headers] of cases) {
      const answer = await postJson(body, headers);
      expect(answer).toEqual({ status: 299, body: '{"from":"apollo"}' });
    }
    expect(delegated.map((entry) => entry.request.body)).toEqual(cases.map(([body]) => body));
    expect(delegated.every((entry) => entry.request.method === 'POST')).toBe(true);
  });

  it('a refused context goes to Apollo as that refusal: the context function runs once', async () => {
    await postJson({ query: '{ ok }' }, { authorization: 'Bearer refused' });
    expect(contextCalls).toBe(1);
    expect(delegated).toHaveLength(1);
    expect((delegated[0]!.context as { refused: GraphQLError }).refused.message).toBe('refused');
    expect(delegated[0]!.request.headers.get('authorization')).toBe('Bearer refused');
  });

  it('variables that do not fit go to Apollo with the context already made, and nothing runs', async () => {
    const before = bumps;
    await postJson({ query: 'mutation($n: Int!) { bump ok: bump }', variables: {} });
    await postJson({ query: 'query($n: Int!) { ok(n: $n) }', variables: { n: 'seven' } });
    expect(bumps).toBe(before);
    expect(contextCalls).toBe(2);
    expect(delegated.map((entry) => entry.context)).toEqual([{ viewer: ANONYMOUS }, { viewer: ANONYMOUS }]);
  });

  it('leaves every other request to Fastify, untouched', async () => {
    const query = JSON.stringify({ query: '{ ok }' });
    const cases: [string, string, Record<string, string>, string][] = [
      ['GET', '/graphql?query=%7Bok%7D', {}, ''],
      ['POST', '/graphql?x=1', sized(query), query],
      ['POST', '/other', sized(query), query],
      ['POST', '/graphql', sized(query, 'text/plain'), query],
      ['POST', '/graphql', { 'content-type': 'application/json' }, query], // chunked: no Content-Length
      ['POST', '/graphql', sized('x'.repeat(LIMIT + 1)), 'x'.repeat(LIMIT + 1)], // Fastify answers 413
    ];
    for (const [method, path, headers, body] of cases) {
      const answer = await send(method, path, headers, body);
      expect(answer.status).toBe(298);
    }
    expect(delegated).toEqual([]);
    expect(declined).toHaveLength(cases.length);
  });

  it('refuses a body that is not JSON, and NUL in the variables, as the Fastify path does', async () => {
    const notJson = await postJson('{"query": ');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toEqual({
      errors: [{ message: 'the request body is not valid JSON', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const nul = await postJson({ query: '{ ok }', variables: { name: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(delegated).toEqual([]);
    expect(contextCalls).toBe(0);
  });

  it('answers INTERNAL (no detail) when something unexpected fails, and keeps serving', async () => {
    const report = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await postJson({ query: '{ ok' }, { 'x-apollo-fails': 'yes' });
    report.mockRestore();
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body)).toEqual({
      errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL' } }],
    });
    expect(failed.body).not.toContain('apollo broke');
    expect((await postJson({ query: '{ ok }' })).status).toBe(200);
  });

  it('survives a client that goes away before sending the whole body', async () => {
    const query = JSON.stringify({ query: '{ ok }' });
    await new Promise<void>((resolve) => {
      const request = http.request(`${base}/graphql`, { method: 'POST', headers: sized(query) });
      request.on('error', () => resolve());
      request.write(query.slice(0, 5), () => {
        request.destroy();
        resolve();
      });
    });
    const next = await postJson(query);
    expect(next.status).toBe(200);
    expect(contextCalls).toBe(1);
  });
});
