/**
 * One webhook attempt (src/webhooks/webhook-sender.ts) against real local HTTP and HTTPS servers: the request
 * arrives as built, any answer's status is reported, a redirect is not followed, TLS checks the certificate
 * against the host name, and a failure is reported as its class only.
 *
 * The attacks: requests into the server's own network. Real traffic goes to loopback receivers only (allowed for
 * the test, as WEBHOOK_ALLOWED_NETWORKS would); names that resolve to private, link-local or metadata addresses
 * come from an injected resolver, and no socket is opened for them at all (node:diagnostics_channel counts every
 * client socket this process opens).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import * as path from 'node:path';
import { freePort } from '../../../src/common/free-port';
import { parseNetworks } from '../../../src/webhooks/webhook-address';
import type { ResolveHost, WebhookNetwork } from '../../../src/webhooks/webhook-destination';
import type { WebhookRequest } from '../../../src/webhooks/webhook-request';
import { type AttemptOutcome, sendWebhook } from '../../../src/webhooks/webhook-sender';

/** A self-signed certificate for the name receiver.test (and nothing else), valid until 2126. */
const FIXTURES = path.join(__dirname, 'fixtures');
const CERT = fs.readFileSync(path.join(FIXTURES, 'receiver.test.cert.pem'), 'utf8');
const KEY = fs.readFileSync(path.join(FIXTURES, 'receiver.test.key.pem'), 'utf8');

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Server {
  /** `http(s)://<host>:<port>` */
  url: string;
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

type Handle = (request: Seen, response: http.ServerResponse) => void;

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function receiver(
  handle: Handle,
  options: { host?: '127.0.0.1' | '::1'; tls?: boolean } = {},
): Promise<Server> {
  const host = options.host ?? '127.0.0.1';
  const seen: Seen[] = [];
  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      handle(entry, response);
    });
  };
  const server = options.tls
    ? https.createServer({ cert: CERT, key: KEY }, onRequest)
    : http.createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  const entry: Server = {
    url: `${options.tls ? 'https' : 'http'}://${host === '::1' ? '[::1]' : host}:${port}`,
    port,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  servers.push(entry);
  return entry;
}

/** A TCP server that does `handle` with each connection and never speaks HTTP. */
async function rawServer(handle: (socket: net.Socket) => void): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  });
  return (server.address() as net.AddressInfo).port;
}

const REQUEST: WebhookRequest = {
  body: '{"id":"1","kind":"YOUR_TURN"}',
  headers: {
    'content-type': 'application/json',
    'x-malice-event': 'YOUR_TURN',
    'x-malice-event-id': '1',
    'x-malice-signature': 'sha256=00',
  },
};

/** A resolver answering from `table` (each name's answers in turn, the last one repeated), counting the calls. */
function resolver(table: Record<string, readonly (readonly string[])[]>): ResolveHost & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<readonly string[]> => {
    const answers = table[hostname];
    const asked = calls.filter((name) => name === hostname).length;
    calls.push(hostname);
    if (answers === undefined)
      throw Object.assign(new Error(`${hostname}: not found`), { code: 'ENOTFOUND' });
    return answers[Math.min(asked, answers.length - 1)]!;
  };
  return Object.assign(resolve, { calls });
}

/** Resolves nothing: a test that needs a name says so. */
const NO_NAMES = resolver({});
/** Loopback allowed, as the tests' servers do with WEBHOOK_ALLOWED_NETWORKS. */
const LOOPBACK: WebhookNetwork = { allowed: parseNetworks(['127.0.0.0/8', '::1/128']), resolve: NO_NAMES };
/** The default: public addresses only. */
const PUBLIC_ONLY: WebhookNetwork = { allowed: [], resolve: NO_NAMES };

/** Client sockets this process opened: a refused attempt opens none. */
let socketsOpened = 0;
const countSocket = (): void => {
  socketsOpened++;
};
beforeAll(() => subscribe('net.client.socket', countSocket));
afterAll(() => unsubscribe('net.client.socket', countSocket));

/** Sends, and counts the sockets opened meanwhile. */
async function sendCounting(
  url: string,
  network: WebhookNetwork,
  options: { ca?: string; timeoutMs?: number } = {},
): Promise<{ outcome: AttemptOutcome; sockets: number }> {
  const before = socketsOpened;
  const outcome = await sendWebhook(url, REQUEST, { network, ...options });
  return { outcome, sockets: socketsOpened - before };
}

