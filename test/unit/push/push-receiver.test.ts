/**
 * The tests' Web Push service (test/support/push-receiver.ts) against the server's sender, src/push/web-push.ts
 * (`pushRequest`, http_ece's aes128gcm and a VAPID JWT), and RFC 8291's own example. What arrives is decrypted by
 * the receiver's own RFC 8291 code and recorded with its headers and VAPID key; what a push service refuses (a
 * forged or invalid VAPID token, a body for another subscription or not one well-formed record, malformed push
 * headers) is answered 400/401/403/404/413 and recorded with its reason.
 */
import { spawnSync } from 'node:child_process';
import { X509Certificate, createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import * as path from 'node:path';
import type { PushDelivery } from '../../../src/push/push-message';
import { newVapidPair, type VapidPair } from '../../../src/push/vapid';
import { encryptPush, pushRequest, vapidAuthorization } from '../../../src/push/web-push';
import {
  type BrowserSubscription,
  type PushReceiver,
  type ReceivedPush,
  decryptAes128gcm,
  startPushReceiver,
} from '../../support/push-receiver';

const VAPID = newVapidPair();
const CONTACT = 'mailto:push@malice.test';
const HOUR_MS = 3600 * 1000;
const QUICK: PushDelivery = { ttl: 0, urgency: 'normal', topic: undefined };

/** RFC 8291 Appendix A: the example's keys, salt, plaintext and the body they make (base64url). */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl' +
    '7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
} as const;
const b64 = (text: string): Buffer => Buffer.from(text, 'base64url');

function keyPair(privateKey?: string): ECDH {
  const ecdh = createECDH('prime256v1');
  if (privateKey === undefined) ecdh.generateKeys();
  else ecdh.setPrivateKey(b64(privateKey));
  return ecdh;
}

/**
 * One aes128gcm record of `padded` (content, delimiter and padding as given) for `keys`, written here on
 * node:crypto for bodies the server's sender never makes (another delimiter, padding, rs); the RFC 8291 test
 * holds it to the example's bytes.
 */
function seal(
  keys: BrowserSubscription['keys'],
  padded: Buffer,
  {
    sender = keyPair(),
    salt = randomBytes(16),
    rs = 4096,
  }: { sender?: ECDH; salt?: Buffer; rs?: number } = {},
): Buffer {
  const uaPublic = b64(keys.p256dh);
  const asPublic = sender.getPublicKey(null, 'uncompressed');
  const hkdf = (key: Buffer, hkdfSalt: Buffer, info: string | Buffer, length: number): Buffer =>
    Buffer.from(hkdfSync('sha256', key, hkdfSalt, info, length));
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(sender.computeSecret(uaPublic), b64(keys.auth), keyInfo, 32);
  const cipher = createCipheriv(
    'aes-128-gcm',
    hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16),
    hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12),
  );
  const record = Buffer.concat([cipher.update(padded), cipher.final(), cipher.getAuthTag()]);
  const rsAndIdlen = Buffer.alloc(5);
  rsAndIdlen.writeUInt32BE(rs, 0);
  rsAndIdlen.writeUInt8(asPublic.length, 4);
  return Buffer.concat([salt, rsAndIdlen, asPublic, record]);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: PushReceiver;
beforeEach(async () => {
  receiver = await startPushReceiver();
});
afterEach(async () => {
  await receiver.close();
});

/** POSTs to `endpoint`; over https trusting `ca` (by default the receiver's certificate), or the usual CAs (null). */
function post(
  endpoint: string,
  headers: Record<string, string>,
  body: Uint8Array,
  ca: string | null = receiver.certificate,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onResponse = (response: http.IncomingMessage): void => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    };
    const request = endpoint.startsWith('https:')
      ? https.request(endpoint, { method: 'POST', headers, ca: ca ?? undefined }, onResponse)
      : http.request(endpoint, { method: 'POST', headers }, onResponse);
    request.on('error', reject);
    request.end(body);
  });
}

