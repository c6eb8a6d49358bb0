/**
 * Open plain HTTP connections per client address (`HTTP_MAX_CONNECTIONS_PER_ADDRESS`,
 * docs/operations.md#http-connections), so that one address cannot hold every socket the server has.
 *
 * What is counted: TCP connections, by their peer's address, from the moment they open until they close, idle
 * keep-alive connections included. A connection from a trusted proxy (`TRUSTED_PROXIES`) is not counted: it carries
 * the requests of many clients one after another, each named per request in `X-Forwarded-For`, so no client can be
 * told by it; the proxy bounds each client's connections itself (docs/deploy.md, nginx's `limit_conn`). A connection
 * that becomes a WebSocket gives its slot back: WebSockets have their own bound (`WS_MAX_SOCKETS_PER_ADDRESS`).
 *
 * A connection past the bound is not cut off unanswered: it holds no slot, and its first request is answered 429
 * (`RATE_LIMITED`) with `Connection: close` (src/app.factory.ts), after which it closes; one that sends nothing is
 * closed by the headers timeout (`HTTP_HEADERS_TIMEOUT_MS`).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ClientAddresses } from './client-address';

/** Seconds a client refused for too many connections is told to wait: connections close within moments. */
export const CONNECTION_RETRY_AFTER_SECONDS = 1;

export class ConnectionLimit {
  private readonly open = new Map<string, number>();
  /** Connections past the bound, answered 429 at their first request. */
  private readonly refused = new WeakSet<Duplex>();
  /** What gives a counted connection's slot back (on close, or when it becomes a WebSocket). */
  private readonly releases = new WeakMap<Duplex, () => void>();

  constructor(
    readonly max: number,
    private readonly addresses: ClientAddresses,
  ) {}

  /**
   * Counts the connections `server` takes from now on. Prepended, so the count is taken before Node's HTTP server
   * reads anything of the connection, and an upgrade gives its slot back before the WebSocket server sees it.
   */
  watch(server: Server): void {
    server.prependListener('connection', (socket: Socket) => this.opened(socket));
    server.prependListener('upgrade', (_request: IncomingMessage, socket: Duplex) => this.release(socket));
  }

  /** Whether `socket` is past its address's bound (its request is refused, and it closes). */
  isRefused(socket: Duplex): boolean {
    return this.refused.has(socket);
  }

  private opened(socket: Socket): void {
    const peer = socket.remoteAddress;
    if (peer === undefined || this.addresses.isTrustedProxy(peer)) return;
    const count = this.open.get(peer) ?? 0;
    if (count >= this.max) {
      this.refused.add(socket);
      return;
    }
    this.open.set(peer, count + 1);
    let released = false;
    this.releases.set(socket, () => {
      if (released) return;
      released = true;
      const left = (this.open.get(peer) ?? 1) - 1;
      if (left === 0) this.open.delete(peer);
      else this.open.set(peer, left);
    });
    socket.once('close', () => this.release(socket));
  }

  private release(socket: Duplex): void {
    this.releases.get(socket)?.();
    this.releases.delete(socket);
    // Upgraded: the WebSocket bound decides from here on.
    this.refused.delete(socket);
  }
}
