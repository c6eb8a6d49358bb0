/**
 * Where a webhook request may go: the URL's host judged (webhook-address.ts), a name resolved once and every
 * address it resolves to judged. The sender then connects to exactly those addresses (webhook-sender.ts), so a
 * name cannot point elsewhere between the check and the connection (DNS rebinding). Resolving is injected: the
 * tests resolve names to private, link-local and metadata addresses without any traffic going there.
 */
import { promises as dns } from 'node:dns';
import { ApiError } from '../errors/api-error';
import type { Network } from '../config/networks';
import { bareHost, judgeAddress, judgeHost } from './webhook-address';

/** A host name → every address it resolves to (IPv4 and IPv6 text); rejects when it does not resolve. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), as http.request would use it. */
export const systemResolver: ResolveHost = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** What webhooks may reach, and how names are resolved: one per app (WebhooksModule). */
export interface WebhookNetwork {
  /** Networks allowed besides public addresses (WEBHOOK_ALLOWED_NETWORKS). */
  readonly allowed: readonly Network[];
  readonly resolve: ResolveHost;
}

export const WEBHOOK_NETWORK = Symbol('WEBHOOK_NETWORK');

export type Destination =
  | { readonly kind: 'addresses'; readonly hostname: string; readonly addresses: readonly string[] }
  /** The host is, or resolves to, at least one address webhooks may not reach. */
  | { readonly kind: 'refused' }
  /** The name did not resolve (or not before `signal` aborted). */
  | { readonly kind: 'unresolved' };

/**
 * The addresses a request to `url` may connect to. A name is refused when any of its addresses is (not only the
 * first: the connection may fall back to any of them).
 */
export async function resolveDestination(
  url: URL,
  network: WebhookNetwork,
  signal?: AbortSignal,
): Promise<Destination> {
  const hostname = bareHost(url.hostname);
  const verdict = judgeHost(url.hostname, network.allowed);
  if (verdict.allowed === false) return { kind: 'refused' };
  if (verdict.allowed === true) return { kind: 'addresses', hostname, addresses: [hostname] };
  let addresses: readonly string[];
  try {
    addresses = await untilAborted(network.resolve(hostname), signal);
  } catch {
    return { kind: 'unresolved' };
  }
  if (addresses.length === 0) return { kind: 'unresolved' };
  if (addresses.some((address) => !judgeAddress(address, network.allowed).allowed)) {
    return { kind: 'refused' };
  }
  return { kind: 'addresses', hostname, addresses };
}

/** A name is looked up at registration for at most this long; then it is taken (delivery checks it anyway). */
export const REGISTRATION_LOOKUP_MS = 2000;

/**
 * At registration, after checkWebhookUrl (which refused literal addresses and metadata names): a name that
 * resolves now to an address webhooks may not reach is refused too. Best effort: a name that does not resolve
 * (yet), or not quickly, is taken, and every delivery checks again what the name resolves to then.
 */
export async function checkWebhookDestination(
  url: string,
  network: WebhookNetwork,
  timeoutMs = REGISTRATION_LOOKUP_MS,
): Promise<void> {
  const parsed = new URL(url);
  const destination = await resolveDestination(parsed, network, AbortSignal.timeout(timeoutMs));
  if (destination.kind === 'refused') {
    throw new ApiError(
      'BAD_USER_INPUT',
      `url: ${parsed.hostname} resolves to an address webhooks may not reach: they only go to public addresses`,
      { field: 'url' },
    );
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    // The promise is followed before anything else, so a lookup that fails after the abort is still handled
    // (never an unhandled rejection, which would end the process).
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
