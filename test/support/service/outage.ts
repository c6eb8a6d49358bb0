/**
 * For the database outage tests (test/e2e/db/postgres-outage.e2e.test.ts): the compiled server with an embedded
 * Postgres of its own (so a test may kill or stop that Postgres without harming other test files), clients that
 * play through the outage and keep what they were told, and observers of the health endpoints.
 *
 * - `startOwnServer(env)`: `node dist/main.js` without DATABASE_URL, in a fresh DATA_DIR; `adminUrl` signs in to
 *   its Postgres with the folder's password; `postgresPids()` lists the postmaster and its children (Linux /proc).
 * - `timedGql`: one GraphQL POST, with its HTTP status and how long the answer took.
 * - `PlayLoop`: one player playing one game through HTTP for as long as asked, each move with `expectedVersion`
 *   and a `clientMoveId`; a move answered UNAVAILABLE is sent again as it was (the log's guards make that safe),
 *   until it is acknowledged. It keeps every answer and every acknowledged move.
 * - `EventsWatch`: a `myEvents` subscription that keeps every event it is pushed.
 * - `HealthWatch`: `/health` and `/health/ready` sampled until stopped.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Client as WsClient } from 'graphql-ws';
import { Client } from 'pg';
import { freePort } from '../../../src/common/free-port';
import { childrenOf } from '../child-processes';
import { waitUntilServing } from '../../../src/common/serving';
import { GraphQLBody, codeOf, wsClient } from './app';
import { chooseMove } from './play';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** What a client of the API must always get while the database is away: an answer within this. */
export const ANSWER_WITHIN_MS = 5000;

