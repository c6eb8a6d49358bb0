/**
 * Malformed input of every kind, generated (fast-check), over HTTP and graphql-ws: random text and bytes, brackets
 * nested without end, mangled real documents, huge strings in every argument of every mutation (the schema read by
 * introspection, anonymous and signed in), and graphql-ws messages of every type in any order. Whatever comes,
 * the answer is a refusal or a result: never `INTERNAL`, never HTTP 500, never a 4500 close; the server's own count
 * of `INTERNAL` answers stays at zero, and `/health` answers after (docs/api/limits.md#limits,
 * src/graphql/document-bounds.ts, src/graphql/ws-server.ts).
 */
import fc from 'fast-check';
import {
  GraphQLInputType,
  GraphQLNamedType,
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  IntrospectionQuery,
} from 'graphql';
import { GraphQLBody, dataOf, register, codeOf } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { RawSocket, acknowledgedSocket, openRawSocket } from '../../support/service/raw-socket';

const METRICS_TOKEN = 'input-fuzz-metrics-token-0123456789';
/** Seeded, so a failure is replayed by running the file again. */
const SEED = 20261206;

let app: InProcessApp;
let token: string;

beforeAll(async () => {
  app = await startAppInProcess({ env: { METRICS_TOKEN } });
  token = await register(app, 'fuzz_player');
});
afterAll(async () => {
  await app.close();
});

/** What went wrong in this test: each case that got an INTERNAL, a 500 or a 4500, with what was sent. */
let faults: string[] = [];
beforeEach(() => {
  faults = [];
});

function noteIfFault(where: string, sent: string, received: string): void {
  if (/"code":"INTERNAL"/.test(received) || /^(500|closed 4500)\b/.test(received))
    faults.push(`${where}: ${received.slice(0, 300)} ← ${sent.slice(0, 300)}`);
}

/** One POST: the status and the body, as text. */
async function overHttp(body: string, authorization?: string): Promise<string> {
  const response = await app.post(body, authorization === undefined ? {} : { authorization });
  return `${response.status} ${await response.text()}`;
}

/** Sends `message` on an acknowledged socket: the next message from the server, or its close. */
async function exchange(socket: RawSocket, message: string): Promise<string> {
  socket.send(message);
  const answer = await socket.next(15_000);
  return answer.kind === 'closed' ? `closed ${answer.code}` : JSON.stringify(answer);
}

/** One socket per batch of operations (reopened when the server closes it: an oversized or malformed message). */
class Sockets {
  private socket: RawSocket | null = null;

  constructor(private readonly authorization?: string) {}

  async send(message: string): Promise<string> {
    this.socket ??= await acknowledgedSocket(app.url, this.authorization);
    const answer = await exchange(this.socket, message);
    if (answer.startsWith('closed')) this.socket = null;
    return answer;
  }

  close(): void {
    this.socket?.close();
  }
}

let operationIds = 0;

function subscribe(query: string, variables: unknown = {}): string {
  operationIds += 1;
  return JSON.stringify({ id: `op${operationIds}`, type: 'subscribe', payload: { query, variables } });
}

const PIECES = [
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '"',
  '"""',
  '#',
  '\n',
  ' ',
  ',',
  ':',
  '$x',
  '@include(if: true)',
  '...',
  '... on Query',
  'fragment F on Query',
  'query',
  'mutation',
  'subscription',
  'me',
  'id',
  '__typename',
  'player(username: "x")',
  'game(id: "x")',
  '\\u0000',
  '\u0000',
  '\uD800',
  'é',
  '1e999',
  '-0',
  'null',
  'true',
] as const;