const REFUSED = { outcome: { kind: 'failed', error: 'refused_address', durationMs: 0 }, sockets: 0 };

describe('sendWebhook', () => {
  it('POSTs the body and headers as built and reports the answer’s status', async () => {
    const server = await receiver((_request, response) => response.writeHead(204).end());
    const outcome = await sendWebhook(`${server.url}/in?x=1`, REQUEST, { network: LOOPBACK });
    expect(outcome).toMatchObject({ kind: 'answered', statusCode: 204 });
    expect(outcome.durationMs % 100).toBe(0);
    expect(server.seen).toHaveLength(1);
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/in?x=1', body: REQUEST.body });
    expect(seen!.headers).toMatchObject({
      ...REQUEST.headers,
      host: `127.0.0.1:${server.port}`,
      'content-length': String(REQUEST.body.length),
    });
  });

  it('reports an error status as an answer (the caller decides it failed)', async () => {
    const server = await receiver((_request, response) => response.writeHead(500).end('boom'));
    expect(await sendWebhook(server.url, REQUEST, { network: LOOPBACK })).toMatchObject({
      kind: 'answered',
      statusCode: 500,
    });
  });

  it('never follows a redirect, not even to an allowed address', async () => {
    const target = await receiver((_request, response) => response.writeHead(200).end());
    const server = await receiver((_request, response) =>
      response.writeHead(307, { location: `${target.url}/elsewhere` }).end(),
    );
    const { outcome, sockets } = await sendCounting(server.url, LOOPBACK);
    expect(outcome).toMatchObject({ kind: 'answered', statusCode: 307 });
    expect(sockets).toBe(1);
    expect(target.seen).toHaveLength(0);
  });

  it('never follows a redirect to the metadata service', async () => {
    const server = await receiver((_request, response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/' }).end(),
    );
    const { outcome, sockets } = await sendCounting(server.url, LOOPBACK);
    expect(outcome).toMatchObject({ kind: 'answered', statusCode: 302 });
    expect(sockets).toBe(1);
  });

  it('reaches a name at the address its resolver gave, with the name as the Host', async () => {
    const server = await receiver((_request, response) => response.writeHead(200).end());
    const resolve = resolver({ 'receiver.test': [['127.0.0.1']] });
    const outcome = await sendWebhook(`http://receiver.test:${server.port}/in`, REQUEST, {
      network: { ...LOOPBACK, resolve },
    });
    expect(outcome).toMatchObject({ kind: 'answered', statusCode: 200 });
    expect(server.seen[0]!.headers.host).toBe(`receiver.test:${server.port}`);
    expect(resolve.calls).toEqual(['receiver.test']);
  });

  it('reaches an IPv6 loopback receiver at [::1] when allowed', async () => {
    const server = await receiver((_request, response) => response.writeHead(200).end(), { host: '::1' });
    expect(await sendWebhook(`${server.url}/in`, REQUEST, { network: LOOPBACK })).toMatchObject({
      kind: 'answered',
      statusCode: 200,
    });
    expect(server.seen).toHaveLength(1);
  });

  it('refuses, without sending, a stored URL that is not an http(s) URL', async () => {
    for (const url of ['not a url', 'file:///etc/passwd', 'ftp://example.com/in']) {
      expect({ url, ...(await sendCounting(url, LOOPBACK)) }).toEqual({ url, ...REFUSED });
    }
  });

  it('fails as connection_failed when nothing listens', async () => {
    const port = await freePort();
    expect(await sendWebhook(`http://127.0.0.1:${port}/in`, REQUEST, { network: LOOPBACK })).toEqual({
      kind: 'failed',
      error: 'connection_failed',
      durationMs: expect.any(Number),
    });
  });

  it('fails as dns when the name does not resolve, or resolves to nothing', async () => {
    const resolve = resolver({ 'empty.test': [[]] });
    for (const url of ['http://nowhere.test/', 'http://empty.test/']) {
      const { outcome, sockets } = await sendCounting(url, { ...LOOPBACK, resolve });
      expect({ url, outcome, sockets }).toEqual({
        url,
        outcome: { kind: 'failed', error: 'dns', durationMs: expect.any(Number) },
        sockets: 0,
      });
    }
  });

  it('fails with a timeout when the receiver does not answer in time', async () => {
    const server = await receiver(() => undefined);
    const outcome = await sendWebhook(server.url, REQUEST, { network: LOOPBACK, timeoutMs: 200 });
    expect(outcome).toMatchObject({ kind: 'failed', error: 'timeout' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(200);
    expect(outcome.durationMs).toBeLessThan(5000);
  });

  it('fails with a timeout when the name does not resolve in time', async () => {
    const never: ResolveHost = () => new Promise(() => undefined);
    const outcome = await sendWebhook('http://slow.test/', REQUEST, {
      network: { ...LOOPBACK, resolve: never },
      timeoutMs: 200,
    });
    expect(outcome).toMatchObject({ kind: 'failed', error: 'timeout' });
  });

  it('fails as cancelled when its signal aborts (the app shutting down)', async () => {
    const server = await receiver(() => undefined);
    const controller = new AbortController();
    const sending = sendWebhook(server.url, REQUEST, { network: LOOPBACK, signal: controller.signal });
    await new Promise<void>((resolve) => {
      const poll = (): void => (server.seen.length > 0 ? resolve() : void setTimeout(poll, 10));
      poll();
    });
    controller.abort();
    expect(await sending).toMatchObject({ kind: 'failed', error: 'cancelled' });
  });
});

describe('TLS', () => {
  const answer: Handle = (_request, response) => response.writeHead(204).end();

  it('checks the certificate against the URL’s host name, not the address connected to', async () => {
    const server = await receiver(answer, { tls: true });
    const resolve = resolver({ 'receiver.test': [['127.0.0.1']], 'other.test': [['127.0.0.1']] });
    const network = { ...LOOPBACK, resolve };
    expect(
      await sendWebhook(`https://receiver.test:${server.port}/in`, REQUEST, { network, ca: CERT }),
    ).toMatchObject({ kind: 'answered', statusCode: 204 });
    // The same server, reached under another name, or by its address: the certificate is not for those.
    for (const url of [`https://other.test:${server.port}/in`, `https://127.0.0.1:${server.port}/in`]) {
      expect({ url, outcome: await sendWebhook(url, REQUEST, { network, ca: CERT }) }).toEqual({
        url,
        outcome: { kind: 'failed', error: 'tls', durationMs: expect.any(Number) },
      });
    }
    expect(server.seen).toHaveLength(1);
  });

  it('refuses a certificate nobody vouches for', async () => {
    const server = await receiver(answer, { tls: true });
    const resolve = resolver({ 'receiver.test': [['127.0.0.1']] });
    expect(
      await sendWebhook(`https://receiver.test:${server.port}/in`, REQUEST, {
        network: { ...LOOPBACK, resolve },
      }),
    ).toMatchObject({ kind: 'failed', error: 'tls' });
    expect(server.seen).toHaveLength(0);
  });
});

/** Requests into the server's own network that today's code sent, or described in detail. */
describe('attacks at delivery', () => {
  it('a webhook to 127.0.0.1 registered before the check is refused at delivery: nothing is sent', async () => {
    const server = await receiver((_request, response) => response.writeHead(200).end());
    expect(await sendCounting(`${server.url}/in`, PUBLIC_ONLY)).toEqual(REFUSED);
    expect(server.seen).toHaveLength(0);
  });

  it('a webhook to [::1] or [::ffff:127.0.0.1] is refused at delivery: nothing is sent', async () => {
    const v6 = await receiver((_request, response) => response.writeHead(200).end(), { host: '::1' });
    const v4 = await receiver((_request, response) => response.writeHead(200).end());
    expect(await sendCounting(`${v6.url}/in`, PUBLIC_ONLY)).toEqual(REFUSED);
    expect(await sendCounting(`http://[::ffff:127.0.0.1]:${v4.port}/in`, PUBLIC_ONLY)).toEqual(REFUSED);
    expect(v6.seen).toHaveLength(0);
    expect(v4.seen).toHaveLength(0);
  });

  it('a webhook to localhost is refused at delivery without resolving it', async () => {
    const server = await receiver((_request, response) => response.writeHead(200).end());
    const resolve = resolver({ localhost: [['127.0.0.1']] });
    expect(await sendCounting(`http://localhost:${server.port}/in`, { allowed: [], resolve })).toEqual(
      REFUSED,
    );
    expect(resolve.calls).toEqual([]);
    expect(server.seen).toHaveLength(0);
  });

  it('a name that resolves to loopback is refused unless loopback is allowed', async () => {
    const server = await receiver((_request, response) => response.writeHead(200).end());
    const resolve = resolver({ 'loopback.test': [['127.0.0.1']] });
    const url = `http://loopback.test:${server.port}/in`;
    expect(await sendCounting(url, { allowed: [], resolve })).toEqual(REFUSED);
    expect(server.seen).toHaveLength(0);
    expect((await sendCounting(url, { ...LOOPBACK, resolve })).outcome).toMatchObject({ statusCode: 200 });
    expect(server.seen).toHaveLength(1);
  });

  it.each([
    ['a private address (10.x)', ['10.0.0.5']],
    ['a private address (192.168/16)', ['192.168.1.20']],
    ['a carrier-grade NAT address', ['100.64.1.1']],
    ['a link-local address', ['169.254.10.10']],
    ['the metadata service 169.254.169.254', ['169.254.169.254']],
    ['the IPv6 metadata service fd00:ec2::254', ['fd00:ec2::254']],
    ['a unique local IPv6 address', ['fd12:3456::1']],
    ['a link-local IPv6 address with a zone', ['fe80::1%eth0']],
    ['an IPv4-mapped private address', ['::ffff:10.0.0.5']],
    ['the unspecified address', ['0.0.0.0']],
    ['a public and a private address (every address is checked)', ['93.184.216.34', '10.0.0.5']],
    ['a public and the metadata address, the public one first', ['2606:4700:4700::1111', '169.254.169.254']],
  ])('a name that resolves to %s is refused without connecting', async (_attack, addresses) => {
    const resolve = resolver({ 'internal.test': [addresses] });
    for (const url of ['http://internal.test/latest/meta-data/', 'https://internal.test:8443/']) {
      expect(await sendCounting(url, { ...LOOPBACK, resolve })).toEqual(REFUSED);
    }
  });

  it('a name that resolves to the metadata service is refused even when its network is allowed', async () => {
    const resolve = resolver({ 'metadata.test': [['169.254.169.254']] });
    const everything = parseNetworks(['0.0.0.0/0', '::/0']);
    expect(await sendCounting('http://metadata.test/', { allowed: everything, resolve })).toEqual(REFUSED);
  });

  it('metadata.google.internal is refused at delivery without resolving it', async () => {
    const resolve = resolver({ 'metadata.google.internal': [['169.254.169.254']] });
    const everything = parseNetworks(['0.0.0.0/0', '::/0']);
    for (const url of ['http://metadata.google.internal/computeMetadata/v1/', 'http://metadata/']) {
      expect(await sendCounting(url, { allowed: everything, resolve })).toEqual(REFUSED);
    }
    expect(resolve.calls).toEqual([]);
  });

  it('DNS rebinding: the address checked is the address connected to, the name resolved once', async () => {
    const server = await receiver((_request, response) => response.writeHead(200).end());
    // Allowed: 127.0.0.1 only. A second lookup would answer 127.0.0.2, which is not allowed (and where nothing
    // listens): connecting there would mean the connection did not use the address that was checked.
    const resolve = resolver({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] });
    const network = { allowed: parseNetworks(['127.0.0.1/32']), resolve };
    const { outcome, sockets } = await sendCounting(`http://rebind.test:${server.port}/in`, network);
    expect(outcome).toMatchObject({ kind: 'answered', statusCode: 200 });
    expect(sockets).toBe(1);
    expect(resolve.calls).toEqual(['rebind.test']);
    expect(server.seen).toHaveLength(1);
    // The next attempt resolves afresh, and is refused.
    expect(await sendCounting(`http://rebind.test:${server.port}/in`, network)).toEqual(REFUSED);
    expect(server.seen).toHaveLength(1);
  });

  it('the delivery log does not tell a closed port from an open one', async () => {
    const closed = await freePort();
    const hangsUp = await rawServer((socket) => socket.end());
    const resets = await rawServer((socket) => socket.resetAndDestroy());
    const babbles = await rawServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    const outcomes: AttemptOutcome[] = [];
    for (const port of [closed, hangsUp, resets, babbles]) {
      outcomes.push(await sendWebhook(`http://127.0.0.1:${port}/in`, REQUEST, { network: LOOPBACK }));
    }
    for (const outcome of outcomes) {
      expect(outcome).toEqual({ kind: 'failed', error: 'connection_failed', durationMs: expect.any(Number) });
      // No finer than 100 ms: too coarse to time a refusal against an open port's answer.
      expect(outcome.durationMs % 100).toBe(0);
    }
  });
});
