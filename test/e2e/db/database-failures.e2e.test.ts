/**
 * Which failures count as "the database is unavailable" (src/db/connection-errors.ts) and become UNAVAILABLE
 * (src/errors/api-error.ts errorShaper): produced for real — a port nobody listens on, a server that accepts
 * connections and never answers (as a stopped Postgres does), a query that outlasts the client-side timeout, a
 * backend terminated mid-query — through node-postgres and through Prisma's driver adapter, as the app meets
 * them. Errors of the request itself (a unique violation, bad SQL) are not.
 *
 * Prisma's runtime imports modules dynamically, which jest's sandbox refuses: the failures are made, and judged,
 * by the compiled code (dist/, as `npm test` builds it) in a child process, which reports what it found.
 */
import { spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { freePort } from '../../../src/common/free-port';
import { freshDatabase } from '../../support/service/database';

const DIST = path.resolve(__dirname, '..', '..', '..', 'dist');

interface Judged {
  /** databaseFailureOf's verdict. */
  readonly failure: string | null;
  /** What the error shaper tells the client. */
  readonly code: unknown;
  readonly message: string;
}

type Scenario = 'refused' | 'silent' | 'slow' | 'terminated' | 'duplicate' | 'syntax';
type Report = Record<Scenario, { readonly pg: Judged; readonly prisma: Judged }>;

/** The child: makes each failure through a pg Pool and through Prisma over such a pool, and judges it. */
const SCRIPT = `
const { Pool } = require('pg');
const { PrismaPg } = require('@prisma/adapter-pg');
const { GraphQLError } = require('graphql');
const { PrismaClient } = require(${JSON.stringify(path.join(DIST, 'generated', 'prisma', 'client.js'))});
const { databaseFailureOf } = require(${JSON.stringify(path.join(DIST, 'db', 'connection-errors.js'))});
const { errorShaper } = require(${JSON.stringify(path.join(DIST, 'errors', 'api-error.js'))});
const shape = errorShaper({ revealSchema: true, log: () => undefined });
const [url, refused, silent] = process.argv.slice(1);
const onPort = (port) => { const parsed = new URL(url); parsed.port = port; return parsed.toString(); };
const judge = (error) => {
  const located = new GraphQLError('raised', { path: ['game'], originalError: error });
  const told = shape(located);
  return { failure: databaseFailureOf(error), code: told.extensions && told.extensions.code, message: told.message };
};
async function failure(target, timeouts, work) {
  const pool = new Pool({ connectionString: target, max: 2, ...timeouts });
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try { await work(pool, prisma); return { failure: 'none', code: null, message: 'it did not fail' }; }
  catch (error) { return judge(error); }
  finally { await prisma.$disconnect().catch(() => undefined); await pool.end().catch(() => undefined); }
}
const TIMEOUTS = { connectionTimeoutMillis: 300, query_timeout: 300 };
async function terminated(query) {
  query.catch(() => undefined); // awaited below, once its backend is gone
  const killer = new Pool({ connectionString: url, max: 1 });
  for (let tries = 0; tries < 200; tries++) {
    const { rowCount } = await killer.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(1.5)%' AND pid <> pg_backend_pid()");
    if (rowCount > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await killer.end();
  return query;
}
(async () => {
  const both = async (target, timeouts, viaPg, viaPrisma) => ({
    pg: await failure(target, timeouts, viaPg),
    prisma: await failure(target, timeouts, (pool, prisma) => viaPrisma(prisma)),
  });
  const report = {
    refused: await both(onPort(refused), TIMEOUTS, (pool) => pool.query('SELECT 1'), (p) => p.player.findFirst()),
    silent: await both(onPort(silent), TIMEOUTS, (pool) => pool.query('SELECT 1'), (p) => p.player.findFirst()),
    slow: await both(url, TIMEOUTS, (pool) => pool.query('SELECT pg_sleep(2)'), (p) => p.$queryRawUnsafe('SELECT pg_sleep(2)')),
    terminated: await both(url, {},
      (pool) => terminated(pool.query('SELECT pg_sleep(1.5)')),
      (p) => terminated(p.$queryRawUnsafe('SELECT pg_sleep(1.5)'))),
    duplicate: await both(url, TIMEOUTS,
      (pool) => pool.query('CREATE TEMP TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1), (1)'),
      // A built-in bot's row again.
      (p) => p.$executeRawUnsafe("INSERT INTO players (id, username, username_key, password_hash) SELECT id, username, username_key, 'x' FROM players LIMIT 1")),
    syntax: await both(url, TIMEOUTS, (pool) => pool.query('SELEC 1'), (p) => p.$queryRawUnsafe('SELEC 1')),
  };
  console.log(JSON.stringify(report));
})().catch((error) => { console.error(error); process.exit(1); });
`;

let report: Report;

beforeAll(async () => {
  const { url, drop } = await freshDatabase();
  // A TCP server that accepts connections and never says a word, like a Postgres stopped with SIGSTOP.
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => sockets.add(socket));
  const silentPort = await freePort();
  await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
  try {
    const child = spawn(process.execPath, ['-e', SCRIPT, url, String(await freePort()), String(silentPort)], {
      cwd: path.resolve(__dirname, '..', '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the failures could not be made (exit ${String(code)}): ${output}`);
    report = JSON.parse(output) as Report;
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await drop();
  }
});

const UNREACHABLE = 'the database could not be reached; try again in a few seconds';
const TIMED_OUT = 'the database did not answer in time; try again in a few seconds';

describe('database failures', () => {
  it('a refused connection (nothing listens): unreachable, UNAVAILABLE — through pg and through Prisma', () => {
    const expected = { failure: 'unreachable', code: 'UNAVAILABLE', message: UNREACHABLE };
    expect(report.refused).toEqual({ pg: expected, prisma: expected });
  });

  it('a server that never answers (a stopped Postgres): the connect timeout, UNAVAILABLE — through pg and Prisma', () => {
    const expected = { failure: 'timeout', code: 'UNAVAILABLE', message: TIMED_OUT };
    expect(report.silent).toEqual({ pg: expected, prisma: expected });
  });

  it('a query that outlasts the client-side timeout (the database up): UNAVAILABLE too', () => {
    const expected = { failure: 'timeout', code: 'UNAVAILABLE', message: TIMED_OUT };
    expect(report.slow).toEqual({ pg: expected, prisma: expected });
  });

  it('the backend terminated mid-query (Postgres shutting down, 57P01): unreachable, UNAVAILABLE', () => {
    const expected = { failure: 'unreachable', code: 'UNAVAILABLE', message: UNREACHABLE };
    expect(report.terminated).toEqual({ pg: expected, prisma: expected });
  });

  it('errors of the request itself are not database failures: a unique violation, bad SQL (INTERNAL)', () => {
    const expected = { failure: null, code: 'INTERNAL', message: 'Internal server error' };
    expect(report.duplicate).toEqual({ pg: expected, prisma: expected });
    expect(report.syntax).toEqual({ pg: expected, prisma: expected });
  });
});
