/**
 * Who the client is, by network address: the TCP peer, or — when that peer is a trusted proxy (TRUSTED_PROXIES) —
 * the address the proxies name in `X-Forwarded-For`, read right to left past every trusted hop. The same rule (and
 * library) as Fastify's `trustProxy`, applied to HTTP requests and WebSocket upgrades alike, so that rate limits,
 * login throttles and socket limits count real clients rather than the proxy.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export class ClientAddresses {
  private readonly trusted: (address: string, hop: number) => boolean;

  constructor(trustedProxies: readonly string[]) {
    this.trusted = proxyAddr.compile([...trustedProxies]);
  }

  /**
   * Whether `peer` (a TCP peer's address) is one of the trusted proxies: its connections carry many clients'
   * requests, each client named per request in `X-Forwarded-For`.
   */
  isTrustedProxy(peer: string): boolean {
    return this.trusted(peer, 0);
  }

  /** The client's address, or undefined when the connection is already gone. */
  of(request: IncomingMessage): string | undefined {
    if (request.socket?.remoteAddress === undefined) return undefined;
    return proxyAddr(request, this.trusted);
  }
}
