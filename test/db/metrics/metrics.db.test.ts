/**
 * `GET /metrics` (docs/operations.md#metrics): operations counted under the schema's root fields and their result
 * codes over HTTP and graphql-ws alike, anything else as `other`; label values bounded (aliases and operation
 * names make no series, no id or token is ever a label); the gauges read at scrape time (a game, a webhook
 * delivery due, a missed deadline); the token the route needs; the route absent without one; and a text that parses
 * as the Prometheus exposition format.
 */
import { buildSchema, GraphQLObjectType } from 'graphql';
import { codeOf, dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { openStream } from '../../support/service/ndjson';
import { createGame, joinGame, makeMove } from '../../support/service/play';
import { PrismaService } from '../../../src/prisma/prisma.service';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const ENV = {
  METRICS_TOKEN: TOKEN,
  CLOCK: 'manual',
  SWEEP_INTERVAL_MS: '0',
  WEBHOOK_INTERVAL_MS: '0',
  WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
  // Pushes stay due while the test reads the gauges (and mail is off: no SMTP_URL).
  PUSH_INTERVAL_MS: '0',
};

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\["\\\\n])*"`;
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?\\})? (\\S+)$`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** Every line of the text format 0.0.4, checked: HELP and TYPE comments, then samples of a declared family. */
function parseExposition(text: string): Sample[] {
  const declared = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment !== null) {
      expect(comment[2]).toMatch(new RegExp(`^${NAME}$`));
      if (comment[1] === 'TYPE') {
        expect(TYPES.has(comment[3] as string)).toBe(true);
        declared.set(comment[2] as string, comment[3] as string);
      }
      continue;
    }
    const match = SAMPLE_LINE.exec(line);
    if (match === null) throw new Error(`not an exposition line: ${line}`);
    const name = match[1] as string;
    const family = [...declared.keys()].find(
      (declaredName) =>
        name === declaredName ||
        (/^_(bucket|sum|count|total|created)$/.test(name.slice(declaredName.length)) &&
          name.startsWith(declaredName)),
    );
    if (family === undefined) throw new Error(`a sample of no declared family: ${line}`);
    // Prometheus reads values with Go's ParseFloat: NaN and ±Inf in any case (prom-client writes `Nan`).
    const text = match[3] as string;
    const special = /^(nan|[+-]?inf)$/i.test(text);
    const value = special ? Number(text.replace(/inf/i, 'Infinity').replace(/nan/i, 'NaN')) : Number(text);
    if (!special && Number.isNaN(value)) throw new Error(`not a number: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    samples.push({ name, labels, value });
  }
  return samples;
}

async function scrape(app: InProcessApp, authorization = `Bearer ${TOKEN}`): Promise<Response> {
  return fetch(`${app.url}/metrics`, { headers: { authorization } });
}

async function samples(app: InProcessApp): Promise<{ text: string; samples: Sample[] }> {
  const response = await scrape(app);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, samples: parseExposition(text) };
}

function value(
  all: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return all.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, v]) => sample.labels[key] === v),
  )?.value;
}

function operations(all: readonly Sample[], labels: Record<string, string>): number {
  return all
    .filter(
      (sample) =>
        sample.name === 'malice_graphql_operations_total' &&
        Object.entries(labels).every(([key, v]) => sample.labels[key] === v),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

describe('GET /metrics', () => {
  let app: InProcessApp;
  let alice: string;
  let bob: string;
  let gameId: string;

  beforeAll(async () => {
    app = await startAppInProcess({ env: ENV });
    alice = await register(app, 'ruthalice');
    bob = await register(app, 'ruthbob');
  });
  afterAll(async () => app.close());

  it('needs the token: 401 without it or with another, 200 with it', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await scrape(app, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(app, TOKEN)).status).toBe(401);
    expect((await scrape(app)).status).toBe(200);
  });

  it('counts operations under their root fields and codes, over HTTP and graphql-ws, and moves appended', async () => {
    const created = await createGame(app, alice, { preset: 'CLASSIC', seed: 'metrics-seed' });
    gameId = created.id;
    const dealt = await joinGame(app, bob, gameId);
    const [mover, other] =
      dealt.players.find((seat) => seat.seat === dealt.currentSeat)?.player.username === 'ruthalice'
        ? [alice, bob]
        : [bob, alice];
    const moverView = dataOf(
      await app.gql<{ game: { legalMoves: string[]; version: number } }>(
        mover,
        'query($g: ID!) { game(id: $g) { legalMoves version } }',
        { g: gameId },
      ),
    ).game;
    const refused = await makeMove(app, other, gameId, moverView.legalMoves[0] as string);
    const refusal = codeOf(refused) as string;
    expect(['NOT_YOUR_TURN', 'BAD_USER_INPUT', 'ILLEGAL_MOVE']).toContain(refusal);
    dataOf(await makeMove(app, mover, gameId, moverView.legalMoves[0] as string, moverView.version));

    // Unknown fields, a parse error and introspection are `other`.
    expect(codeOf(await app.gql(null, '{ noSuchField }'))).toBeDefined();
    expect((await app.post('{"query":"{ game("}')).status).toBe(400);
    dataOf(await app.gql(null, '{ __typename }'));
    // Refused before any document is read (the access gate: an unknown token).
    expect(codeOf(await app.gql('not-a-token', '{ game(id: "x") { id } }'))).toBe('UNAUTHENTICATED');
    expect((await fetch(`${app.url}/health`)).status).toBe(200);

    // graphql-ws: a query, a subscription (set up, then ended), an unknown field.
    const client = app.ws(alice);
    try {
      const answer = await new Promise<unknown>((resolve, reject) => {
        client.subscribe(
          { query: `{ game(id: "${gameId}") { id } }` },
          { next: resolve, error: reject, complete: () => undefined },
        );
      });
      expect(answer).toEqual({ data: { game: { id: gameId } } });
      const refusedWs = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: '{ alsoNoSuchField }' },
          { next: () => undefined, error: resolve, complete: () => undefined },
        );
      });
      expect(Array.isArray(refusedWs)).toBe(true);
      const pushes: unknown[] = [];
      const stop = client.subscribe(
        { query: `subscription { gameUpdated(gameId: "${gameId}") { version } }` },
        { next: (push) => pushes.push(push), error: () => undefined, complete: () => undefined },
      );
      await until(async () => value((await samples(app)).samples, 'malice_graphql_subscriptions') === 1);
      stop();
      await until(async () => value((await samples(app)).samples, 'malice_graphql_subscriptions') === 0);
      expect(value((await samples(app)).samples, 'malice_websocket_sockets')).toBe(1);
    } finally {
      await client.dispose();
    }
    await until(async () => value((await samples(app)).samples, 'malice_websocket_sockets') === 0);

    // An NDJSON stream counts while it is open.
    expect(value((await samples(app)).samples, 'malice_ndjson_streams')).toBe(0);
    const stream = await openStream(app.url, `/api/stream/game/${gameId}`, null);
    expect(stream.status).toBe(200);
    await until(async () => value((await samples(app)).samples, 'malice_ndjson_streams') === 1);
    stream.close();
    await until(async () => value((await samples(app)).samples, 'malice_ndjson_streams') === 0);

    // A REST download, by its route's pattern.
    expect((await fetch(`${app.url}/api/games/${gameId}/export`)).status).toBe(200);

    const { text, samples: all } = await samples(app);
    const http = { transport: 'http' };
    expect(operations(all, { ...http, field: 'register', type: 'mutation', code: 'OK' })).toBe(2);
    expect(operations(all, { ...http, field: 'createGame', type: 'mutation', code: 'OK' })).toBe(1);
    expect(operations(all, { ...http, field: 'joinGame', type: 'mutation', code: 'OK' })).toBe(1);
    expect(operations(all, { ...http, field: 'game', type: 'query', code: 'OK' })).toBe(1);
    expect(operations(all, { ...http, field: 'makeMove', type: 'mutation', code: refusal })).toBe(1);
    expect(operations(all, { ...http, field: 'makeMove', type: 'mutation', code: 'OK' })).toBe(1);
    // The unknown field and the introspection (query type), the parse error (no document: no type).
    expect(operations(all, { ...http, field: 'other', type: 'query' })).toBe(2);
    expect(operations(all, { ...http, field: 'other', type: 'other', code: 'BAD_USER_INPUT' })).toBe(1);
    expect(operations(all, { ...http, field: 'other', type: 'other', code: 'UNAUTHENTICATED' })).toBe(1);
    expect(value(all, 'malice_http_requests_total', { route: '/health', status: '200' })).toBe(1);
    const ws = { transport: 'ws' };
    expect(operations(all, { ...ws, field: 'game', type: 'query', code: 'OK' })).toBe(1);
    expect(operations(all, { ...ws, field: 'gameUpdated', type: 'subscription', code: 'OK' })).toBe(1);
    expect(operations(all, { ...ws, field: 'other', type: 'query' })).toBe(1);
    expect(
      value(all, 'malice_graphql_operation_duration_seconds_count', { field: 'makeMove', transport: 'http' }),
    ).toBe(2);
    expect(value(all, 'malice_moves_appended_total')).toBe(1);
    expect(
      value(all, 'malice_http_requests_total', {
        route: '/api/games/:id/export',
        method: 'GET',
        status: '200',
      }),
    ).toBe(1);
    expect(
      value(all, 'malice_http_requests_total', { route: '/graphql', method: 'POST', status: '400' }),
    ).toBe(2); // the unknown field and the parse error
    // No id, name or token in the text.
    for (const secret of [gameId, alice, bob, TOKEN, 'ruthalice', 'ruthbob', 'metrics-seed'])
      expect(text).not.toContain(secret);
  });

  it('keeps label values bounded: aliases and operation names make no series', async () => {
    const before = (await samples(app)).samples.filter(
      (sample) => sample.name === 'malice_graphql_operations_total',
    ).length;
    for (let i = 0; i < 25; i++) {
      dataOf(
        await app.gql(
          alice,
          `query Named${i} { a${i}: game(id: "${gameId}") { id } b${i}: game(id: "${gameId}") { version } }`,
        ),
      );
    }
    const { text, samples: all } = await samples(app);
    const series = all.filter((sample) => sample.name === 'malice_graphql_operations_total');
    expect(series.length).toBe(before);
    expect(operations(all, { transport: 'http', field: 'game', code: 'OK' })).toBe(26);
    expect(text).not.toMatch(/Named\d|"a\d+"|"b\d+"/);
    // Every field label is one of the schema's root fields, or other.
    const sdl = await (await fetch(`${app.url}/graphql/schema.graphql`)).text();
    const schema = buildSchema(sdl);
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
      (type): type is GraphQLObjectType => type !== null && type !== undefined,
    );
    const known = new Set(['other', ...roots.flatMap((type) => Object.keys(type.getFields()))]);
    for (const sample of series) expect(known.has(sample.labels.field as string)).toBe(true);
  });

  it('reads the gauges when scraped: games by status, a webhook delivery due, a missed deadline', async () => {
    const created = await createGame(app, alice, { preset: 'CLASSIC' });
    let all = (await samples(app)).samples;
    expect(value(all, 'malice_games', { status: 'WAITING' })).toBe(1);
    expect(value(all, 'malice_games', { status: 'ACTIVE' })).toBe(1);
    expect(value(all, 'malice_games', { status: 'FINISHED' })).toBe(0);
    expect(value(all, 'malice_webhook_deliveries_due')).toBe(0);
    expect(value(all, 'malice_push_deliveries_due')).toBe(0);
    expect(value(all, 'malice_mail_outbox_due')).toBe(0);
    expect(value(all, 'malice_sweeper_lag_seconds')).toBe(0);
    expect(value(all, 'malice_listen_up')).toBe(1);
    expect(value(all, 'malice_database_up')).toBe(1);
    expect(value(all, 'malice_db_pool_connections', { pool: 'user', state: 'total' })).toBeGreaterThan(0);
    expect(value(all, 'malice_db_pool_waiting', { pool: 'user' })).toBe(0);
    // The workers' own pool (src/db/pools.ts), labelled alike.
    expect(value(all, 'malice_db_pool_max', { pool: 'user' })).toBe(10);
    expect(value(all, 'malice_db_pool_max', { pool: 'worker' })).toBe(3);
    expect(value(all, 'malice_db_pool_waiting', { pool: 'worker' })).toBe(0);
    expect(value(all, 'malice_db_pool_refused_total', { pool: 'user', reason: 'full' })).toBe(0);
    expect(value(all, 'malice_nodejs_eventloop_lag_seconds')).toBeDefined();

    const hook = dataOf(
      await app.gql<{ createWebhook: { id: string } }>(
        alice,
        'mutation($u: String!, $s: String!) { createWebhook(url: $u, secret: $s) { id } }',
        { u: 'http://127.0.0.1:9/hook', s: 'a webhook secret of enough length' },
      ),
    ).createWebhook;
    dataOf(await app.gql(alice, 'mutation($id: ID!) { testWebhook(id: $id) { id } }', { id: hook.id }));
    // A deadline ten minutes past that no sweeper has timed out (the sweeper is off in this app).
    const now = app.clock().now();
    await sql(app.databaseUrl, 'UPDATE games SET deadline = $2 WHERE id = $1::uuid', [
      gameId,
      new Date(now.getTime() - 600_000),
    ]);
    // A push and a mail due now (written as their outboxes would, for a device and an address of alice's).
    await sql(
      app.databaseUrl,
      `WITH player AS (SELECT id FROM players WHERE username = 'ruthalice'),
       device AS (
         INSERT INTO push_subscriptions (id, player_id, endpoint, p256dh, auth, device, created_at)
         SELECT gen_random_uuid(), id, 'https://192.0.2.1/m', 'k', 'a', 'A browser', $1 FROM player
         RETURNING id),
       pushed AS (
         INSERT INTO push_deliveries (subscription_id, kind, next_attempt_at, created_at)
         SELECT id, 'TEST', $1, $1 FROM device RETURNING 1)
       INSERT INTO mail_outbox (player_id, kind, to_address, next_attempt_at, created_at)
       SELECT id, 'VERIFY', 'alice@mail.example', $1, $1 FROM player`,
      [now],
    );
    app.clock().advance(120_000);

    all = (await samples(app)).samples;
    expect(value(all, 'malice_push_deliveries_due')).toBe(1);
    expect(value(all, 'malice_push_oldest_due_seconds')).toBeGreaterThanOrEqual(119);
    expect(value(all, 'malice_mail_outbox_due')).toBe(1);
    expect(value(all, 'malice_mail_oldest_due_seconds')).toBeGreaterThanOrEqual(119);
    expect(value(all, 'malice_webhook_deliveries_pending')).toBeGreaterThanOrEqual(1);
    expect(value(all, 'malice_webhook_deliveries_due')).toBeGreaterThanOrEqual(1);
    expect(value(all, 'malice_webhook_oldest_due_seconds')).toBeGreaterThanOrEqual(119);
    expect(value(all, 'malice_sweeper_lag_seconds')).toBeGreaterThanOrEqual(719);
    expect(value(all, 'malice_bot_lag_seconds')).toBe(0);
    expect(created.status).toBe('WAITING');
  });
});

describe('the query pool', () => {
  let app: InProcessApp;
  beforeAll(async () => {
    // The query below waits over a second for a free connection on purpose (DATABASE_QUEUE_MS bounds that wait:
    // 30 s by default; the connect timeout bounds only the opening of a connection).
    app = await startAppInProcess({ env: ENV });
  });
  afterAll(async () => app.close());

  it('times how long each connection takes to get, a wait for a free one included', async () => {
    const pool = app.get(PrismaService).pool;
    const count = async (): Promise<{ count: number; slow: number; waiting: number }> => {
      const all = (await samples(app)).samples;
      const total = value(all, 'malice_db_pool_acquire_seconds_count', { pool: 'user' }) ?? 0;
      // Observations above a second (far above opening a connection): the count minus those within it.
      const fast = value(all, 'malice_db_pool_acquire_seconds_bucket', { pool: 'user', le: '1' }) ?? 0;
      const waiting = value(all, 'malice_db_pool_waiting', { pool: 'user' }) ?? -1;
      return { count: total, slow: total - fast, waiting };
    };
    const before = await count();
    // Every connection taken: the next query waits for one, here for over a second.
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    const queued = performance.now();
    const query = pool.query('SELECT 1');
    for (;;) {
      if (pool.waiting === 1 && performance.now() - queued > 1100) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    held.forEach((client) => client.release());
    await query;
    const after = await count();
    // The held connections and the waiting query, each timed once (the scrapes took theirs too).
    expect(after.count).toBeGreaterThanOrEqual(before.count + held.length + 1);
    expect(after.slow).toBe(before.slow + 1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is absent (404), and the web client does not take the path over', async () => {
    const app = await startAppInProcess({ env: { CLOCK: 'manual' } });
    try {
      expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
      expect(
        (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
