/**
 * A Web Push service on 127.0.0.1 for tests: it hands out browser-shaped subscriptions and receives what the
 * server sends to them as a push service (RFC 8030) and the browser behind it would together. It checks the VAPID
 * authorization (RFC 8292) and the push headers, decrypts the body with the subscription's keys, and records
 * every message it accepted and every request it refused, so a test asserts what arrived and that nothing was
 * refused.
 *
 * It speaks plain HTTP by default: the server sends over HTTP to a network its settings allow
 * (PUSH_ALLOWED_NETWORKS, src/config/config.ts), as 127.0.0.1 in tests. `{ protocol: 'https' }` serves HTTPS with
 * a certificate of its own made at start for 127.0.0.1 (`certificate`), which a sender trusts as a CA (`ca` of
 * node:https, or NODE_EXTRA_CA_CERTS for a child process).
 *
 * Only `aes128gcm` bodies are taken (RFC 8291 over RFC 8188), and the decryption is this file's own, on
 * node:crypto: the server encrypts with http_ece (src/push/web-push.ts), so a mistake shared by both sides would
 * go unnoticed if the receiver used it too. test/unit/push/push-receiver.test.ts holds it to RFC 8291's example.
 */
import { Arrivals } from './arrivals';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import type { ECDH, KeyObject } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';

/** What a push service may answer a well-formed message with (a subscription's configured answer). */
export const PUSH_ANSWERS = [201, 404, 410, 429, 500] as const;
export type PushAnswer = (typeof PUSH_ANSWERS)[number];

export const URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];

/**
 * Why a request was refused: 400 a malformed message (headers, or a body that does not decrypt), 401 no VAPID
 * authorization, 403 an invalid one (RFC 8292 §4.2), 404 no such subscription, 413 a body over 4096 bytes
 * (RFC 8030 §7.2).
 */
export type RejectionStatus = 400 | 401 | 403 | 404 | 413;

/** The browser's `PushSubscription.toJSON()`: what the web client hands the server. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface SubscribeOptions {
  /** The answer to well-formed messages (default 201); `setAnswer` changes it later. */
  answer?: PushAnswer;
  /**
   * The VAPID public key (base64url, uncompressed point) the subscription was made with, as a browser's
   * `pushManager.subscribe({ applicationServerKey })`: a message signed with another key is refused with 403.
   */
  applicationServerKey?: string;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** A well-formed message, whatever the subscription answered it (`status`). */
export interface ReceivedPush {
  endpoint: string;
  status: PushAnswer;
  ttl: number;
  urgency: Urgency | null;
  topic: string | null;
  /** `publicKey`: the `k` of the Authorization header (base64url), the key the JWT is verified with. */
  vapid: { publicKey: string; claims: VapidClaims };
  payload: string;
  /** The payload parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface PushRejection {
  /** The URL requested (an endpoint, or whatever else was asked for). */
  endpoint: string;
  status: RejectionStatus;
  reason: string;
}