interface Built {
  endpoint: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The request the server sends (src/push/web-push.ts) to `subscription`, signed with `VAPID` now. */
function pushTo(
  subscription: BrowserSubscription,
  payload: string,
  delivery: PushDelivery = QUICK,
  pair: VapidPair = VAPID,
): Built {
  const target = { endpoint: subscription.endpoint, ...subscription.keys };
  const built = pushRequest(target, payload, delivery, { pair, subject: CONTACT, nowMs: Date.now() });
  return { endpoint: subscription.endpoint, headers: { ...built.headers }, body: built.body as Uint8Array };
}

const send = (built: Built): Promise<Answer> => post(built.endpoint, built.headers, built.body);

describe('the receiver’s aes128gcm decryption', () => {
  it('reads RFC 8291’s example (Appendix A), which the tests’ own encryption reproduces byte for byte', () => {
    const ua = keyPair(RFC8291.uaPrivate);
    expect(ua.getPublicKey('base64url', 'uncompressed')).toBe(RFC8291.uaPublic);
    const sender = keyPair(RFC8291.asPrivate);
    expect(sender.getPublicKey('base64url', 'uncompressed')).toBe(RFC8291.asPublic);
    const body = b64(RFC8291.body);

    expect(decryptAes128gcm(body, ua, b64(RFC8291.authSecret)).toString()).toBe(RFC8291.plaintext);
    const keys = { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret };
    const padded = Buffer.concat([Buffer.from(RFC8291.plaintext), Buffer.from([2])]);
    expect(seal(keys, padded, { sender, salt: b64(RFC8291.salt) }).toString('base64url')).toBe(RFC8291.body);

    // Another auth secret, or one changed byte of the ciphertext: the tag does not verify.
    expect(() => decryptAes128gcm(body, ua, randomBytes(16))).toThrow(/authenticate/);
    const changed = Buffer.from(body);
    changed[100] = (changed[100] ?? 0) ^ 1;
    expect(() => decryptAes128gcm(changed, ua, b64(RFC8291.authSecret))).toThrow(/authenticate/);
  });

  it('reads a payload encrypted twice by encryptPush: another salt and sender key each time', () => {
    const ua = keyPair();
    const authSecret = randomBytes(16);
    const keys = {
      p256dh: ua.getPublicKey('base64url', 'uncompressed'),
      auth: authSecret.toString('base64url'),
    };
    const payload = JSON.stringify({ title: 'Your turn', url: '/games/g1' });
    const first = encryptPush(payload, keys);
    const second = encryptPush(payload, keys);

    expect(first.equals(second)).toBe(false);
    // Header: salt (16), rs (4), idlen (1), the sender's key (65).
    expect(first.subarray(0, 16).equals(second.subarray(0, 16))).toBe(false);
    expect(first.subarray(21, 86).equals(second.subarray(21, 86))).toBe(false);
    expect(first.subarray(86).equals(second.subarray(86))).toBe(false);
    expect(decryptAes128gcm(first, ua, authSecret).toString()).toBe(payload);
    expect(decryptAes128gcm(second, ua, authSecret).toString()).toBe(payload);
  });
});

describe('the tests’ Web Push service', () => {
  it('receives what the server sends: decrypted, with its TTL, Urgency, Topic and VAPID key', async () => {
    expect(receiver.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(receiver.certificate).toBeNull();
    const subscription = receiver.subscribe({ applicationServerKey: VAPID.publicKey });
    expect(b64(subscription.keys.p256dh)).toHaveLength(65);
    expect(b64(subscription.keys.auth)).toHaveLength(16);
    const payload = { title: 'Your turn', url: '/games/g1' };
    const arrival = receiver.waitFor((message) => message.endpoint === subscription.endpoint);
    const before = Math.floor(Date.now() / 1000);

    const answer = await send(
      pushTo(subscription, JSON.stringify(payload), { ttl: 3600, urgency: 'high', topic: 'game-g1' }),
    );

    expect(answer.status).toBe(201);
    expect(answer.headers.ttl).toBe('3600');
    expect(answer.headers.location).toMatch(new RegExp(`^${receiver.origin}/message/[0-9a-f-]{36}$`));
    const message = await arrival;
    expect(message).toEqual<ReceivedPush>({
      endpoint: subscription.endpoint,
      status: 201,
      ttl: 3600,
      urgency: 'high',
      topic: 'game-g1',
      vapid: {
        publicKey: VAPID.publicKey,
        claims: { aud: receiver.origin, exp: expect.any(Number), sub: CONTACT },
      },
      payload: JSON.stringify(payload),
      json: payload,
    });
    // The receiver takes a JWT for at most a day (RFC 8292 §2).
    expect(message.vapid.claims.exp).toBeGreaterThan(before);
    expect(message.vapid.claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600);
    expect(receiver.messages).toEqual([message]);
    expect(receiver.rejections).toEqual([]);
  });

  it('records a message without Urgency or Topic, and a payload that is not JSON', async () => {
    const subscription = receiver.subscribe();
    const built = pushTo(subscription, 'not JSON');
    delete built.headers.urgency;
    expect(built.headers.topic).toBeUndefined();
    expect((await send(built)).status).toBe(201);
    expect(receiver.messages).toMatchObject([
      { ttl: 0, urgency: null, topic: null, payload: 'not JSON', json: undefined },
    ]);
    expect(receiver.rejections).toEqual([]);
  });

  it('answers what the subscription is set to answer, and records the message with that status', async () => {
    const subscription = receiver.subscribe({ answer: 410 });
    const gone = await send(pushTo(subscription, 'one'));
    expect(gone.status).toBe(410);
    expect(gone.headers.location).toBeUndefined();

    receiver.setAnswer(subscription.endpoint, 429);
    expect((await send(pushTo(subscription, 'two'))).status).toBe(429);
    receiver.setAnswer(subscription.endpoint, 404);
    expect((await send(pushTo(subscription, 'three'))).status).toBe(404);
    receiver.setAnswer(subscription.endpoint, 201);
    expect((await send(pushTo(subscription, 'four'))).status).toBe(201);

    expect(receiver.messages.map(({ status, payload }) => ({ status, payload }))).toEqual([
      { status: 410, payload: 'one' },
      { status: 429, payload: 'two' },
      { status: 404, payload: 'three' },
      { status: 201, payload: 'four' },
    ]);
    expect(receiver.rejections).toEqual([]);
    expect(() => receiver.setAnswer(`${receiver.origin}/push/nobody`, 404)).toThrow(/not a subscription/);
  });

  it('refuses a missing, forged or invalid VAPID authorization (RFC 8292), and records why', async () => {
    const subscription = receiver.subscribe({ applicationServerKey: VAPID.publicKey });
    const valid = pushTo(subscription, 'hello');
    const authorization = valid.headers.authorization ?? '';
    const [, header, claims, signature] = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=/.exec(authorization) ?? [];
    // The signature's first character carries six bits of r: another one changes the signature for certain.
    const forged = authorization.replace(
      `.${signature}`,
      `.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`,
    );
    const otherClaims = Buffer.from(JSON.stringify({ aud: receiver.origin, exp: 1, sub: CONTACT })).toString(
      'base64url',
    );
    const now = Date.now();
    const other = newVapidPair();
    const signedBy = (
      pair: VapidPair,
      subject = CONTACT,
      nowMs = now,
      endpoint = subscription.endpoint,
    ): string => vapidAuthorization(endpoint, pair, subject, nowMs);
    const cases: [string, string | undefined, 401 | 403, RegExp][] = [
      ['no Authorization', undefined, 401, /not "vapid/],
      ['a Bearer token', 'Bearer abc', 401, /not "vapid/],
      ['a tampered signature', forged, 403, /signature/],
      [
        'claims swapped under the signature',
        authorization.replace(`.${claims}.`, `.${otherClaims}.`),
        403,
        /signature/,
      ],
      [
        'a JWT signed by another key than k',
        signedBy(other).replace(`k=${other.publicKey}`, `k=${VAPID.publicKey}`),
        403,
        /signature/,
      ],
      [
        'a k that is no P-256 point',
        authorization.replace(`k=${VAPID.publicKey}`, 'k=AAAA'),
        403,
        /k is not/,
      ],
      [
        'a JWT with alg none',
        authorization.replace(`t=${header}`, `t=${Buffer.from('{"alg":"none"}').toString('base64url')}`),
        403,
        /header/,
      ],
      ['another audience', signedBy(VAPID, CONTACT, now, 'https://elsewhere.test/push/1'), 403, /aud/],
      // Made 25 hours ago: expired whatever the sender's lifetime up to the allowed day.
      ['an expired JWT', signedBy(VAPID, CONTACT, now - 25 * HOUR_MS), 403, /exp/],
      // Made a day ahead: it runs out more than a day from now.
      ['a JWT for more than 24 hours', signedBy(VAPID, CONTACT, now + 24 * HOUR_MS), 403, /exp/],
      ['a sub that is not mailto: or https:', signedBy(VAPID, 'http://malice.test'), 403, /sub/],
      ['a key the subscription was not made with', signedBy(other), 403, /subscription was made with/],
    ];
    for (const [what, value, status, reason] of cases) {
      const headers = { ...valid.headers };
      if (value === undefined) delete headers.authorization;
      else headers.authorization = value;
      const answer = await post(valid.endpoint, headers, valid.body);
      expect({ what, status: answer.status }).toEqual({ what, status });
      expect({ what, rejection: receiver.rejections.at(-1) }).toEqual({
        what,
        rejection: { endpoint: subscription.endpoint, status, reason: expect.stringMatching(reason) },
      });
    }
    expect(receiver.rejections).toHaveLength(cases.length);
    expect(receiver.messages).toEqual([]);
    // The same request, untouched, is accepted: the refusals above are the changes' doing.
    expect((await send(valid)).status).toBe(201);
  });

  it('refuses a body encrypted for another subscription: it does not decrypt', async () => {
    const intended = receiver.subscribe();
    const other = receiver.subscribe();
    const answer = await send(pushTo({ endpoint: other.endpoint, keys: intended.keys }, 'x'));
    expect(answer.status).toBe(400);
    expect(receiver.rejections).toEqual([
      { endpoint: other.endpoint, status: 400, reason: expect.stringMatching(/does not decrypt/) },
    ]);
    expect(receiver.messages).toEqual([]);
  });

  it('refuses malformed push headers, unknown subscriptions and bodies over 4096 bytes', async () => {
    const subscription = receiver.subscribe();
    const valid = pushTo(subscription, 'hello');
    const withHeaders = (headers: Record<string, string>): Built => ({
      ...valid,
      headers: { ...valid.headers, ...headers },
    });
    const cases: [string, Built, number, RegExp][] = [
      ['no TTL', withHeaders({ ttl: '' }), 400, /TTL/],
      ['a negative TTL', withHeaders({ ttl: '-1' }), 400, /TTL/],
      ['an unknown Urgency', withHeaders({ urgency: 'urgent' }), 400, /Urgency/],
      ['a Topic of 33 characters', withHeaders({ topic: 'a'.repeat(33) }), 400, /Topic/],
      ['a Topic outside base64url', withHeaders({ topic: 'game.1' }), 400, /Topic/],
      ['no Content-Encoding', withHeaders({ 'content-encoding': '' }), 400, /Content-Encoding \(none\)/],
      ['another Content-Encoding', withHeaders({ 'content-encoding': 'gzip' }), 400, /Content-Encoding gzip/],
      ['the older aesgcm', withHeaders({ 'content-encoding': 'aesgcm' }), 400, /aesgcm is not aes128gcm/],
      [
        'an unknown subscription',
        { ...valid, endpoint: `${receiver.origin}/push/nobody` },
        404,
        /no subscription/,
      ],
      ['a body over 4096 bytes', pushTo(subscription, 'x'.repeat(5000)), 413, /4096/],
    ];
    for (const [what, built, status, reason] of cases) {
      const headers = Object.fromEntries(Object.entries(built.headers).filter(([, value]) => value !== ''));
      const answer = await post(built.endpoint, headers, built.body);
      expect({ what, status: answer.status }).toEqual({ what, status });
      expect({ what, reason: receiver.rejections.at(-1)?.reason }).toEqual({
        what,
        reason: expect.stringMatching(reason),
      });
    }
    expect(receiver.rejections).toHaveLength(cases.length);
    expect(receiver.messages).toEqual([]);
    // Content codings are case-insensitive.
    expect((await send(withHeaders({ 'content-encoding': 'AES128GCM' }))).status).toBe(201);
  });

  it('refuses a body that is not one well-formed aes128gcm record, and strips the padding of one that is', async () => {
    const subscription = receiver.subscribe();
    const valid = pushTo(subscription, 'hello');
    const { headers } = valid;
    const body = Buffer.from(valid.body);
    const edited = (edit: (copy: Buffer) => void): Buffer => {
      const copy = Buffer.from(body);
      edit(copy);
      return copy;
    };
    const record = body.length - 86;
    const sealed = (...parts: (string | number[])[]): Buffer =>
      seal(
        subscription.keys,
        Buffer.concat(
          parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
        ),
      );
    const cases: [string, Buffer, RegExp][] = [
      ['a cut header', body.subarray(0, 20), /no aes128gcm header/],
      ['a keyid of no key', edited((copy) => copy.writeUInt8(0, 20)), /keyid of 0 bytes/],
      ['a sender key off the curve', edited((copy) => copy.fill(7, 22, 86)), /not valid/],
      ['no record', body.subarray(0, 86 + 16), /no content/],
      ['an rs under 18', edited((copy) => copy.writeUInt32BE(17, 16)), /rs 17/],
      ['a record longer than rs', edited((copy) => copy.writeUInt32BE(record - 1, 16)), /not one record/],
      ['a changed salt', edited((copy) => copy.fill(0, 0, 16)), /authenticate/],
      ['a changed tag', edited((copy) => copy.fill(0, copy.length - 4)), /authenticate/],
      ['the delimiter of a record not the last', sealed('hello', [1]), /delimiter 1 is not 2/],
      ['no delimiter', sealed([0, 0, 0]), /no padding delimiter/],
    ];
    for (const [what, crafted, reason] of cases) {
      const answer = await post(subscription.endpoint, headers, crafted);
      expect({ what, status: answer.status }).toEqual({ what, status: 400 });
      expect({ what, reason: receiver.rejections.at(-1)?.reason }).toEqual({
        what,
        reason: expect.stringMatching(new RegExp(`^body does not decrypt: .*${reason.source}`)),
      });
    }
    expect(receiver.rejections).toHaveLength(cases.length);
    expect(receiver.messages).toEqual([]);

    // A record of exactly rs bytes is one record; padding after the delimiter (zeros of the content kept) is dropped.
    expect(
      (
        await post(
          subscription.endpoint,
          headers,
          edited((copy) => copy.writeUInt32BE(record, 16)),
        )
      ).status,
    ).toBe(201);
    const padded = sealed('padded\0', [2], new Array<number>(100).fill(0));
    expect((await post(subscription.endpoint, headers, padded)).status).toBe(201);
    expect(receiver.messages.map((message) => message.payload)).toEqual(['hello', 'padded\0']);
  });

  it('waits for a message to come, and says what came when none matches in time', async () => {
    const subscription = receiver.subscribe();
    const second = receiver.waitFor((message) => message.payload === 'second');
    await send(pushTo(subscription, 'first'));
    await send(pushTo(subscription, 'second'));
    expect((await second).payload).toBe('second');
    // Already arrived: found at once.
    expect((await receiver.waitFor((message) => message.payload === 'first')).payload).toBe('first');
    await expect(receiver.waitFor((message) => message.payload === 'third', 100)).rejects.toThrow(
      /no matching push message within 100 ms \(2 received/,
    );
  });

  it('serves HTTPS when asked, with a certificate for 127.0.0.1 that a sender must trust', async () => {
    const secure = await startPushReceiver({ protocol: 'https' });
    try {
      expect(secure.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const certificate = new X509Certificate(secure.certificate ?? '');
      expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
      expect(certificate.verify(certificate.publicKey)).toBe(true);
      const built = pushTo(secure.subscribe(), 'secure');
      await expect(post(built.endpoint, built.headers, built.body, null)).rejects.toThrow(/self.signed/i);
      expect(secure.messages).toEqual([]);

      expect((await post(built.endpoint, built.headers, built.body, secure.certificate)).status).toBe(201);
      expect(secure.messages).toMatchObject([
        { payload: 'secure', vapid: { claims: { aud: secure.origin } } },
      ]);
      expect(secure.rejections).toEqual([]);
    } finally {
      await secure.close();
    }
  });
});

/**
 * The server's sender and http_ece on this Node, in a process of their own: a deprecation is printed once per
 * process, and jest's test `process` does not hear the process's own warnings, so stderr of a fresh process is
 * what shows one. CI runs the unit tier on Node 26 and 24 (docs/testing.md#node).
 */
describe('src/push/web-push.ts and http_ece on this Node', () => {
  const TSX_CLI = require.resolve('tsx/cli');
  const RECEIVER = path.resolve(__dirname, '../../support/push-receiver.ts');
  const WEB_PUSH = path.resolve(__dirname, '../../../src/push/web-push.ts');
  const VAPID_MODULE = path.resolve(__dirname, '../../../src/push/vapid.ts');
  const run = (script: string): { stdout: string; stderr: string; status: number | null } =>
    spawnSync(process.execPath, [TSX_CLI, '-e', script], { encoding: 'utf8', timeout: 60000 });

  it('print no warning while a push is built, sent and decrypted', () => {
    const script = `
      (async () => {
        const http = require('node:http');
        const { pushRequest } = require(${JSON.stringify(WEB_PUSH)});
        const { newVapidPair } = require(${JSON.stringify(VAPID_MODULE)});
        const { startPushReceiver } = require(${JSON.stringify(RECEIVER)});
        const receiver = await startPushReceiver();
        const subscription = receiver.subscribe();
        const built = pushRequest({ endpoint: subscription.endpoint, ...subscription.keys }, 'from the server',
          { ttl: 60, urgency: 'low', topic: undefined },
          { pair: newVapidPair(), subject: 'mailto:push@malice.test', nowMs: Date.now() });
        const status = await new Promise((resolve, reject) => {
          const request = http.request(subscription.endpoint, { method: 'POST', headers: built.headers }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode));
          });
          request.on('error', reject);
          request.end(built.body);
        });
        await receiver.close();
        process.stdout.write(JSON.stringify({ status, payloads: receiver.messages.map((m) => m.payload) }) + '\\n');
      })();
    `;
    const child = run(script);
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(child.stdout)).toEqual({ status: 201, payloads: ['from the server'] });
  });

  it('would show a warning there (the check above can fail)', () => {
    const child = run(`Buffer(1);`);
    expect(child.stderr).toMatch(/DeprecationWarning/);
  });
});