/** Documents no client would send: random text, random bytes, bracket soups, real documents cut and spliced. */
const malformedDocument = fc.oneof(
  fc.string({ maxLength: 2000, unit: 'grapheme' }),
  fc.string({ maxLength: 500, unit: 'binary' }),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 3000 }).map((pieces) => pieces.join('')),
  fc
    .tuple(
      fc.constantFrom('{', '[', '(', '{ me ', '{ player(username: '),
      fc.integer({ min: 1, max: 20_000 }),
    )
    .map(([opening, levels]) => opening.repeat(levels)),
  fc
    .tuple(
      fc.constantFrom(
        '{ me { id username } }',
        'query Q($u: String!) { player(username: $u) { id ratings { preset rating } } }',
        'mutation { register(username: "a", password: "b") { token } }',
        'subscription { myEvents { kind } }',
        'fragment F on Player { id } { me { ...F } }',
      ),
      fc.nat(),
      fc.nat(),
      fc.string({ maxLength: 50 }),
    )
    .map(([text, from, length, splice]) => {
      const at = from % (text.length + 1);
      return text.slice(0, at) + splice + text.slice(at + (length % 10));
    }),
);

/** Variables no client would send: anything JSON can hold, nested a little or very deep. */
const strangeVariables = fc.oneof(
  fc.constant({}),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 5 }),
  fc
    .integer({ min: 1, max: 5000 })
    .map((depth) => JSON.parse(`{"x":${'['.repeat(depth)}1${']'.repeat(depth)}}`) as unknown),
);

it('malformed documents and variables, over HTTP and graphql-ws: never INTERNAL, 500 or 4500', async () => {
  const sockets = new Sockets();
  await fc.assert(
    fc.asyncProperty(malformedDocument, strangeVariables, async (document, variables) => {
      const body = JSON.stringify({ query: document, variables });
      noteIfFault('http', body, await overHttp(body));
      const message = subscribe(document, variables);
      noteIfFault('ws', message, await sockets.send(message));
    }),
    { numRuns: 1200, seed: SEED },
  );
  sockets.close();
  expect(faults).toEqual([]);
}, 120_000);

it('graphql-ws messages of every type, in any order, before and after connection_init: never 4500', async () => {
  const envelope = fc.oneof(
    fc.constantFrom(
      'connection_init',
      'connection_ack',
      'ping',
      'pong',
      'subscribe',
      'next',
      'error',
      'complete',
    ),
    fc.string({ maxLength: 10 }),
  );
  const message = fc.oneof(
    fc
      .record(
        {
          type: envelope,
          id: fc.oneof(fc.constantFrom('1', '2', 'x'.repeat(70)), fc.string({ maxLength: 80 }), fc.integer()),
          payload: fc.oneof(
            fc.constant({ query: '{ __typename }' }),
            fc.constant([{ message: 'x' }]),
            fc.record({ query: malformedDocument, variables: strangeVariables }),
            fc.jsonValue({ maxDepth: 3 }),
          ),
        },
        { requiredKeys: ['type'] },
      )
      .map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(message, { minLength: 1, maxLength: 8 }),
      fc.boolean(),
      async (messages, init) => {
        const socket = init ? await acknowledgedSocket(app.url) : await openRawSocket(app.url);
        const received: string[] = [];
        for (const text of messages) socket.send(text);
        // Whatever the server makes of them: read until it closes the socket or a ping of ours is answered.
        socket.send(JSON.stringify({ type: 'ping', payload: { end: true } }));
        for (;;) {
          const answer = await socket.next(15_000);
          if (answer.kind === 'closed') {
            received.push(`closed ${answer.code}`);
            break;
          }
          received.push(JSON.stringify(answer));
          if (answer.type === 'pong' && (answer.payload as { end?: boolean } | undefined)?.end === true)
            break;
        }
        socket.close();
        for (const answer of received) noteIfFault('ws messages', messages.join(' | '), answer);
      },
    ),
    { numRuns: 300, seed: SEED },
  );
  expect(faults).toEqual([]);
}, 120_000);