export interface PushReceiver {
  /** `http://127.0.0.1:<port>` (or `https:`): the `aud` every JWT must carry. */
  readonly origin: string;
  /** The server's certificate (PEM), for 127.0.0.1 only: a sender's trusted CA. Null over plain HTTP. */
  readonly certificate: string | null;
  /** Every accepted message, in order of arrival. */
  readonly messages: readonly ReceivedPush[];
  /** Every refused request, in order of arrival. */
  readonly rejections: readonly PushRejection[];
  /** A new subscription: its own P-256 key pair and 16-byte auth secret, at `<origin>/push/<id>`. */
  subscribe(options?: SubscribeOptions): BrowserSubscription;
  /** What later messages to `endpoint` are answered. */
  setAnswer(endpoint: string, status: PushAnswer): void;
  /** The first message (already arrived or still to come) that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (message: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const MAX_BODY = 4096;
const DAY_SECONDS = 24 * 60 * 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A refusal: thrown while checking a request, recorded and answered by the request handler. */
class Refused extends Error {
  constructor(
    readonly status: RejectionStatus,
    reason: string,
  ) {
    super(reason);
  }
}

interface Subscription {
  endpoint: string;
  ecdh: ECDH;
  authSecret: Buffer;
  answer: PushAnswer;
  applicationServerKey: string | undefined;
}

/** A request header by its lower-case name. */
type Header = (name: string) => string | undefined;

export interface PushReceiverOptions {
  /** Plain `http` (the default) or `https` with a certificate of the receiver's own. */
  protocol?: 'http' | 'https';
}

export async function startPushReceiver(options: PushReceiverOptions = {}): Promise<PushReceiver> {
  const protocol = options.protocol ?? 'http';
  const subscriptions = new Map<string, Subscription>();
  const rejections: PushRejection[] = [];
  const arrivals: Arrivals<ReceivedPush> = new Arrivals<ReceivedPush>(
    'push message',
    (): string => `${arrivals.items.length} received, rejections: ${JSON.stringify(rejections)}`,
  );
  const messages = arrivals.items;
  const tls = protocol === 'https' ? selfSignedCertificate() : null;
  let origin = '';

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    const url = `${origin}${request.url ?? '/'}`;
    try {
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
      const subscription = id === undefined ? undefined : subscriptions.get(id);
      if (request.method !== 'POST' || subscription === undefined)
        throw new Refused(404, `no subscription at ${request.method ?? '?'} ${request.url ?? '?'}`);
      const body = await readBody(request);
      const message = check(request.headers, body, subscription, origin);
      arrivals.add(message);
      // RFC 8030 §5.2: the TTL kept, and the message's own URL.
      const headers =
        message.status === 201
          ? { TTL: String(message.ttl), Location: `${origin}/message/${randomUUID()}` }
          : undefined;
      response.writeHead(message.status, headers).end();
    } catch (error) {
      const refused = error instanceof Refused ? error : new Refused(400, String(error));
      rejections.push({ endpoint: url, status: refused.status, reason: refused.message });
      response.writeHead(refused.status, { 'Content-Type': 'text/plain' }).end(refused.message);
    }
  };
  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    void handle(request, response);
  };
  const server =
    tls === null
      ? http.createServer(onRequest)
      : https.createServer({ key: tls.key, cert: tls.certificate }, onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `${protocol}://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const byEndpoint = (endpoint: string): Subscription => {
    const found = [...subscriptions.values()].find((subscription) => subscription.endpoint === endpoint);
    if (found === undefined) throw new Error(`not a subscription of this receiver: ${endpoint}`);
    return found;
  };

  return {
    origin,
    certificate: tls?.certificate ?? null,
    messages,
    rejections,
    subscribe(options = {}) {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${id}`;
      subscriptions.set(id, {
        endpoint,
        ecdh,
        authSecret,
        answer: options.answer ?? 201,
        applicationServerKey: options.applicationServerKey,
      });
      return {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey('base64url', 'uncompressed'),
          auth: authSecret.toString('base64url'),
        },
      };
    },
    setAnswer(endpoint, status) {
      byEndpoint(endpoint).answer = status;
    },
    waitFor(predicate, timeoutMs = 5000) {
      return arrivals.waitFor(predicate, timeoutMs);
    },
    async close() {
      arrivals.stop('push receiver closed');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The body, or a 413 once it is over 4096 bytes; read to its end either way, so the answer can still be sent. */
function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on('end', () =>
      size > MAX_BODY
        ? reject(new Refused(413, `body over ${MAX_BODY} bytes`))
        : resolve(Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });
}