export interface OwnServer {
  readonly url: string;
  readonly dataDir: string;
  readonly adminUrl: string;
  output(): string;
  /** Exit code or signal once the process has exited; null while it runs. */
  exit(): string | null;
  postmasterPid(): number;
  /** The postmaster and every process it started. */
  postgresPids(): number[];
  ws(token: string | null): WsClient;
  /** Opens a graphql-ws connection and resolves with how the server closed it. */
  closeOfNewSocket(token: string | null): Promise<{ code: number; reason: string }>;
  /** SIGTERM, then waits for the exit; removes the data folder. */
  close(): Promise<void>;
}

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-outage-'));
  fs.chmodSync(dataDir, 0o755);
  const postgresPort = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      RATE_LIMIT_REQUESTS: '1000000',
      // Tests sign players up several at a time; the cap on hashes at once has tests of its own.
      PASSWORD_MAX_CONCURRENT_HASHES: '64',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitUntilServing(child, () => output, 90_000);
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const sockets: WsClient[] = [];
  const postmasterPid = (): number =>
    Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url,
    dataDir,
    adminUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${postgresPort}/postgres`,
    output: () => output,
    exit: () => exitOf(child),
    postmasterPid,
    postgresPids: () => {
      const postmaster = postmasterPid();
      return [postmaster, ...childrenOf(postmaster)];
    },
    ws(token) {
      const client = wsClient(url, token);
      sockets.push(client);
      return client;
    },
    closeOfNewSocket(token) {
      return new Promise((resolve) => {
        wsClient(url, token, {
          // The close ends this client (no retries): nothing to dispose of.
          onNonLazyError: () => undefined,
          on: {
            closed: (event) => {
              const { code, reason } = event as { code: number; reason: string };
              resolve({ code, reason });
            },
          },
        });
      });
    },
    async close() {
      await Promise.all(sockets.map((socket) => socket.dispose()));
      if (exitOf(child) === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      // A server that died (the bug under test) leaves its Postgres behind: stop it.
      try {
        process.kill(postmasterPid(), 'SIGKILL');
      } catch {
        // gone already
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function exitOf(child: ChildProcess): string | null {
  if (child.exitCode !== null) return `exit code ${child.exitCode}`;
  if (child.signalCode !== null) return `signal ${child.signalCode}`;
  return null;
}

/** Runs SQL on the server's Postgres as its administrator. */
export async function adminSql<T extends object>(
  server: OwnServer,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: server.adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface Answer<T> {
  readonly status: number;
  readonly body: GraphQLBody<T>;
  readonly ms: number;
}

/** One GraphQL POST; a client that waited past 15 s gives up (and the test sees the time it took). */
export async function timedGql<T>(
  url: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const started = performance.now();
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json()) as GraphQLBody<T>;
  return { status: response.status, body, ms: performance.now() - started };
}

/**
 * Registers a player; returns their token and id. A setup step, so it does what a client is told to do with
 * UNAVAILABLE (docs/api/errors.md#unavailable: retry after `extensions.retryAfter`): a table set up just after an earlier outage, on a
 * busy machine, may meet the database still waking. A registration that did commit before such an answer is
 * refused as taken on the retry: then the account is this one's, and it signs in, as a client would.
 */
export async function registerPlayer(url: string, username: string): Promise<{ token: string; id: string }> {
  const password = 'correct horse battery staple';
  let answeredUnavailable = false;
  for (let attempt = 1; ; attempt++) {
    const answer = await timedGql<{ register: { token: string; player: { id: string } } }>(
      url,
      null,
      'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token player { id } } }',
      { u: username, p: password },
    );
    const registered = answer.body.data?.register;
    if (registered !== undefined) return { token: registered.token, id: registered.player.id };
    const error = answer.body.errors?.[0];
    if (answeredUnavailable && error?.extensions?.field === 'username') {
      const signedIn = await timedGql<{ login: { token: string; player: { id: string } } }>(
        url,
        null,
        'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token player { id } } }',
        { u: username, p: password },
      );
      const session = signedIn.body.data?.login;
      if (session !== undefined) return { token: session.token, id: session.player.id };
    }
    const unavailable = error?.extensions?.code === 'UNAVAILABLE';
    if (!unavailable || attempt >= 5)
      throw new Error(`register failed: ${JSON.stringify(answer.body.errors)}`);
    answeredUnavailable = true;
    await sleep(1000);
  }
}

/** A dealt two-player CLASSIC game between `first` and `second` (or a built-in bot), by fixed seed. */
export async function dealGame(
  url: string,
  first: string,
  second: string | 'GREEDY',
  seed: string,
): Promise<string> {
  const input =
    second === 'GREEDY' ? { preset: 'CLASSIC', seed, bot: 'GREEDY' } : { preset: 'CLASSIC', seed };
  const created = await timedGql<{ createGame: { id: string } }>(
    url,
    first,
    'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
    { input },
  );
  const id = created.body.data?.createGame.id;
  if (id === undefined) throw new Error(`createGame failed: ${JSON.stringify(created.body.errors)}`);
  if (second !== 'GREEDY') {
    const joined = await timedGql(url, second, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', {
      g: id,
    });
    if (joined.body.errors !== undefined)
      throw new Error(`joinGame failed: ${JSON.stringify(joined.body.errors)}`);
  }
  return id;
}

interface LoopGame {
  status: string;
  version: number;
  currentSeat: number | null;
  mySeat: number | null;
  legalMoves: string[];
}

const READ = 'query($g: ID!) { game(id: $g) { status version currentSeat mySeat legalMoves } }';
const MOVE = `mutation($g: ID!, $m: String!, $v: Int!, $c: String!) {
  makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { version } } }`;

export interface Acknowledged {
  readonly clientMoveId: string;
  /**
   * The version the move made: sent with `expectedVersion` v, it is event v + 1 of the log or nothing. Not the
   * answer's `version`: a retry of an applied move answers with the game as it is now, which may be after the
   * opponent's next moves, so answers arrive out of log order under load.
   */
  readonly version: number;
  /** The game version in the answer (at least `version`). */
  readonly answered: number;
  readonly at: number;
}

export interface Seen {
  readonly operation: 'read' | 'move';
  readonly status: number;
  readonly code: string | undefined;
  readonly ms: number;
  readonly at: number;
}

/** One player playing one game (see the file's header). */
export class PlayLoop {
  readonly acknowledged: Acknowledged[] = [];
  readonly seen: Seen[] = [];
  private stopping = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly token: string,
    readonly gameId: string,
    /** Prefix of this player's clientMoveIds. */
    readonly name: string,
  ) {}

  start(): void {
    this.running = this.run();
  }

  /** Stops after the move in flight is acknowledged (so every move sent is settled). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Answers other than data, UNAVAILABLE or VERSION_CONFLICT (none are expected). */
  unexpected(): Seen[] {
    return this.seen.filter(
      (seen) => seen.code !== undefined && seen.code !== 'UNAVAILABLE' && seen.code !== 'VERSION_CONFLICT',
    );
  }

  acknowledgedSince(at: number): number {
    return this.acknowledged.filter((ack) => ack.at >= at).length;
  }

  unavailableSince(at: number): Seen[] {
    return this.seen.filter((seen) => seen.code === 'UNAVAILABLE' && seen.at >= at);
  }

  private async send<T>(operation: Seen['operation'], query: string, variables: Record<string, unknown>) {
    const answer = await timedGql<T>(this.url, this.token, query, variables);
    const code = codeOf(answer.body as GraphQLBody);
    this.seen.push({ operation, status: answer.status, code, ms: answer.ms, at: Date.now() });
    return answer;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const read = await this.send<{ game: LoopGame | null }>('read', READ, { g: this.gameId });
      // A read that failed (UNAVAILABLE) has no game: `data` is null, or `game` is (a nullable field's error).
      const game = read.body.data?.game ?? undefined;
      if (game === undefined) {
        await sleep(50);
        continue;
      }
      if (game.status !== 'ACTIVE') return;
      if (game.currentSeat !== game.mySeat || game.legalMoves.length === 0) {
        await sleep(40);
        continue;
      }
      const move = chooseMove(game.legalMoves);
      const clientMoveId = `${this.name}-${game.version}`;
      // Sent again as it was while the answer is UNAVAILABLE: at most once in the log, whatever happened to it.
      for (;;) {
        const answer = await this.send<{ makeMove: { game: { version: number } } }>('move', MOVE, {
          g: this.gameId,
          m: move,
          v: game.version,
          c: clientMoveId,
        });
        const moved = answer.body.data?.makeMove.game;
        if (moved !== undefined && moved !== null) {
          this.acknowledged.push({
            clientMoveId,
            version: game.version + 1,
            answered: moved.version,
            at: Date.now(),
          });
          break;
        }
        if (codeOf(answer.body as GraphQLBody) !== 'UNAVAILABLE') break;
        await sleep(100);
      }
    }
  }
}

/** A `myEvents` subscription keeping every event pushed, in arrival order. */
export class EventsWatch {
  readonly ids: string[] = [];
  readonly arrivals: number[] = [];
  failure: unknown = undefined;

  constructor(client: WsClient) {
    client.subscribe<{ myEvents: { id: string } }>(
      { query: 'subscription { myEvents { id kind gameId } }' },
      {
        next: (push) => {
          const id = push.data?.myEvents.id;
          if (id !== undefined) {
            this.ids.push(id);
            this.arrivals.push(Date.now());
          } else this.failure = push.errors;
        },
        error: (error) => (this.failure = error),
        complete: () => undefined,
      },
    );
  }

  receivedSince(at: number): number {
    return this.arrivals.filter((arrival) => arrival >= at).length;
  }
}

export interface HealthSample {
  readonly at: number;
  readonly live: number;
  readonly liveMs: number;
  readonly ready: number;
  readonly readyBody: unknown;
}

/** `/health` and `/health/ready`, sampled every 25 ms until stopped. */
export class HealthWatch {
  readonly samples: HealthSample[] = [];
  private stopping = false;
  private readonly running: Promise<void>;

  constructor(private readonly url: string) {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  notReady(): HealthSample[] {
    return this.samples.filter((sample) => sample.ready !== 200);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const started = performance.now();
      try {
        const live = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(15_000) });
        const liveMs = performance.now() - started;
        await live.arrayBuffer();
        const ready = await fetch(`${this.url}/health/ready`, { signal: AbortSignal.timeout(15_000) });
        this.samples.push({
          at: Date.now(),
          live: live.status,
          liveMs,
          ready: ready.status,
          readyBody: await ready.json(),
        });
      } catch (error) {
        // No answer at all (the server is gone): a sample no assertion accepts.
        this.samples.push({
          at: Date.now(),
          live: 0,
          liveMs: performance.now() - started,
          ready: 0,
          readyBody: String(error),
        });
      }
      await sleep(25);
    }
  }
}

/** Polls `condition` every 25 ms until it holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * One query over an open graphql-ws connection: the first error code it got (undefined: data) and how long the
 * answer took. A refusal before execution comes as an `error` message, an execution error in `next`.
 */
export function timedWsQuery(
  client: WsClient,
  query: string,
): Promise<{ code: string | undefined; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let code: string | undefined;
    client.subscribe(
      { query },
      {
        next: (result) => {
          code ??= (result.errors?.[0] as { extensions?: { code?: string } } | undefined)?.extensions?.code;
        },
        error: (error) => {
          const errors = Array.isArray(error) ? (error as { extensions?: { code?: string } }[]) : [];
          resolve({ code: errors[0]?.extensions?.code ?? 'SOCKET_ERROR', ms: performance.now() - started });
        },
        complete: () => resolve({ code, ms: performance.now() - started }),
      },
    );
  });
}
