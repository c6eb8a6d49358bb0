/**
 * A native app's redirect (RFC 8252 §7.3): a listener on the loopback interface, on a port the system picks, whose
 * address the app names as its `redirect_uri`. Malice matches a registered `http://127.0.0.1/cb` on any port
 * (docs/api/apps-and-oauth.md#redirect-uris). The first request to the path is the authorization response.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackRedirect {
  /** The redirect URI to send: `http://127.0.0.1:<port><path>`. */
  readonly redirectUri: string;
  /** The authorization response: the address the browser was sent to, with `code`, `state` and `iss`. */
  readonly callback: Promise<URL>;
  /** Stops listening. */
  close(): Promise<void>;
}

const PAGE = (text: string): string =>
  `<!doctype html><meta charset="utf-8"><title>Malice</title><p>${text}</p>`;

/** Listens on 127.0.0.1 (any free port) for the browser's return to `path` (default `/cb`). */
export async function loopbackRedirect(path = '/cb'): Promise<LoopbackRedirect> {
  let answered = false;
  let resolve: (url: URL) => void = () => undefined;
  const callback = new Promise<URL>((done) => (resolve = done));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    if (request.method !== 'GET' || url.pathname !== path) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const refused = url.searchParams.has('error');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(
        PAGE(
          refused
            ? 'The app was not approved. You may close this page.'
            : 'Done: you may close this page and go back to the app.',
        ),
      );
    if (answered) return;
    answered = true;
    resolve(url);
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => listening());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${path}`,
    callback,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
