/**
 * One's account (docs/api/players-and-accounts.md#deleteaccount, #get-apimeexport, #leaderboard), over real
 * GraphQL, HTTP and graphql-ws:
 *
 * - `deleteAccount` with a wrong password, or with an API token, changes nothing;
 * - with the password it resigns the running game (the opponent wins, rated as ever), calls off the waiting game
 *   and the invitation, removes tokens, sessions, webhooks and their deliveries, events and ratings, closes the
 *   open socket at once, refuses sign-in and the name in any case; the finished game still reads, the player shown
 *   deleted; the opponent's rating history keeps the game; the leaderboard no longer lists the player;
 * - `GET /api/me/export` streams one's own data as NDJSON, without a secret of any kind;
 * - `leaderboard(includeProvisional: true)` lists the provisional ratings a new server has, marked.
 */
import type { Client as WsClient } from 'graphql-ws';
import { Client } from 'pg';
import { hashToken } from '../../../src/auth/tokens';
import { GameStore } from '../../../src/games/persistence/game-store';
import { GamesRepository } from '../../../src/games/persistence/games.repository';
import { PlayersService } from '../../../src/players/players.service';
import { GraphQLBody, codeOf, dataOf, register, within, wsClient } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { until } from '../../support/service/outage';
import { createGame, joinGame, readGame, resign } from '../../support/service/play';

const PASSWORD = 'correct horse battery staple';
/** Nothing listens on this loopback port: deliveries to it stay pending (retried later), never succeed. */
const DEAD_URL = 'http://127.0.0.1:9/hook';
const WEBHOOK_SECRET = 'a webhook secret nobody else should see';

let app: InProcessApp;

beforeAll(async () => {
  app = await startAppInProcess({
    env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_INTERVAL_MS: '3600000', SWEEP_INTERVAL_MS: '0' },
  });
});
afterAll(async () => {
  await app.close();
});

async function login(username: string, password = PASSWORD): Promise<string> {
  const body = await app.gql<{ login: { token: string } }>(
    null,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: username, p: password },
  );
  return dataOf(body).login.token;
}

async function apiToken(session: string): Promise<string> {
  const body = await app.gql<{ createApiToken: { token: string } }>(
    session,
    'mutation { createApiToken(scopes: [GAME_READ, GAME_PLAY], name: "client") { token } }',
  );
  return dataOf(body).createApiToken.token;
}

async function createWebhook(token: string): Promise<string> {
  const body = await app.gql<{ createWebhook: { id: string } }>(
    token,
    'mutation($u: String!, $s: String!) { createWebhook(url: $u, secret: $s) { id } }',
    { u: DEAD_URL, s: WEBHOOK_SECRET },
  );
  return dataOf(body).createWebhook.id;
}

function deleteAccount(token: string, password: string) {
  return app.gql<{ deleteAccount: boolean }>(token, 'mutation($p: String!) { deleteAccount(password: $p) }', {
    p: password,
  });
}

async function invite(token: string, opponent: string): Promise<string> {
  const body = await app.gql<{ createGame: { id: string } }>(
    token,
    'mutation($o: String!) { createGame(input: { preset: CLASSIC, opponent: $o }) { id } }',
    { o: opponent },
  );
  return dataOf(body).createGame.id;
}

/** A rated two-player game between `host` and `guest`, dealt and waiting for its first move. */
async function ratedGame(host: string, guest: string): Promise<string> {
  const game = await createGame(app, host, { preset: 'CLASSIC', rated: true });
  await joinGame(app, guest, game.id);
  return game.id;
}

interface LeaderboardEntry {
  rank: number;
  player: { username: string };
  provisional: boolean;
}

interface LeaderboardPage {
  edges: { node: LeaderboardEntry }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

async function leaderboard(includeProvisional?: boolean, preset = 'CLASSIC'): Promise<LeaderboardEntry[]> {
  const body = await app.gql<{ leaderboard: { edges: { node: LeaderboardEntry }[] } }>(
    null,
    `{ leaderboard(preset: ${preset}, first: 100${includeProvisional ? ', includeProvisional: true' : ''}) {
       edges { node { rank player { username } provisional } } } }`,
  );
  return dataOf(body).leaderboard.edges.map((edge) => edge.node);
}

/** A socket with a live `myEvents` subscription; `closed` resolves with the close code. */
async function openSocket(token: string): Promise<{ client: WsClient; closed: Promise<number> }> {
  let onClose: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  // Its close is what the test looks at (`closed`), not an error to print.
  const client = wsClient(app.url, token, { onNonLazyError: () => undefined });
  client.on('closed', (event) => onClose((event as { code: number }).code));
  await new Promise<void>((resolve) => {
    client.on('connected', () => resolve());
    // The subscription ends with the socket (its error is the close): `closed` is what the test looks at.
    client.subscribe(
      { query: 'subscription { myEvents { kind } }' },
      { next: () => undefined, error: () => undefined, complete: () => undefined },
    );
  });
  return { client, closed };
}

async function countOf(table: string, column: string, id: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    app.databaseUrl,
    `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1::uuid`,
    [id],
  );
  return row!.n;
}

