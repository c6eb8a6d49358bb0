/**
 * One HTTP attempt at a webhook delivery (or a Web Push message: src/push/push-worker.ts, with its own networks):
 * a POST to an address webhooks may reach (webhook-destination.ts), that never follows a redirect and gives up
 * after a timeout. Free of Nest, so it is tested against real local HTTP and
 * HTTPS servers, with an injected resolver for the names.
 *
 * The socket connects to exactly the addresses that were judged: an address in the URL is connected to as is, and
 * a name's lookup (the `lookup` option of node:http) answers the addresses resolved and judged beforehand, once,
 * instead of asking DNS again. TLS still checks the certificate against the URL's host name (Node's https sets
 * the server name from the host), never against the address.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type WebhookNetwork, resolveDestination } from './webhook-destination';
import { type AttemptError, REQUEST_TIMEOUT_MS, coarseDuration } from './webhook-policy';
import type { OutboundPost } from './webhook-request';

/** What came of an attempt: an HTTP answer (any status), or none (then the class of why, nothing more). */
export type AttemptOutcome =
  | { readonly kind: 'answered'; readonly statusCode: number; readonly durationMs: number }
  | { readonly kind: 'failed'; readonly error: AttemptError; readonly durationMs: number };

export interface SendOptions {
  /** What may be reached, and the resolver. */
  readonly network: WebhookNetwork;
  readonly timeoutMs?: number;
  /** Aborts the attempt early (the app shutting down). */
  readonly signal?: AbortSignal;
  /** Certificates to trust instead of the system's: the tests' local HTTPS receiver. */
  readonly ca?: string;
}

export async function sendWebhook(
  target: string,
  request: OutboundPost,
  options: SendOptions,
): Promise<AttemptOutcome> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
  // A duration is measured on the monotonic clock; the attempt's time of day comes from the injected Clock.
  const started = performance.now();
  const failed = (error: AttemptError): AttemptOutcome => ({
    kind: 'failed',
    error,
    // Nothing was sent: how long the check took is none of the log's business.
    durationMs: error === 'refused_address' ? 0 : coarseDuration(performance.now() - started),
  });
  // Stored URLs passed checkWebhookUrl; one that did not (written by hand) is refused, never sent.
  const url = URL.canParse(target) ? new URL(target) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return failed('refused_address');
  const destination = await resolveDestination(url, options.network, signal);
  if (signal.aborted) return failed(timeout.aborted ? 'timeout' : 'cancelled');
  switch (destination.kind) {
    case 'refused':
      return failed('refused_address');
    case 'unresolved':
      return failed('dns');
    case 'addresses':
      break;
    default:
      return unreachable(destination);
  }
  const result = await post(url, request, destination, signal, options.ca);
  if ('statusCode' in result) {
    return {
      kind: 'answered',
      statusCode: result.statusCode,
      durationMs: coarseDuration(performance.now() - started),
    };
  }
  if (signal.aborted) return failed(timeout.aborted ? 'timeout' : 'cancelled');
  return failed(result.failure);
}

type PostResult = { readonly statusCode: number } | { readonly failure: 'tls' | 'connection_failed' };

/** The POST itself, on a connection of its own (no pooling: each attempt's addresses are its own). */
function post(
  url: URL,
  request: OutboundPost,
  destination: { readonly hostname: string; readonly addresses: readonly string[] },
  signal: AbortSignal,
  ca: string | undefined,
): Promise<PostResult> {
  const secure = url.protocol === 'https:';
  // Only names are looked up (an address in the URL is connected to as is): answer what was judged.
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const entries = destination.addresses.map((address) => ({ address, family: isIP(address) }));
    process.nextTick(() => {
      if (hostname !== destination.hostname) {
        callback(Object.assign(new Error(`${hostname} was not checked`), { code: 'ENOTFOUND' }), '', 0);
      } else if (lookupOptions.all === true) callback(null, entries);
      else callback(null, entries[0]!.address, entries[0]!.family);
    });
  };
  return new Promise((resolve) => {
    // Which step a failure interrupts: a failed handshake is `tls`, anything else `connection_failed`.
    let phase: 'connecting' | 'handshake' | 'exchange' = 'connecting';
    const sent = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent: false,
        lookup,
        signal,
        ...(secure && ca !== undefined ? { ca } : {}),
      },
      (response) => {
        // Only the status matters; dropping the body frees the connection. A redirect is never followed.
        response.destroy();
        resolve({ statusCode: response.statusCode ?? 0 });
      },
    );
    sent.on('socket', (socket) => {
      socket.once('connect', () => (phase = secure ? 'handshake' : 'exchange'));
      socket.once('secureConnect', () => (phase = 'exchange'));
    });
    sent.on('error', () => resolve({ failure: phase === 'handshake' ? 'tls' : 'connection_failed' }));
    sent.end(request.body);
  });
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${String(value)}`);
}
