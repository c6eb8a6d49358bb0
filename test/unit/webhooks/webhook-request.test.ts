/**
 * Webhook requests (src/webhooks/webhook-request.ts): the body, the headers, and the signature — checked against a
 * vector computed outside Node (openssl), so a mistake in what is signed cannot hide behind the same code
 * computing both sides.
 */
import {
  DeliveryToSend,
  signWebhook,
  verifyWebhookSignature,
  webhookBody,
  webhookRequest,
} from '../../../src/webhooks/webhook-request';

const SECRET = 'whsec-0123456789abcdef';

const DELIVERY: DeliveryToSend = {
  deliveryId: '7',
  eventId: '42',
  kind: 'YOUR_TURN',
  gameId: '9909f0e5-5b80-4d62-84d0-b06721dca234',
  createdAt: new Date('2026-11-29T17:48:39.362Z'),
  playerId: '03489ab0-76f0-4a0b-8ba7-e6f841193203',
  username: 'alice',
};

describe('the signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of "<timestamp>.<body>" with the secret', () => {
    // printf '%s' '1700000000.{"id":"42","kind":"YOUR_TURN"}' | openssl dgst -sha256 -hmac 'whsec-0123456789abcdef'
    expect(signWebhook(SECRET, 1_700_000_000, '{"id":"42","kind":"YOUR_TURN"}')).toBe(
      'sha256=3d8c3daf4d966a81e7670184161b9eaeae99cddf977a8a5ad1c47fcfbc269fe1',
    );
  });

  it('verifies a request as sent, and refuses one changed in any part, stale, or without headers', () => {
    const now = new Date('2026-11-29T18:00:00.000Z');
    const nowSeconds = now.getTime() / 1000;
    const { body, headers } = webhookRequest(DELIVERY, SECRET, now);
    const signature = headers['x-malice-signature'];
    const timestamp = headers['x-malice-timestamp'];
    expect(verifyWebhookSignature(SECRET, body, signature, timestamp, nowSeconds)).toBeNull();
    expect(verifyWebhookSignature(SECRET, body, signature, timestamp, nowSeconds + 300)).toBeNull();

    expect(
      verifyWebhookSignature(SECRET, body.replace('alice', 'mallory'), signature, timestamp, nowSeconds),
    ).toBe('mismatch');
    expect(verifyWebhookSignature(`${SECRET}x`, body, signature, timestamp, nowSeconds)).toBe('mismatch');
    // The timestamp is signed: moving it forward to pass the age check breaks the signature.
    expect(verifyWebhookSignature(SECRET, body, signature, String(nowSeconds + 1), nowSeconds)).toBe(
      'mismatch',
    );
    expect(verifyWebhookSignature(SECRET, body, signature, timestamp, nowSeconds + 301)).toBe('stale');
    expect(verifyWebhookSignature(SECRET, body, signature, timestamp, nowSeconds - 301)).toBe('stale');
    expect(verifyWebhookSignature(SECRET, body, undefined, timestamp, nowSeconds)).toBe('missing');
    expect(verifyWebhookSignature(SECRET, body, signature, undefined, nowSeconds)).toBe('missing');
    expect(verifyWebhookSignature(SECRET, body, signature!.slice(7), timestamp, nowSeconds)).toBe(
      'malformed',
    );
    expect(verifyWebhookSignature(SECRET, body, signature, '12.5', nowSeconds)).toBe('malformed');
  });
});

describe('the request', () => {
  it('carries the event and whose it is, nothing more', () => {
    expect(webhookBody(DELIVERY)).toEqual({
      id: '42',
      kind: 'YOUR_TURN',
      gameId: '9909f0e5-5b80-4d62-84d0-b06721dca234',
      createdAt: '2026-11-29T17:48:39.362Z',
      player: { id: '03489ab0-76f0-4a0b-8ba7-e6f841193203', username: 'alice' },
    });
  });

  it('has the headers a receiver needs: kind, event id, delivery id, timestamp, signature', () => {
    const now = new Date('2026-11-29T18:00:00.999Z');
    const { body, headers } = webhookRequest(DELIVERY, SECRET, now);
    expect(JSON.parse(body)).toEqual(webhookBody(DELIVERY));
    expect(headers).toEqual({
      'content-type': 'application/json',
      'user-agent': 'Malice-Webhooks/1',
      'x-malice-event': 'YOUR_TURN',
      'x-malice-event-id': '42',
      'x-malice-delivery': '7',
      'x-malice-timestamp': '1795975200',
      'x-malice-signature': signWebhook(SECRET, 1_795_975_200, body),
    });
  });

  it('a retry has the same body and event id, and a fresh timestamp and signature', () => {
    const first = webhookRequest(DELIVERY, SECRET, new Date('2026-11-29T18:00:00Z'));
    const retry = webhookRequest(DELIVERY, SECRET, new Date('2026-11-29T18:00:10Z'));
    expect(retry.body).toBe(first.body);
    expect(retry.headers['x-malice-event-id']).toBe(first.headers['x-malice-event-id']);
    expect(retry.headers['x-malice-delivery']).toBe(first.headers['x-malice-delivery']);
    expect(Number(retry.headers['x-malice-timestamp'])).toBe(
      Number(first.headers['x-malice-timestamp']) + 10,
    );
    expect(retry.headers['x-malice-signature']).not.toBe(first.headers['x-malice-signature']);
  });

  it('a ping has an event id of its own and no game', () => {
    const ping: DeliveryToSend = { ...DELIVERY, deliveryId: '8', eventId: null, kind: 'PING', gameId: null };
    const { body, headers } = webhookRequest(ping, SECRET, new Date('2026-11-29T18:00:00Z'));
    expect(JSON.parse(body)).toMatchObject({ id: 'ping-8', kind: 'PING', gameId: null });
    expect(headers['x-malice-event-id']).toBe('ping-8');
    expect(headers['x-malice-event']).toBe('PING');
  });
});
