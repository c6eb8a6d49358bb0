/**
 * Every GraphQL input is bounded before it costs anything, on every way in (docs/api/limits.md#limits): a
 * graphql-ws message by the HTTP body cap (close 1009), a document's tokens and nesting before it is parsed,
 * its selections before it is validated (src/graphql/document-bounds.ts), each refusal `BAD_USER_INPUT` with
 * `extensions.limit` and never `INTERNAL`; every graphql-ws protocol error a 4400-class close
 * (src/graphql/ws-server.ts); an operation id kept to 1–64 plain characters before it reaches a log line.
 * After each, the server still answers.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { GraphQLBody, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { acknowledgedSocket, openRawSocket, rawOperation } from '../../support/service/raw-socket';
import { sql } from '../../support/service/database';

const METRICS_TOKEN = 'input-bounds-metrics-token-0123456789';

let app: InProcessApp;

beforeAll(async () => {
  app = await startAppInProcess({ env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await app.close();
});

async function post(body: string): Promise<{ status: number; body: GraphQLBody }> {
  const response = await app.post(body);
  return { status: response.status, body: (await response.json()) as GraphQLBody };
}

function postQuery(query: string): Promise<{ status: number; body: GraphQLBody }> {
  return post(JSON.stringify({ query }));
}

/** The server answers: liveness, and a query over HTTP and over graphql-ws. */
async function stillAnswers(): Promise<void> {
  expect((await fetch(`${app.url}/health`)).status).toBe(200);
  expect((await postQuery('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  expect(await rawOperation(app.url, '{ __typename }')).toEqual({
    type: 'next',
    payload: { data: { __typename: 'Query' } },
  });
}

/** GraphQL operations counted so far under these labels (docs/operations.md#metrics). */
async function operationsCounted(labels: Record<string, string>): Promise<number> {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  let total = 0;
  for (const line of (await response.text()).split('\n')) {
    if (!line.startsWith('malice_graphql_operations_total{')) continue;
    if (Object.entries(labels).every(([name, value]) => line.includes(`${name}="${value}"`)))
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** The refusal of a bound, over HTTP (400) and over graphql-ws (an `error` message on the operation): equal. */
async function refusedEveryWay(query: string, limit: string): Promise<string> {
  const overHttp = await postQuery(query);
  expect(overHttp.status).toBe(400);
  expect(overHttp.body.errors).toHaveLength(1);
  expect(overHttp.body.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', limit });
  expect(await rawOperation(app.url, query)).toEqual({ type: 'error', payload: overHttp.body.errors });
  return overHttp.body.errors![0]!.message;
}

describe('a graphql-ws message is bounded as an HTTP body is (GRAPHQL_MAX_BODY_BYTES, 64 KiB)', () => {
  it('a 2 MB anonymous subscribe of 300,000 × me{id} closes the socket with 1009, unread; the server answers at once', async () => {
    const query = `{ ${'me{id} '.repeat(300_000)}}`;
    const message = JSON.stringify({ id: '1', type: 'subscribe', payload: { query } });
    expect(message.length).toBeGreaterThan(2_000_000);
    const socket = await acknowledgedSocket(app.url);
    socket.send(message);
    expect(await socket.closed).toEqual({ code: 1009, reason: '' });
    // Not even a connection_init first: the frame is refused by its size alone.
    const bare = await openRawSocket(app.url);
    bare.send(message);
    expect((await bare.closed).code).toBe(1009);
    await stillAnswers();
  });

  it('a message within the cap is read and answered', async () => {
    const query = `{ __typename }${' '.repeat(60_000)}`;
    expect(await rawOperation(app.url, query)).toEqual({
      type: 'next',
      payload: { data: { __typename: 'Query' } },
    });
  });

  it('an HTTP body over the cap is 413 with BAD_USER_INPUT, as before', async () => {
    const refused = await postQuery(`{ __typename }${' '.repeat(70_000)}`);
    expect(refused).toEqual({
      status: 413,
      body: {
        errors: [{ message: 'the request body is too large', extensions: { code: 'BAD_USER_INPUT' } }],
      },
    });
  });
});

describe('a document is bounded before it is parsed, and its selections before it is validated', () => {
  it('9,000 × me{id} (63 KB, anonymous) is refused on its tokens before Apollo parses or validates it', async () => {
    const query = `{ ${'me{id} '.repeat(9000)}}`;
    expect(query.length).toBeLessThan(64 * 1024);
    const otherBefore = await operationsCounted({
      field: 'other',
      code: 'BAD_USER_INPUT',
      transport: 'http',
    });
    const meBefore = await operationsCounted({ field: 'me', transport: 'http' });
    const started = performance.now();
    const answer = await postQuery(query);
    // A generous bound: validating it took 0.8–1.8 s of event-loop time; refusing it takes about a millisecond.
    expect(performance.now() - started).toBeLessThan(500);
    expect(answer).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: 'the document has more than 2000 tokens; at most 2000 are allowed',
            extensions: { code: 'BAD_USER_INPUT', limit: 'tokens' },
          },
        ],
      },
    });
    // Counted as a document no one read (`other`), never under `me`: Apollo did not parse it, so never validated it.
    expect(await operationsCounted({ field: 'other', code: 'BAD_USER_INPUT', transport: 'http' })).toBe(
      otherBefore + 1,
    );
    expect(await operationsCounted({ field: 'me', transport: 'http' })).toBe(meBefore);
    // The same over graphql-ws, where the bounded parser refuses it before graphql-ws validates it.
    const wsMeBefore = await operationsCounted({ field: 'me', transport: 'ws' });
    expect(await rawOperation(app.url, query)).toEqual({ type: 'error', payload: answer.body.errors });
    expect(await operationsCounted({ field: 'me', transport: 'ws' })).toBe(wsMeBefore);
    await stillAnswers();
  });

  it('a 5,000-level selection and a 10,000-deep list literal are refused on depth, never INTERNAL, over HTTP and graphql-ws', async () => {
    const selection = `{ ${'me { '.repeat(5000)}id${' }'.repeat(5000)} }`;
    const list = `{ player(username: ${'['.repeat(10_000)}"x"${']'.repeat(10_000)}) { id } }`;
    for (const query of [selection, list]) {
      expect(await refusedEveryWay(query, 'depth')).toBe(
        'the document nests brackets more than 32 deep; at most 32 are allowed',
      );
      await stillAnswers();
    }
    // Brackets inside strings, block strings and comments are text, not nesting.
    const inText = `{ player(username: "${'['.repeat(5000)}") { id } } # ${'{'.repeat(5000)}`;
    expect((await postQuery(inText)).body).toEqual({ data: { player: null } });
  });

  it('a field repeated in one place, fragments spread in one place, selections in all and directives are bounded', async () => {
    expect(await refusedEveryWay(`{ ${'me { id } '.repeat(9)}}`, 'selections')).toBe(
      'the document selects one response name more than 8 times in one place; at most 8 are allowed',
    );
    // The same place reached through fragments and inline fragments.
    const fragments = Array.from({ length: 9 }, (_, index) => `fragment F${index} on Query { me { id } }`);
    expect(
      await refusedEveryWay(
        `{ ... on Query { ${fragments.map((_, index) => `...F${index}`).join(' ')} } } ${fragments.join(' ')}`,
        'selections',
      ),
    ).toBe('the document spreads more than 8 fragments in one place; at most 8 are allowed');
    // 5 fragments, each spread 4 times by the one before: 4^5 selections once spread, from 30 written.
    const bomb = [
      '{ ...L0 }',
      ...[0, 1, 2, 3].map((level) => {
        const inner = `...L${level + 1}`;
        return `fragment L${level} on Query { a: __typename b: player(username: "x") { ${inner} } c: player(username: "y") { ${inner} } d: player(username: "z") { ${inner} } e: player(username: "w") { ${inner} } }`;
      }),
      'fragment L4 on Player { id }',
    ].join('\n');
    expect(await refusedEveryWay(bomb, 'selections')).toMatch(/^the document has more than 1000 selections/);
    expect(await refusedEveryWay(`{ ${'__typename @include(if: true) '.repeat(51)}}`, 'directives')).toBe(
      'the document uses more than 50 directives; at most 50 are allowed',
    );
    await stillAnswers();
  });
});

