/**
 * Slow and greedy HTTP clients (docs/operations.md#http-connections), over real sockets to the app in this process:
 *
 * - a request whose body comes a byte at a time, headers that trickle in, a connection that sends nothing, and an
 *   idle keep-alive connection are each closed by the server within their timeout (set short here), the first three
 *   answered 408; a prompt request is served as before;
 * - an answer to HEAD carries no body on any error path: headers too large (431, through Node's own HTTP client,
 *   which a body would break), a request that is not HTTP (400), a timeout (408), a refused WebSocket upgrade (403),
 *   a connection over the bound (429);
 * - one address may hold at most HTTP_MAX_CONNECTIONS_PER_ADDRESS connections: the next one's request is answered
 *   429 RATE_LIMITED (GraphQL-shaped on /graphql, the downloads' shape elsewhere) with Retry-After, and closed; a
 *   slot comes back when a connection closes, and a connection that became a WebSocket holds none. A trusted proxy's
 *   connections are not counted (it carries many clients; it bounds them itself).
 */
import * as http from 'node:http';
import * as net from 'node:net';
import { GraphQLBody, wsClient } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { until } from '../../support/service/outage';

/** Short timeouts, so that a test waits well under a second for each. */
const SLOW_ENV = {
  HTTP_HEADERS_TIMEOUT_MS: '300',
  HTTP_REQUEST_TIMEOUT_MS: '600',
  HTTP_KEEPALIVE_TIMEOUT_MS: '400',
  // A page of another origin is refused a WebSocket (the 403 below).
  CORS_ORIGINS: 'https://play.example.com',
};
/** How long a test waits for the server to close a connection before it calls that a failure. */
const BOUND_MS = 5000;

let slow: InProcessApp;
let capped: InProcessApp;
let proxied: InProcessApp;

