/**
 * The README's first command on a machine with nothing but Node: without DATABASE_URL the server starts an
 * embedded Postgres in DATA_DIR, migrates, serves; SIGTERM shuts both down cleanly; a second start reuses the data.
 * Also the starts that went wrong: one right after (or during) another's shutdown on the same folder, and one whose
 * Postgres does not start (it must say why, in Postgres's own words).
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createClient, Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { freePort } from '../../../src/common/free-port';
import { waitUntilServing } from '../../../src/common/serving';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
}

function spawnServer(
  dataDir: string,
  postgresPort: number,
  options: { detached?: boolean } = {},
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'main.js')], {
    // Its own process group (with its Postgres), as a terminal gives a command: Ctrl-C reaches them all.
    detached: options.detached ?? false,
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  spawned.push(child);
  return { child, output: () => output };
}

/** Every server a test started: one a failed test left running is stopped, so it cannot hold the next test up. */
const spawned: ChildProcess[] = [];

afterEach(async () => {
  for (const child of spawned.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

async function startServer(
  dataDir: string,
  postgresPort: number,
  options: { detached?: boolean } = {},
): Promise<Server> {
  const { child, output } = spawnServer(dataDir, postgresPort, options);
  const url = await waitUntilServing(child, output, 90_000);
  return { child, url, output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Polls `condition` every 25 ms until it holds; fails with `what` after `timeoutMs`. */
async function until(what: string, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function terminate(server: Server): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return exited;
}

async function gql(
  url: string,
  query: string,
): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

async function registerPlayer(url: string, username: string): Promise<string> {
  const registered = await gql(
    url,
    `mutation { register(username: "${username}", password: "long enough to keep") { token } }`,
  );
  expect(registered.errors).toBeUndefined();
  return (registered.data as { register: { token: string } }).register.token;
}

/** A new game's `gameUpdated` subscriber, once its first push (the game as it is) has come. */
async function watchNewGame(url: string, token: string): Promise<WsClient> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'mutation { createGame(input: { preset: CLASSIC }) { id } }' }),
  });
  const { data } = (await response.json()) as { data: { createGame: { id: string } } };
  const client = createClient({
    url: `${url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    onNonLazyError: () => undefined,
  });
  await new Promise<void>((resolve, reject) => {
    client.subscribe(
      { query: `subscription { gameUpdated(gameId: "${data.createGame.id}") { id } }` },
      { next: () => resolve(), error: reject, complete: () => undefined },
    );
  });
  return client;
}

function login(
  url: string,
  username: string,
): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  return gql(
    url,
    `mutation { login(username: "${username}", password: "long enough to keep") { player { username } } }`,
  );
}

function postgresRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start without DATABASE_URL (embedded Postgres)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-start-'));
  fs.chmodSync(dataDir, 0o755);

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves, shuts down cleanly on SIGTERM, and a second start reuses the data', async () => {
    const postgresPort = await freePort();
    const first = await startServer(dataDir, postgresPort);
    expect(first.output()).toContain('starting an embedded Postgres');
    expect(first.output()).toContain('applied migrations: 20261129000000_init');
    const health = await fetch(`${first.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${first.url}/health/ready`);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'up', listen: 'up' });
    const registered = await gql(
      first.url,
      'mutation { register(username: "keeper", password: "long enough to keep") { player { username } } }',
    );
    expect(registered.errors).toBeUndefined();
    expect(postgresRunning(dataDir)).toBe(true);

    expect(await terminate(first)).toBe(0);
    expect(first.output()).toContain('SIGTERM: shutting down');
    expect(postgresRunning(dataDir)).toBe(false);

    const second = await startServer(dataDir, postgresPort);
    expect(second.output()).not.toContain('applied migrations');
    expect(await login(second.url, 'keeper')).toEqual({
      data: { login: { player: { username: 'keeper' } } },
    });
    expect(await terminate(second)).toBe(0);
    expect(postgresRunning(dataDir)).toBe(false);
  });

  it('a second start on the folder while the first server still runs: it waits, naming the Postgres that holds it (PID, port), and serves once the first has stopped', async () => {
    const postgresPort = await freePort();
    const first = await startServer(dataDir, postgresPort);
    await registerPlayer(first.url, 'holder');
    const holder = Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const second = spawnServer(dataDir, postgresPort);
    await until('the second start says what it waits for', () =>
      /waiting for the Postgres/.test(second.output()),
    );
    expect(second.output()).toContain(
      `waiting for the Postgres (PID ${holder}, port ${postgresPort}) that holds ${path.join(dataDir, 'postgres')}, ` +
        `started by process ${first.child.pid} (`,
    );
    // It waits without touching the first server's Postgres: the first is still whole.
    expect(postgresRunning(dataDir)).toBe(true);
    expect(await terminate(first)).toBe(0);
    const url = await waitUntilServing(second.child, second.output, 90_000);
    expect(await login(url, 'holder')).toEqual({ data: { login: { player: { username: 'holder' } } } });
    expect(await terminate({ child: second.child, url, output: second.output })).toBe(0);
  });

  it('Ctrl-C (SIGINT to the process group, Postgres too) and another start right after on the same data folder: the first exits cleanly, the second serves', async () => {
    const postgresPort = await freePort();
    const first = await startServer(dataDir, postgresPort, { detached: true });
    const token = await registerPlayer(first.url, 'backtoback');
    // A subscriber: the event bus's pool has just stored its watch when Postgres goes (and ends that connection).
    const subscriber = await watchNewGame(first.url, token);
    const firstExit = exitOf(first.child);
    process.kill(-first.child.pid!, 'SIGINT');
    const second = await startServer(dataDir, postgresPort);
    // Its Postgres shutting down under it (connections terminated) is no crash: a clean exit.
    expect(await firstExit).toBe(0);
    expect(first.output()).toContain('SIGINT: shutting down');
    // The offending lines themselves, so that a failure shows them first rather than the whole log.
    expect(
      first
        .output()
        .split('\n')
        .filter((line) => /Error|error:|starting it again/.test(line)),
    ).toEqual([]);
    expect(await login(second.url, 'backtoback')).toEqual({
      data: { login: { player: { username: 'backtoback' } } },
    });
    expect(await terminate(second)).toBe(0);
    await subscriber.dispose();
  });

  it('a start whose Postgres fails prints Postgres\'s own last log lines (not "failed to start: undefined")', async () => {
    const config = path.join(dataDir, 'postgres', 'postgresql.auto.conf');
    const saved = fs.readFileSync(config, 'utf8');
    fs.appendFileSync(config, "shared_buffers = 'plenty'\n");
    try {
      const failed = spawnServer(dataDir, await freePort());
      expect(await exitOf(failed.child)).toBe(1);
      expect(failed.output()).toContain(
        `failed to start: the embedded Postgres in ${path.join(dataDir, 'postgres')}`,
      );
      expect(failed.output()).toContain("Postgres's last log lines:");
      expect(failed.output()).toContain('invalid value for parameter "shared_buffers": "plenty"');
      expect(failed.output()).not.toContain('undefined');
    } finally {
      fs.writeFileSync(config, saved);
    }
  });
});
