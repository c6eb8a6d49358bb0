/**
 * Web Push (docs/correspondence.md#web-push) through the real service, real Postgres and a real push service on
 * 127.0.0.1 (test/support/push-receiver.ts: it checks the VAPID token against the key, the RFC 8030 headers, and
 * decrypts each message with its own RFC 8291 code). Subscriptions are made through the API with the receiver's
 * endpoints, as a browser's pushManager.subscribe would give them; events are made by playing through the API.
 *
 * PUSH_INTERVAL_MS is an hour: pushes go out on the wake-up a queued push causes, or when a test runs a pass.
 */
import { DeadlineSweeper } from '../../../src/correspondence/sweeper';
import { PushWorker } from '../../../src/push/push-worker';
import { codeOf, dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { joinGame, readGame } from '../../support/service/play';
import { BrowserSubscription, PushReceiver, startPushReceiver } from '../../support/push-receiver';

const ENV = {
  CLOCK: 'manual',
  SWEEP_INTERVAL_MS: '0',
  PUSH_INTERVAL_MS: '3600000',
  PUSH_ALLOWED_NETWORKS: '127.0.0.0/8',
};

let app: InProcessApp;
let receiver: PushReceiver;

beforeAll(async () => {
  [app, receiver] = await Promise.all([
    startAppInProcess({ env: ENV, testControls: true }),
    startPushReceiver(),
  ]);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

interface Subscription {
  id: string;
  device: string;
  lastUsedAt: string | null;
  thisSession: boolean;
}

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

async function subscribe(token: string, browser: BrowserSubscription): Promise<Subscription> {
  return dataOf(
    await app.gql<{ subscribePush: Subscription }>(
      token,
      `mutation($e: String!, $p: String!, $a: String!, $u: String) {
         subscribePush(endpoint: $e, p256dh: $p, auth: $a, userAgent: $u) { id device lastUsedAt thisSession } }`,
      { e: browser.endpoint, p: browser.keys.p256dh, a: browser.keys.auth, u: FIREFOX },
    ),
  ).subscribePush;
}

async function devices(token: string): Promise<Subscription[]> {
  return dataOf(
    await app.gql<{ pushSubscriptions: Subscription[] }>(
      token,
      'query { pushSubscriptions { id device lastUsedAt thisSession } }',
    ),
  ).pushSubscriptions;
}

async function publicKey(): Promise<string> {
  return dataOf(await app.gql<{ webPush: { publicKey: string } }>(null, 'query { webPush { publicKey } }'))
    .webPush.publicKey;
}

async function invite(
  inviter: string,
  invitee: string,
  time: { daysPerMove?: number; hoursPerMove?: number } = {},
): Promise<string> {
  return dataOf(
    await app.gql<{ createGame: { id: string } }>(
      inviter,
      'mutation($o: String!, $d: Int, $h: Int) { createGame(input: { preset: CLASSIC, opponent: $o, daysPerMove: $d, hoursPerMove: $h }) { id } }',
      { o: invitee, d: time.daysPerMove ?? null, h: time.hoursPerMove ?? null },
    ),
  ).createGame.id;
}

async function settings(token: string, variables: Record<string, unknown>): Promise<void> {
  const body = await app.gql(
    token,
    `mutation($q: QuietHoursInput, $k: [PlayerEventKind!], $z: String, $l: MessageLanguage) {
       updateNotificationSettings(quietHours: $q, pushKinds: $k, timeZone: $z, language: $l) { timeZone } }`,
    variables,
  );
  dataOf(body);
}

async function pendingPushes(endpoint: string): Promise<{ kind: string; status: string }[]> {
  return sql(
    app.databaseUrl,
    `SELECT d.kind, d.status FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id
      WHERE s.endpoint = $1 ORDER BY d.id`,
    [endpoint],
  );
}

/** Who is to move in `gameId`: the token of the two whose game says isMyTurn, and the other. */
async function toMove(gameId: string, a: string, b: string): Promise<{ mover: string; waiter: string }> {
  return (await readGame(app, a, gameId)).isMyTurn ? { mover: a, waiter: b } : { mover: b, waiter: a };
}

it('the VAPID key is made once and shared: every copy on the database answers the same key', async () => {
  const key = await publicKey();
  expect(Buffer.from(key, 'base64url')).toHaveLength(65);
  expect(Buffer.from(key, 'base64url')[0]).toBe(4);
  const other = await startAppInProcess({ databaseUrl: app.databaseUrl, env: ENV });
  try {
    const body = await other.gql<{ webPush: { publicKey: string } }>(null, 'query { webPush { publicKey } }');
    expect(dataOf(body).webPush.publicKey).toBe(key);
  } finally {
    await other.stop();
  }
  expect(await sql(app.databaseUrl, 'SELECT count(*)::int AS n FROM vapid_keys')).toEqual([{ n: 1 }]);
});

it('subscribing needs a session, and refuses what is no push subscription, storing nothing', async () => {
  const token = await register(app, 'push_refused');
  const good = receiver.subscribe();
  const attempt = (
    changes: Partial<{ endpoint: string; p256dh: string; auth: string }>,
    as: string | null = token,
  ) =>
    app.gql(
      as,
      `mutation($e: String!, $p: String!, $a: String!) { subscribePush(endpoint: $e, p256dh: $p, auth: $a) { id } }`,
      { e: good.endpoint, p: good.keys.p256dh, a: good.keys.auth, ...renamed(changes) },
    );
  const renamed = (changes: Partial<{ endpoint: string; p256dh: string; auth: string }>) => ({
    ...(changes.endpoint === undefined ? {} : { e: changes.endpoint }),
    ...(changes.p256dh === undefined ? {} : { p: changes.p256dh }),
    ...(changes.auth === undefined ? {} : { a: changes.auth }),
  });
  expect(codeOf(await attempt({}, null))).toBe('UNAUTHENTICATED');
  const cases: [Partial<{ endpoint: string; p256dh: string; auth: string }>, string][] = [
    [{ endpoint: 'not a url' }, 'endpoint'],
    [{ endpoint: 'http://push.example.com/x' }, 'endpoint'], // plain HTTP to a public push service
    [{ endpoint: 'https://10.1.2.3/push/x' }, 'endpoint'], // a private address the operator did not allow
    [{ endpoint: 'https://169.254.169.254/latest' }, 'endpoint'], // a metadata service, never
    [{ p256dh: Buffer.alloc(65, 1).toString('base64url') }, 'p256dh'], // not an uncompressed point
    [{ p256dh: 'short' }, 'p256dh'],
    [{ auth: Buffer.alloc(8).toString('base64url') }, 'auth'],
  ];
  for (const [changes, field] of cases) {
    const body = await attempt(changes);
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(body.errors![0]!.extensions).toMatchObject({ field });
  }
  expect(await devices(token)).toEqual([]);
  // An API token is no device.
  const apiToken = dataOf(
    await app.gql<{ createApiToken: { token: string } }>(
      token,
      'mutation { createApiToken(name: "bot", scopes: [GAME_PLAY]) { token } }',
    ),
  ).createApiToken.token;
  expect(codeOf(await attempt({}, apiToken))).toBe('FORBIDDEN');
});

it('calls a player back on their turn with a push they can read on a lock screen, and nothing hidden', async () => {
  const ann = await register(app, 'push_ann');
  const ben = await register(app, 'push_ben');
  const annDevice = receiver.subscribe({ applicationServerKey: await publicKey() });
  const benDevice = receiver.subscribe({ applicationServerKey: await publicKey() });
  const annSubscription = await subscribe(ann, annDevice);
  await subscribe(ben, benDevice);
  expect(annSubscription).toMatchObject({ device: 'Firefox on Linux', lastUsedAt: null, thisSession: true });

  const gameId = await invite(ann, 'push_ben', { daysPerMove: 3 });
  const challenge = await receiver.waitFor((message) => message.endpoint === benDevice.endpoint);
  expect(challenge.json).toEqual({
    v: 1,
    kind: 'CHALLENGE_RECEIVED',
    title: 'New challenge',
    body: 'from push_ann',
    url: `/games/${gameId}`,
    tag: `game:${gameId}`,
    gameId,
  });

  await joinGame(app, ben, gameId);
  const { mover } = await toMove(gameId, ann, ben);
  const moverDevice = mover === ann ? annDevice : benDevice;
  const opponent = mover === ann ? 'push_ben' : 'push_ann';
  const turn = await receiver.waitFor(
    (message) =>
      message.endpoint === moverDevice.endpoint && (message.json as { kind?: string }).kind === 'YOUR_TURN',
  );
  expect(turn.json).toEqual({
    v: 1,
    kind: 'YOUR_TURN',
    title: 'Your turn',
    body: expect.stringMatching(new RegExp(`^against ${opponent} · 2 days left$`)),
    url: `/games/${gameId}`,
    tag: `game:${gameId}`,
    gameId,
  });
  expect(turn).toMatchObject({ status: 201, urgency: 'normal', topic: gameId.replaceAll('-', '') });
  expect(turn.ttl).toBe(86_400);
  expect(turn.vapid.publicKey).toBe(await publicKey());
  expect(turn.vapid.claims.aud).toBe(receiver.origin);
  expect(turn.vapid.claims.sub).toMatch(/^mailto:/);
  // A lock screen shows names and time; never a card, a seed or a hand.
  for (const message of receiver.messages) expect(message.payload).not.toMatch(/hand|seed|card|stock/i);
  expect(receiver.rejections).toEqual([]);
  // GAME_STARTED is not pushed by default (the page shows it).
  expect((await pendingPushes(moverDevice.endpoint)).map((push) => push.kind)).not.toContain('GAME_STARTED');
  // The device was used.
  const [listed] = await devices(mover);
  expect(listed!.lastUsedAt).not.toBeNull();
});

it('a player who chose no pushes of a kind gets none, and a language of their own', async () => {
  const cat = await register(app, 'push_cat');
  const dan = await register(app, 'push_dan');
  const catDevice = receiver.subscribe();
  await subscribe(cat, catDevice);
  await settings(cat, { k: ['YOUR_TURN'], l: 'SV' });
  await invite(dan, 'push_cat');
  // The challenge is written, and no push queued for it.
  const [event] = await sql<{ kind: string }>(
    app.databaseUrl,
    `SELECT e.kind FROM player_events e JOIN players p ON p.id = e.player_id WHERE p.username = 'push_cat'`,
  );
  expect(event).toEqual({ kind: 'CHALLENGE_RECEIVED' });
  expect(await pendingPushes(catDevice.endpoint)).toEqual([]);

  await app.gql(cat, 'mutation { testPush }');
  const test = await receiver.waitFor((message) => message.endpoint === catDevice.endpoint);
  expect(test.json).toMatchObject({
    kind: 'TEST',
    title: 'Malice',
    body: 'Aviseringar når den här enheten.',
    url: '/',
  });
});

it('quiet hours hold a push until they end, then it goes', async () => {
  const jon = await register(app, 'push_jon');
  const kim = await register(app, 'push_kim');
  const jonDevice = receiver.subscribe();
  await subscribe(jon, jonDevice);
  const now = app.clock().now();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  await settings(jon, { q: { from: minute, to: (minute + 60) % 1440 }, z: 'UTC' });
  await invite(kim, 'push_jon');
  const worker = app.get(PushWorker);
  await worker.sendDue();
  expect(await pendingPushes(jonDevice.endpoint)).toEqual([
    { kind: 'CHALLENGE_RECEIVED', status: 'PENDING' },
  ]);
  expect(receiver.messages.filter((message) => message.endpoint === jonDevice.endpoint)).toEqual([]);

  app.clock().advance(61 * 60_000);
  await worker.sendDue();
  const challenge = await receiver.waitFor((message) => message.endpoint === jonDevice.endpoint);
  expect(challenge.json).toMatchObject({ kind: 'CHALLENGE_RECEIVED', body: 'from push_kim' });
  expect(await pendingPushes(jonDevice.endpoint)).toEqual([{ kind: 'CHALLENGE_RECEIVED', status: 'SENT' }]);
});

it('quiet hours hold a push; a deadline reminder due inside them is not held', async () => {
  const eve = await register(app, 'push_eve');
  const fay = await register(app, 'push_fay');
  const eveDevice = receiver.subscribe();
  const fayDevice = receiver.subscribe();
  await subscribe(eve, eveDevice);
  await subscribe(fay, fayDevice);
  // Quiet all day but the minute before now's: whatever comes is held (UTC, the manual clock's zone here).
  const now = app.clock().now();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const quiet = { from: minute, to: (minute + 120) % 1440 };
  await settings(eve, { q: quiet, z: 'UTC' });
  await settings(fay, { q: quiet, z: 'UTC' });
  // One hour a move: the reminder (at 80 %) and the deadline both fall inside two quiet hours.
  const gameId = await invite(eve, 'push_fay', { hoursPerMove: 1 });
  await joinGame(app, fay, gameId);
  const { mover } = await toMove(gameId, eve, fay);
  const moverDevice = mover === eve ? eveDevice : fayDevice;
  const worker = app.get(PushWorker);
  await worker.sendDue();
  expect((await pendingPushes(moverDevice.endpoint)).map((push) => push.status)).toContain('PENDING');
  expect(receiver.messages.filter((message) => message.endpoint === moverDevice.endpoint)).toEqual([]);

  // The reminder comes due at 80 % of the hour: its deadline is inside the quiet hours, so it goes at once.
  await app.clock().advance(49 * 60_000);
  await app.get(DeadlineSweeper).sweep();
  await worker.sendDue();
  const reminder = await receiver.waitFor((message) => message.endpoint === moverDevice.endpoint);
  expect(reminder.json).toMatchObject({
    kind: 'REMINDER',
    body: expect.stringMatching(/ · 1[01] minutes left$/),
  });
  expect(reminder.urgency).toBe('high');
  expect(reminder.ttl).toBeLessThanOrEqual(11 * 60);
  // The earlier "your turn" of the same game is superseded by the reminder: never sent.
  expect(
    receiver.messages.filter(
      (message) =>
        message.endpoint === moverDevice.endpoint && (message.json as { kind: string }).kind === 'YOUR_TURN',
    ),
  ).toEqual([]);
});

it('a push service that says the subscription is gone (410) ends it; signing out ends the device’s', async () => {
  const gil = await register(app, 'push_gil');
  const gone = receiver.subscribe({ answer: 410 });
  const kept = receiver.subscribe();
  await subscribe(gil, gone);
  const second = dataOf(
    await app.gql<{ login: { token: string } }>(
      null,
      'mutation { login(username: "push_gil", password: "correct horse battery staple") { token } }',
    ),
  ).login.token;
  await subscribe(second, kept);
  expect(await devices(gil)).toHaveLength(2);

  expect(dataOf(await app.gql<{ testPush: number }>(gil, 'mutation { testPush }')).testPush).toBe(2);
  await receiver.waitFor((message) => message.endpoint === gone.endpoint && message.status === 410);
  await receiver.waitFor((message) => message.endpoint === kept.endpoint);
  await app.get(PushWorker).sendDue();
  expect((await devices(gil)).map((device) => device.thisSession)).toEqual([false]);

  dataOf(await app.gql(second, 'mutation { logout }'));
  expect(await devices(gil)).toEqual([]);
});

it('a "your turn" that is stale when due — the turn was played — is never sent', async () => {
  const hal = await register(app, 'push_hal');
  const ida = await register(app, 'push_ida');
  const halDevice = receiver.subscribe({ answer: 201 });
  const idaDevice = receiver.subscribe({ answer: 201 });
  await subscribe(hal, halDevice);
  await subscribe(ida, idaDevice);
  // All pushes wait behind quiet hours while the game moves on.
  const now = app.clock().now();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  for (const token of [hal, ida])
    await settings(token, { q: { from: minute, to: (minute + 60) % 1440 }, z: 'UTC' });
  const gameId = await invite(hal, 'push_ida');
  await joinGame(app, ida, gameId);
  const { mover } = await toMove(gameId, hal, ida);
  dataOf(await app.gql(mover, 'mutation($g: ID!) { resign(gameId: $g) { status } }', { g: gameId }));
  await app.clock().advance(61 * 60_000);
  await app.get(PushWorker).sendDue();
  const moverDevice = mover === hal ? halDevice : idaDevice;
  const kinds = (await pendingPushes(moverDevice.endpoint)).map((push) => `${push.kind}:${push.status}`);
  expect(kinds).toContain('YOUR_TURN:SKIPPED');
  expect(
    receiver.messages.filter(
      (message) =>
        message.endpoint === moverDevice.endpoint && (message.json as { kind: string }).kind === 'YOUR_TURN',
    ),
  ).toEqual([]);
});

it('deleting the account ends every device’s subscription', async () => {
  const zoe = await register(app, 'push_zoe');
  await subscribe(zoe, receiver.subscribe());
  await subscribe(zoe, receiver.subscribe());
  const count = async (): Promise<number> =>
    (
      await sql<{ n: number }>(
        app.databaseUrl,
        `SELECT count(*)::int AS n FROM push_subscriptions s JOIN players p ON p.id = s.player_id
          WHERE p.username = 'push_zoe'`,
      )
    )[0]!.n;
  expect(await count()).toBe(2);
  dataOf(await app.gql(zoe, 'mutation { deleteAccount(password: "correct horse battery staple") }'));
  expect(await count()).toBe(0);
});
