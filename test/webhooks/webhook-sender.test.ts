/**
 * One webhook attempt (src/webhooks/webhook-sender.ts) against a real local HTTP server: the request arrives as
 * built, any answer's status is reported, a redirect is not followed, and a refused connection, a receiver that
 * never answers and a cancellation are failures with a reason.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../src/common/free-port';
import { describeFailure, sendWebhook } from '../../src/webhooks/webhook-sender';
import type { WebhookRequest } from '../../src/webhooks/webhook-request';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Server {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

async function serve(handle: (request: Seen, response: http.ServerResponse) => void): Promise<Server> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      handle(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
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

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function receiver(handle: (request: Seen, response: http.ServerResponse) => void): Promise<Server> {
  const server = await serve(handle);
  servers.push(server);
  return server;
}

describe('sendWebhook', () => {
  it('POSTs the body and headers as built and reports the answer’s status', async () => {
    const server = await receiver((_request, response) => response.writeHead(204).end());
    const outcome = await sendWebhook(`${server.url}/in?x=1`, REQUEST);
    expect(outcome).toMatchObject({ kind: 'answered', statusCode: 204 });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(server.seen).toHaveLength(1);
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/in?x=1', body: REQUEST.body });
    expect(seen!.headers).toMatchObject(REQUEST.headers);
  });

  it('reports an error status as an answer (the caller decides it failed)', async () => {
    const server = await receiver((_request, response) => response.writeHead(500).end('boom'));
    expect(await sendWebhook(server.url, REQUEST)).toMatchObject({ kind: 'answered', statusCode: 500 });
  });

  it('never follows a redirect', async () => {
    const target = await receiver((_request, response) => response.writeHead(200).end());
    const server = await receiver((_request, response) =>
      response.writeHead(307, { location: `${target.url}/elsewhere` }).end(),
    );
    expect(await sendWebhook(server.url, REQUEST)).toMatchObject({ kind: 'answered', statusCode: 307 });
    expect(target.seen).toHaveLength(0);
  });

  it('fails with the network error when nothing listens', async () => {
    const port = await freePort();
    const outcome = await sendWebhook(`http://127.0.0.1:${port}/in`, REQUEST);
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.error).toMatch(/^network error: .*ECONNREFUSED/);
  });

  it('fails with a timeout when the receiver does not answer in time', async () => {
    const server = await receiver(() => undefined);
    const outcome = await sendWebhook(server.url, REQUEST, { timeoutMs: 200 });
    expect(outcome).toMatchObject({ kind: 'failed', error: 'timeout: no answer within 0.2 s' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(150);
    expect(outcome.durationMs).toBeLessThan(5000);
  });

  it('fails as cancelled when its signal aborts (the app shutting down)', async () => {
    const server = await receiver(() => undefined);
    const controller = new AbortController();
    const sending = sendWebhook(server.url, REQUEST, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await sending).toMatchObject({
      kind: 'failed',
      error: 'cancelled: the server sending it shut down',
    });
  });
});

describe('describeFailure', () => {
  it('names the system error of a network failure', () => {
    const cause = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    expect(describeFailure(new TypeError('fetch failed', { cause }), 10_000)).toBe(
      'network error: getaddrinfo ENOTFOUND nowhere.invalid',
    );
    const bare = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(describeFailure(new TypeError('fetch failed', { cause: bare }), 10_000)).toBe(
      'network error: UND_ERR_SOCKET: other side closed',
    );
    expect(describeFailure('strange', 10_000)).toBe('network error: strange');
  });
});
