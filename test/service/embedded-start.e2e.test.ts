/**
 * The README's first command on a machine with nothing but Node: without DATABASE_URL the server starts an
 * embedded Postgres in DATA_DIR, migrates, serves; SIGTERM shuts both down cleanly; a second start reuses the data.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../../src/common/free-port';
import { waitUntilServing } from '../../src/common/serving';

const ROOT = path.resolve(__dirname, '..', '..');

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
}

async function startServer(dataDir: string, postgresPort: number): Promise<Server> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'main.js')], {
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
  const url = await waitUntilServing(child, () => output, 90_000);
  return { child, url, output: () => output };
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
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
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
    const login = await gql(
      second.url,
      'mutation { login(username: "keeper", password: "long enough to keep") { player { username } } }',
    );
    expect(login).toEqual({ data: { login: { player: { username: 'keeper' } } } });
    expect(await terminate(second)).toBe(0);
    expect(postgresRunning(dataDir)).toBe(false);
  });
});
