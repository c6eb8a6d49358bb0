/**
 * The rules of webhooks (docs/correspondence.md#webhooks), free of Nest and the database so they are unit-tested directly: what a
 * registration may be, and when a failed delivery is tried again.
 */
import { isIP } from 'node:net';
import type { PlayerEventKind } from '../notifications/player-event-kinds';
import { ApiError } from '../errors/api-error';
import type { Network } from '../config/networks';
import { RANGE_DESCRIPTIONS, bareHost, judgeHost } from './webhook-address';

export { PLAYER_EVENT_KINDS } from '../notifications/player-event-kinds';
import { PLAYER_EVENT_KINDS } from '../notifications/player-event-kinds';

/** What a delivery carries: a player event, or the ping testWebhook sends. */
export const DELIVERY_KINDS = [...PLAYER_EVENT_KINDS, 'PING'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** Where a delivery stands (`webhook_deliveries.status`). */
export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const MAX_WEBHOOKS_PER_PLAYER = 10;

/**
 * How many test pings (`testWebhook`) a webhook, and a player over all their webhooks, may ask for per window: each
 * is a POST to a URL of the player's choosing (retried like any delivery), so unbounded they would make the server
 * a POST amplifier. Enough to debug a receiver; counted in each app copy, as the request rate limit is.
 */
export const PING_LIMITS = {
  perWebhook: { requests: 5, windowSeconds: 600 },
  perPlayer: { requests: 20, windowSeconds: 600 },
} as const;
export const MIN_SECRET_LENGTH = 16;
export const MAX_SECRET_LENGTH = 200;
export const MAX_URL_LENGTH = 2000;

/**
 * How long to wait after failed attempt n (1-based) before attempt n + 1. After the last entry fails there is no
 * further attempt: the delivery is FAILED. 8 attempts over about 31 hours, so a receiver that is down for a day
 * still gets everything.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  10_000, // 10 s
  30_000, // 30 s
  120_000, // 2 min
  600_000, // 10 min
  3_600_000, // 1 h
  21_600_000, // 6 h
  86_400_000, // 24 h
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A receiver that has not answered (headers) within this long has failed the attempt. */
export const REQUEST_TIMEOUT_MS = 10_000;
/**
 * How long a claimed delivery stays out of the other workers' reach. Far longer than a request may take, so an
 * attempt is never sent twice at once; if its app dies mid-attempt, the delivery is due again when it runs out.
 */
export const CLAIM_LEASE_MS = 60_000;

/** The wait after failed attempt `attempt` (1-based), or null when that was the last one. */
export function retryDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt ${attempt}: from 1`);
  return RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** Where a delivery stands after attempt `attempt`, begun at `attemptedAt`, succeeded or not. */
export function afterAttempt(
  attempt: number,
  succeeded: boolean,
  attemptedAt: Date,
): { status: DeliveryStatus; nextAttemptAt: Date | null } {
  if (succeeded) return { status: 'SUCCEEDED', nextAttemptAt: null };
  const delay = retryDelayMs(attempt);
  return delay === null
    ? { status: 'FAILED', nextAttemptAt: null }
    : { status: 'PENDING', nextAttemptAt: new Date(attemptedAt.getTime() + delay) };
}

/** A kind read back from the database (its CHECK allows no other). */
export function parseDeliveryKind(kind: string): DeliveryKind {
  if ((DELIVERY_KINDS as readonly string[]).includes(kind)) return kind as DeliveryKind;
  throw new Error(`unknown webhook delivery kind ${kind}`);
}

export function parseDeliveryStatus(status: string): DeliveryStatus {
  if ((DELIVERY_STATUSES as readonly string[]).includes(status)) return status as DeliveryStatus;
  throw new Error(`unknown webhook delivery status ${status}`);
}

/**
 * Why an attempt got no answer: the whole of what the delivery log says (webhook_delivery_attempts.error, and
 * WebhookAttempt.error). Deliberately coarse: a refused connection, a reset and a connection closed without an
 * answer are all `connection_failed`, so the log cannot tell a closed port from an open one.
 */
export const ATTEMPT_ERRORS = [
  /** No answer (headers) within REQUEST_TIMEOUT_MS. */
  'timeout',
  /** The host name did not resolve. */
  'dns',
  /** The host is, or resolves to, an address webhooks may not reach: nothing was sent. */
  'refused_address',
  /** No HTTP answer: the connection was refused, reset or closed, or the answer was not HTTP. */
  'connection_failed',
  /** The TLS handshake failed (the certificate is not valid for the host, for instance). */
  'tls',
  /** The server sending it shut down meanwhile; the attempt is made again. */
  'cancelled',
] as const;
export type AttemptError = (typeof ATTEMPT_ERRORS)[number];

/** An error class read back from the database (its CHECK allows no other). */
export function parseAttemptError(error: string): AttemptError {
  if ((ATTEMPT_ERRORS as readonly string[]).includes(error)) return error as AttemptError;
  throw new Error(`unknown webhook attempt error ${error}`);
}

/**
 * Durations in the log are rounded to this step: enough to see a slow receiver, too coarse to time a
 * connection (how long a refusal took says something about the network in between).
 */
export const DURATION_STEP_MS = 100;

export function coarseDuration(ms: number): number {
  return Math.max(0, Math.round(ms / DURATION_STEP_MS) * DURATION_STEP_MS);
}

/** A 2xx answer is a delivery; anything else (a redirect included: they are never followed) is not. */
export function isSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode <= 299;
}

/**
 * The URL as stored: absolute http(s), without credentials (a secret belongs in the signing secret, not in a URL
 * shown in lists), and not to an address webhooks may not reach (webhook-address.ts) — judged after the WHATWG
 * parser has normalised the host, so `http://2130706433/` is 127.0.0.1 and refused like it. A name is not
 * resolved here: checkWebhookDestination does that at registration, and every delivery again.
 */
export function checkWebhookUrl(text: string, allowed: readonly Network[]): string {
  const refuse = (message: string): never => {
    throw new ApiError('BAD_USER_INPUT', message, { field: 'url' });
  };
  if (text.length > MAX_URL_LENGTH) refuse(`url: at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('url: an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse('url: an http:// or https:// URL');
  if (url.hostname === '') refuse('url: a host is needed');
  if (url.username !== '' || url.password !== '') refuse('url: no user name or password in the URL');
  const verdict = judgeHost(url.hostname, allowed);
  if (verdict.allowed === false) {
    const what = isIP(bareHost(url.hostname)) === 0 ? 'name' : 'address';
    refuse(
      `url: ${url.hostname} is a ${RANGE_DESCRIPTIONS[verdict.range]} ${what}: webhooks only go to public addresses`,
    );
  }
  // The fragment is never sent; dropping it keeps the stored URL what is really called.
  url.hash = '';
  return url.toString();
}

export function checkWebhookSecret(secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH) {
    throw new ApiError('BAD_USER_INPUT', `secret: ${MIN_SECRET_LENGTH}–${MAX_SECRET_LENGTH} characters`, {
      field: 'secret',
    });
  }
  return secret;
}

/** The kinds to deliver: every kind when none are given; each kind once; never an empty list. */
export function checkWebhookEvents(events: readonly string[] | null): PlayerEventKind[] {
  if (events === null) return [...PLAYER_EVENT_KINDS];
  const kinds = PLAYER_EVENT_KINDS.filter((kind) => events.includes(kind));
  if (
    events.length === 0 ||
    events.some((event) => !(PLAYER_EVENT_KINDS as readonly string[]).includes(event))
  ) {
    throw new ApiError('BAD_USER_INPUT', `events: a non-empty list of ${PLAYER_EVENT_KINDS.join(', ')}`, {
      field: 'events',
    });
  }
  return kinds;
}