beforeAll(async () => {
  slow = await startAppInProcess({ env: SLOW_ENV });
  [capped, proxied] = await Promise.all([
    startAppInProcess({ databaseUrl: slow.databaseUrl, env: { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2' } }),
    startAppInProcess({
      databaseUrl: slow.databaseUrl,
      env: { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1', TRUSTED_PROXIES: 'loopback' },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([capped?.stop(), proxied?.stop()]);
  await slow?.close();
});

interface Exchange {
  /** Everything the server sent, as bytes read one to one into characters. */
  readonly text: string;
  /** The status line's code, or null when nothing came. */
  readonly status: number | null;
  /** What came after the first blank line (the body, and anything else). */
  readonly afterHead: string;
  /** Whether the server closed the connection within the bound (else the test closed it). */
  readonly closedByServer: boolean;
  readonly ms: number;
}

function connect(url: string): net.Socket {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  return socket;
}

/** Opens a connection, lets `talk` write to it, and reads until the server closes it or `boundMs` passes. */
function exchange(url: string, talk: (socket: net.Socket) => void, boundMs = BOUND_MS): Promise<Exchange> {
  const socket = connect(url);
  const started = Date.now();
  let text = '';
  let byServer = true;
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const bound = setTimeout(() => {
    byServer = false;
    socket.destroy();
  }, boundMs);
  socket.once('connect', () => talk(socket));
  return new Promise((resolve) =>
    socket.once('close', () => {
      clearTimeout(bound);
      const at = text.indexOf('\r\n\r\n');
      resolve({
        text,
        status:
          /^HTTP\/1\.1 (\d{3}) /.exec(text) === null ? null : Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)![1]),
        afterHead: at === -1 ? '' : text.slice(at + 4),
        closedByServer: byServer,
        ms: Date.now() - started,
      });
    }),
  );
}

/** Writes `text` one character every `everyMs` until the connection closes. */
function trickle(socket: net.Socket, text: string, everyMs = 100): void {
  let at = 0;
  const timer = setInterval(() => {
    if (at < text.length && socket.writable) socket.write(text[at++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** A keep-alive connection that has had one answer (so the server has surely counted it), left open. */
async function heldConnection(url: string): Promise<net.Socket> {
  const socket = connect(url);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /health HTTP/1.1\r\nHost: malice\r\n\r\n');
  await until('the held connection is answered', async () => text.includes('{"status":"ok"}'), BOUND_MS);
  expect(text).toMatch(/^HTTP\/1\.1 200 /);
  return socket;
}

const TYPENAME = JSON.stringify({ query: '{ __typename }' });

function graphQLPost(body = TYPENAME): string {
  return (
    'POST /graphql HTTP/1.1\r\nHost: malice\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

describe('slow clients are cut off by the timeouts', () => {
  it('the attack: a body sent a byte at a time is answered 408 and closed within the request timeout', async () => {
    const declared = 100;
    const answer = await exchange(slow.url, (socket) => {
      socket.write(
        'POST /graphql HTTP/1.1\r\nHost: malice\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${declared}\r\n\r\n{`,
      );
      trickle(socket, ' '.repeat(declared - 1));
    });
    expect(answer.closedByServer).toBe(true);
    expect(answer.status).toBe(408);
    // Cut well before the body could have been whole (ten bytes a second).
    expect(answer.ms).toBeLessThan(declared * 100);
  });

  it('headers that trickle in, and a connection that sends nothing, are answered 408 and closed', async () => {
    const trickled = await exchange(slow.url, (socket) =>
      trickle(socket, 'GET /health HTTP/1.1\r\nHost: malice\r\nX-Slow: 0123456789\r\n\r\n'),
    );
    const silent = await exchange(slow.url, () => undefined);
    for (const answer of [trickled, silent]) {
      expect(answer).toMatchObject({ closedByServer: true, status: 408, afterHead: '' });
    }
  });

  it('closes an idle keep-alive connection after HTTP_KEEPALIVE_TIMEOUT_MS', async () => {
    const answer = await exchange(slow.url, (socket) =>
      socket.write('GET /health HTTP/1.1\r\nHost: malice\r\n\r\n'),
    );
    expect(answer.status).toBe(200);
    expect(answer.closedByServer).toBe(true);
  });

  it('serves a prompt request as before', async () => {
    const answer = await exchange(slow.url, (socket) => socket.write(graphQLPost()));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.afterHead)).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('an answer to HEAD carries no body, on every error path', () => {
  it('the attack: a HEAD with a 20 KB URL gets 431 that Node’s HTTP client reads without an error', async () => {
    const path = `/graphql?padding=${'a'.repeat(20_000)}`;
    const { port } = new URL(slow.url);
    const answer = await new Promise<{ status: number | undefined; error: string | null }>((resolve) => {
      const request = http.request({ host: '127.0.0.1', port: Number(port), method: 'HEAD', path });
      request.on('response', (response) => {
        const status = response.statusCode;
        response.resume();
        // A body after a HEAD's answer is read as the start of another answer: an error, after the answer.
        response.socket.once('close', () => setImmediate(() => resolve({ status, error: null })));
      });
      request.on('error', (error) => resolve({ status: undefined, error: error.message }));
      request.end();
    });
    expect(answer).toEqual({ status: 431, error: null });
    const raw = await exchange(slow.url, (socket) =>
      socket.write(`HEAD ${path} HTTP/1.1\r\nHost: malice\r\n\r\n`),
    );
    expect(raw).toMatchObject({ status: 431, afterHead: '', closedByServer: true });
    // The same request as a GET is refused the same way (the answer to a request that could not be read has no body).
    const get = await exchange(slow.url, (socket) =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: malice\r\n\r\n`),
    );
    expect(get).toMatchObject({ status: 431, afterHead: '' });
  });

  it('a HEAD that is not HTTP gets 400 and no body; one answered before its slow body came, nothing more', async () => {
    const malformed = await exchange(slow.url, (socket) =>
      socket.write('HEAD /graphql HTTP/1.1\r\nHost: malice\r\nContent-Length: many\r\n\r\n'),
    );
    expect(malformed).toMatchObject({ status: 400, afterHead: '', closedByServer: true });
    // A HEAD is answered at once; its body keeps coming until the request timeout closes the connection, with no
    // second status line after the answer (which a client would read as another answer, or as a HEAD's body).
    const slowBody = await exchange(slow.url, (socket) => {
      socket.write('HEAD /health HTTP/1.1\r\nHost: malice\r\nContent-Length: 50\r\n\r\n');
      trickle(socket, 'x'.repeat(50));
    });
    expect(slowBody).toMatchObject({ status: 200, afterHead: '', closedByServer: true });
  });

  it('a refused WebSocket upgrade answers a HEAD without a body (and a GET with its GraphQL-shaped one)', async () => {
    const upgrade = (method: string): string =>
      `${method} /graphql HTTP/1.1\r\nHost: malice\r\nOrigin: https://elsewhere.example\r\n` +
      'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n';
    const head = await exchange(slow.url, (socket) => socket.write(upgrade('HEAD')));
    expect(head).toMatchObject({ status: 403, afterHead: '', closedByServer: true });
    const get = await exchange(slow.url, (socket) => socket.write(upgrade('GET')));
    expect(get.status).toBe(403);
    expect((JSON.parse(get.afterHead) as GraphQLBody).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('open connections per address (HTTP_MAX_CONNECTIONS_PER_ADDRESS=2)', () => {
  it('the attack: a third connection is answered 429 RATE_LIMITED and closed; a slot comes back on a close', async () => {
    const held = [await heldConnection(capped.url), await heldConnection(capped.url)];
    try {
      const refused = await exchange(capped.url, (socket) => socket.write(graphQLPost()));
      expect(refused).toMatchObject({ status: 429, closedByServer: true });
      expect(refused.text).toMatch(/\r\nretry-after: 1\r\n/i);
      expect(refused.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(refused.afterHead)).toEqual({
        errors: [
          {
            message: 'too many open connections from your address: at most 2; try again in 1 s',
            extensions: { retryAfter: 1, code: 'RATE_LIMITED' },
          },
        ],
      });
      // Elsewhere, as the downloads answer; a HEAD, without a body.
      const download = await exchange(capped.url, (socket) =>
        socket.write(
          'GET /api/games/0b6f4c2e-1d2a-4e5f-8a9b-0c1d2e3f4a5b/export HTTP/1.1\r\nHost: malice\r\n\r\n',
        ),
      );
      expect(download.status).toBe(429);
      expect(JSON.parse(download.afterHead)).toMatchObject({
        error: { code: 'RATE_LIMITED', retryAfter: 1 },
      });
      const head = await exchange(capped.url, (socket) =>
        socket.write('HEAD /health HTTP/1.1\r\nHost: malice\r\n\r\n'),
      );
      expect(head).toMatchObject({ status: 429, afterHead: '', closedByServer: true });

      held.pop()!.destroy();
      await until(
        'a new connection is served once one closed',
        async () => (await exchange(capped.url, (socket) => socket.write(graphQLPost()))).status === 200,
        BOUND_MS,
      );
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('a connection that became a WebSocket gives its slot back: two sockets open, plain requests are served', async () => {
    const sockets = [wsClient(capped.url, null), wsClient(capped.url, null)];
    try {
      for (const socket of sockets) {
        const result = await new Promise<unknown>((resolve, reject) =>
          socket.subscribe(
            { query: '{ __typename }' },
            { next: resolve, error: reject, complete: () => undefined },
          ),
        );
        expect(result).toEqual({ data: { __typename: 'Query' } });
      }
      const answer = await exchange(capped.url, (socket) => socket.write(graphQLPost()));
      expect(answer.status).toBe(200);
    } finally {
      await Promise.all(sockets.map((socket) => socket.dispose()));
    }
  });

  it('does not count a trusted proxy’s connections (TRUSTED_PROXIES=loopback, at most 1 per address)', async () => {
    const held = await heldConnection(proxied.url);
    try {
      const second = await exchange(proxied.url, (socket) => socket.write(graphQLPost()));
      expect(second.status).toBe(200);
    } finally {
      held.destroy();
    }
  });
});