/** A value of `type` (an argument's) in which every string is `huge`, and everything else plausible. */
function hugeValue(type: GraphQLInputType, huge: string, depth = 0): unknown {
  if (isNonNullType(type)) return hugeValue(type.ofType, huge, depth);
  if (isListType(type)) return [hugeValue(type.ofType, huge, depth)];
  if (isEnumType(type)) return type.getValues()[0]?.name;
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    return Object.fromEntries(
      Object.values(type.getFields()).map((field) => [field.name, hugeValue(field.type, huge, depth + 1)]),
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return 2_147_483_647;
      case 'Float':
        return 1.7976931348623157e308;
      case 'Boolean':
        return true;
      default:
        return huge;
    }
  }
  return null;
}

it('huge strings in every argument of every mutation, anonymous and signed in, over HTTP and graphql-ws', async () => {
  const introspection = dataOf(await app.gql<IntrospectionQuery>(null, getIntrospectionQuery()));
  const schema = buildClientSchema(introspection);
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  expect(mutations.length).toBeGreaterThan(20);
  const anonymous = new Sockets();
  let signedIn = new Sockets(`Bearer ${token}`);
  let sent = 0;
  for (const mutation of mutations) {
    const returned: GraphQLNamedType = getNamedType(mutation.type);
    const selection = isCompositeType(returned) ? ' { __typename }' : '';
    const declarations = mutation.args.map((arg, index) => `$a${index}: ${arg.type.toString()}`).join(', ');
    const uses = mutation.args.map((arg, index) => `${arg.name}: $a${index}`).join(', ');
    const query =
      mutation.args.length === 0
        ? `mutation { ${mutation.name}${selection} }`
        : `mutation(${declarations}) { ${mutation.name}(${uses})${selection} }`;
    // As long a string as the body cap leaves room for, in every place one goes.
    for (let length = 20_000; length >= 100; length = Math.floor(length / 2)) {
      const huge = 'x'.repeat(length - 1) + 'é';
      const variables = Object.fromEntries(
        mutation.args.map((arg, index) => [`a${index}`, hugeValue(arg.type, huge)]),
      );
      const body = JSON.stringify({ query, variables });
      if (body.length > 60_000) continue;
      for (const [authorization, sockets] of [
        [undefined, anonymous],
        [`Bearer ${token}`, signedIn],
      ] as const) {
        noteIfFault(`http ${mutation.name}`, body, await overHttp(body, authorization));
        noteIfFault(`ws ${mutation.name}`, query, await sockets.send(subscribe(query, variables)));
        sent += 2;
      }
      // A mutation may end the session it was sent with (logout does): sign in again, so every later mutation is
      // still tried signed in, over both transports.
      if (codeOf(await app.gql(token, '{ me { id } }')) === 'UNAUTHENTICATED') {
        token = dataOf(
          await app.gql<{ login: { token: string } }>(
            null,
            'mutation { login(username: "fuzz_player", password: "correct horse battery staple") { token } }',
          ),
        ).login.token;
        signedIn.close();
        signedIn = new Sockets(`Bearer ${token}`);
      }
      break;
    }
  }
  anonymous.close();
  signedIn.close();
  expect(sent).toBe(mutations.length * 4);
  expect(faults).toEqual([]);
}, 120_000);

it('counted no INTERNAL answer and no HTTP 500 on the server, and /health answers', async () => {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const counted = (pattern: RegExp): number =>
    text
      .split('\n')
      .filter((line) => pattern.test(line))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  expect(counted(/^malice_graphql_operations_total\{.*code="BAD_USER_INPUT"/)).toBeGreaterThan(1000);
  expect(counted(/^malice_graphql_operations_total\{.*code="INTERNAL"/)).toBe(0);
  expect(counted(/^malice_http_requests_total\{.*status="5\d\d"/)).toBe(0);
  expect((await fetch(`${app.url}/health`)).status).toBe(200);
  const body = (await (await app.post(JSON.stringify({ query: '{ __typename }' }))).json()) as GraphQLBody;
  expect(body).toEqual({ data: { __typename: 'Query' } });
});
