/**
 * A Web Push request (docs/correspondence.md#web-push), as a push service takes it: the payload encrypted for the
 * subscription with `aes128gcm` (RFC 8291 over RFC 8188), a VAPID token signed with the server's key (RFC 8292),
 * and the RFC 8030 headers (TTL, Urgency, Topic). The encryption is http_ece's — Mozilla's implementation of
 * RFC 8188, the one the `web-push` package itself uses — and the VAPID token is an ES256 JWT made with node:crypto.
 * Why not a whole Web Push library: docs/correspondence.md#why-this-web-push-code.
 */
import { createECDH, createPrivateKey, randomBytes, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import type { OutboundPost } from '../webhooks/webhook-request';
import type { PushDelivery } from './push-message';
import type { VapidPair } from './vapid';

/** The part of http_ece's API used here (the package ships no types). */
interface HttpEce {
  encrypt(
    buffer: Buffer,
    params: {
      version: 'aes128gcm';
      dh: string;
      privateKey: ReturnType<typeof createECDH>;
      authSecret: string;
      salt: Buffer;
    },
  ): Buffer;
}

const ece = createRequire(__filename)('http_ece') as HttpEce;

/** A VAPID token is good for at most 24 hours (RFC 8292 §2); ours for 12, made afresh for every push. */
const VAPID_TOKEN_S = 12 * 3600;

/** Where a push goes and the keys it is encrypted to (the browser's PushSubscription). */
export interface PushTargetKeys {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** `payload` encrypted for `keys` (aes128gcm: salt, record size and the sender's key in the body's header). */
export function encryptPush(payload: string, keys: Pick<PushTargetKeys, 'p256dh' | 'auth'>): Buffer {
  // A key pair of our own per message (RFC 8291 §3.1): its public half travels as the header's key id.
  const local = createECDH('prime256v1');
  local.generateKeys();
  return ece.encrypt(Buffer.from(payload, 'utf8'), {
    version: 'aes128gcm',
    dh: keys.p256dh,
    privateKey: local,
    authSecret: keys.auth,
    salt: randomBytes(16),
  });
}

/**
 * `Authorization: vapid t=…, k=…` for a push to `endpoint`: a JWT whose audience is the push service's origin,
 * signed with the server's VAPID key. `nowMs` is wall-clock time: the push service judges `exp` by its own clock,
 * not by the game clock.
 */
export function vapidAuthorization(
  endpoint: string,
  pair: VapidPair,
  subject: string,
  nowMs: number,
): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(nowMs / 1000) + VAPID_TOKEN_S,
    sub: subject,
  };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const key = createPrivateKey({ key: { ...pair.privateJwk }, format: 'jwk' });
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${pair.publicKey}`;
}

/** The POST that delivers `payload` to `target`. */
export function pushRequest(
  target: PushTargetKeys,
  payload: string,
  delivery: PushDelivery,
  vapid: { readonly pair: VapidPair; readonly subject: string; readonly nowMs: number },
): OutboundPost {
  const headers: Record<string, string> = {
    authorization: vapidAuthorization(target.endpoint, vapid.pair, vapid.subject, vapid.nowMs),
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(delivery.ttl),
    urgency: delivery.urgency,
  };
  if (delivery.topic !== undefined) headers.topic = delivery.topic;
  return { headers, body: encryptPush(payload, target) };
}
