/**
 * Backups of the embedded Postgres (docs/operations.md, "Backups"): taken while the server runs on it (the tool
 * connects to the server's own Postgres, which holds the folder), and restored into a new DATA_DIR with no server
 * running (the tool starts an embedded Postgres there itself, and stops it), where a server then finds everything.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../../../src/common/free-port';
import { waitUntilServing } from '../../../src/common/serving';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BACKUP = path.join(ROOT, 'dist', 'cli', 'backup.js');
const RESTORE = path.join(ROOT, 'dist', 'cli', 'restore.js');
const PASSWORD = 'long enough to keep';

/** The environment of a server or tool on the embedded Postgres of `dataDir` (no DATABASE_URL). */
function embeddedEnv(dataDir: string, port: number): Record<string, string> {
  return { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(port) };
}

const servers: ChildProcess[] = [];
let folder: string;

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { ...embeddedEnv(dataDir, port), PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, url: await waitUntilServing(child, () => output, 90_000) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function tool(script: string, args: readonly string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [script, ...args], { env, encoding: 'utf8', timeout: 90_000 });
}

async function gql<T>(url: string, query: string, token?: string): Promise<{ data?: T; errors?: unknown[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: T; errors?: unknown[] };
}

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-backup-embedded-'));
});

afterAll(async () => {
  for (const child of servers) await stop(child);
  fs.rmSync(folder, { recursive: true, force: true });
});

it('backs up while the server runs on its embedded Postgres, and restores into a new DATA_DIR', async () => {
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  const server = await startServer(dataDir, port);
  const registered = await gql<{ register: { token: string } }>(
    server.url,
    `mutation { register(username: "carol", password: "${PASSWORD}") { token } }`,
  );
  const token = registered.data!.register.token;
  const created = await gql<{ createGame: { id: string } }>(
    server.url,
    'mutation { createGame(input: { preset: CLASSIC }) { id } }',
    token,
  );
  const gameId = created.data!.createGame.id;

  const file = path.join(folder, 'embedded.backup');
  const backup = tool(BACKUP, [file], embeddedEnv(dataDir, port));
  expect(backup.stderr).toBe('');
  expect(backup.status).toBe(0);
  expect(backup.stdout).toContain('1 games');
  // The server's Postgres was only used, not stopped: the server goes on serving.
  expect(
    (await gql<{ game: { id: string } }>(server.url, `{ game(id: "${gameId}") { id } }`)).data?.game.id,
  ).toBe(gameId);
  // Its database holds a game: a restore into it is refused.
  const refused = tool(RESTORE, [file], embeddedEnv(dataDir, port));
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('the database holds 1 games and 1 accounts');
  await stop(server.child);

  const other = path.join(folder, 'restored');
  const otherPort = await freePort();
  const restore = tool(RESTORE, [file], embeddedEnv(other, otherPort));
  expect(restore.stderr).toBe('');
  expect(restore.status).toBe(0);
  const restored = await startServer(other, otherPort);
  const login = await gql<{ login: { token: string } }>(
    restored.url,
    `mutation { login(username: "carol", password: "${PASSWORD}") { token } }`,
  );
  expect(login.errors).toBeUndefined();
  const game = await gql<{ game: { id: string; status: string } }>(
    restored.url,
    `{ game(id: "${gameId}") { id status } }`,
    login.data!.login.token,
  );
  expect(game.data?.game).toEqual({ id: gameId, status: 'WAITING' });
});
