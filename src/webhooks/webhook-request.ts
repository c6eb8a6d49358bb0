/**
 * What a webhook request is (docs/correspondence.md#webhooks): the JSON body, the headers and the signature. Pure, so that the
 * signature is unit-tested and `verifyWebhookSignature` is the reference for the receiver code in the docs.
 *
 * The signature is `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`: the timestamp is signed with the
 * body, so a receiver that refuses old timestamps cannot be replayed an old request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryKind } from './webhook-policy';

/** The JSON body: the event, and whose it is. Nothing hidden (no cards): fetch the game to see more. */
export interface WebhookBody {
  /** The player event's id (a ping: `ping-<delivery id>`); the same on every retry: receivers dedupe on it. */
  readonly id: string;
  readonly kind: DeliveryKind;
  readonly gameId: string | null;
  readonly createdAt: string;
  readonly player: { readonly id: string; readonly username: string };
}

/** A delivery as the worker claims it: everything a request is built from. */
export interface DeliveryToSend {
  readonly deliveryId: string;
  readonly eventId: string | null;
  readonly kind: DeliveryKind;
  readonly gameId: string | null;
  readonly createdAt: Date;
  readonly playerId: string;
  readonly username: string;
}

/** An outbound POST (src/webhooks/webhook-sender.ts): a webhook's, or an encrypted Web Push message. */
export interface OutboundPost {
  readonly body: string | Uint8Array;
  readonly headers: Readonly<Record<string, string>>;
}

/** A webhook delivery's POST: signed JSON. */
export interface WebhookRequest extends OutboundPost {
  readonly body: string;
}

export const SIGNATURE_HEADER = 'x-malice-signature';
export const TIMESTAMP_HEADER = 'x-malice-timestamp';
export const EVENT_HEADER = 'x-malice-event';
export const EVENT_ID_HEADER = 'x-malice-event-id';
export const DELIVERY_HEADER = 'x-malice-delivery';
export const USER_AGENT = 'Malice-Webhooks/1';

/** The id receivers deduplicate on: the player event's, or for a ping one of its own. */
export function webhookEventId(delivery: Pick<DeliveryToSend, 'deliveryId' | 'eventId'>): string {
  return delivery.eventId ?? `ping-${delivery.deliveryId}`;
}

export function webhookBody(delivery: DeliveryToSend): WebhookBody {
  return {
    id: webhookEventId(delivery),
    kind: delivery.kind,
    gameId: delivery.gameId,
    createdAt: delivery.createdAt.toISOString(),
    player: { id: delivery.playerId, username: delivery.username },
  };
}

/** `sha256=` and the hex HMAC-SHA256, keyed with the webhook's secret, of `<timestamp>.<body>`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The request for one attempt at `now`: signed afresh each attempt (a new timestamp), the same event id. */
export function webhookRequest(delivery: DeliveryToSend, secret: string, now: Date): WebhookRequest {
  const body = JSON.stringify(webhookBody(delivery));
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      [EVENT_HEADER]: delivery.kind,
      [EVENT_ID_HEADER]: webhookEventId(delivery),
      [DELIVERY_HEADER]: delivery.deliveryId,
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
    },
  };
}

/** Why a request is not to be trusted; null when it is. */
export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/**
 * What a receiver does (the docs show the same code): recompute the signature over the raw body, compare in
 * constant time, and refuse a timestamp more than `toleranceSeconds` away from its own clock.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  signatureHeader: string | undefined,
  timestampHeader: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): SignatureProblem | null {
  if (signatureHeader === undefined || timestampHeader === undefined) return 'missing';
  if (!/^\d{1,12}$/.test(timestampHeader) || !/^sha256=[0-9a-f]{64}$/.test(signatureHeader))
    return 'malformed';
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return 'stale';
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signatureHeader);
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'mismatch';
}
