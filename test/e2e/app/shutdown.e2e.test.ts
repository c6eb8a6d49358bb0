/**
 * Shutting down in order (docs/operations.md#shutdown), on the compiled server: at SIGTERM readiness turns false
 * at once while requests are still answered (SHUTDOWN_DELAY_MS), then the requests in flight finish and the
 * process exits 0; a request that does not finish within SHUTDOWN_TIMEOUT_MS does not hold the process: it exits 1.
 *
 * A request is held in flight by the database: a test connection locks the players table, so a sign-up waits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { waitUntilServing } from '../../../src/common/serving';
import { register, testAppAt, testEnvironment, wsClient } from '../../support/service/app';
import { freshDatabase } from '../../support/service/database';
import { until } from '../../support/service/outage';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
}

async function startServer(databaseUrl: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // A held request must outlast the test's steps, not the client's query timeout.
      ...testEnvironment(databaseUrl, { DATABASE_QUERY_TIMEOUT_MS: '60000', LOG_LEVEL: 'info', ...env }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await waitUntilServing(child, () => output, 60_000);
  return { url, child, exited, output: () => output };
}

/** A sign-up, which waits while the players table is locked. */
function signUp(url: string, username: string): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation($u: String!) { register(username: $u, password: "correct horse battery staple") { token } }',
      variables: { u: username },
    }),
  });
}

/** Locks the players table on its own connection until `release`. */
async function lockPlayers(
  databaseUrl: string,
): Promise<{ waiting(): Promise<boolean>; release(): Promise<void> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE players IN ACCESS EXCLUSIVE MODE');
  return {
    async waiting() {
      const { rows } = await client.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted AND relation = 'players'::regclass`,
      );
      return rows[0]!.waiting > 0;
    },
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

let database: { url: string; drop: () => Promise<void> };
const servers: Server[] = [];

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await database?.drop();
});

it('turns not ready first, answers meanwhile, lets the request in flight finish, then exits 0', async () => {
  const server = await startServer(database.url, { SHUTDOWN_DELAY_MS: '3000' });
  servers.push(server);
  expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
  const token = await register(
    testAppAt(server.url, database.url, {
      output: server.output,
      stopServer: async () => {},
      drop: async () => {},
    }),
    'subscriber',
  );
  const socketClosed = new Promise<number>((resolve) => {
    const client = wsClient(server.url, token, {
      // The close ends this client (no retries); it is what the test waits for, not an error to print.
      onNonLazyError: () => undefined,
      on: { closed: (event) => resolve((event as { code: number }).code) },
    });
    client.subscribe(
      { query: 'subscription { myEvents { kind } }' },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
  });
  const lock = await lockPlayers(database.url);
  const inFlight = signUp(server.url, 'in-flight');
  await until('the sign-up waits for the lock', () => lock.waiting(), 10_000);

  server.child.kill('SIGTERM');
  let readiness: Response | undefined;
  await until(
    'readiness turns false',
    async () => (readiness = await fetch(`${server.url}/health/ready`)).status === 503,
    5000,
  );
  expect(await readiness!.json()).toEqual({ status: 'error', database: 'up', listen: 'up', stopping: true });
  // Not ready is not gone: while the balancer notices, requests are still answered.
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  expect(server.child.exitCode).toBeNull();

  await lock.release();
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { data?: { register: { token: string } } };
  expect(body.data?.register.token).toMatch(/^mls_/);
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('stopped');
  // Open graphql-ws connections are closed by the server ("going away"), not left to time out.
  expect(await socketClosed).toBe(1001);
});

it('exits 1 when a request is still running SHUTDOWN_TIMEOUT_MS after the signal', async () => {
  const server = await startServer(database.url, { SHUTDOWN_TIMEOUT_MS: '1000' });
  servers.push(server);
  const lock = await lockPlayers(database.url);
  const stuck = signUp(server.url, 'stuck').catch((error: unknown) => error);
  try {
    await until('the sign-up waits for the lock', () => lock.waiting(), 10_000);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
    expect(server.output()).toContain('the shutdown did not finish within 1000 ms');
  } finally {
    await lock.release();
  }
  // The client's request was cut off, not answered.
  const outcome = await stuck;
  expect(outcome).not.toBeInstanceOf(Response);
  expect(String(outcome)).toContain('fetch failed');
});
