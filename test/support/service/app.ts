/**
 * A running Malice app for API tests: real Nest, real Postgres, real HTTP. `gql` sends a GraphQL request the
 * way any client would and returns the parsed body (errors included); `play` helpers build on it.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { ClientOptions, createClient, Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { waitUntilServing } from '../../../src/common/serving';
import { freshDatabase } from './database';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** `npm test` builds first (pretest), so the tests run the same compiled server `npm start` runs. */
const SERVER = path.join(ROOT, 'dist', 'main.js');
/** The test build (`npm run start:testing`): the same server plus the test controls. */
const TESTING_SERVER = path.join(ROOT, 'dist', 'testing', 'main.js');

export interface GraphQLBody<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; [key: string]: unknown } }[];
}

export interface TestApp {
  readonly url: string;
  readonly databaseUrl: string;
  gql<T = Record<string, unknown>>(
    token: string | null,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLBody<T>>;
  /** The raw HTTP response, for status codes and headers. */
  post(body: string, headers?: Record<string, string>): Promise<Response>;
  ws(token: string | null): WsClient;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  /** Stops the server with SIGTERM (the database stays: start another app on it with `{ databaseUrl }`). */
  stop(): Promise<void>;
  /** Stops the server and drops its database. */
  close(): Promise<void>;
}

/** The settings a test app runs with (on a free port, limits out of the way), then the test's own. */
export function testEnvironment(
  databaseUrl: string,
  env: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_REQUESTS: '1000000',
    // Tests sign players up several at a time; the cap on hashes at once has tests of its own.
    PASSWORD_MAX_CONCURRENT_HASHES: '64',
    ...env,
  };
}

/**
 * Starts the compiled server (`node dist/main.js`, as `npm start` does) as a child process on a free port, on
 * a fresh database unless `databaseUrl` names one, and waits until it serves.
 */
export async function startTestApp(
  options: { databaseUrl?: string; env?: Record<string, string>; testBuild?: boolean } = {},
): Promise<TestApp> {
  const database = options.databaseUrl === undefined ? await freshDatabase() : null;
  const databaseUrl = options.databaseUrl ?? database!.url;
  const child = spawn(process.execPath, [options.testBuild ? TESTING_SERVER : SERVER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...testEnvironment(databaseUrl, options.env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitUntilServing(child, () => output, 60_000);
  return testAppAt(url, databaseUrl, {
    output: () => output,
    stopServer: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
    drop: async () => database?.drop(),
  });
}

/** How a `TestApp` reaches and ends the server behind it (a child process, or an app in this process). */
export interface ServerHandle {
  output(): string;
  stopServer(): Promise<void>;
  /** Drops the test's database, if the test app made it. */
  drop(): Promise<void>;
}

/** The client side of a `TestApp`: real HTTP and WebSocket requests to the server at `url`. */
export function testAppAt(url: string, databaseUrl: string, server: ServerHandle): TestApp {
  const sockets: WsClient[] = [];
  const post = (body: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const stop = async (): Promise<void> => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await server.stopServer();
  };
  return {
    url,
    databaseUrl,
    async gql(token, query, variables = {}) {
      const response = await post(
        JSON.stringify({ query, variables }),
        token === null ? {} : { authorization: `Bearer ${token}` },
      );
      return (await response.json()) as GraphQLBody<never>;
    },
    post,
    ws(token) {
      const client = wsClient(url, token);
      sockets.push(client);
      return client;
    },
    output: () => server.output(),
    stop,
    async close() {
      await stop();
      await server.drop();
    },
  };
}

/**
 * A graphql-ws client of the server at `url` (http://…), connecting at once, with `token` in its connection_init
 * and no retries (a test sees each close). `options` adds to or overrides those.
 */
export function wsClient(url: string, token: string | null, options: Partial<ClientOptions> = {}): WsClient {
  return createClient({
    url: `${url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token === null ? {} : { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    ...options,
  });
}

/** Registers a player and returns their session token. */
export async function register(
  app: TestApp,
  username: string,
  password = 'correct horse battery staple',
): Promise<string> {
  const body = await app.gql<{ register: { token: string } }>(
    null,
    'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token } }',
    { u: username, p: password },
  );
  if (!body.data) throw new Error(`register failed: ${JSON.stringify(body.errors)}`);
  return body.data.register.token;
}

/** A sign-in, answered as it is (a refusal included). */
export function loginBody(
  app: TestApp,
  username: string,
  password: string,
): Promise<GraphQLBody<{ login: { token: string } }>> {
  return app.gql<{ login: { token: string } }>(
    null,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: username, p: password },
  );
}

/** `promise`'s value, or 'timeout' after `ms` (the timer is cleared either way). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The data of a response, or a thrown error showing the GraphQL errors. */
export function dataOf<T>(body: GraphQLBody<T>): T {
  if (body.errors !== undefined || body.data === undefined || body.data === null) {
    throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

/** The first error's code. */
export function codeOf(body: GraphQLBody): string | undefined {
  return body.errors?.[0]?.extensions?.code;
}
