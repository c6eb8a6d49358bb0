/**
 * Moderation (docs/operations.md#moderation, docs/api/admin.md#admin-operations), over real GraphQL, HTTP and
 * graphql-ws, with two app copies on one database:
 *
 * - rights: the ADMIN scope is refused to a non-admin (nothing created); admin operations refuse the anonymous,
 *   a non-admin, an admin's session and an admin's token without ADMIN, and the token of a disabled admin;
 * - disabling closes the account's live subscriptions at once, on the other copy too, revokes its tokens, refuses
 *   its sign-in (ACCOUNT_DISABLED, told only with the right password), resigns its running rated game (the
 *   opponent wins and is rated) and lists it; enabling lets it sign in, its old tokens staying revoked;
 * - built-in bots, one's own account and the last admin are refused;
 * - an admin call-off ends a running rated game ABORTED (MODERATED) with no result and no rating change, and the
 *   game still verifies (verifyGame, its export through the offline verifier, check:projections);
 * - every action's audit row, in the action's own transaction (a row that cannot be written undoes the action),
 *   listed newest first in pages; every bad input a typed error that writes nothing.
 */
import type { Client as WsClient } from 'graphql-ws';
import { checkProjections } from '../../../src/cli/check-projections';
import { readExport, verifyExport } from '../../../src/export/verify-export';
import { hashToken } from '../../../src/auth/tokens';
import { ModerationService } from '../../../src/moderation/moderation.service';
import { PlayersService } from '../../../src/players/players.service';
import {
  codeOf,
  dataOf,
  register,
  within,
  wsClient,
  loginBody as sendLogin,
} from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { chooseMove, createGame, joinGame, makeMove, readGame, resign } from '../../support/service/play';

const PASSWORD = 'correct horse battery staple';

let app: InProcessApp;
let copy: InProcessApp;
/** Boss's session (no ADMIN scope) and ADMIN token. */
let bossSession: string;
let bossAdmin: string;

beforeAll(async () => {
  app = await startAppInProcess({ env: { SWEEP_INTERVAL_MS: '0' } });
  copy = await startAppInProcess({ databaseUrl: app.databaseUrl, env: { SWEEP_INTERVAL_MS: '0' } });
  // The first admin, as the command line makes it (src/cli/admin.ts goes through the same service).
  await app.get(ModerationService).createAdmin({ via: 'CLI' }, 'Boss', PASSWORD);
  bossSession = await login('boss');
  bossAdmin = await apiToken(bossSession, 'ADMIN');
});
afterAll(async () => {
  await copy?.close();
  await app?.close();
});

async function login(username: string, password = PASSWORD): Promise<string> {
  return dataOf(await loginBody(username, password)).login.token;
}

function loginBody(username: string, password = PASSWORD): ReturnType<typeof sendLogin> {
  return sendLogin(app, username, password);
}

async function apiToken(session: string, ...scopes: string[]): Promise<string> {
  const body = await app.gql<{ createApiToken: { token: string } }>(
    session,
    `mutation { createApiToken(scopes: [${scopes.join(', ')}], name: "moderation") { token } }`,
  );
  return dataOf(body).createApiToken.token;
}

function disable(token: string | null, username: string, reason = 'cheating, reported twice') {
  return app.gql<{
    adminDisableAccount: { player: { username: string }; reason: string; disabledAt: string };
  }>(
    token,
    `mutation($u: String!, $r: String!) {
       adminDisableAccount(username: $u, reason: $r) { player { username } reason disabledAt } }`,
    { u: username, r: reason },
  );
}

function enable(token: string | null, username: string) {
  return app.gql<{ adminEnableAccount: { username: string } }>(
    token,
    'mutation($u: String!) { adminEnableAccount(username: $u) { username } }',
    { u: username },
  );
}

function abort(token: string | null, gameId: string, reason = 'a bug dealt this game twice') {
  return app.gql<{ adminAbortGame: { id: string; status: string; abortReason: string | null } }>(
    token,
    'mutation($g: ID!, $r: String!) { adminAbortGame(gameId: $g, reason: $r) { id status abortReason } }',
    { g: gameId, r: reason },
  );
}