/** Everything a push service and the browser check of one message to `subscription`; throws a Refused. */
function check(
  headers: http.IncomingHttpHeaders,
  body: Buffer,
  subscription: Subscription,
  origin: string,
): ReceivedPush {
  // A header sent twice arrives as an array for some names: taken as one list, as HTTP reads it.
  const header: Header = (name) => [headers[name] ?? []].flat().join(', ') || undefined;
  const vapid = checkVapid(header('authorization'), origin);
  if (
    subscription.applicationServerKey !== undefined &&
    vapid.publicKey !== subscription.applicationServerKey
  )
    throw new Refused(403, 'VAPID key is not the one the subscription was made with');

  // Content codings are case-insensitive tokens (RFC 9110 §8.4.1); the older `aesgcm` draft is not taken.
  const encoding = header('content-encoding');
  if (encoding?.trim().toLowerCase() !== 'aes128gcm')
    throw new Refused(400, `Content-Encoding ${encoding ?? '(none)'} is not aes128gcm`);
  const ttl = header('ttl');
  if (ttl === undefined || !/^\d+$/.test(ttl))
    throw new Refused(400, `TTL ${ttl ?? '(none)'} is not an integer`);
  const urgency =
    header('urgency') === undefined ? null : URGENCIES.find((name) => name === header('urgency'));
  if (urgency === undefined)
    throw new Refused(400, `Urgency ${String(header('urgency'))} is not one of ${URGENCIES}`);
  const topic = header('topic') ?? null;
  if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
    throw new Refused(400, `Topic ${topic} is not up to 32 URL-safe base64 characters`);

  let plaintext: Buffer;
  try {
    plaintext = decryptAes128gcm(body, subscription.ecdh, subscription.authSecret);
  } catch (error) {
    throw new Refused(
      400,
      `body does not decrypt: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const payload = plaintext.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    json = undefined;
  }
  return {
    endpoint: subscription.endpoint,
    status: subscription.answer,
    ttl: Number(ttl),
    urgency,
    topic,
    vapid,
    payload,
    json,
  };
}

/** RFC 8188 §2.1: salt (16) ‖ rs (uint32) ‖ idlen (uint8) ‖ keyid; RFC 8291 §4: the keyid is the sender's key. */
const HEADER_BYTES = 16 + 4 + 1;
const POINT_BYTES = 65;
const TAG_BYTES = 16;

/**
 * The plaintext of an `aes128gcm` Web Push body (RFC 8291 §3.3–3.4 and §4 over RFC 8188 §2) for the user agent
 * key pair `ua` and its `authSecret`; throws an Error saying what is wrong. One record only: a push body is at most
 * 4096 bytes and senders use rs = 4096 (RFC 8291 §4), so a second record would mean a sender splits its payload.
 */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  if (body.length < HEADER_BYTES) throw new Error(`${body.length} bytes are no aes128gcm header`);
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  if (idlen !== POINT_BYTES) throw new Error(`keyid of ${idlen} bytes is not a P-256 public key`);
  const asPublic = body.subarray(HEADER_BYTES, HEADER_BYTES + idlen);
  const record = body.subarray(HEADER_BYTES + idlen);
  // A record holds at least the tag and the padding delimiter (RFC 8188 §2: rs is at least 18).
  if (rs < TAG_BYTES + 2) throw new Error(`rs ${rs} is under 18`);
  if (record.length <= TAG_BYTES) throw new Error(`a record of ${record.length} bytes has no content`);
  if (record.length > rs)
    throw new Error(`a record of ${record.length} bytes is over rs ${rs}: not one record`);

  // computeSecret throws on anything not a point of the curve.
  const ecdhSecret = ua.computeSecret(asPublic);
  const uaPublic = ua.getPublicKey(null, 'uncompressed');
  const hkdf = (key: Buffer, hkdfSalt: Buffer, info: Buffer, length: number): Buffer =>
    Buffer.from(hkdfSync('sha256', key, hkdfSalt, info, length));
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  // The nonce of record 0: the sequence number XORed into its last bytes is 0.
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-TAG_BYTES));
  // final() throws when the tag does not verify: another key, salt or a changed byte.
  const padded = Buffer.concat([decipher.update(record.subarray(0, -TAG_BYTES)), decipher.final()]);
  // RFC 8188 §2: content ‖ delimiter ‖ zeros, the delimiter 2 in the last record (1 in the others).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0) throw new Error('the record has no padding delimiter');
  if (padded[end] !== 2) throw new Error(`padding delimiter ${padded[end]} is not 2 (the last record)`);
  return padded.subarray(0, end);
}

/** `a=1, b=2` as a map; a value keeps any `=` of its own (base64 padding). */
function parameters(value: string): Map<string, string> {
  const entries = value.split(',').flatMap((part): [string, string][] => {
    const at = part.indexOf('=');
    return at < 0 ? [] : [[part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()]];
  });
  return new Map(entries);
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT an ES256 one signed with `k`, for this
 * origin, expiring within a day. Absent or not of that form: 401; present but invalid: 403 (§4.2).
 */
function checkVapid(authorization: string | undefined, origin: string): ReceivedPush['vapid'] {
  const scheme = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  const params = parameters(scheme?.[1] ?? '');
  const token = params.get('t');
  const publicKey = params.get('k');
  if (token === undefined || publicKey === undefined)
    throw new Refused(401, `Authorization is not "vapid t=…, k=…": ${authorization ?? '(none)'}`);

  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part)))
    throw new Refused(403, 'VAPID token is not a JWT');
  const [header, claims, signature] = parts.map((part) => Buffer.from(part, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  const head = parseJson(header);
  if (head?.typ !== 'JWT' || head.alg !== 'ES256') throw new Refused(403, `JWT header ${header.toString()}`);

  let key: KeyObject;
  const point = Buffer.from(publicKey, 'base64url');
  try {
    if (!BASE64URL.test(publicKey) || point.length !== 65 || point[0] !== 4) throw new Error('not a point');
    key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    throw new Refused(403, `k is not an uncompressed P-256 public key: ${publicKey}`);
  }
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  if (signature.length !== 64 || !verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature))
    throw new Refused(403, 'JWT signature does not verify with k');

  const body = parseJson(claims);
  const now = Math.floor(Date.now() / 1000);
  const { aud, exp, sub } = body ?? {};
  if (aud !== origin) throw new Refused(403, `JWT aud ${String(aud)} is not ${origin}`);
  if (typeof exp !== 'number' || !Number.isInteger(exp) || exp <= now || exp > now + DAY_SECONDS)
    throw new Refused(403, `JWT exp ${String(exp)} is not within the next 24 hours`);
  if (typeof sub !== 'string' || !/^(mailto|https):/.test(sub) || !URL.canParse(sub))
    throw new Refused(403, `JWT sub ${String(sub)} is not a mailto: or https: URL`);
  return { publicKey, claims: { aud, exp, sub } };
}

function parseJson(bytes: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A self-signed X.509 certificate for the address 127.0.0.1, valid for a day, and its key. node:crypto parses
 * certificates but does not make them, so the DER is written here: a v3 certificate, ECDSA P-256 with SHA-256,
 * with the address as its subjectAltName (what TLS checks a URL's IP against).
 */
function selfSignedCertificate(): { key: string; certificate: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const der = (tag: number, ...parts: Buffer[]): Buffer => {
    const content = Buffer.concat(parts);
    const n = content.length;
    const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
    return Buffer.concat([Buffer.from([tag, ...length]), content]);
  };
  const sequence = (...parts: Buffer[]): Buffer => der(0x30, ...parts);
  const oid = (hex: string): Buffer => der(0x06, Buffer.from(hex, 'hex'));
  const time = (at: Date): Buffer =>
    der(0x17, Buffer.from(at.toISOString().replace(/\D/g, '').slice(2, 14) + 'Z'));
  const ecdsaWithSha256 = sequence(oid('2a8648ce3d040302')); // 1.2.840.10045.4.3.2
  const name = sequence(der(0x31, sequence(oid('550403'), der(0x0c, Buffer.from('127.0.0.1'))))); // CN
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))), // v3
    der(0x02, Buffer.concat([Buffer.from([1]), randomBytes(8)])), // a positive serial
    ecdsaWithSha256,
    name,
    sequence(time(new Date(now - 60 * 60 * 1000)), time(new Date(now + DAY_SECONDS * 1000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    // subjectAltName (2.5.29.17): iPAddress 127.0.0.1
    der(0xa3, sequence(sequence(oid('551d11'), der(0x04, sequence(der(0x87, Buffer.from([127, 0, 0, 1]))))))),
  );
  const certificate = sequence(
    tbs,
    ecdsaWithSha256,
    der(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey)),
  );
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
  };
}
