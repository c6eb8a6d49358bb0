/**
 * Webhooks (docs/correspondence.md#webhooks) against the compiled server, real Postgres and real HTTP receivers (node:http on
 * 127.0.0.1): registration and its limits; each player's events — made by playing through the API — POSTed to
 * their own webhooks only, signed (checked here the way the docs tell a receiver to), with the ids playerEvents
 * shows; a failed attempt retried after the backoff with the same event id, driven by the manual clock (POST
 * /test/clock, then POST /test/webhooks/deliver), both attempts in the delivery log; giving up after 8 attempts;
 * two app copies on one database delivering each event once between them.
 *
 * And the attacks: webhooks into the server's own network. A server started as in production (no
 * WEBHOOK_ALLOWED_NETWORKS) refuses loopback URLs in every spelling at createWebhook, and refuses at delivery one
 * that was stored before that check; the servers the other tests use allow loopback (127.0.0.0/8 and ::1), as an
 * operator would for a local receiver, and deliver to it. Real traffic goes to loopback receivers only; private,
 * link-local and metadata addresses are refused from the URL alone, never connected to (names resolving there
 * are tested with an injected resolver in test/unit/webhooks/).
 *
 * WEBHOOK_INTERVAL_MS is an hour, so the periodic pass never runs during a test: deliveries go out on the wake-up a
 * player event causes, or when a test asks for a pass.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../../src/common/free-port';
import { GraphQLBody, TestApp, codeOf, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import { sql } from '../../support/service/database';
import { joinGame } from '../../support/service/play';

/** As in production: webhooks reach public addresses only. */
const STRICT_ENV = { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0', WEBHOOK_INTERVAL_MS: '3600000' };
/** The local receivers below listen on loopback: the operator allows it. */
const ENV = { ...STRICT_ENV, WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128' };

let app: TestApp;
let other: TestApp;
/** On a database of its own: no copy that allows loopback delivers its deliveries. */
let strict: TestApp;

beforeAll(async () => {
  [app, strict] = await Promise.all([
    startAppInProcess({ env: ENV, testControls: true }),
    startAppInProcess({ env: STRICT_ENV, testControls: true }),
  ]);
  other = await startAppInProcess({ databaseUrl: app.databaseUrl, env: ENV, testControls: true });
});
afterAll(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await other.stop();
  await Promise.all([app.close(), strict.close()]);
});

// ---------------------------------------------------------------------------------------------------------------
// A webhook receiver, and the signature check a receiver does (as docs tell a client to).

interface EventBody {
  id: string;
  kind: string;
  gameId: string | null;
  createdAt: string;
  player: { id: string; username: string };
}

interface Received {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: EventBody;
}

interface Receiver {
  url: string;
  requests: Received[];
  /** Waits until at least `count` requests came. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const receivers: Receiver[] = [];

/** A receiver answering each request with the status `answer` gives for it (its 0-based index). */
async function startReceiver(
  answer: (index: number) => number = () => 200,
  host: '127.0.0.1' | '::1' = '127.0.0.1',
): Promise<Receiver> {
  const requests: Received[] = [];
  const server = http.createServer((request, response) => {
    let rawBody = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (rawBody += chunk));
    request.on('end', () => {
      const index = requests.length;
      requests.push({ headers: request.headers, rawBody, body: JSON.parse(rawBody) as EventBody });
      response.writeHead(answer(index), { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const receiver: Receiver = {
    url: `http://${host === '::1' ? '[::1]' : host}:${(server.address() as AddressInfo).port}/hooks/malice`,
    requests,
    waitFor: (count, timeoutMs = 10_000) =>
      eventually(`${count} requests (have ${requests.length})`, () => requests.length >= count, timeoutMs),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  receivers.push(receiver);
  return receiver;
}

/** The receiver's check, as in the docs: HMAC-SHA256 over "<timestamp>.<raw body>", a recent timestamp. */
function verified(secret: string, received: Received, nowSeconds: number): boolean {
  const signature = received.headers['x-malice-signature'];
  const timestamp = received.headers['x-malice-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${received.rawBody}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function eventually(
  what: string,
  test: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function pause(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once no delivery to `hookIds` is pending — every queued one answered (or given up) — so nothing more is
 * on its way to their receivers: the condition a "nothing else arrives" check waits for.
 */
async function deliveriesSettled(hookIds: readonly string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await sql<{ pending: number }>(
      app.databaseUrl,
      `SELECT count(*)::int AS pending FROM webhook_deliveries WHERE webhook_id = ANY($1::uuid[]) AND status = 'PENDING'`,
      [hookIds],
    );
    if (row!.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.pending} deliveries still pending after 10 s`);
    await pause(20);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The API.

interface Attempt {
  number: number;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  succeeded: boolean;
}

interface Delivery {
  id: string;
  eventId: string;
  kind: string;
  gameId: string | null;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
  attempts: Attempt[];
}

const DELIVERY_FIELDS = `id eventId kind gameId status attemptCount nextAttemptAt createdAt
  attempts { number attemptedAt statusCode error durationMs succeeded }`;

async function createWebhook(
  token: string,
  url: string,
  secret: string,
  events?: string[],
  target: TestApp = app,
): Promise<{ id: string; url: string; events: string[] }> {
  return dataOf(
    await target.gql<{ createWebhook: { id: string; url: string; events: string[] } }>(
      token,
      'mutation($u: String!, $s: String!, $e: [PlayerEventKind!]) { createWebhook(url: $u, secret: $s, events: $e) { id url events } }',
      { u: url, s: secret, e: events ?? null },
    ),
  ).createWebhook;
}

async function deliveries(
  token: string,
  webhookId: string,
  first = 100,
  target: TestApp = app,
): Promise<Delivery[]> {
  return dataOf(
    await target.gql<{ webhookDeliveries: { edges: { node: Delivery }[] } }>(
      token,
      `query($w: ID!, $f: Int) { webhookDeliveries(webhookId: $w, first: $f) { edges { node { ${DELIVERY_FIELDS} } } } }`,
      { w: webhookId, f: first },
    ),
  ).webhookDeliveries.edges.map((edge) => edge.node);
}

interface OnePage {
  edges: { cursor: string; node: { id: string } }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

/** Walks a connection asked for with `first: 1`, checking each page's PageInfo; the node ids in order. */
async function pageOneByOne(
  token: string,
  query: string,
  field: string,
  variables: Record<string, unknown>,
): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: OnePage = dataOf(
      await app.gql<Record<string, OnePage>>(token, query, { ...variables, a: after }),
    )[field]!;
    expect(page.edges).toHaveLength(1);
    const [edge] = page.edges;
    expect(page.pageInfo).toMatchObject({
      hasPreviousPage: after !== null,
      startCursor: edge!.cursor,
      endCursor: edge!.cursor,
    });
    ids.push(edge!.node.id);
    after = page.pageInfo.endCursor;
    if (!page.pageInfo.hasNextPage) break;
  }
  // After the last page: an empty one.
  const rest: OnePage = dataOf(
    await app.gql<Record<string, OnePage>>(token, query, { ...variables, a: after }),
  )[field]!;
  expect(rest).toEqual({
    edges: [],
    pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: null, endCursor: null },
  });
  return ids;
}

async function me(token: string, target: TestApp = app): Promise<{ id: string; username: string }> {
  return dataOf(
    await target.gql<{ me: { id: string; username: string } }>(token, 'query { me { id username } }'),
  ).me;
}

/** testWebhook, then the ping's first attempt once it is logged. */
async function ping(token: string, webhookId: string, target: TestApp = app): Promise<Attempt> {
  const queued = dataOf(
    await target.gql<{ testWebhook: { id: string } }>(
      token,
      'mutation($id: ID!) { testWebhook(id: $id) { id } }',
      {
        id: webhookId,
      },
    ),
  ).testWebhook;
  let attempt: Attempt | undefined;
  await eventually('the ping logged', async () => {
    const delivery = (await deliveries(token, webhookId, 100, target)).find((each) => each.id === queued.id);
    attempt = delivery?.attempts[0];
    return attempt !== undefined;
  });
  return attempt!;
}

async function playerEvents(
  token: string,
): Promise<{ id: string; kind: string; gameId: string | null; createdAt: string }[]> {
  return dataOf(
    await app.gql<{
      playerEvents: {
        edges: { node: { id: string; kind: string; gameId: string | null; createdAt: string } }[];
      };
    }>(token, 'query { playerEvents(first: 100) { edges { node { id kind gameId createdAt } } } }'),
  ).playerEvents.edges.map((edge) => edge.node);
}

/** `inviter` creates a game inviting `invitee` (a CHALLENGE_RECEIVED for them), through `target`. */
async function invite(inviter: string, invitee: string, target: TestApp = app): Promise<string> {
  return dataOf(
    await target.gql<{ createGame: { id: string } }>(
      inviter,
      'mutation($o: String!) { createGame(input: { preset: CLASSIC, opponent: $o }) { id } }',
      { o: invitee },
    ),
  ).createGame.id;
}

interface PassReport {
  now: string;
  attempted: number;
  succeeded: number;
  retrying: number;
  gaveUp: number;
}

/** Runs one delivery pass on `target` now. */
async function deliverNow(target: TestApp = app): Promise<PassReport> {
  const response = await fetch(`${target.url}/test/webhooks/deliver`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as PassReport;
}

/** Moves `target`'s manual clock to `to` (never back); returns its time now. */
async function clockTo(target: TestApp, to: Date): Promise<Date> {
  const response = await fetch(`${target.url}/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: to.toISOString() }),
  });
  expect(response.status).toBe(200);
  return new Date(((await response.json()) as { now: string }).now);
}

async function nowSeconds(target: TestApp = app): Promise<number> {
  return Math.floor((await clockTo(target, new Date(0))).getTime() / 1000);
}

// ---------------------------------------------------------------------------------------------------------------

describe('registering webhooks', () => {
  it('needs a player whose token may play, and refuses what is not a webhook', async () => {
    const token = await register(app, 'wh_reg_amy');
    const query =
      'mutation($u: String!, $s: String!, $e: [PlayerEventKind!]) { createWebhook(url: $u, secret: $s, events: $e) { id } }';
    const ok = { u: 'https://example.com/in', s: 'a-secret-of-16-chars', e: null };
    expect(codeOf(await app.gql(null, query, ok))).toBe('UNAUTHENTICATED');
    const readOnly = dataOf(
      await app.gql<{ createApiToken: { token: string } }>(
        token,
        'mutation { createApiToken(scopes: [GAME_READ], name: "reader") { token } }',
      ),
    ).createApiToken.token;
    expect(codeOf(await app.gql(readOnly, query, ok))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(readOnly, 'query { webhooks { id } }'))).toBe('FORBIDDEN');
    const player = dataOf(
      await app.gql<{ createApiToken: { token: string } }>(
        token,
        'mutation { createApiToken(scopes: [GAME_PLAY], name: "bot") { token } }',
      ),
    ).createApiToken.token;
    expect(dataOf(await app.gql(player, query, ok))).toEqual({ createWebhook: { id: expect.any(String) } });

    for (const [variables, field] of [
      [{ ...ok, u: 'ftp://example.com/in' }, 'url'],
      [{ ...ok, u: 'example.com/in' }, 'url'],
      [{ ...ok, u: 'https://me:pw@example.com/in' }, 'url'],
      [{ ...ok, s: 'too-short' }, 'secret'],
      [{ ...ok, s: 'x'.repeat(201) }, 'secret'],
      [{ ...ok, e: [] }, 'events'],
    ] as const) {
      const body = await app.gql(token, query, variables);
      expect({ variables, code: codeOf(body), field: body.errors?.[0]?.extensions?.field }).toEqual({
        variables,
        code: 'BAD_USER_INPUT',
        field,
      });
    }
  });

  it('lists a player’s own webhooks without their secrets, at most 10, deleted only by their owner', async () => {
    const owner = await register(app, 'wh_reg_bob');
    const stranger = await register(app, 'wh_reg_cyd');
    const first = await createWebhook(owner, 'http://127.0.0.1:9/first#ignored', 'secret-number-one!');
    expect(first).toEqual({
      id: expect.any(String),
      url: 'http://127.0.0.1:9/first',
      events: ['YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER', 'GAME_UNRATED'],
    });
    const second = await createWebhook(owner, 'https://example.com/2', 'secret-number-two!', [
      'GAME_OVER',
      'YOUR_TURN',
    ]);
    expect(second.events).toEqual(['YOUR_TURN', 'GAME_OVER']);
    for (let index = 3; index <= 10; index++) {
      await createWebhook(owner, `https://example.com/${index}`, 'another-long-secret');
    }
    const eleventh = await app.gql(
      owner,
      'mutation { createWebhook(url: "https://example.com/11", secret: "another-long-secret") { id } }',
    );
    expect(codeOf(eleventh)).toBe('BAD_USER_INPUT');
    expect(eleventh.errors![0]!.message).toMatch(/at most 10/);

    const listed = dataOf(
      await app.gql<{ webhooks: { id: string; url: string }[] }>(
        owner,
        'query { webhooks { id url events createdAt } }',
      ),
    ).webhooks;
    expect(listed).toHaveLength(10);
    expect(listed[0]).toMatchObject({ id: first.id, url: first.url });
    // The secret is no field at all.
    expect(codeOf(await app.gql(owner, 'query { webhooks { secret } }'))).toBe('BAD_USER_INPUT');
    expect(
      JSON.stringify(await app.gql(owner, 'query { webhooks { id url events createdAt } }')),
    ).not.toMatch(/secret-number/);

    // Someone else's webhook is as unknown as none.
    expect(dataOf(await app.gql(stranger, 'query { webhooks { id } }'))).toEqual({ webhooks: [] });
    for (const query of [
      'mutation($id: ID!) { deleteWebhook(id: $id) }',
      'mutation($id: ID!) { testWebhook(id: $id) { id } }',
      'query($id: ID!) { webhookDeliveries(webhookId: $id) { edges { cursor } } }',
    ]) {
      expect(codeOf(await app.gql(stranger, query, { id: first.id }))).toBe('NOT_FOUND');
      expect(codeOf(await app.gql(owner, query, { id: 'not-a-uuid' }))).toBe('NOT_FOUND');
    }
    expect(
      codeOf(
        await app.gql(
          owner,
          'query($id: ID!) { webhookDeliveries(webhookId: $id, first: 101) { edges { cursor } } }',
          {
            id: first.id,
          },
        ),
      ),
    ).toBe('BAD_USER_INPUT');

    const deleting = 'mutation($id: ID!) { deleteWebhook(id: $id) }';
    expect(dataOf(await app.gql(owner, deleting, { id: first.id }))).toEqual({ deleteWebhook: true });
    expect(codeOf(await app.gql(owner, deleting, { id: first.id }))).toBe('NOT_FOUND');
    // A place came free.
    await createWebhook(owner, 'https://example.com/11', 'another-long-secret');
  });
});

describe('delivering events', () => {
  it('POSTs each player’s events, signed, to their own webhooks only, with the ids playerEvents shows', async () => {
    const ann = await register(app, 'wh_ann');
    const ben = await register(app, 'wh_ben');
    const annPlayer = await me(ann);
    const benPlayer = await me(ben);
    const annSecret = 'ann-webhook-secret-0001';
    const benSecret = 'ben-webhook-secret-0002';
    const toAnn = await startReceiver();
    const toBen = await startReceiver();
    const annHook = await createWebhook(ann, toAnn.url, annSecret);
    // Ben wants only challenges and starts: never his turns.
    const benHook = await createWebhook(ben, toBen.url, benSecret, ['CHALLENGE_RECEIVED', 'GAME_STARTED']);

    const gameId = await invite(ann, 'wh_ben');
    await toBen.waitFor(1);
    expect(toBen.requests[0]!.body).toMatchObject({ kind: 'CHALLENGE_RECEIVED', gameId });
    await joinGame(app, ben, gameId);

    const annEvents = await playerEvents(ann);
    const benEvents = (await playerEvents(ben)).filter((event) =>
      ['CHALLENGE_RECEIVED', 'GAME_STARTED'].includes(event.kind),
    );
    // The deal: both started, and one of them is to move.
    expect(annEvents.map((event) => event.kind)).toContain('GAME_STARTED');
    expect(benEvents.map((event) => event.kind).sort()).toEqual(['CHALLENGE_RECEIVED', 'GAME_STARTED']);
    await toAnn.waitFor(annEvents.length);
    await toBen.waitFor(benEvents.length);
    await deliveriesSettled([annHook.id, benHook.id]);
    await deliverNow();
    // Each receiver got exactly its player's events, each once.
    expect(toAnn.requests.map((request) => request.body.id).sort()).toEqual(
      annEvents.map((event) => event.id).sort(),
    );
    expect(toBen.requests.map((request) => request.body.id).sort()).toEqual(
      benEvents.map((event) => event.id).sort(),
    );

    const now = await nowSeconds();
    for (const [receiver, secret, wrongSecret, player, events] of [
      [toAnn, annSecret, benSecret, annPlayer, annEvents],
      [toBen, benSecret, annSecret, benPlayer, benEvents],
    ] as const) {
      for (const request of receiver.requests) {
        const event = events.find((candidate) => candidate.id === request.body.id)!;
        expect(request.body).toEqual({
          id: event.id,
          kind: event.kind,
          gameId,
          createdAt: event.createdAt,
          player,
        });
        expect(request.headers).toMatchObject({
          'content-type': 'application/json',
          'x-malice-event': event.kind,
          'x-malice-event-id': event.id,
          'x-malice-delivery': expect.stringMatching(/^\d+$/),
          'x-malice-timestamp': expect.stringMatching(/^\d+$/),
          'x-malice-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
        });
        expect(verified(secret, request, now)).toBe(true);
        expect(verified(wrongSecret, request, now)).toBe(false);
        // Nothing hidden travels: no cards, no seed.
        expect(request.rawBody).not.toMatch(/hand|seed|cards/i);
      }
    }

    // The delivery log: one successful attempt each, newest first.
    const log = await deliveries(ann, annHook.id);
    expect(log.map((delivery) => delivery.eventId)).toEqual(
      [...annEvents].sort((a, b) => Number(b.id) - Number(a.id)).map((event) => event.id),
    );
    for (const delivery of log) {
      expect(delivery).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1, nextAttemptAt: null, gameId });
      expect(delivery.attempts).toEqual([
        {
          number: 1,
          attemptedAt: expect.any(String),
          statusCode: 200,
          error: null,
          durationMs: expect.any(Number),
          succeeded: true,
        },
      ]);
      const request = toAnn.requests.find((candidate) => candidate.body.id === delivery.eventId)!;
      expect(request.headers['x-malice-delivery']).toBe(delivery.id);
      expect(Number(request.headers['x-malice-timestamp'])).toBe(
        Math.floor(Date.parse(delivery.attempts[0]!.attemptedAt) / 1000),
      );
    }
    expect((await deliveries(ben, benHook.id)).map((delivery) => delivery.kind).sort()).toEqual([
      'CHALLENGE_RECEIVED',
      'GAME_STARTED',
    ]);

    // Both lists page with first/after, one entry a page, through the same entries in the same order; PageInfo
    // says where each page stands.
    const benLog = await deliveries(ben, benHook.id);
    expect(benLog.length).toBeGreaterThan(1);
    const deliveryPages = await pageOneByOne(
      ben,
      `query($w: ID!, $a: String) { webhookDeliveries(webhookId: $w, first: 1, after: $a) {
        edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
      'webhookDeliveries',
      { w: benHook.id },
    );
    expect(deliveryPages).toEqual(benLog.map((delivery) => delivery.id));
    const benAll = await playerEvents(ben);
    expect(benAll.length).toBeGreaterThan(1);
    const eventPages = await pageOneByOne(
      ben,
      `query($a: String) { playerEvents(first: 1, after: $a) {
        edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
      'playerEvents',
      {},
    );
    expect(eventPages).toEqual(benAll.map((event) => event.id));

    // Deleted: the next event of Ann's happens, and goes nowhere.
    expect(
      dataOf(await app.gql(ann, 'mutation($id: ID!) { deleteWebhook(id: $id) }', { id: annHook.id })),
    ).toEqual({
      deleteWebhook: true,
    });
    const before = toAnn.requests.length;
    const later = await invite(ben, 'wh_ann');
    const told = (await playerEvents(ann)).filter((event) => event.gameId === later);
    expect(told.length).toBeGreaterThan(0);
    // Deliveries are queued in the event's own transaction: none was, so none can be on its way.
    const queued = await sql<{ count: number }>(
      app.databaseUrl,
      'SELECT count(*)::int AS count FROM webhook_deliveries WHERE event_id = ANY($1::bigint[])',
      [told.map((event) => event.id)],
    );
    expect(queued[0]!.count).toBe(0);
    await deliverNow();
    expect(toAnn.requests).toHaveLength(before);
  });

  it('testWebhook sends a signed PING at once', async () => {
    const token = await register(app, 'wh_pia');
    const receiver = await startReceiver();
    const secret = 'ping-secret-000000001';
    const hook = await createWebhook(token, receiver.url, secret, ['REMINDER']);
    const queued = dataOf(
      await app.gql<{ testWebhook: Delivery }>(
        token,
        `mutation($id: ID!) { testWebhook(id: $id) { ${DELIVERY_FIELDS} } }`,
        { id: hook.id },
      ),
    ).testWebhook;
    expect(queued).toMatchObject({
      eventId: `ping-${queued.id}`,
      kind: 'PING',
      gameId: null,
      status: 'PENDING',
      attempts: [],
    });
    await receiver.waitFor(1);
    const [ping] = receiver.requests;
    expect(ping!.body).toEqual({
      id: `ping-${queued.id}`,
      kind: 'PING',
      gameId: null,
      createdAt: queued.createdAt,
      player: await me(token),
    });
    expect(ping!.headers['x-malice-event']).toBe('PING');
    expect(verified(secret, ping!, await nowSeconds())).toBe(true);
    await eventually(
      'the ping logged',
      async () => (await deliveries(token, hook.id))[0]!.status === 'SUCCEEDED',
    );
  });

  it('retries a failed delivery after the backoff, with the same event id, and logs both attempts', async () => {
    const cat = await register(app, 'wh_cat');
    const dan = await register(app, 'wh_dan');
    const secret = 'cat-webhook-secret-0003';
    // A receiver that fails the first time.
    const receiver = await startReceiver((index) => (index === 0 ? 500 : 200));
    const hook = await createWebhook(cat, receiver.url, secret);
    const gameId = await invite(dan, 'wh_cat');
    await receiver.waitFor(1);
    let first: Delivery | undefined;
    await eventually('the failed attempt logged', async () => {
      first = (await deliveries(cat, hook.id))[0];
      return first?.attempts.length === 1;
    });
    expect(first).toMatchObject({
      kind: 'CHALLENGE_RECEIVED',
      gameId,
      status: 'PENDING',
      attemptCount: 1,
      attempts: [{ number: 1, statusCode: 500, error: null, succeeded: false }],
    });
    const failedAt = Date.parse(first!.attempts[0]!.attemptedAt);
    const due = Date.parse(first!.nextAttemptAt!);
    expect(due - failedAt).toBe(10_000);

    // Not before it is due…
    expect((await deliverNow()).attempted).toBe(0);
    // (The manual clock runs on in real time from where it is put: a second's margin.)
    await clockTo(app, new Date(due - 1000));
    expect((await deliverNow()).attempted).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    // …then at once.
    await clockTo(app, new Date(due));
    expect(await deliverNow()).toMatchObject({ attempted: 1, succeeded: 1, retrying: 0, gaveUp: 0 });
    expect(receiver.requests).toHaveLength(2);

    const [failed, retried] = receiver.requests as [Received, Received];
    expect(retried.headers['x-malice-event-id']).toBe(failed.headers['x-malice-event-id']);
    expect(retried.headers['x-malice-delivery']).toBe(failed.headers['x-malice-delivery']);
    expect(retried.rawBody).toBe(failed.rawBody);
    expect(Number(failed.headers['x-malice-timestamp'])).toBe(Math.floor(failedAt / 1000));
    expect(Number(retried.headers['x-malice-timestamp'])).toBeGreaterThanOrEqual(Math.floor(due / 1000));
    const now = await nowSeconds();
    expect(verified(secret, failed, now)).toBe(true);
    expect(verified(secret, retried, now)).toBe(true);

    const [logged] = await deliveries(cat, hook.id);
    expect(logged).toMatchObject({
      id: first!.id,
      eventId: failed.body.id,
      status: 'SUCCEEDED',
      attemptCount: 2,
      nextAttemptAt: null,
      attempts: [
        { number: 1, statusCode: 500, error: null, succeeded: false },
        { number: 2, statusCode: 200, error: null, succeeded: true },
      ],
    });
    // The retry went out as soon as it was due.
    const retriedAt = Date.parse(logged!.attempts[1]!.attemptedAt);
    expect(retriedAt).toBeGreaterThanOrEqual(due);
    expect(retriedAt - due).toBeLessThan(5000);
    expect(Number(retried.headers['x-malice-timestamp'])).toBe(Math.floor(retriedAt / 1000));
    // Delivered: no further attempt however late it gets.
    await clockTo(app, new Date(due + 86_400_000));
    expect((await deliverNow()).attempted).toBe(0);
    expect(receiver.requests).toHaveLength(2);
  });
});

describe('two app copies on one database', () => {
  it('deliver each event once between them', async () => {
    // The same time on both copies (the tests above moved this one's clock): both find the same deliveries due.
    await clockTo(other, await clockTo(app, new Date(0)));
    const eve = await register(app, 'wh_eve');
    const inviters = [await register(app, 'wh_fay'), await register(app, 'wh_gus')];
    const receiver = await startReceiver();
    const hook = await createWebhook(eve, receiver.url, 'eve-webhook-secret-0004');
    const count = 16;
    // Invitations through both copies at once; both copies hear of every event (LISTEN/NOTIFY) and wake up, and
    // passes asked for on both copies at the same time race for the same deliveries.
    const passes: Promise<PassReport>[] = [];
    await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const through = index % 2 === 0 ? app : other;
        await invite(inviters[index % 2]!, 'wh_eve', through);
        passes.push(deliverNow(app), deliverNow(other));
      }),
    );
    await receiver.waitFor(count);
    await Promise.all(passes);
    await deliveriesSettled([hook.id]);
    await Promise.all([deliverNow(app), deliverNow(other)]);

    const ids = receiver.requests.map((request) => request.body.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    const events = (await playerEvents(eve)).filter((event) => event.kind === 'CHALLENGE_RECEIVED');
    expect(ids.sort()).toEqual(events.map((event) => event.id).sort());
    const log = await deliveries(eve, hook.id);
    expect(log).toHaveLength(count);
    for (const delivery of log) {
      expect(delivery).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
      expect(delivery.attempts).toHaveLength(1);
    }
  });
});

describe('giving up', () => {
  it('tries 8 times over the backoff schedule, logs each network error, then gives up', async () => {
    const gil = await register(app, 'wh_gil');
    const hal = await register(app, 'wh_hal');
    // Nothing listens there: every attempt fails at once.
    const hook = await createWebhook(
      gil,
      `http://127.0.0.1:${await freePort()}/gone`,
      'gil-webhook-secret-05',
    );
    await invite(hal, 'wh_gil');
    const latest = async (): Promise<Delivery> => (await deliveries(gil, hook.id))[0]!;
    await eventually('the first attempt logged', async () => (await latest())?.attempts.length === 1);
    const delays = [10, 30, 120, 600, 3600, 21_600, 86_400].map((seconds) => seconds * 1000);
    for (const [index, delay] of delays.entries()) {
      const pending = await latest();
      expect(pending).toMatchObject({ status: 'PENDING', attemptCount: index + 1 });
      const lastAt = Date.parse(pending.attempts.at(-1)!.attemptedAt);
      expect(Date.parse(pending.nextAttemptAt!) - lastAt).toBe(delay);
      await clockTo(app, new Date(pending.nextAttemptAt!));
      expect((await deliverNow()).attempted).toBe(1);
    }
    const failed = await latest();
    expect(failed).toMatchObject({ status: 'FAILED', attemptCount: 8, nextAttemptAt: null });
    expect(failed.attempts.map((attempt) => attempt.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const attempt of failed.attempts) {
      expect(attempt).toMatchObject({ statusCode: null, error: 'connection_failed', succeeded: false });
    }
    // Given up: never tried again.
    await clockTo(app, new Date(Date.parse(failed.attempts.at(-1)!.attemptedAt) + 7 * 86_400_000));
    expect((await deliverNow()).attempted).toBe(0);
    expect((await latest()).attempts).toHaveLength(8);
  });

  it('the test endpoint exists only in a test build: the server `npm start` runs has none, even with a manual clock', async () => {
    const plain = await startAppInProcess({
      databaseUrl: app.databaseUrl,
      env: { ...ENV, WEBHOOK_INTERVAL_MS: '0' },
    });
    try {
      const response = await fetch(`${plain.url}/test/webhooks/deliver`, { method: 'POST' });
      expect(response.status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});

describe('attacks: webhooks into the server’s network', () => {
  const secret = 'attack-webhook-secret-01';
  const create = 'mutation($u: String!, $s: String!) { createWebhook(url: $u, secret: $s) { id url } }';

  it.each([
    ['loopback by 127.0.0.1', 'http://127.0.0.1:8080/in', '127.0.0.1 is a loopback address'],
    ['loopback by localhost', 'http://localhost:8080/in', 'localhost is a loopback name'],
    ['loopback by the number 2130706433', 'http://2130706433:8080/in', '127.0.0.1 is a loopback address'],
    ['loopback by hex 0x7f.1', 'http://0x7f.1/in', '127.0.0.1 is a loopback address'],
    ['loopback by octal 017700000001', 'http://017700000001/in', '127.0.0.1 is a loopback address'],
    ['loopback by [::1]', 'http://[::1]:8080/in', '[::1] is a loopback address'],
    [
      'loopback by [::ffff:127.0.0.1]',
      'http://[::ffff:127.0.0.1]/in',
      '[::ffff:7f00:1] is a loopback address',
    ],
    ['a private network by 10.x', 'http://10.0.0.5:8080/in', '10.0.0.5 is a private-network address'],
    [
      'the metadata service 169.254.169.254',
      'http://169.254.169.254/latest/meta-data/',
      '169.254.169.254 is a cloud metadata service address',
    ],
    [
      'the metadata name metadata.google.internal',
      'http://metadata.google.internal/',
      'metadata.google.internal is a cloud metadata service name',
    ],
  ])('createWebhook refuses %s by default', async (_attack, url, says) => {
    const token = await register(strict, `wh_atk_${Math.random().toString(36).slice(2, 10)}`);
    const body = await strict.gql(token, create, { u: url, s: secret });
    expect({ code: codeOf(body), field: body.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'url',
    });
    expect(body.errors![0]!.message).toContain(`url: ${says}`);
    expect(body.errors![0]!.message).toContain('webhooks only go to public addresses');
    // Nothing was registered.
    expect(dataOf(await strict.gql(token, 'query { webhooks { id } }'))).toEqual({ webhooks: [] });
  });

  it('testWebhook does not POST to a loopback webhook stored before the check, nor do its events', async () => {
    const token = await register(strict, 'wh_atk_old');
    const inviter = await register(strict, 'wh_atk_inviter');
    const receiver = await startReceiver();
    // Registered by a server without the check (or stored by hand): the URL is in the table, unchecked.
    const [row] = await sql<{ id: string }>(
      strict.databaseUrl,
      `INSERT INTO webhooks (id, player_id, url, secret, events, created_at)
       VALUES (gen_random_uuid(), $1, $2, $3, ARRAY['CHALLENGE_RECEIVED'], now()) RETURNING id::text`,
      [(await me(token, strict)).id, receiver.url, secret],
    );
    const attempt = await ping(token, row!.id, strict);
    expect(attempt).toEqual({
      number: 1,
      attemptedAt: expect.any(String),
      statusCode: null,
      error: 'refused_address',
      durationMs: 0,
      succeeded: false,
    });
    await invite(inviter, 'wh_atk_old', strict);
    await eventually('the event’s attempt logged', async () => {
      const logged = await deliveries(token, row!.id, 100, strict);
      return logged.some(
        (delivery) => delivery.kind === 'CHALLENGE_RECEIVED' && delivery.attempts.length > 0,
      );
    });
    const [event] = (await deliveries(token, row!.id, 100, strict)).filter(
      (delivery) => delivery.kind === 'CHALLENGE_RECEIVED',
    );
    expect(event!.attempts).toMatchObject([{ statusCode: null, error: 'refused_address', durationMs: 0 }]);
    expect(receiver.requests).toHaveLength(0);
  });

  it('with WEBHOOK_ALLOWED_NETWORKS, loopback by 127.0.0.1, localhost, 2130706433 and [::1] is delivered', async () => {
    const token = await register(app, 'wh_atk_allowed');
    const v4 = await startReceiver();
    const v6 = await startReceiver(() => 200, '::1');
    const port = new URL(v4.url).port;
    const cases = [
      [`http://127.0.0.1:${port}/a`, `http://127.0.0.1:${port}/a`, v4],
      [`http://localhost:${port}/b`, `http://localhost:${port}/b`, v4],
      [`http://2130706433:${port}/c`, `http://127.0.0.1:${port}/c`, v4],
      [`${v6.url}`, v6.url, v6],
    ] as const;
    for (const [url, stored, receiver] of cases) {
      const hook = await createWebhook(token, url, secret);
      expect(hook.url).toBe(stored);
      const before = receiver.requests.length;
      expect(await ping(token, hook.id)).toMatchObject({ statusCode: 200, error: null, succeeded: true });
      expect(receiver.requests).toHaveLength(before + 1);
      expect(receiver.requests.at(-1)!.body.kind).toBe('PING');
    }
    // Allowed: loopback only. The rest of the network stays refused.
    for (const url of ['http://10.0.0.5/in', 'http://169.254.169.254/', 'http://metadata.google.internal/']) {
      expect(codeOf(await app.gql(token, create, { u: url, s: secret }))).toBe('BAD_USER_INPUT');
    }
  });

  it('the delivery log does not tell a closed port from an open one', async () => {
    const token = await register(app, 'wh_atk_ports');
    // Open, but no HTTP: it hangs up on every connection.
    const connections = new Set<net.Socket>();
    const hangsUp = net.createServer((socket) => {
      connections.add(socket);
      socket.on('error', () => undefined);
      socket.end();
    });
    await new Promise<void>((resolve) => hangsUp.listen(0, '127.0.0.1', resolve));
    receivers.push({
      url: '',
      requests: [],
      waitFor: async () => undefined,
      close: async () => {
        for (const socket of connections) socket.destroy();
        await new Promise((resolve) => hangsUp.close(resolve));
      },
    });
    const open = (hangsUp.address() as AddressInfo).port;
    const closed = await freePort();
    const attempts: Attempt[] = [];
    for (const port of [closed, open]) {
      const hook = await createWebhook(token, `http://127.0.0.1:${port}/in`, secret);
      attempts.push(await ping(token, hook.id));
    }
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ statusCode: null, error: 'connection_failed', succeeded: false });
      expect(attempt.durationMs % 100).toBe(0);
    }
  });
});

describe('attacks: testWebhook as a POST amplifier', () => {
  const secret = 'ping-limit-secret-0001';
  const testWebhook = 'mutation($id: ID!) { testWebhook(id: $id) { id } }';

  /** testWebhook over HTTP, answered as it is: the status, Retry-After and the body. */
  async function pingAnswer(
    token: string,
    webhookId: string,
  ): Promise<{ status: number; retryAfter: string | null; body: GraphQLBody }> {
    const response = await app.post(JSON.stringify({ query: testWebhook, variables: { id: webhookId } }), {
      authorization: `Bearer ${token}`,
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as GraphQLBody,
    };
  }

  async function pingsOf(webhookId: string): Promise<number> {
    const [row] = await sql<{ n: number }>(
      app.databaseUrl,
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND kind = 'PING'`,
      [webhookId],
    );
    return row!.n;
  }

  it('the attack: a sixth ping of one webhook within 10 minutes is RATE_LIMITED (429, Retry-After), nothing queued', async () => {
    const token = await register(app, 'wh_amp_ada');
    const receiver = await startReceiver();
    const [hook, other] = [
      await createWebhook(token, `${receiver.url}/a`, secret),
      await createWebhook(token, `${receiver.url}/b`, secret),
    ];
    for (let sent = 0; sent < 5; sent++) expect((await pingAnswer(token, hook.id)).status).toBe(200);
    const refused = await pingAnswer(token, hook.id);
    expect(refused).toMatchObject({ status: 429, retryAfter: '600' });
    expect(refused.body.errors).toEqual([
      {
        message: 'too many test pings: at most 5 per webhook every 10 minutes; try again in 600 s',
        path: ['testWebhook'],
        extensions: { retryAfter: 600, code: 'RATE_LIMITED' },
      },
    ]);
    expect(await pingsOf(hook.id)).toBe(5);
    // Per webhook: another of the player's may still be pinged.
    expect((await pingAnswer(token, other.id)).status).toBe(200);
    // The window over (on the server's clock), the first may be pinged again.
    const now = await clockTo(app, new Date(0));
    await clockTo(app, new Date(now.getTime() + 600_000));
    expect((await pingAnswer(token, hook.id)).status).toBe(200);
    expect(await pingsOf(hook.id)).toBe(6);
    await receiver.waitFor(7);
  });

  it('a player may ping 20 times in 10 minutes over all their webhooks; another player is not held back', async () => {
    const token = await register(app, 'wh_amp_bo');
    const receiver = await startReceiver();
    const hooks = [];
    for (let index = 0; index < 5; index++)
      hooks.push(await createWebhook(token, `${receiver.url}/${index}`, secret));
    for (const hook of hooks.slice(0, 4)) {
      for (let sent = 0; sent < 5; sent++) expect((await pingAnswer(token, hook.id)).status).toBe(200);
    }
    const refused = await pingAnswer(token, hooks[4]!.id);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(
        /^too many test pings: at most 20 per player every 10 minutes; try again in \d+ s$/,
      ),
      extensions: { code: 'RATE_LIMITED', retryAfter: Number(refused.retryAfter) },
    });
    expect(await pingsOf(hooks[4]!.id)).toBe(0);
    const stranger = await register(app, 'wh_amp_cy');
    const theirs = await createWebhook(stranger, `${receiver.url}/theirs`, secret);
    expect((await pingAnswer(stranger, theirs.id)).status).toBe(200);
    await receiver.waitFor(21);
  });
});