interface AuditNode {
  id: string;
  at: string;
  action: string;
  via: string;
  actor: { username: string } | null;
  targetPlayer: { username: string } | null;
  targetGameId: string | null;
  targetTokenId: string | null;
  reason: string | null;
}

interface AuditPage {
  edges: { cursor: string; node: AuditNode }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

function auditBody(token: string | null, first = 100, after: string | null = null) {
  return app.gql<{ adminAuditLog: AuditPage }>(
    token,
    `query($f: Int, $a: String) { adminAuditLog(first: $f, after: $a) {
       edges { cursor node {
         id at action via actor { username } targetPlayer { username } targetGameId targetTokenId reason } }
       pageInfo { hasNextPage endCursor } } }`,
    { f: first, a: after },
  );
}

async function auditRows(): Promise<number> {
  const [row] = await sql<{ n: number }>(app.databaseUrl, 'SELECT count(*)::int AS n FROM admin_audit');
  return row!.n;
}

async function idOf(username: string): Promise<string> {
  const [row] = await sql<{ id: string }>(app.databaseUrl, 'SELECT id FROM players WHERE username_key = $1', [
    username.toLowerCase(),
  ]);
  return row!.id;
}

/** A socket on `target` with a live subscription; `closed` resolves with the close code. */
async function openSocket(
  target: InProcessApp,
  token: string,
  query: string,
): Promise<{ client: WsClient; closed: Promise<number> }> {
  let onClose: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  const client = wsClient(target.url, token, { onNonLazyError: () => undefined });
  client.on('closed', (event) => onClose((event as { code: number }).code));
  await new Promise<void>((resolve) => {
    client.on('connected', () => resolve());
    client.subscribe({ query }, { next: () => undefined, error: () => undefined, complete: () => undefined });
  });
  return { client, closed };
}

/** A rated two-player game between `host` (seat 0) and `guest`, dealt. */
async function ratedGame(host: string, guest: string): Promise<string> {
  const game = await createGame(app, host, { preset: 'CLASSIC', rated: true });
  await joinGame(app, guest, game.id);
  return game.id;
}

async function ratingRows(username: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    app.databaseUrl,
    'SELECT count(*)::int AS n FROM ratings WHERE player_id = $1::uuid',
    [await idOf(username)],
  );
  return row!.n;
}

