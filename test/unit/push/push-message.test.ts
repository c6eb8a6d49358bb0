/**
 * What a push says and how it travels (src/push/push-message.ts) and what a push service's answer means
 * (src/push/push-policy.ts): the player's language with its plurals, nothing a lock screen should not show,
 * TTL/Urgency/Topic by kind, and which subscriptions are taken.
 */
import { createECDH } from 'node:crypto';
import { pushDelivery, pushPayload, timeLeft } from '../../../src/push/push-message';
import { MAX_PUSH_ATTEMPTS, checkSubscription, deviceName, pushVerdict } from '../../../src/push/push-policy';
import { parseNetworks } from '../../../src/webhooks/webhook-address';

const GAME = '0b5f8f3e-52c6-4e43-9d6e-6f5a2b3c4d5e';
const now = new Date('2026-12-07T12:00:00Z');
const inHours = (hours: number): Date => new Date(now.getTime() + hours * 3600_000);

describe('a push’s words', () => {
  it('say whose turn, against whom and how long is left, in the player’s language', () => {
    const context = {
      kind: 'YOUR_TURN' as const,
      gameId: GAME,
      opponents: ['ann'],
      deadline: inHours(49),
      now,
    };
    expect(pushPayload({ ...context, language: 'en' })).toEqual({
      v: 1,
      kind: 'YOUR_TURN',
      title: 'Your turn',
      body: 'against ann · 2 days left',
      url: `/games/${GAME}`,
      tag: `game:${GAME}`,
      gameId: GAME,
    });
    expect(pushPayload({ ...context, language: 'sv' })).toMatchObject({
      title: 'Din tur',
      body: 'mot ann · 2 dagar kvar',
    });
    expect(pushPayload({ ...context, language: 'ru' })).toMatchObject({
      title: 'Ваш ход',
      body: 'против ann · осталось 2 дня',
    });
    expect(pushPayload({ ...context, kind: 'CHALLENGE_RECEIVED', language: 'en' }).body).toBe('from ann');
    expect(
      pushPayload({ ...context, kind: 'GAME_OVER', opponents: ['ann', 'ben'], language: 'en' }),
    ).toMatchObject({
      title: 'Game over',
      body: 'against ann, ben',
    });
    expect(
      pushPayload({ ...context, kind: 'TEST', gameId: null, opponents: [], language: 'en' }),
    ).toMatchObject({
      url: '/',
      tag: 'malice:TEST',
      gameId: null,
    });
  });

  it('count time in the largest whole unit, with each language’s plurals', () => {
    expect(timeLeft(59, 'en')).toBe('1 minute');
    expect(timeLeft(3600, 'en')).toBe('1 hour');
    expect(timeLeft(2 * 3600 + 59, 'sv')).toBe('2 timmar');
    expect(
      ['1', '2', '5', '11', '21', '22', '25'].map((hours) => timeLeft(Number(hours) * 3600, 'ru')),
    ).toEqual([
      '1 час',
      '2 часа',
      '5 часов',
      '11 часов',
      '21 час',
      '22 часа',
      '25 часов'.replace('25 часов', '1 день'),
    ]);
    expect(timeLeft(5 * 86_400, 'ru')).toBe('5 дней');
    expect(timeLeft(21 * 60, 'ru')).toBe('21 минута');
  });
});

describe('how a push travels', () => {
  it('a deadline reminder is urgent and lives only until the deadline; a game’s end can wait', () => {
    expect(pushDelivery({ kind: 'REMINDER', gameId: GAME, deadline: inHours(0.5), now })).toEqual({
      ttl: 1800,
      urgency: 'high',
      topic: GAME.replaceAll('-', ''),
    });
    expect(pushDelivery({ kind: 'YOUR_TURN', gameId: GAME, deadline: inHours(72), now }).ttl).toBe(86_400);
    expect(pushDelivery({ kind: 'YOUR_TURN', gameId: GAME, deadline: inHours(-1), now }).ttl).toBe(0);
    expect(pushDelivery({ kind: 'GAME_OVER', gameId: GAME, deadline: null, now }).urgency).toBe('low');
    // A topic is at most 32 characters of the URL-safe alphabet (RFC 8030 §5.4).
    expect(pushDelivery({ kind: 'GAME_OVER', gameId: GAME, deadline: null, now }).topic).toMatch(
      /^[A-Za-z0-9_-]{32}$/,
    );
    expect(pushDelivery({ kind: 'TEST', gameId: null, deadline: null, now }).topic).toBeUndefined();
  });

  it('2xx is sent; 404 and 410 end the subscription; 429, 5xx and silence are tried again, then given up', () => {
    expect(pushVerdict(201, 1, now)).toEqual({ kind: 'sent' });
    expect(pushVerdict(404, 1, now)).toEqual({ kind: 'gone' });
    expect(pushVerdict(410, 3, now)).toEqual({ kind: 'gone' });
    expect(pushVerdict(429, 1, now)).toEqual({ kind: 'retry', at: new Date(now.getTime() + 30_000) });
    expect(pushVerdict(null, 2, now)).toEqual({ kind: 'retry', at: new Date(now.getTime() + 120_000) });
    expect(pushVerdict(503, MAX_PUSH_ATTEMPTS, now)).toEqual({ kind: 'failed' });
    expect(pushVerdict(400, 1, now)).toEqual({ kind: 'failed' });
    expect(pushVerdict(413, 1, now)).toEqual({ kind: 'failed' });
  });
});

describe('which subscriptions are taken', () => {
  const device = createECDH('prime256v1');
  const key = device.generateKeys().toString('base64url');
  const auth = Buffer.alloc(16, 9).toString('base64url');
  const take = (endpoint: string, allowed: string[] = []) =>
    checkSubscription({ endpoint, p256dh: key, auth }, parseNetworks(allowed));

  it('https push services, and plain HTTP only on a network the operator allows', () => {
    expect(take('https://push.example.com/send/abc#x').endpoint).toBe('https://push.example.com/send/abc');
    expect(() => take('http://push.example.com/send/abc')).toThrow(/https/);
    expect(() => take('http://127.0.0.1:9/push/a')).toThrow(/loopback/);
    expect(take('http://127.0.0.1:9/push/a', ['127.0.0.0/8']).endpoint).toBe('http://127.0.0.1:9/push/a');
    expect(() => take('http://8.8.8.8/push/a', ['127.0.0.0/8'])).toThrow(/https/);
    expect(() => take('https://169.254.169.254/', ['169.254.0.0/16'])).toThrow(/metadata/);
    expect(() => take('https://user:pw@push.example.com/')).toThrow(/user name/);
    // A point off the curve could never be encrypted to.
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    expect(() =>
      checkSubscription({ endpoint: 'https://push.example.com/a', p256dh: offCurve, auth }, []),
    ).toThrow(/p256dh/);
  });

  it('names a device by its browser and system, keeping nothing else of the User-Agent', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceName(undefined)).toBe('A browser');
  });
});
