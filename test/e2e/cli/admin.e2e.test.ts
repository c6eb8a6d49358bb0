/**
 * `npm run admin` (src/cli/admin.ts, docs/operations.md#moderation), the compiled command line spawned as an
 * operator runs it:
 *
 * - on a database nothing has migrated yet, and on the embedded Postgres of a DATA_DIR (no DATABASE_URL);
 * - create-admin reads the password from stdin or MALICE_ADMIN_PASSWORD, never from the command line; the new admin
 *   can make an ADMIN token and moderate over the API; grant makes an existing account one;
 * - disable, beside a running server (another process), closes the account's live subscription at once, refuses
 *   its sign-in and resigns its running game (the opponent wins); enable lets it sign in again;
 * - audit prints every action, the command line's recorded as such;
 * - bad arguments exit 2, refusals exit 1 with the error's code, and neither writes anything.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import {
  TestApp,
  codeOf,
  dataOf,
  register,
  startTestApp,
  within,
  wsClient,
  loginBody as sendLogin,
} from '../../support/service/app';
import { adminUrl, sql, urlFor } from '../../support/service/database';
import { createGame, joinGame, readGame } from '../../support/service/play';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli', 'admin.js');
const PASSWORD = 'correct horse battery staple';
const ADMIN_PASSWORD = 'the operators own long passphrase';

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the command line with `args`, `env` (PATH only besides) and `input` on stdin. */
function admin(env: Record<string, string>, args: readonly string[], input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

function loginBody(app: TestApp, username: string, password = PASSWORD): ReturnType<typeof sendLogin> {
  return sendLogin(app, username, password);
}

async function auditRows(databaseUrl: string): Promise<number> {
  const [row] = await sql<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM admin_audit');
  return row!.n;
}

describe('npm run admin on DATABASE_URL, beside a running server', () => {
  const name = `malice_test_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let env: Record<string, string>;
  let app: TestApp | undefined;

  beforeAll(async () => {
    // A database nothing has migrated: the command line applies the migrations itself.
    const client = new Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    databaseUrl = urlFor(name);
    env = { DATABASE_URL: databaseUrl };
  });
  afterAll(async () => {
    await app?.stop();
    const client = new Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('creates the first admin from a password on stdin, who then moderates over the API', async () => {
    const created = await admin(env, ['create-admin', 'Root'], `${ADMIN_PASSWORD}\n`);
    expect(created).toMatchObject({ status: 0, stdout: 'created the admin account Root\n' });
    expect(created.stdout + created.stderr).not.toContain(ADMIN_PASSWORD);

    app = await startTestApp({ databaseUrl });
    const session = dataOf(await loginBody(app, 'root', ADMIN_PASSWORD)).login.token;
    const token = dataOf(
      await app.gql<{ createApiToken: { token: string } }>(
        session,
        'mutation { createApiToken(scopes: [ADMIN]) { token } }',
      ),
    ).createApiToken.token;
    const log = await app.gql<{ adminAuditLog: { edges: { node: { action: string; via: string } }[] } }>(
      token,
      '{ adminAuditLog { edges { node { action via } } } }',
    );
    // The ADMIN token just made is audited too (over the API, by Root).
    expect(dataOf(log).adminAuditLog.edges.map((edge) => edge.node)).toEqual([
      { action: 'CREATE_ADMIN_TOKEN', via: 'API' },
      { action: 'CREATE_ADMIN', via: 'COMMAND_LINE' },
    ]);
  });

  it('grants an existing account the role, and takes a password from MALICE_ADMIN_PASSWORD', async () => {
    const session = await register(app!, 'helper_hana');
    expect(codeOf(await app!.gql(session, 'mutation { createApiToken(scopes: [ADMIN]) { token } }'))).toBe(
      'FORBIDDEN',
    );
    expect(await admin(env, ['grant', 'HELPER_hana'])).toMatchObject({
      status: 0,
      stdout: 'HELPER_hana is an admin now\n',
    });
    expect(
      dataOf(await app!.gql(session, 'mutation { createApiToken(scopes: [ADMIN]) { token } }')),
    ).toBeTruthy();
    expect((await admin(env, ['grant', 'helper_hana'])).stdout).toContain('nothing changed');

    // Revoked: the ADMIN token made while an admin stops counting as one at once (the running server was told).
    const adminToken = dataOf(
      await app!.gql<{ createApiToken: { token: string } }>(
        session,
        'mutation { createApiToken(scopes: [ADMIN]) { token } }',
      ),
    ).createApiToken.token;
    const auditLog = '{ adminAuditLog(first: 1) { edges { node { action } } } }';
    expect(dataOf(await app!.gql(adminToken, auditLog))).toBeTruthy();
    expect(await admin(env, ['revoke', 'helper_hana'])).toMatchObject({
      status: 0,
      stdout: 'helper_hana is no admin now: its ADMIN tokens no longer count as such\n',
    });
    expect(codeOf(await app!.gql(adminToken, auditLog))).toBe('FORBIDDEN');
    expect(codeOf(await app!.gql(session, 'mutation { createApiToken(scopes: [ADMIN]) { token } }'))).toBe(
      'FORBIDDEN',
    );
    expect((await admin(env, ['revoke', 'helper_hana'])).stdout).toContain('nothing changed');
    expect(await admin(env, ['grant', 'helper_hana'])).toMatchObject({ status: 0 });

    const second = await admin({ ...env, MALICE_ADMIN_PASSWORD: ADMIN_PASSWORD }, [
      'create-admin',
      'root_two',
    ]);
    expect(second.status).toBe(0);
    expect(typeof dataOf(await loginBody(app!, 'root_two', ADMIN_PASSWORD)).login.token).toBe('string');
  });

  it('disables an account: its live subscription closes at once, it cannot sign in, its running game is resigned', async () => {
    const server = app!;
    const victim = await register(server, 'spam_sam');
    const opponent = await register(server, 'honest_hugo');
    const game = await createGame(server, opponent, { preset: 'CLASSIC', rated: true });
    await joinGame(server, victim, game.id);

    // Its close is what the test looks at, not an error to print.
    const client = wsClient(server.url, victim, { onNonLazyError: () => undefined });
    let onClose: (code: number) => void = () => undefined;
    const closed = new Promise<number>((resolve) => (onClose = resolve));
    client.on('closed', (event) => onClose((event as { code: number }).code));
    await new Promise<void>((resolve) => {
      client.on('connected', () => resolve());
      client.subscribe(
        { query: `subscription { gameUpdated(gameId: "${game.id}") { version } }` },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
    });

    const run = await admin(env, ['disable', 'spam_sam', '--reason', 'spam in every game']);
    expect(run).toMatchObject({ status: 0 });
    expect(run.stdout).toContain('disabled spam_sam');
    expect(await within(closed, 5000)).toBe(4403);
    await client.dispose();
    expect(codeOf(await server.gql(victim, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await loginBody(server, 'spam_sam'))).toBe('ACCOUNT_DISABLED');
    const ended = await readGame(server, opponent, game.id);
    expect(ended.status).toBe('FINISHED');
    expect(ended.result).toMatchObject({ reason: 'RESIGNED', winner: 0 });

    expect(await admin(env, ['enable', 'spam_sam'])).toMatchObject({ status: 0 });
    expect(typeof dataOf(await loginBody(server, 'spam_sam')).login.token).toBe('string');
    expect(codeOf(await server.gql(victim, '{ me { id } }'))).toBe('UNAUTHENTICATED');
  });

  it('prints the audit log newest first, the command line as the actor', async () => {
    const run = await admin(env, ['audit']);
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    // An ADMIN token made over the API is named by its id (never the token).
    const token = /^token [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(
      lines.map((fields) => fields.slice(1, 5).map((field) => (token.test(field) ? 'token <id>' : field))),
    ).toEqual([
      ['CLI', 'command line', 'enableAccount', 'spam_sam'],
      ['CLI', 'command line', 'disableAccount', 'spam_sam'],
      ['CLI', 'command line', 'createAdmin', 'root_two'],
      ['CLI', 'command line', 'grantAdmin', 'helper_hana'],
      ['CLI', 'command line', 'revokeAdmin', 'helper_hana'],
      ['API', 'helper_hana', 'createAdminToken', 'token <id>'],
      ['API', 'helper_hana', 'createAdminToken', 'token <id>'],
      ['CLI', 'command line', 'grantAdmin', 'helper_hana'],
      ['API', 'Root', 'createAdminToken', 'token <id>'],
      ['CLI', 'command line', 'createAdmin', 'Root'],
    ]);
    expect(lines[1]?.[5]).toBe('spam in every game');
    expect((await admin(env, ['audit', '--first', '1'])).stdout.trim().split('\n')).toHaveLength(1);
  });

  it('refuses bad arguments (exit 2) and bad targets (exit 1) and writes nothing', async () => {
    const before = await auditRows(databaseUrl);
    for (const args of [
      [],
      ['bogus'],
      ['disable', 'spam_sam'],
      ['disable', '--reason', 'no name'],
      ['grant'],
      ['revoke'],
      ['audit', '--first', '0'],
      ['create-admin', 'a', 'b'],
    ]) {
      const run = await admin(env, args);
      expect({ args, status: run.status }).toEqual({ args, status: args.length === 0 ? 0 : 2 });
    }
    // No password given at all.
    const noPassword = await admin(env, ['create-admin', 'no_pass']);
    expect(noPassword.status).toBe(2);
    expect(noPassword.stderr).toContain('MALICE_ADMIN_PASSWORD');
    for (const [args, code] of [
      [['disable', 'ghost_gil', '--reason', 'who?'], 'NOT_FOUND'],
      [['revoke', 'ghost_gil'], 'NOT_FOUND'],
      [['enable', 'honest_hugo'], 'BAD_USER_INPUT'],
      [['disable', 'ExpertBot', '--reason', 'too strong'], 'FORBIDDEN'],
      [['create-admin', 'weak_wes'], 'BAD_USER_INPUT'],
    ] as const) {
      const run = await admin(env, args, 'short\n');
      expect({ args, status: run.status }).toEqual({ args, status: 1 });
      expect(run.stderr).toContain(`refused (${code})`);
    }
    expect(await auditRows(databaseUrl)).toBe(before);
    const [made] = await sql<{ n: number }>(
      databaseUrl,
      `SELECT count(*)::int AS n FROM players WHERE username_key IN ('no_pass', 'weak_wes')`,
    );
    expect(made!.n).toBe(0);
  });
});

describe('npm run admin on the embedded Postgres (no DATABASE_URL)', () => {
  let dataDir: string;

  beforeAll(() => {
    // Readable by the postgres user when the tests run as root (src/db/embedded-postgres.ts drops to it).
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-admin-'));
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an admin and prints the audit, each run starting and stopping the embedded Postgres', async () => {
    const env = {
      DATA_DIR: path.join(dataDir, 'data'),
      EMBEDDED_POSTGRES_PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
    };
    const created = await admin(env, ['create-admin', 'local_root'], `${ADMIN_PASSWORD}\n`);
    expect({ status: created.status, stderr: created.stderr }).toEqual({ status: 0, stderr: '' });
    const audit = await admin(env, ['audit']);
    expect(audit.status).toBe(0);
    expect(audit.stdout).toMatch(/\tCLI\tcommand line\tcreateAdmin\tlocal_root\t\n$/);
  });
});