describe('who may moderate', () => {
  it('has no API path that makes an admin: the admin mutations are the moderation ones, the chat’s and the apps’', async () => {
    const body = await app.gql<{ __schema: { mutationType: { fields: { name: string }[] } } }>(
      null,
      '{ __schema { mutationType { fields { name } } } }',
    );
    const names = dataOf(body).__schema.mutationType.fields.map((field) => field.name);
    expect(names.filter((name) => /admin|grant|role/i.test(name)).sort()).toEqual([
      'adminAbortGame',
      'adminDisableAccount',
      'adminDisableOAuthApp',
      'adminDismissChatReport',
      'adminEnableAccount',
      'adminEnableOAuthApp',
      'adminHideChatMessage',
      'adminRestrictChat',
      'adminUnrestrictChat',
    ]);
  });

  it('refuses the ADMIN scope to an account that is not an admin, and creates nothing', async () => {
    const session = await register(app, 'plain_pat');
    const body = await app.gql(session, 'mutation { createApiToken(scopes: [ADMIN, GAME_READ]) { token } }');
    expect(codeOf(body)).toBe('FORBIDDEN');
    expect(body.errors?.[0]?.extensions?.scope).toBe('ADMIN');
    const [row] = await sql<{ n: number }>(
      app.databaseUrl,
      `SELECT count(*)::int AS n FROM tokens WHERE player_id = $1::uuid AND kind = 'api'`,
      [await idOf('plain_pat')],
    );
    expect(row!.n).toBe(0);
  });

  it('needs an admin holding the ADMIN scope: anonymous, a non-admin, an admin’s session or other token are refused', async () => {
    const session = await register(app, 'plain_quin');
    const readToken = await apiToken(session, 'GAME_READ', 'GAME_PLAY');
    const bossRead = await apiToken(bossSession, 'GAME_READ', 'GAME_PLAY');
    const before = await auditRows();
    expect(codeOf(await auditBody(null))).toBe('UNAUTHENTICATED');
    for (const token of [session, readToken, bossSession, bossRead]) {
      const listed = await auditBody(token);
      expect(codeOf(listed)).toBe('FORBIDDEN');
      expect(listed.errors?.[0]?.extensions?.scope).toBe('ADMIN');
      expect(codeOf(await disable(token, 'plain_pat'))).toBe('FORBIDDEN');
    }
    expect(await auditRows()).toBe(before);
    expect(
      dataOf(await app.gql<{ me: { username: string } }>(session, '{ me { username } }')).me.username,
    ).toBe('plain_quin');
    // The ADMIN token of the admin works.
    expect(dataOf(await auditBody(bossAdmin)).adminAuditLog.edges.at(-1)?.node).toMatchObject({
      action: 'CREATE_ADMIN',
      via: 'COMMAND_LINE',
      actor: null,
      targetPlayer: { username: 'Boss' },
    });
  });

  it('refuses the token of a disabled admin at once, and refuses bots, oneself and the last admin', async () => {
    await app.get(ModerationService).createAdmin({ via: 'CLI' }, 'Deputy', PASSWORD);
    const deputy = await apiToken(await login('deputy'), 'ADMIN');
    expect(codeOf(await auditBody(deputy))).toBeUndefined();
    dataOf(await disable(bossAdmin, 'deputy', 'left the team'));
    expect(codeOf(await auditBody(deputy))).toBe('UNAUTHENTICATED');
    expect(codeOf(await loginBody('deputy'))).toBe('ACCOUNT_DISABLED');

    const before = await auditRows();
    const bot = await disable(bossAdmin, 'GreedyBot');
    expect(codeOf(bot)).toBe('FORBIDDEN');
    expect(codeOf(await disable(bossAdmin, 'boss'))).toBe('FORBIDDEN');
    // Boss is the last enabled admin now: not even the command line may disable it.
    await expect(app.get(ModerationService).disable({ via: 'CLI' }, 'Boss', 'testing')).rejects.toMatchObject(
      {
        code: 'FORBIDDEN',
        message: expect.stringContaining('last enabled admin') as unknown as string,
      },
    );
    expect(await auditRows()).toBe(before);
    expect(codeOf(await auditBody(bossAdmin))).toBeUndefined();
  });
});