describe('validation errors cost little each', () => {
  it('a document of 30,000 line breaks is refused before it is parsed (each error would count them to place itself)', async () => {
    const fields = Array.from({ length: 101 }, (_, index) => `register${index}`).join('\n');
    const query = `${'\n'.repeat(30_000)}mutation {\n${fields}\n}`;
    // Validated, its 100 errors took a quarter of a second of event-loop time on each way in.
    expect(await refusedEveryWay(query, 'lines')).toBe(
      'the document has more than 1000 lines; at most 1000 are allowed',
    );
  });

  it('validation stops at 20 errors, over HTTP and graphql-ws alike', async () => {
    const query = `mutation { ${Array.from({ length: 30 }, (_, index) => `register${index}`).join(' ')} }`;
    const overHttp = await postQuery(query);
    expect(overHttp.status).toBe(400);
    expect(overHttp.body.errors).toHaveLength(21);
    expect(overHttp.body.errors![20]).toEqual({
      message: 'Too many validation errors, error limit reached. Validation aborted.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await rawOperation(app.url, query)).toEqual({ type: 'error', payload: overHttp.body.errors });
  });
});

describe('graphql-ws protocol errors are 4400-class closes, never 4500', () => {
  const cases: readonly [string, string][] = [
    ['a "next" without an id', '{"type":"next"}'],
    ['a whole "next" message, which only a server sends', '{"type":"next","id":"1","payload":{"data":{}}}'],
    [
      'an "error" message',
      '{"type":"error","id":"1","payload":[{"message":"x","locations":[],"path":[],"extensions":{}}]}',
    ],
    ['a "connection_ack"', '{"type":"connection_ack"}'],
    ['text that is not JSON', '{"type":'],
    ['a type graphql-ws does not know', '{"type":"start","id":"1","payload":{"query":"{ __typename }"}}'],
    ['a subscribe without a payload', '{"type":"subscribe","id":"1"}'],
    ['a second connection_init', '{"type":"connection_init"}'],
  ];
  it.each(cases)('%s, after the connection was acknowledged', async (_what, message) => {
    const socket = await acknowledgedSocket(app.url);
    socket.send(message);
    const { code } = await socket.closed;
    expect(code).toBeGreaterThanOrEqual(4400);
    expect(code).toBeLessThan(4500);
  });

  it('the same messages before connection_init, and a subscribe before it', async () => {
    for (const message of [
      ...cases.map(([, text]) => text).filter((text) => !text.includes('connection_init')),
      '{"type":"subscribe","id":"1","payload":{"query":"{ __typename }"}}',
    ]) {
      const socket = await openRawSocket(app.url);
      socket.send(message);
      const { code } = await socket.closed;
      expect({ message, code: code >= 4400 && code < 4500 }).toEqual({ message, code: true });
    }
    await stillAnswers();
  });
});

describe('the graphql-ws server keeps what the connection promises', () => {
  it('a session that ends closes its connection with 4403, at once', async () => {
    const token = await register(app, `ends_${randomUUID().slice(0, 8)}`);
    const socket = await acknowledgedSocket(app.url, `Bearer ${token}`);
    expect(dataOf(await app.gql(token, 'mutation { logout }'))).toEqual({ logout: true });
    expect((await socket.closed).code).toBe(4403);
  });

  it('an upgrade to another path is answered 400; a server that stops closes its connections with 1001', async () => {
    const other = await startAppInProcess();
    try {
      const elsewhere = new WebSocket(
        `${other.url.replace('http', 'ws')}/graphql/elsewhere`,
        'graphql-transport-ws',
      );
      const refusedWith = await new Promise<number>((resolve, reject) => {
        elsewhere.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        elsewhere.once('open', () => reject(new Error('an upgrade to another path was accepted')));
      });
      expect(refusedWith).toBe(400);
      const socket = await acknowledgedSocket(other.url);
      await other.stop();
      expect(await socket.closed).toEqual({ code: 1001, reason: 'Going away' });
    } finally {
      await other.close();
    }
  });
});

describe('graphql-ws operation ids', () => {
  const REGISTER =
    'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { player { id } } }';

  async function registerWithId(id: string): Promise<{ closed: number | null; registered: boolean }> {
    const username = `ids_${randomUUID().slice(0, 8)}`;
    const socket = await acknowledgedSocket(app.url);
    socket.send(
      JSON.stringify({
        id,
        type: 'subscribe',
        payload: { query: REGISTER, variables: { u: username, p: 'correct horse battery staple' } },
      }),
    );
    const answer = await socket.next();
    socket.close();
    const rows = await sql(app.databaseUrl, `SELECT 1 FROM players WHERE username = '${username}'`);
    return { closed: answer.kind === 'closed' ? answer.code : null, registered: rows.length === 1 };
  }

  it('1–64 characters of A–Z a–z 0–9 . _ : - are accepted (graphql-ws clients send UUIDs)', async () => {
    for (const id of [randomUUID(), '1', 'a.b_c:d-E'.padEnd(64, '9')])
      expect(await registerWithId(id)).toEqual({ closed: null, registered: true });
  });

  it('a longer id, or one with any other character, closes the socket (4400) and its operation never runs', async () => {
    for (const id of ['x'.repeat(65), 'a/b', 'line\nbreak', 'naïve', '{"x":1}', ' '])
      expect({ id, ...(await registerWithId(id)) }).toEqual({ id, closed: 4400, registered: false });
    await stillAnswers();
  });

  it('a long id sent twice at once still closes 4400 (graphql-ws names a duplicate id in its close reason)', async () => {
    const socket = await acknowledgedSocket(app.url);
    const message = JSON.stringify({
      id: 'y'.repeat(500),
      type: 'subscribe',
      payload: { query: '{ __typename }' },
    });
    socket.send(message);
    socket.send(message);
    const { code } = await socket.closed;
    expect(code).toBeGreaterThanOrEqual(4400);
    expect(code).toBeLessThan(4500);
  });
});
