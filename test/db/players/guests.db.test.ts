/**
 * Guests (docs/api/players-and-accounts.md#startguest, src/players/guest-policy.ts) through GraphQL on a real
 * Postgres: a visitor starts one with no token, plays the built-in bots and unrated open seeks, is refused
 * everything else with GUEST_NOT_ALLOWED, keeps the account (the same id, games and history under the chosen
 * name), is limited per address per day, and goes once left alone GUEST_INACTIVE_DAYS — its games kept.
 */
import { GuestSweeper } from '../../../src/accounts/guest-sweeper';
import { GraphQLBody, codeOf, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess({
    env: {
      CLOCK: 'manual',
      GUESTS_PER_ADDRESS_PER_DAY: '3',
      GUEST_INACTIVE_DAYS: '30',
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'correct horse battery staple';
const DAY = 86_400_000;
let addresses = 0;

interface Guest {
  readonly token: string;
  readonly player: { id: string; username: string; isGuest: boolean };
}

/** A guest started from its own address (X-Forwarded-For through the trusted proxy), unless `from` names one. */
async function startGuest(from = `198.51.100.${++addresses}`): Promise<Guest> {
  return dataOf(await startGuestFrom(from)).startGuest;
}

async function startGuestFrom(address: string) {
  const response = await app.post(
    JSON.stringify({ query: 'mutation { startGuest { token player { id username isGuest } } }' }),
    { 'content-type': 'application/json', 'x-forwarded-for': address },
  );
  return (await response.json()) as GraphQLBody<{ startGuest: Guest }>;
}

function refusalOf(body: { errors?: readonly unknown[] }): string | undefined {
  const first = body.errors?.[0] as { extensions?: { refusal?: string } } | undefined;
  return first?.extensions?.refusal;
}

const CREATE = 'mutation($input: CreateGameInput!) { createGame(input: $input) { id status rated } }';
const SEEK = 'mutation($input: SeekInput!) { seekGame(input: $input) { id rated } }';

it('a guest starts with no token, named Guest-NNNNNN, and plays a built-in bot unrated at once', async () => {
  const guest = await startGuest();
  expect(guest.player.username).toMatch(/^Guest-\d{6}$/);
  expect(guest.player.isGuest).toBe(true);
  expect(dataOf(await app.gql(guest.token, '{ me { username isGuest } }'))).toEqual({
    me: { username: guest.player.username, isGuest: true },
  });
  const game = dataOf(
    await app.gql<{ createGame: { status: string; rated: boolean } }>(guest.token, CREATE, {
      input: { preset: 'CLASSIC', bot: 'EXPERT' },
    }),
  ).createGame;
  expect(game).toMatchObject({ status: 'ACTIVE', rated: false });
  // An unrated seek is open to guests too.
  expect(dataOf(await app.gql(guest.token, SEEK, { input: { preset: 'MODERN' } }))).toMatchObject({
    seekGame: { rated: false },
  });
});

it('a guest is refused, with GUEST_NOT_ALLOWED and which refusal, whatever needs a kept account', async () => {
  const { token } = await startGuest();
  await register(app, 'gst_host');
  const refusals: [string, string, Record<string, unknown>][] = [
    ['ratedGame', CREATE, { input: { preset: 'CLASSIC', bot: 'GREEDY', rated: true } }],
    ['invitation', CREATE, { input: { preset: 'CLASSIC', opponent: 'gst_host' } }],
    ['openGame', CREATE, { input: { preset: 'CLASSIC' } }],
    ['ratedGame', SEEK, { input: { preset: 'CLASSIC', rated: true } }],
    ['apiToken', 'mutation { createApiToken(name: "x", scopes: [GAME_READ]) { token } }', {}],
    [
      'webhook',
      'mutation { createWebhook(url: "https://example.invalid/hook", secret: "0123456789abcdef0123") { id } }',
      {},
    ],
    ['email', 'mutation { setEmailAddress(address: "guest@example.invalid") { address } }', {}],
    ['twoFactor', 'mutation { startTwoFactor { secret } }', {}],
    ['vacation', 'mutation { startVacation(days: 2) { daysLeft } }', {}],
    ['password', `mutation { changePassword(currentPassword: "x", newPassword: "${PASSWORD} too") }`, {}],
    ['botAccount', 'mutation { upgradeToBotAccount { id } }', {}],
  ];
  for (const [refusal, query, variables] of refusals) {
    const body = await app.gql(token, query, variables);
    expect({ refusal, code: codeOf(body), said: refusalOf(body) }).toEqual({
      refusal,
      code: 'GUEST_NOT_ALLOWED',
      said: refusal,
    });
  }
  // Nothing was made by any of them: the guest has only what it started with (no game).
  expect(dataOf(await app.gql(token, '{ games(filter: { mine: true }) { edges { node { id } } } }'))).toEqual(
    {
      games: { edges: [] },
    },
  );
});

it('nobody invites a guest; a guest joins unrated open seeks only', async () => {
  const guest = await startGuest();
  const host = await register(app, 'gst_seeker');
  const invited = await app.gql(host, CREATE, {
    input: { preset: 'CLASSIC', opponent: guest.player.username },
  });
  expect([codeOf(invited), refusalOf(invited)]).toEqual(['GUEST_NOT_ALLOWED', 'invited']);

  const join = 'mutation($id: ID!) { joinGame(gameId: $id) { id status } }';
  const rated = dataOf(
    await app.gql<{ seekGame: { id: string } }>(host, SEEK, { input: { preset: 'ZLOBA', rated: true } }),
  ).seekGame;
  const refusedRated = await app.gql(guest.token, join, { id: rated.id });
  expect([codeOf(refusedRated), refusalOf(refusedRated)]).toEqual(['GUEST_NOT_ALLOWED', 'ratedGame']);
  const threeSeats = dataOf(
    await app.gql<{ createGame: { id: string } }>(host, CREATE, { input: { preset: 'MODERN', seats: 3 } }),
  ).createGame;
  const refusedOpen = await app.gql(guest.token, join, { id: threeSeats.id });
  expect([codeOf(refusedOpen), refusalOf(refusedOpen)]).toEqual(['GUEST_NOT_ALLOWED', 'joinGame']);

  const unrated = dataOf(
    await app.gql<{ seekGame: { id: string } }>(host, SEEK, { input: { preset: 'CLASSIC' } }),
  ).seekGame;
  expect(dataOf(await app.gql(guest.token, join, { id: unrated.id }))).toEqual({
    joinGame: { id: unrated.id, status: 'ACTIVE' },
  });
});

it('the guests’ namespace is nobody else’s: register refuses names that read as "guest"', async () => {
  for (const name of ['Guest-123456', 'guest_7', 'GUE5T', 'my-guest']) {
    const body = await app.gql(
      null,
      'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token } }',
      {
        u: name,
        p: PASSWORD,
      },
    );
    expect({ name, code: codeOf(body) }).toEqual({ name, code: 'BAD_USER_INPUT' });
  }
  expect(await register(app, 'Guestbook')).toBeTruthy();
});

it('a guest keeps the account: the same id, its games and history under the chosen name, a full account', async () => {
  const guest = await startGuest();
  const game = dataOf(
    await app.gql<{ createGame: { id: string } }>(guest.token, CREATE, {
      input: { preset: 'CLASSIC', bot: 'GREEDY' },
    }),
  ).createGame;
  const seatNames = async () =>
    dataOf(
      await app.gql<{ game: { players: { player: { username: string; isGuest: boolean } }[] } }>(
        null,
        'query($id: ID!) { game(id: $id) { players { player { username isGuest } } } }',
        { id: game.id },
      ),
    ).game.players.map((seat) => seat.player);
  expect(await seatNames()).toContainEqual({ username: guest.player.username, isGuest: true });

  const keep =
    'mutation($u: String!, $p: String!) { keepGuestAccount(username: $u, password: $p) { id username isGuest } }';
  await register(app, 'gst_taken');
  const taken = await app.gql(guest.token, keep, { u: 'gst_taken', p: PASSWORD });
  expect(codeOf(taken)).toBe('BAD_USER_INPUT');
  const kept = dataOf(await app.gql(guest.token, keep, { u: 'kept_ann', p: PASSWORD })).keepGuestAccount;
  expect(kept).toEqual({ id: guest.player.id, username: 'kept_ann', isGuest: false });
  // The same session goes on, now a full account's; the game shows the new name.
  expect(dataOf(await app.gql(guest.token, '{ me { id username isGuest } }'))).toEqual({ me: kept });
  expect(await seatNames()).toContainEqual({ username: 'kept_ann', isGuest: false });
  expect(
    dataOf(await app.gql(guest.token, '{ games(filter: { mine: true }) { edges { node { id } } } }')),
  ).toEqual({
    games: { edges: [{ node: { id: game.id } }] },
  });
  // Signs in with the password chosen; may now do what a guest may not.
  const login = await app.gql<{ login: { player: { id: string } } }>(
    null,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { player { id } } }',
    { u: 'kept_ann', p: PASSWORD },
  );
  expect(dataOf(login).login.player.id).toBe(guest.player.id);
  expect(
    dataOf(await app.gql(guest.token, CREATE, { input: { preset: 'CLASSIC', bot: 'GREEDY', rated: true } })),
  ).toMatchObject({ createGame: { rated: true } });
  expect(codeOf(await app.gql(guest.token, keep, { u: 'kept_again', p: PASSWORD }))).toBe('FORBIDDEN');
});

it('at most GUESTS_PER_ADDRESS_PER_DAY guests from one address a day; other addresses are not held up', async () => {
  const address = '203.0.113.7';
  for (let i = 0; i < 3; i++) expect((await startGuestFrom(address)).data?.startGuest.token).toBeTruthy();
  expect(codeOf(await startGuestFrom(address))).toBe('RATE_LIMITED');
  expect((await startGuestFrom('203.0.113.8')).data?.startGuest.token).toBeTruthy();
  app.clock().advance(DAY);
  expect((await startGuestFrom(address)).data?.startGuest.token).toBeTruthy();
});

it('a guest left alone GUEST_INACTIVE_DAYS goes (its game stays, named by the tombstone); an active one stays', async () => {
  const idle = await startGuest();
  const idleGame = dataOf(
    await app.gql<{ createGame: { id: string } }>(idle.token, CREATE, {
      input: { preset: 'CLASSIC', bot: 'GREEDY' },
    }),
  ).createGame;
  const active = await startGuest();
  app.clock().advance(31 * DAY);
  // The active guest plays again after the time has passed.
  dataOf(await app.gql(active.token, CREATE, { input: { preset: 'MODERN', bot: 'GREEDY' } }));

  const removed = await app.get(GuestSweeper).pass();
  expect(removed).toBeGreaterThanOrEqual(1);
  const read = (id: string) =>
    app.gql<{ node: { username: string; deleted: boolean } | null }>(
      null,
      'query($id: ID!) { node(id: $id) { ... on Player { username deleted } } }',
      { id },
    );
  expect(dataOf(await read(idle.player.id)).node).toEqual({ username: idle.player.username, deleted: true });
  expect(dataOf(await read(active.player.id)).node).toEqual({
    username: active.player.username,
    deleted: false,
  });
  // The idle guest's session is gone; its game is still there, over.
  expect(codeOf(await app.gql(idle.token, '{ me { id } }'))).toBe('UNAUTHENTICATED');
  const game = dataOf(
    await app.gql<{ game: { status: string } }>(null, 'query($id: ID!) { game(id: $id) { status } }', {
      id: idleGame.id,
    }),
  ).game;
  expect(['FINISHED', 'ABORTED']).toContain(game.status);
});

it('a guest deletes its account without a password (it has none); a full account still needs its own', async () => {
  const guest = await startGuest();
  const remove = 'mutation($p: String!) { deleteAccount(password: $p) }';
  expect(dataOf(await app.gql(guest.token, remove, { p: '' }))).toEqual({ deleteAccount: true });
  expect(codeOf(await app.gql(guest.token, '{ me { id } }'))).toBe('UNAUTHENTICATED');
  const person = await register(app, 'gst_keeper');
  expect(codeOf(await app.gql(person, remove, { p: '' }))).toBe('BAD_USER_INPUT');
});
