/**
 * Which requests the GraphQL fast path (src/http/graphql-fast-path.ts) takes, and what it hands to Apollo. A real
 * Node HTTP server routes each request to the fast path or, when it declines, to a stand-in for Fastify; Apollo is
 * stood in for by a recording executor (the equivalence of the two real paths is test/service/http-paths.e2e.test.ts).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { GraphQLFastPath } from '../../src/http/graphql-fast-path';
import { ANONYMOUS, type RequestContext } from '../../src/auth/viewer';

const LIMIT = 1024;

interface Seen {
  readonly request: HTTPGraphQLRequest;
  readonly context: RequestContext;
}

let server: http.Server;
let base: string;
let fastPath: GraphQLFastPath;
const executed: Seen[] = [];
const declined: string[] = [];

beforeAll(async () => {
  fastPath = new GraphQLFastPath('/graphql', LIMIT);
  fastPath.useContext(async (request) => {
    if (request.headers.authorization === 'Bearer refused') throw new Error('context refused');
    return { viewer: ANONYMOUS };
  });
  fastPath.attach({
    executeHTTPGraphQLRequest: async ({ httpGraphQLRequest, context }) => {
      executed.push({ request: httpGraphQLRequest, context: await context() });
      return {
        status: 201,
        headers: new HeaderMap([['content-type', 'application/json; charset=utf-8']]),
        body: { kind: 'complete', string: '{"data":{"ok":true}}' },
      };
    },
  });
  server = http.createServer((request, response) => {
    if (fastPath.handle(request, response)) return;
    declined.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => response.writeHead(299).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  executed.length = 0;
  declined.length = 0;
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

const QUERY = JSON.stringify({ query: '{ ok }', variables: { a: 1 } });
const sized = (body: string, type = 'application/json'): Record<string, string> => ({
  'content-type': type,
  'content-length': String(Buffer.byteLength(body)),
});

describe('GraphQLFastPath', () => {
  it('takes a JSON POST to its path and hands Apollo the parsed body, the headers and the context', async () => {
    const answer = await send('POST', '/graphql', { ...sized(QUERY), authorization: 'Bearer t' }, QUERY);
    expect(answer).toEqual({ status: 201, body: '{"data":{"ok":true}}' });
    expect(declined).toEqual([]);
    expect(executed).toHaveLength(1);
    const [seen] = executed;
    expect(seen!.request.method).toBe('POST');
    expect(seen!.request.body).toEqual({ query: '{ ok }', variables: { a: 1 } });
    expect(seen!.request.headers.get('authorization')).toBe('Bearer t');
    expect(seen!.context.viewer).toBe(ANONYMOUS);
  });

  it('accepts a charset parameter on the JSON content type', async () => {
    await send('POST', '/graphql', sized(QUERY, 'application/json; charset=utf-8'), QUERY);
    expect(executed).toHaveLength(1);
  });

  it('leaves every other request to Fastify, untouched', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['GET', '/graphql?query=%7Bok%7D', {}, ''],
      ['POST', '/graphql?x=1', sized(QUERY), QUERY],
      ['POST', '/other', sized(QUERY), QUERY],
      ['POST', '/graphql', sized(QUERY, 'text/plain'), QUERY],
      ['POST', '/graphql', { 'content-type': 'application/json' }, QUERY], // chunked: no Content-Length
      ['POST', '/graphql', sized('x'.repeat(LIMIT + 1)), 'x'.repeat(LIMIT + 1)], // Fastify answers 413
    ];
    for (const [method, path, headers, body] of cases) {
      const answer = await send(method, path, headers, body);
      expect(answer.status).toBe(299);
    }
    expect(executed).toEqual([]);
    expect(declined).toHaveLength(cases.length);
  });

  it('refuses a body that is not JSON, and NUL in the variables, as the Fastify path does', async () => {
    const broken = '{"query": ';
    const notJson = await send('POST', '/graphql', sized(broken), broken);
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toEqual({
      errors: [{ message: 'the request body is not valid JSON', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const withNul = JSON.stringify({ query: '{ ok }', variables: { name: 'a\u0000b' } });
    const nul = await send('POST', '/graphql', sized(withNul), withNul);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(executed).toEqual([]);
  });

  it('answers INTERNAL (no detail) when something unexpected fails, and keeps serving', async () => {
    const report = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await send(
      'POST',
      '/graphql',
      { ...sized(QUERY), authorization: 'Bearer refused' },
      QUERY,
    );
    report.mockRestore();
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body)).toEqual({
      errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL' } }],
    });
    expect(failed.body).not.toContain('context refused');
    const next = await send('POST', '/graphql', sized(QUERY), QUERY);
    expect(next.status).toBe(201);
  });

  it('survives a client that goes away before sending the whole body', async () => {
    await new Promise<void>((resolve) => {
      const request = http.request(`${base}/graphql`, { method: 'POST', headers: sized(QUERY) });
      request.on('error', () => resolve());
      request.write(QUERY.slice(0, 5), () => {
        request.destroy();
        resolve();
      });
    });
    const next = await send('POST', '/graphql', sized(QUERY), QUERY);
    expect(next.status).toBe(201);
    expect(executed).toHaveLength(1);
  });
});