describe('deleteAccount', () => {
  it('refuses a wrong password and an API token, and changes nothing', async () => {
    const session = await register(app, 'keeper');
    const token = await apiToken(session);
    const wrong = await deleteAccount(session, 'not my password at all, sorry');
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(wrong.errors?.[0]?.extensions?.field).toBe('password');
    const byToken = await deleteAccount(token, PASSWORD);
    expect(codeOf(byToken)).toBe('FORBIDDEN');
    // Both tokens still work, and the account signs in.
    for (const still of [session, token, await login('keeper')]) {
      expect(
        dataOf(await app.gql<{ me: { deleted: boolean } }>(still, '{ me { deleted } }')).me.deleted,
      ).toBe(false);
    }
  });

  it('resigns, calls off and removes what was the account’s, ends its socket, and keeps it as a tombstone', async () => {
    const alice = await register(app, 'Alice_del');
    const bob = await register(app, 'bob_del');
    const carol = await register(app, 'carol_del');
    const aliceId = dataOf(await app.gql<{ me: { id: string } }>(alice, '{ me { id } }')).me.id;

    // A finished rated game (bob resigned), a running rated game with carol, a waiting game, an invitation.
    const finished = await ratedGame(alice, bob);
    await resign(app, bob, finished);
    const running = await ratedGame(carol, alice);
    const waiting = (await createGame(app, alice, { preset: 'CLASSIC' })).id;
    const invitation = await invite(bob, 'alice_del');
    expect((await leaderboard(true)).map((entry) => entry.player.username)).toContain('Alice_del');

    // Credentials and outlets: another session, an API token, a webhook with deliveries pending, an open socket.
    const otherSession = await login('alice_del');
    const token = await apiToken(alice);
    const webhookId = await createWebhook(alice);
    await invite(carol, 'Alice_del'); // an event for alice: a delivery to the dead URL
    const [pending] = await sql<{ n: number }>(
      app.databaseUrl,
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1::uuid AND status = 'PENDING'`,
      [webhookId],
    );
    expect(pending!.n).toBeGreaterThan(0);
    const socket = await openSocket(otherSession);

    expect(dataOf(await deleteAccount(alice, PASSWORD)).deleteAccount).toBe(true);

    expect(await within(socket.closed, 5000)).toBe(4403);
    await socket.client.dispose();
    for (const gone of [alice, otherSession, token]) {
      expect(codeOf(await app.gql(gone, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    }
    expect(
      codeOf(
        await app.gql(
          null,
          'mutation { login(username: "Alice_del", password: "correct horse battery staple") { token } }',
        ),
      ),
    ).toBe('UNAUTHENTICATED');
    for (const name of ['Alice_del', 'alice_DEL']) {
      const again = await app.gql(
        null,
        'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token } }',
        { u: name, p: 'another fine passphrase of mine' },
      );
      expect(codeOf(again)).toBe('BAD_USER_INPUT');
    }
    expect(
      codeOf(
        await app.gql(
          bob,
          'mutation { createGame(input: { preset: CLASSIC, opponent: "alice_del" }) { id } }',
        ),
      ),
    ).toBe('NOT_FOUND');

    // The running game: resigned, carol wins and is rated for it; the waiting game and the invitations: called off.
    const ended = await readGame(app, carol, running);
    expect(ended.status).toBe('FINISHED');
    expect(ended.result?.reason).toBe('RESIGNED');
    expect(ended.result?.winner).toBe(0);
    const history = await app.gql<{
      ratingHistory: { edges: { node: { gameId: string; outcome: string } }[] };
    }>(
      null,
      'query { ratingHistory(username: "carol_del", preset: CLASSIC) { edges { node { gameId outcome } } } }',
    );
    expect(dataOf(history).ratingHistory.edges.map((edge) => edge.node)).toEqual([
      { gameId: running, outcome: 'WIN' },
    ]);
    for (const [gameId, reason] of [
      [waiting, 'ABORTED'],
      [invitation, 'DECLINED'],
    ] as const) {
      const body = await app.gql<{ game: { status: string; abortReason: string } }>(
        null,
        'query($g: ID!) { game(id: $g) { status abortReason } }',
        { g: gameId },
      );
      expect(dataOf(body).game).toEqual({ status: 'ABORTED', abortReason: reason });
    }

    // The finished game still reads, with the player shown deleted under the name they played as.
    const read = await app.gql<{
      game: { status: string; players: { player: { username: string; deleted: boolean } }[] };
    }>(null, 'query($g: ID!) { game(id: $g) { status players { player { username deleted } } } }', {
      g: finished,
    });
    expect(dataOf(read).game).toEqual({
      status: 'FINISHED',
      players: [
        { player: { username: 'Alice_del', deleted: true } },
        { player: { username: 'bob_del', deleted: false } },
      ],
    });
    const profile = await app.gql<{ player: { deleted: boolean } }>(
      null,
      '{ player(username: "alice_del") { deleted } }',
    );
    expect(dataOf(profile).player.deleted).toBe(true);

    // Nothing personal is left; the seats (the other players' games and rating histories) are.
    for (const table of ['tokens', 'webhooks', 'player_events', 'ratings']) {
      expect(await countOf(table, 'player_id', aliceId)).toBe(0);
    }
    expect(await countOf('webhook_deliveries', 'webhook_id', webhookId)).toBe(0);
    expect(await countOf('game_players', 'player_id', aliceId)).toBe(3);
    const [row] = await sql<{ password_hash: string | null; deleted_at: Date | null }>(
      app.databaseUrl,
      'SELECT password_hash, deleted_at FROM players WHERE id = $1::uuid',
      [aliceId],
    );
    expect(row!.password_hash).toBeNull();
    expect(row!.deleted_at).not.toBeNull();
    const board = (await leaderboard(true)).map((entry) => entry.player.username);
    expect(board).not.toContain('Alice_del');
    expect(board).toEqual(expect.arrayContaining(['bob_del', 'carol_del']));
  });
});

/** Whether each seat's player of a game shows as deleted, as an app copy answers. */
async function seatsDeletedOn(copy: InProcessApp, game: string): Promise<boolean[]> {
  const body = await copy.gql<{ game: { players: { player: { deleted: boolean } }[] } }>(
    null,
    'query($g: ID!) { game(id: $g) { players { player { deleted } } } }',
    { g: game },
  );
  return dataOf(body).game.players.map((seat) => seat.player.deleted);
}

describe('deleteAccount, around the edges', () => {
  it('a game of three goes on without the deleted player, and its end does not bring them back to the board', async () => {
    const [gil, hal, ida] = await Promise.all(
      ['gil_del', 'hal_del', 'ida_del'].map((name) => register(app, name)),
    );
    const game = await createGame(app, gil!, { preset: 'MODERN', seats: 3, rated: true });
    await joinGame(app, hal!, game.id);
    await joinGame(app, ida!, game.id);
    expect(dataOf(await deleteAccount(gil!, PASSWORD)).deleteAccount).toBe(true);
    expect((await readGame(app, hal!, game.id)).status).toBe('ACTIVE');
    // The game's end rates every seat, the resigned one too (its record is the other players' history).
    const ended = await resign(app, hal!, game.id);
    expect(ended.status).toBe('FINISHED');
    const [gilRating] = await sql<{ n: number }>(
      app.databaseUrl,
      "SELECT count(*)::int AS n FROM ratings r JOIN players p ON p.id = r.player_id WHERE p.username = 'gil_del'",
    );
    expect(gilRating!.n).toBe(1);
    const board = (await leaderboard(true, 'MODERN')).map((entry) => entry.player.username);
    expect(board).toEqual(expect.arrayContaining(['hal_del', 'ida_del']));
    expect(board).not.toContain('gil_del');
  });

  it('another app copy that remembers a game shows its deleted player as deleted', async () => {
    const other = await startAppInProcess({ databaseUrl: app.databaseUrl });
    try {
      const jan = await register(app, 'jan_del');
      const kim = await register(app, 'kim_del');
      const game = await ratedGame(jan, kim);
      await resign(app, kim, game);
      const deletedOn = (): Promise<boolean[]> => seatsDeletedOn(other, game);
      // The other copy reads the finished game, and keeps its seats.
      expect(await deletedOn()).toEqual([false, false]);
      expect(dataOf(await deleteAccount(jan, PASSWORD)).deleteAccount).toBe(true);
      // Told through Postgres (the token change), it shows the tombstone without reading the game again.
      const deadline = Date.now() + 5000;
      let seen = await deletedOn();
      while (seen[0] !== true && Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
        seen = await deletedOn();
      }
      expect(seen).toEqual([true, false]);
    } finally {
      await other.stop();
    }
  });

  it('a game read in flight while another copy deletes a player does not bring the player back', async () => {
    const other = await startAppInProcess({ databaseUrl: app.databaseUrl });
    const blocker = new Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    try {
      const lea = await register(app, 'lea_del');
      const max = await register(app, 'max_del');
      const game = await ratedGame(lea, max);
      await resign(app, max, game);
      const deletedOn = (): Promise<boolean[]> => seatsDeletedOn(other, game);
      expect(await deletedOn()).toEqual([false, false]);
      // The other copy's next read waits for the games table, holding the seats it remembers...
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE games IN ACCESS EXCLUSIVE MODE');
      const read = deletedOn();
      await until('the other copy reads the game row', async () => {
        const { rows } = await blocker.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted AND relation = 'games'::regclass",
        );
        return rows[0]!.waiting > 0;
      });
      // ...while this copy deletes the account (the tombstone touches no game row) and the other copy hears of it.
      const [leaId] = await sql<{ id: string }>(
        app.databaseUrl,
        "SELECT id FROM players WHERE username = 'lea_del'",
      );
      expect(await app.get(PlayersService).tombstone(leaId!.id, new Date())).toBe(true);
      const remembered = other.get(GameStore);
      await until('the other copy shows the player deleted', () =>
        remembered.peek(game).row!.players.some((seat) => seat.player.deletedAt !== null),
      );
      await blocker.query('COMMIT');
      expect(await read).toEqual([true, false]);
      expect(await deletedOn()).toEqual([true, false]);
    } finally {
      await blocker.end();
      await other.stop();
    }
  });

  it('a game row read before a deletion and remembered after it shows the player deleted', async () => {
    const other = await startAppInProcess({ databaseUrl: app.databaseUrl });
    try {
      const ivy = await register(app, 'ivy_del');
      const ola = await register(app, 'ola_del');
      const known = await ratedGame(ivy, ola);
      await resign(app, ola, known);
      const unknown = await ratedGame(ola, ivy);
      expect(await seatsDeletedOn(other, known)).toEqual([false, false]);
      // The other copy's read of a game it does not remember yet (GamesService.find's second path) is in flight...
      const inFlight = await other.get(GamesRepository).withPlayers(unknown);
      const [ivyId] = await sql<{ id: string }>(
        app.databaseUrl,
        "SELECT id FROM players WHERE username = 'ivy_del'",
      );
      expect(await app.get(PlayersService).tombstone(ivyId!.id, new Date())).toBe(true);
      const remembered = other.get(GameStore);
      // ...when it hears of the deletion (shown on the game it remembers)...
      await until('the other copy shows the player deleted', () =>
        remembered.peek(known).row!.players.some((seat) => seat.player.deletedAt !== null),
      );
      // ...and then remembers what it read: the player stays deleted, there and on the next read.
      const row = remembered.rememberRow(inFlight!);
      expect(row.players.find((seat) => seat.playerId === ivyId!.id)!.player.deletedAt).not.toBeNull();
      expect(await seatsDeletedOn(other, unknown)).toEqual([false, true]);
    } finally {
      await other.stop();
    }
  });
});

describe('GET /api/me/export', () => {
  const download = (token: string | null): Promise<Response> =>
    fetch(`${app.url}/api/me/export`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  it('streams one’s own data as NDJSON, and no secret of any kind', async () => {
    const dave = await register(app, 'dave_export');
    const erin = await register(app, 'erin_export');
    const token = await apiToken(dave);
    const webhookId = await createWebhook(dave);
    const finished = await ratedGame(dave, erin);
    await resign(app, erin, finished);
    const running = await ratedGame(erin, dave);
    dataOf(
      await app.gql(dave, 'mutation { updateNotificationSettings(timeZone: "Europe/Moscow") { timeZone } }'),
    );
    dataOf(await app.gql(dave, 'mutation { startVacation(days: 2) { daysLeft } }'));
    // Whom Dave follows and blocks, and his presence setting, are his to take with him (docs/social.md).
    dataOf(await app.gql(dave, 'mutation { followPlayer(username: "erin_export") { id } }'));
    await register(app, 'mal_export');
    dataOf(await app.gql(dave, 'mutation { blockPlayer(username: "mal_export") { id } }'));
    dataOf(await app.gql(dave, 'mutation { setPresenceHidden(hidden: true) }'));

    const response = await download(dave);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const text = await response.text();
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; [field: string]: unknown });
    expect(lines[0]).toMatchObject({ type: 'profile', format: 'malice-account/1', username: 'dave_export' });
    expect(lines.filter((line) => line.type === 'rating').map((line) => line.preset)).toEqual([
      'CLASSIC',
      'ZLOBA',
      'MODERN',
    ]);
    const games = lines.filter((line) => line.type === 'game');
    expect(games.map((line) => [line.id, line.status, line.outcome])).toEqual([
      [finished, 'FINISHED', 'WIN'],
      [running, 'ACTIVE', null],
    ]);
    expect(lines.filter((line) => line.type === 'ratingChange').map((line) => line.gameId)).toEqual([
      finished,
    ]);
    expect(lines.filter((line) => line.type === 'apiToken')).toHaveLength(1);
    expect(lines.filter((line) => line.type === 'session')).toEqual([
      expect.objectContaining({ type: 'session', current: true }),
    ]);
    expect(lines.filter((line) => line.type === 'webhook')).toEqual([
      expect.objectContaining({ id: webhookId, url: DEAD_URL }),
    ]);
    expect(lines.filter((line) => line.type === 'notificationSettings')).toEqual([
      expect.objectContaining({ timeZone: 'Europe/Moscow', language: 'en', digestMinute: 480 }),
    ]);
    expect(lines.filter((line) => line.type === 'vacation')).toEqual([
      expect.objectContaining({ days: 2, endedAt: null }),
    ]);
    expect(lines.filter((line) => line.type === 'follow')).toEqual([
      { type: 'follow', username: 'erin_export', since: expect.any(String) },
    ]);
    expect(lines.filter((line) => line.type === 'block')).toEqual([
      { type: 'block', username: 'mal_export', since: expect.any(String) },
    ]);
    expect(lines.filter((line) => line.type === 'presence')).toEqual([{ type: 'presence', hidden: true }]);
    expect(lines.filter((line) => line.type === 'playerEvent').length).toBeGreaterThan(0);

    // No secret: the tokens, their hashes, the webhook's secret, the password hash, the seeds of any game.
    const [hash] = await sql<{ password_hash: string }>(
      app.databaseUrl,
      "SELECT password_hash FROM players WHERE username = 'dave_export'",
    );
    const seeds = await sql<{ seed: string; client_seed: string | null }>(
      app.databaseUrl,
      'SELECT g.seed, gp.client_seed FROM games g JOIN game_players gp ON gp.game_id = g.id WHERE g.id = ANY($1::uuid[])',
      [[finished, running]],
    );
    const secrets = [
      dave,
      token,
      hashToken(dave),
      hashToken(token),
      WEBHOOK_SECRET,
      hash!.password_hash,
      ...seeds.flatMap((row) => [row.seed, row.client_seed ?? row.seed]),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/argon2|secret|hash|hand/i);
  });

  it('needs a session token: an API token is 403, none 401', async () => {
    const frank = await register(app, 'frank_export');
    expect((await download(await apiToken(frank))).status).toBe(403);
    expect((await download(null)).status).toBe(401);
  });
});

describe('leaderboard(includeProvisional)', () => {
  it('lists the provisional ratings a new server has, marked, which the default board leaves out', async () => {
    // Every rating here comes from one or two rated games: provisional (deviation 110 or more).
    expect(await leaderboard()).toEqual([]);
    const board = await leaderboard(true);
    expect(board.length).toBeGreaterThanOrEqual(4);
    expect(board.every((entry) => entry.provisional)).toBe(true);
    expect(board.map((entry) => entry.rank)).toEqual(board.map((_, index) => index + 1));

    // Paged two at a time, the same board: the cursor's rank counts the provisional ratings too.
    const paged: LeaderboardEntry[] = [];
    let after: string | null = null;
    for (;;) {
      const body: GraphQLBody<{ leaderboard: LeaderboardPage }> = await app.gql<{
        leaderboard: LeaderboardPage;
      }>(
        null,
        `query($a: String) { leaderboard(preset: CLASSIC, first: 2, after: $a, includeProvisional: true) {
           edges { node { rank player { username } provisional } } pageInfo { hasNextPage endCursor } } }`,
        { a: after },
      );
      const page = dataOf(body).leaderboard;
      paged.push(...page.edges.map((edge) => edge.node));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(paged).toEqual(board);
  });
});
