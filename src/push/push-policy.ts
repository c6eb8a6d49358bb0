/**
 * The rules of Web Push as this server keeps them (docs/correspondence.md#web-push): which subscriptions it takes,
 * how a device is named on the account page, and what a push service's answer means for a delivery. Pure.
 */
import { retryAt } from '../common/backoff';
import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { ApiError } from '../errors/api-error';
import type { Network } from '../config/networks';
import { RANGE_DESCRIPTIONS, bareHost, judgeAddress, judgeHost } from '../webhooks/webhook-address';

/** Endpoints are URLs the push service gave the browser; none of them is this long. */
export const MAX_ENDPOINT_LENGTH = 1000;
/** A device's subscriptions: a browser keeps one, but profiles, reinstalls and several devices add up. */
export const MAX_SUBSCRIPTIONS = 20;
/** Attempts at one push before it is given up. */
export const MAX_PUSH_ATTEMPTS = 5;
/** A claimed push not recorded within this comes due again (its app died mid-attempt). */
export const PUSH_CLAIM_LEASE_MS = 60_000;
/** Waits before the 2nd, 3rd, … attempt. */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000] as const;

/** A subscription as the browser gives it (PushSubscription.toJSON()). */
export interface SubscriptionInput {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

function refuse(field: string, message: string): never {
  throw new ApiError('BAD_USER_INPUT', message, { field });
}

function base64urlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text.replace(/=+$/, ''), 'base64url') : null;
}

/**
 * The subscription as stored, or BAD_USER_INPUT: an https endpoint at a public address (http only inside a network
 * the operator allows, such as a local push service in tests), a P-256 public key (65 bytes, uncompressed) and a
 * 16-byte auth secret, as RFC 8291 has them.
 */
export function checkSubscription(input: SubscriptionInput, allowed: readonly Network[]): SubscriptionInput {
  if (input.endpoint.length > MAX_ENDPOINT_LENGTH)
    refuse('endpoint', `endpoint: at most ${MAX_ENDPOINT_LENGTH} characters`);
  if (!URL.canParse(input.endpoint)) refuse('endpoint', 'endpoint: an absolute https:// URL');
  const url = new URL(input.endpoint);
  if (url.username !== '' || url.password !== '') refuse('endpoint', 'endpoint: no user name or password');
  const verdict = judgeHost(url.hostname, allowed);
  if (verdict.allowed === false) {
    const what = isIP(bareHost(url.hostname)) === 0 ? 'name' : 'address';
    refuse(
      'endpoint',
      `endpoint: ${url.hostname} is a ${RANGE_DESCRIPTIONS[verdict.range]} ${what}: pushes only go to push services`,
    );
  }
  // A local push service the operator allows may speak plain HTTP; a public one is reached over TLS only.
  const bare = bareHost(url.hostname);
  const local = isIP(bare) !== 0 && !judgeAddress(bare, []).allowed && judgeAddress(bare, allowed).allowed;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    refuse('endpoint', 'endpoint: an https:// URL');
  const key = base64urlBytes(input.p256dh);
  if (key === null || !isP256Point(key))
    refuse('p256dh', 'p256dh: a P-256 public key, 65 bytes uncompressed, in base64url');
  const auth = base64urlBytes(input.auth);
  if (auth === null || auth.length !== 16) refuse('auth', 'auth: the 16-byte auth secret, in base64url');
  url.hash = '';
  return { endpoint: url.toString(), p256dh: key.toString('base64url'), auth: auth.toString('base64url') };
}

/** An uncompressed point on P-256 (a message could never be encrypted to anything else). */
export function isP256Point(point: Buffer): boolean {
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

const BROWSERS = [
  ['Edg/', 'Edge'],
  ['OPR/', 'Opera'],
  ['Firefox/', 'Firefox'],
  ['Chrome/', 'Chrome'],
  ['Chromium/', 'Chromium'],
  ['Safari/', 'Safari'],
] as const;
const SYSTEMS = [
  ['Android', 'Android'],
  ['iPhone', 'iOS'],
  ['iPad', 'iPadOS'],
  ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'],
  ['CrOS', 'ChromeOS'],
  ['Linux', 'Linux'],
] as const;

/** "Firefox on Linux": how the account page names a device, from its User-Agent (nothing more is kept of it). */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([mark]) => agent.includes(mark))?.[1] ?? 'A browser';
  const system = SYSTEMS.find(([mark]) => agent.includes(mark))?.[1];
  return system === undefined ? browser : `${browser} on ${system}`;
}

/** What an attempt came to. */
export type PushVerdict =
  | { readonly kind: 'sent' }
  /** The subscription is gone for good (404, 410): it is removed, with its pending pushes. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'retry'; readonly at: Date }
  | { readonly kind: 'failed' };

/**
 * The push service's answer (or none: `status` null) to attempt number `attempt` (1-based), made at `at`. 2xx is
 * sent; 404 and 410 mean the subscription expired or was unsubscribed (RFC 8030 §7.3); 429 and 5xx, or no answer,
 * are tried again later; any other answer (a request the service refuses: 400, 403, 413) would be refused again.
 */
export function pushVerdict(status: number | null, attempt: number, at: Date): PushVerdict {
  if (status !== null && status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  const transient = status === null || status === 429 || status >= 500;
  if (!transient || attempt >= MAX_PUSH_ATTEMPTS) return { kind: 'failed' };
  return { kind: 'retry', at: retryAt(RETRY_DELAYS_MS, attempt, at) };
}