describe('disabling an account', () => {
  it('closes its live subscriptions on every copy at once, revokes its tokens, refuses its sign-in and resigns its running game', async () => {
    const winner = await register(app, 'will_win');
    const cheat = await register(app, 'cheat_carl');
    const cheatToken = await apiToken(cheat, 'GAME_READ', 'GAME_PLAY');
    const running = await ratedGame(winner, cheat);
    const waiting = (await createGame(app, cheat, { preset: 'MODERN' })).id;
    // Live subscriptions: one on this copy, one on the other (which hears of it only through Postgres).
    const here = await openSocket(app, cheat, 'subscription { myEvents { kind } }');
    const there = await openSocket(
      copy,
      cheatToken,
      `subscription { gameUpdated(gameId: "${running}") { version } }`,
    );
    const winnerSocket = await openSocket(copy, winner, 'subscription { myEvents { kind } }');

    const disabled = dataOf(await disable(bossAdmin, 'Cheat_Carl', '  cheating, reported twice  '));
    expect(disabled.adminDisableAccount.player.username).toBe('cheat_carl');
    expect(disabled.adminDisableAccount.reason).toBe('cheating, reported twice');

    expect(await within(here.closed, 5000)).toBe(4403);
    expect(await within(there.closed, 5000)).toBe(4403);
    await here.client.dispose();
    await there.client.dispose();
    for (const gone of [cheat, cheatToken]) {
      expect(codeOf(await app.gql(gone, '{ me { id } }'))).toBe('UNAUTHENTICATED');
      expect(codeOf(await copy.gql(gone, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    }
    expect(codeOf(await loginBody('cheat_carl'))).toBe('ACCOUNT_DISABLED');
    // Nobody can invite it while it cannot answer.
    const invited = await app.gql(
      winner,
      'mutation { createGame(input: { preset: CLASSIC, opponent: "cheat_carl" }) { id } }',
    );
    expect(codeOf(invited)).toBe('NOT_FOUND');
    // Without the password nobody learns that the account is disabled.
    expect(codeOf(await loginBody('cheat_carl', 'not the password, a guess'))).toBe('UNAUTHENTICATED');

    // The running rated game: resigned through the normal path, the opponent wins and is rated.
    const ended = await readGame(app, winner, running);
    expect(ended.status).toBe('FINISHED');
    expect(ended.result?.reason).toBe('RESIGNED');
    expect(ended.result?.winner).toBe(0);
    expect(await ratingRows('will_win')).toBe(1);
    const events = await app.gql<{ playerEvents: { edges: { node: { kind: string; gameId: string } }[] } }>(
      winner,
      '{ playerEvents(first: 20) { edges { node { kind gameId } } } }',
    );
    expect(dataOf(events).playerEvents.edges.map((edge) => edge.node)).toContainEqual({
      kind: 'GAME_OVER',
      gameId: running,
    });
    // The opponent's socket stays open.
    expect(await within(winnerSocket.closed, 200)).toBe('timeout');
    await winnerSocket.client.dispose();
    // Its waiting game is called off.
    expect((await readGame(app, null, waiting)).status).toBe('ABORTED');

    const listed = await app.gql<{
      adminDisabledAccounts: { edges: { node: { player: { username: string }; reason: string } }[] };
    }>(bossAdmin, '{ adminDisabledAccounts { edges { node { player { username } reason } } } }');
    expect(dataOf(listed).adminDisabledAccounts.edges.map((edge) => edge.node)).toContainEqual({
      player: { username: 'cheat_carl' },
      reason: 'cheating, reported twice',
    });
    const [latest] = dataOf(await auditBody(bossAdmin, 1)).adminAuditLog.edges;
    expect(latest?.node).toMatchObject({
      action: 'DISABLE_ACCOUNT',
      via: 'API',
      actor: { username: 'Boss' },
      targetPlayer: { username: 'cheat_carl' },
      targetGameId: null,
      reason: 'cheating, reported twice',
    });

    // Again: refused, nothing written.
    const before = await auditRows();
    expect(codeOf(await disable(bossAdmin, 'cheat_carl'))).toBe('BAD_USER_INPUT');
    expect(await auditRows()).toBe(before);

    // Enabled: it signs in again; its old session and token stay revoked; it leaves the list.
    expect(dataOf(await enable(bossAdmin, 'CHEAT_carl')).adminEnableAccount.username).toBe('cheat_carl');
    const fresh = await login('cheat_carl');
    expect(
      dataOf(await app.gql<{ me: { username: string } }>(fresh, '{ me { username } }')).me.username,
    ).toBe('cheat_carl');
    for (const gone of [cheat, cheatToken]) {
      expect(codeOf(await app.gql(gone, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    }
    const after = await app.gql<{
      adminDisabledAccounts: { edges: { node: { player: { username: string } } }[] };
    }>(bossAdmin, '{ adminDisabledAccounts { edges { node { player { username } } } } }');
    expect(dataOf(after).adminDisabledAccounts.edges.map((edge) => edge.node.player.username)).not.toContain(
      'cheat_carl',
    );
    expect(dataOf(await auditBody(bossAdmin, 1)).adminAuditLog.edges[0]?.node).toMatchObject({
      action: 'ENABLE_ACCOUNT',
      targetPlayer: { username: 'cheat_carl' },
      reason: null,
    });
    expect(codeOf(await enable(bossAdmin, 'cheat_carl'))).toBe('BAD_USER_INPUT');
  });

  it('refuses an unknown account and a reason that is empty or too long, writing nothing', async () => {
    await register(app, 'kept_kim');
    const before = await auditRows();
    expect(codeOf(await disable(bossAdmin, 'nobody_here'))).toBe('NOT_FOUND');
    expect(codeOf(await enable(bossAdmin, 'nobody_here'))).toBe('NOT_FOUND');
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      const body = await disable(bossAdmin, 'kept_kim', reason);
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.extensions?.field).toBe('reason');
    }
    expect(await auditRows()).toBe(before);
    expect(typeof (await login('kept_kim'))).toBe('string');
  });
});

describe('calling a game off', () => {
  it('ends a running rated game with no result and no rating change, and the game still verifies', async () => {
    const host = await register(app, 'host_hal');
    const guest = await register(app, 'gst_gus');
    const gameId = await ratedGame(host, guest);
    const dealt = await readGame(app, host, gameId);
    const mover = dealt.currentSeat === 0 ? host : guest;
    const mine = await readGame(app, mover, gameId);
    dataOf(await makeMove(app, mover, gameId, chooseMove(mine.legalMoves), mine.version));

    const aborted = dataOf(await abort(bossAdmin, gameId)).adminAbortGame;
    expect(aborted).toEqual({ id: gameId, status: 'ABORTED', abortReason: 'MODERATED' });
    const game = await readGame(app, null, gameId);
    expect(game.result).toBeNull();
    expect(game.version).toBeGreaterThan(0);
    expect(await ratingRows('host_hal')).toBe(0);
    expect(await ratingRows('gst_gus')).toBe(0);
    const [seats] = await sql<{ n: number }>(
      app.databaseUrl,
      'SELECT count(*)::int AS n FROM game_players WHERE game_id = $1::uuid AND outcome IS NOT NULL',
      [gameId],
    );
    expect(seats!.n).toBe(0);
    const verified = await app.gql<{
      verifyGame: { seedMatchesCommitment: boolean; replayMatches: boolean };
    }>(null, 'query($g: ID!) { verifyGame(id: $g) { seedMatchesCommitment replayMatches } }', {
      g: gameId,
    });
    expect(dataOf(verified).verifyGame).toEqual({ seedMatchesCommitment: true, replayMatches: true });
    // Its export passes the offline verifier, and its row agrees with its log (check:projections).
    const exported = await fetch(`${app.url}/api/games/${gameId}/export`);
    expect(exported.status).toBe(200);
    const checks = verifyExport(readExport(await exported.text()));
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(await checkProjections(app.databaseUrl, false, () => undefined)).toEqual([]);
    expect(dataOf(await auditBody(bossAdmin, 1)).adminAuditLog.edges[0]?.node).toMatchObject({
      action: 'ABORT_GAME',
      actor: { username: 'Boss' },
      targetPlayer: null,
      targetGameId: gameId,
      reason: 'a bug dealt this game twice',
    });
  });

  it('refuses an unknown, malformed or finished game and a game called off already, writing nothing', async () => {
    const one = await register(app, 'fin_fay');
    const two = await register(app, 'fin_flo');
    const finished = await ratedGame(one, two);
    await resign(app, two, finished);
    const calledOff = (await createGame(app, one, { preset: 'CLASSIC' })).id;
    dataOf(await abort(bossAdmin, calledOff));
    const before = await auditRows();
    expect(codeOf(await abort(bossAdmin, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    expect(codeOf(await abort(bossAdmin, 'not-a-game'))).toBe('NOT_FOUND');
    expect(codeOf(await abort(bossAdmin, finished))).toBe('GAME_NOT_ACTIVE');
    expect(codeOf(await abort(bossAdmin, calledOff))).toBe('GAME_NOT_ACTIVE');
    expect(codeOf(await abort(bossAdmin, finished, ''))).toBe('BAD_USER_INPUT');
    expect(await auditRows()).toBe(before);
    expect((await readGame(app, null, finished)).result?.reason).toBe('RESIGNED');
  });
});

describe('the audit log', () => {
  it('is written in the transaction of the action: an audit row that cannot be written undoes the action', async () => {
    // An actor id no account has: the audit row's foreign key refuses it, inside the action's transaction.
    const ghost = { via: 'API', playerId: '00000000-0000-4000-8000-00000000dead' } as const;
    const session = await register(app, 'atomic_ada');
    const other = await register(app, 'atomic_abe');
    const gameId = await ratedGame(session, other);
    const before = await auditRows();
    const moderation = app.get(ModerationService);
    await expect(moderation.disable(ghost, 'atomic_ada', 'testing')).rejects.toThrow();
    await expect(moderation.abortGame(ghost, gameId, 'testing')).rejects.toThrow();
    expect(await auditRows()).toBe(before);
    // Nothing of either happened: the session works, the account signs in, the game is still being played.
    expect(
      dataOf(await app.gql<{ me: { username: string } }>(session, '{ me { username } }')).me.username,
    ).toBe('atomic_ada');
    expect(typeof (await login('atomic_ada'))).toBe('string');
    expect((await readGame(app, null, gameId)).status).toBe('ACTIVE');
  });

  it('records an ADMIN token made: who, when and its id, never the token; a token without ADMIN is not recorded', async () => {
    const before = await auditRows();
    const asked = Date.now();
    const made = dataOf(
      await app.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
        bossSession,
        'mutation { createApiToken(scopes: [ADMIN, GAME_READ], name: "audited") { token apiToken { id } } }',
      ),
    ).createApiToken;
    const [latest] = dataOf(await auditBody(bossAdmin, 1)).adminAuditLog.edges;
    expect(latest?.node).toMatchObject({
      action: 'CREATE_ADMIN_TOKEN',
      via: 'API',
      actor: { username: 'Boss' },
      targetPlayer: { username: 'Boss' },
      targetGameId: null,
      targetTokenId: made.apiToken.id,
      reason: null,
    });
    const at = Date.parse(latest!.node.at);
    expect(at).toBeGreaterThanOrEqual(asked - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Nothing in the row is the token, or its hash.
    const rows = await sql<{ row: string }>(
      app.databaseUrl,
      'SELECT row_to_json(audit)::text AS row FROM admin_audit audit WHERE target_token_id = $1',
      [made.apiToken.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).not.toContain(made.token);
    expect(rows[0]!.row).not.toContain(hashToken(made.token));
    expect(await auditRows()).toBe(before + 1);

    await apiToken(bossSession, 'GAME_READ', 'GAME_PLAY');
    await apiToken(await register(app, 'plain_token_tim'), 'GAME_READ');
    expect(await auditRows()).toBe(before + 1);
  });

  it('makes no ADMIN token whose audit row cannot be written', async () => {
    const bossId = await idOf('Boss');
    const tokens = async (): Promise<number> =>
      (
        await sql<{ n: number }>(
          app.databaseUrl,
          'SELECT count(*)::int AS n FROM tokens WHERE player_id = $1',
          [bossId],
        )
      )[0]!.n;
    const before = await tokens();
    await expect(
      app.get(PlayersService).createApiToken(bossId, 'unaudited', ['admin'], async () => {
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow('the audit row could not be written');
    expect(await tokens()).toBe(before);
  });

  it('lists every action newest first, in pages', async () => {
    const all = dataOf(await auditBody(bossAdmin)).adminAuditLog.edges.map((edge) => edge.node);
    expect(all.length).toBe(await auditRows());
    const ids = all.map((node) => BigInt(node.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);
    const first = dataOf(await auditBody(bossAdmin, 2)).adminAuditLog;
    expect(first.edges.map((edge) => edge.node.id)).toEqual(all.slice(0, 2).map((node) => node.id));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = dataOf(await auditBody(bossAdmin, 2, first.pageInfo.endCursor)).adminAuditLog;
    expect(second.edges.map((edge) => edge.node.id)).toEqual(all.slice(2, 4).map((node) => node.id));
    const bad = await auditBody(bossAdmin, 2, 'bm90IGEgY3Vyc29y');
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.extensions?.field).toBe('after');
  });
});
