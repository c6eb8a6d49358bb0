/**
 * Several copies of the compiled server on one database, behind Debian's nginx configured with the block in
 * docs/deploy.md (its ports replaced): the set-up of the tests of many copies (test/e2e/http/proxy.e2e.test.ts,
 * test/e2e/events/broker.e2e.test.ts). nginx runs as the test's own process (`-p`/`-c`, a free port); `.ci/run`
 * installs the package with a policy-rc.d that keeps it from starting a system nginx.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../src/common/free-port';
import { waitUntilServing } from '../../../src/common/serving';
import { GraphQLBody, dataOf, testEnvironment } from './app';
import { until } from './outage';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** The upstream addresses docs/deploy.md's block names, replaced by the copies' own. */
const DOCS_PORTS = ['127.0.0.1:3001', '127.0.0.1:3002', '127.0.0.1:3003'];

/** One copy of the server: its port, its process and everything it printed. */
export interface Copy {
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
  child: ChildProcess;
  output: string;
}

/**
 * Starts the compiled server (the test build) on `port` against `databaseUrl`, with `env` on top of the tests'
 * environment; resolves once it serves. Given `existing`, starts that copy again on its port.
 */
export function startCopy(
  databaseUrl: string,
  port: number,
  env: Readonly<Record<string, string>> = {},
  existing?: Copy,
): Promise<Copy> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'testing', 'main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...testEnvironment(databaseUrl, { PORT: String(port), ...env }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const copy: Copy = existing ?? { port, env, child, output: '' };
  copy.child = child;
  child.stdout!.on('data', (chunk: Buffer) => (copy.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (copy.output += chunk.toString()));
  return waitUntilServing(child, () => copy.output, 60_000).then(() => copy);
}

/** Stops a copy in order (SIGTERM) and waits for it to exit. */
export async function stopCopy(copy: Copy): Promise<void> {
  if (copy.child.exitCode !== null) return;
  const exited = new Promise((resolve) => copy.child.once('exit', resolve));
  copy.child.kill('SIGTERM');
  await exited;
}

/** Three copies on fresh ports: the first migrates the database, the other two start beside it. */
export async function startThreeCopies(
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<Copy[]> {
  const ports = [await freePort(), await freePort(), await freePort()];
  const first = await startCopy(databaseUrl, ports[0]!, env);
  const others = await Promise.all([
    startCopy(databaseUrl, ports[1]!, env),
    startCopy(databaseUrl, ports[2]!, env),
  ]);
  return [first, ...others];
}

export const copyUrl = (copy: Copy): string => `http://127.0.0.1:${copy.port}`;

/** nginx in front of three copies, with docs/deploy.md's block. */
export interface Proxy {
  readonly url: string;
  stop(): void;
}

/** docs/deploy.md's nginx block, on this test's ports, inside a main configuration of its own folder. */
function nginxConfig(dir: string, listen: number, copies: readonly Copy[]): string {
  const docs = fs.readFileSync(path.join(ROOT, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(docs)?.[1];
  if (block === undefined) throw new Error('docs/deploy.md has no nginx block');
  let http = block.replace('listen 80;', `listen 127.0.0.1:${listen};`);
  DOCS_PORTS.forEach((address, index) => {
    if (!http.includes(address)) throw new Error(`the docs' block names no ${address}`);
    http = http.replace(address, `127.0.0.1:${copies[index]!.port}`);
  });
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/** Starts nginx in front of `copies` (three); resolves once it answers `/health`. */
export async function startProxy(copies: readonly Copy[]): Promise<Proxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-nginx-'));
  const listen = await freePort();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, listen, copies));
  const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  nginx.once('exit', (code) => {
    if (code !== 0) console.error(`nginx exited ${code}: ${output}`);
  });
  const url = `http://127.0.0.1:${listen}`;
  await until(
    'nginx answers',
    async () => (await fetch(`${url}/health`).catch(() => null))?.status === 200,
    20_000,
  );
  return {
    url,
    stop: () => {
      nginx.kill('SIGQUIT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A GraphQL request to `serverUrl`, sent again unchanged while the answer is not GraphQL's (a copy stopping:
 * 502/503 from nginx, a connection cut, UNAVAILABLE): what a client does.
 */
export async function gqlRetrying<T>(
  serverUrl: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${serverUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ query, variables }),
    }).catch(() => null);
    const body =
      response !== null && response.headers.get('content-type')?.includes('json') === true
        ? ((await response.json()) as GraphQLBody<T>)
        : null;
    if (body !== null && body.errors?.[0]?.extensions?.code !== 'UNAVAILABLE') return dataOf(body);
    if (attempt >= 50)
      throw new Error(`no answer from ${serverUrl}: ${response?.status} ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
