/**
 * Backpressure, not 503s (docs/operations.md#connection-pools): a request waits for a pooled connection up to
 * DATABASE_QUEUE_MS while the database is up — far longer than DATABASE_CONNECT_TIMEOUT_MS, which bounds only the
 * opening of a connection — and beyond DATABASE_QUEUE_MAX waiting the next one is refused at once, UNAVAILABLE with
 * a retry hint. The background workers and the metrics scrape take their connections from a pool of their own, so
 * a saturated user pool does not stop them, nor do they stop the users. While the database is down nobody waits:
 * the waiting are refused as soon as the copy knows (docs/operations.md#outages).
 *
 * A request is held on its connection by a lock on `games` that the test takes and lets go of; a pool is saturated
 * by taking its connections in the test (the app runs in this process); the database goes away behind a TCP relay
 * the test cuts. Real Postgres, real HTTP.
 */
import * as net from 'node:net';
import type { PoolClient } from 'pg';
import { Client } from 'pg';
import { BotWorker } from '../../../src/bots/bot-worker';
import { freePort } from '../../../src/common/free-port';
import { DeadlineSweeper } from '../../../src/correspondence/sweeper';
import type { ObservedPool } from '../../../src/db/connections';
import { onWorkerPool } from '../../../src/db/pools';
import { PrismaService } from '../../../src/prisma/prisma.service';
import { GraphQLBody, codeOf, dataOf, register } from '../../support/service/app';
import { freshDatabase, sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { until } from '../../support/service/outage';
import { chooseMove, createGame, joinGame, makeMove, readGame } from '../../support/service/play';

const CONNECT_TIMEOUT_MS = 1000;
const TOKEN = 'metrics-token-for-the-pool-tests-0123';
const BASE_ENV = {
  DATABASE_POOL_SIZE: '2',
  DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  // The reads held behind the test's lock are slow queries, not a database that stopped answering.
  DATABASE_QUERY_TIMEOUT_MS: '60000',
  SWEEP_INTERVAL_MS: '0',
  WEBHOOK_INTERVAL_MS: '0',
  METRICS_TOKEN: TOKEN,
};

const GAME = 'query($g: ID!) { game(id: $g) { id version } }';

/** A transaction of the test's own holding an exclusive lock on `games`: every read of a game waits for it. */
async function lockGames(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE games IN ACCESS EXCLUSIVE MODE');
  return {
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

/** The app's query connections that wait for a lock now. */
async function waitingForLock(databaseUrl: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'malice' AND wait_event_type = 'Lock'`,
  );
  return row!.n;
}

/** A game anyone may read, read once (its seats are then kept: later reads are one statement on one connection). */
async function aGame(app: InProcessApp, name: string): Promise<string> {
  const token = await register(app, name);
  const { id } = await createGame(app, token, { preset: 'CLASSIC' });
  dataOf(await app.gql(null, GAME, { g: id }));
  return id;
}

/** Sends `count` reads of the game at once, keeping each answer as it comes. */
function readsOf(app: InProcessApp, gameId: string, count: number) {
  const answered: GraphQLBody[] = [];
  const all = Promise.all(
    Array.from({ length: count }, async () => {
      const body = await app.gql(null, GAME, { g: gameId });
      answered.push(body);
      return body;
    }),
  );
  return { answered, all };
}

async function metrics(app: InProcessApp): Promise<string> {
  const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** One sample's value in the exposition text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * Takes `count` connections through `pool` (from this test: the user pool's; inside onWorkerPool, the workers'),
 * or none: those it got are given back if one is refused (a pool cannot close while a connection is out).
 */
async function take(pool: ObservedPool, count: number): Promise<PoolClient[]> {
  const taken = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()));
  const clients = taken.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const refusal = taken.find((outcome) => outcome.status === 'rejected');
  if (refusal === undefined) return clients;
  clients.forEach((client) => client.release());
  throw refusal.reason;
}

describe('a request waits for a connection instead of being refused', () => {
  let app: InProcessApp;
  beforeAll(async () => {
    app = await startAppInProcess({ env: BASE_ENV });
  });
  afterAll(async () => app.close());

  it('60 requests in flight on a pool of 2, held past the connect timeout: every one answered, none UNAVAILABLE', async () => {
    const pool = app.get(PrismaService).pool;
    expect(pool.options.max).toBe(2);
    const gameId = await aGame(app, 'pool_ann');
    const lock = await lockGames(app.databaseUrl);
    let reads: ReturnType<typeof readsOf>;
    try {
      reads = readsOf(app, gameId, 60);
      // Two requests on their connections behind the lock, the other 58 waiting for one of them — unless (as when
      // the connect timeout bounded the wait) some were answered already, which behind the lock means refused.
      await until('every request holds or waits for a connection', async () => {
        if (reads.answered.length > 0) return true;
        return pool.waiting === 58 && (await waitingForLock(app.databaseUrl)) === 2;
      });
      // The waits go on past DATABASE_CONNECT_TIMEOUT_MS, which bounded them before DATABASE_QUEUE_MS did.
      const queuedAt = performance.now();
      await until(
        'the waits outlast the connect timeout',
        () => reads.answered.length > 0 || performance.now() - queuedAt > 2 * CONNECT_TIMEOUT_MS,
      );
    } finally {
      await lock.release();
    }
    const answers = await reads.all;
    expect(answers.filter((body) => codeOf(body) === 'UNAVAILABLE')).toEqual([]);
    expect(answers.map((body) => body.errors)).toEqual(answers.map(() => undefined));
    expect(answers.every((body) => (body.data as { game: { id: string } }).game.id === gameId)).toBe(true);
    expect(pool.waiting).toBe(0);
  });
});

describe('the queue bound (DATABASE_QUEUE_MAX)', () => {
  let app: InProcessApp;
  beforeAll(async () => {
    app = await startAppInProcess({ env: { ...BASE_ENV, DATABASE_QUEUE_MAX: '5' } });
  });
  afterAll(async () => app.close());

  it('refuses the request past it at once: 503 UNAVAILABLE with Retry-After; those waiting are served', async () => {
    const pool = app.get(PrismaService).pool;
    const gameId = await aGame(app, 'pool_bea');
    const lock = await lockGames(app.databaseUrl);
    let reads: ReturnType<typeof readsOf>;
    const refused: { status: number; retryAfter: string | null; body: GraphQLBody }[] = [];
    try {
      reads = readsOf(app, gameId, 7);
      await until(
        'two requests hold a connection and five wait',
        async () => pool.waiting === 5 && (await waitingForLock(app.databaseUrl)) === 2,
      );
      // Answered while the lock is still held: refused at once, not after a wait.
      for (let i = 0; i < 3; i++) {
        const response = await app.post(JSON.stringify({ query: GAME, variables: { g: gameId } }), {
          'content-type': 'application/json',
        });
        refused.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as GraphQLBody,
        });
      }
      expect(reads.answered).toEqual([]);
    } finally {
      await lock.release();
    }
    const message =
      'the server is busy (too many requests are waiting for the database); try again in a second';
    for (const answer of refused) {
      expect(answer).toEqual({
        status: 503,
        retryAfter: '1',
        body: {
          errors: [{ message, path: ['game'], extensions: { code: 'UNAVAILABLE', retryAfter: 1 } }],
          data: { game: null },
        },
      });
    }
    const answers = await reads.all;
    expect(answers.map((body) => body.errors)).toEqual(answers.map(() => undefined));
    const text = await metrics(app);
    expect(sample(text, 'malice_db_pool_refused_total{pool="user",reason="full"}')).toBe(3);
    expect(sample(text, 'malice_db_pool_refused_total{pool="worker",reason="full"}')).toBe(0);
  });
});

describe('the workers have a pool of their own', () => {
  let app: InProcessApp;
  beforeAll(async () => {
    app = await startAppInProcess({
      // The manual clock drives deadlines and the bots' delay; a wait bug would end within DATABASE_QUEUE_MS.
      env: { ...BASE_ENV, CLOCK: 'manual', BOT_DELAY_MS: '60000', DATABASE_QUEUE_MS: '10000' },
    });
  });
  afterAll(async () => app.close());

  /**
   * Runs `work` while every connection of the user pool is taken and three requests wait for one; those are
   * answered once the connections are given back.
   */
  async function whileUsersWait<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    const pool = app.get(PrismaService).pool;
    const held = await take(pool, pool.options.max ?? 0);
    let reads: ReturnType<typeof readsOf> | null = null;
    let result: T;
    try {
      reads = readsOf(app, gameId, 3);
      await until('three requests wait for a connection', () => pool.waiting === 3);
      result = await work();
      expect(reads.answered).toEqual([]);
    } finally {
      held.forEach((client) => client.release());
    }
    const answers = await reads.all;
    expect(answers.map((body) => body.errors)).toEqual([undefined, undefined, undefined]);
    return result;
  }

  it('the sweeper times a game out, and /metrics answers, while every user connection is taken', async () => {
    const players = [await register(app, 'pool_cal'), await register(app, 'pool_dan')];
    const created = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        players[0]!,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { preset: 'CLASSIC', hoursPerMove: 6 } },
      ),
    ).createGame;
    await joinGame(app, players[1]!, created.id);
    app.clock().advance(7 * 3_600_000);
    const { report, text } = await whileUsersWait(created.id, async () => ({
      report: await app.get(DeadlineSweeper).sweep(),
      text: await metrics(app),
    }));
    // A player who never moved: the game is called off (docs/correspondence.md), through the normal command path.
    expect(report.timedOut + report.aborted).toBe(1);
    const [row] = await sql<{ status: string }>(app.databaseUrl, 'SELECT status FROM games WHERE id = $1', [
      created.id,
    ]);
    expect(row!.status).not.toBe('ACTIVE');
    // The scrape read the database (on the workers' pool) and saw the users' waiting.
    expect(sample(text, 'malice_db_pool_waiting{pool="user"}')).toBe(3);
    expect(sample(text, 'malice_db_pool_connections{pool="user",state="idle"}')).toBe(0);
    expect(sample(text, 'malice_games{status="ACTIVE"}')).toBeDefined();
  });

  it("a built-in bot's turn is taken up by the catch-up scan, and played, while every user connection is taken", async () => {
    const token = await register(app, 'pool_eve');
    const created = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        token,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { preset: 'CLASSIC', seed: 'pool-bot-game', bot: 'GREEDY' } },
      ),
    ).createGame;
    // Play the person's turns until the bot is to move (its own move waits BOT_DELAY_MS of the manual clock).
    let game = await readGame(app, token, created.id);
    for (let step = 0; step < 60 && game.status === 'ACTIVE' && game.isMyTurn; step++) {
      dataOf(await makeMove(app, token, created.id, chooseMove(game.legalMoves), game.version));
      game = await readGame(app, token, created.id);
    }
    expect({ status: game.status, botToMove: game.currentSeat !== game.mySeat }).toEqual({
      status: 'ACTIVE',
      botToMove: true,
    });
    const version = async (): Promise<number> =>
      (
        await sql<{ version: number }>(app.databaseUrl, 'SELECT version FROM games WHERE id = $1', [
          created.id,
        ])
      )[0]!.version;
    const before = await version();
    await whileUsersWait(created.id, async () => {
      app.clock().advance(61_000);
      await app.get(BotWorker).scan();
      await until('the bot moved', async () => (await version()) > before, 10_000);
    });
  });

  it('a request is answered while every connection of the worker pool is taken', async () => {
    const gameId = await aGame(app, 'pool_fay');
    const { pool, pools } = app.get(PrismaService);
    const workers = pools.byName.worker;
    const held = await onWorkerPool(() => take(pool, workers.options.max ?? 0));
    try {
      // Taken from the workers' pool, through the pool every component uses.
      expect(workers.totalCount - workers.idleCount).toBe(3);
      expect(pools.byName.user.totalCount - pools.byName.user.idleCount).toBe(0);
      const body = await app.gql(null, GAME, { g: gameId });
      expect(body.errors).toBeUndefined();
    } finally {
      held.forEach((client) => client.release());
    }
  });
});

/**
 * The app's way to its database, through a TCP relay the test can cut as a crashed Postgres would be: every
 * connection reset, new ones refused; `restore` serves again on the same port, `close` ends it.
 */
async function relayTo(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let listening: net.Server | null = null;
  const serve = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        listening = server;
        resolve();
      });
    });
  const stop = async (): Promise<void> => {
    const server = listening;
    listening = null;
    for (const socket of sockets) socket.resetAndDestroy();
    if (server !== null) await new Promise((resolve) => server.close(resolve));
  };
  await serve();
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut: stop,
    async restore(): Promise<void> {
      if (listening === null) await serve();
    },
    close: stop,
  };
}

describe('while the database is down', () => {
  let app: InProcessApp;
  let database: { url: string; drop: () => Promise<void> };
  let relay: Awaited<ReturnType<typeof relayTo>>;
  beforeAll(async () => {
    database = await freshDatabase();
    relay = await relayTo(database.url);
    app = await startAppInProcess({
      databaseUrl: relay.url,
      env: { ...BASE_ENV, DATABASE_PROBE_INTERVAL_MS: '100', DATABASE_CONNECT_TIMEOUT_MS: '500' },
    });
  });
  afterAll(async () => {
    await relay.restore();
    await app.close();
    await relay.close();
    await database.drop();
  });

  it('the requests waiting for a connection are refused as soon as the copy knows, not after DATABASE_QUEUE_MS', async () => {
    const pool = app.get(PrismaService).pool;
    const gameId = await aGame(app, 'pool_gus');
    const held = await take(pool, pool.options.max ?? 0);
    const reads = readsOf(app, gameId, 5);
    let cutAt = 0;
    try {
      await until('five requests wait for a connection', () => pool.waiting === 5);
      cutAt = performance.now();
      await relay.cut();
      // The held connections break: the copy checks the database, finds it gone, and refuses whoever waits.
      const answers = await reads.all;
      const answeredWithin = performance.now() - cutAt;
      expect(answers.map((body) => ({ code: codeOf(body), message: body.errors?.[0]?.message }))).toEqual(
        answers.map(() => ({
          code: 'UNAVAILABLE',
          message: 'the database is unavailable; try again in a few seconds',
        })),
      );
      expect(answeredWithin).toBeLessThan(5000);
    } finally {
      held.forEach((client) => client.release(true));
      await relay.restore();
    }
    await until('ready again', async () => (await fetch(`${app.url}/health/ready`)).status === 200);
    expect((await app.gql(null, GAME, { g: gameId })).errors).toBeUndefined();
  });
});
