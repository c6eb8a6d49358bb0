/**
 * The lobby (docs/correspondence.md#the-lobby-challenges-seeks-rematches): challenges (a game inviting one player,
 * who accepts with joinGame or declines), open seeks matched by preset, time control and rated flag, and rematches
 * — each with the player events it causes.
 */
import { TestApp, codeOf, dataOf, register } from './support/app';
import { startAppInProcess } from './support/in-process';

let app: TestApp;

beforeAll(async () => {
  app = await startAppInProcess({ env: { SWEEP_INTERVAL_MS: '0' } });
});
afterAll(async () => {
  await app.close();
});

interface LobbyGame {
  id: string;
  status: string;
  preset: string;
  rated: boolean;
  abortReason: string | null;
  timeControl: { secondsPerMove: number } | null;
  players: { seat: number; player: { username: string } }[];
}

const FIELDS =
  'id status preset rated abortReason timeControl { secondsPerMove } players { seat player { username } }';

async function events(token: string): Promise<{ kind: string; gameId: string }[]> {
  return dataOf(
    await app.gql<{ playerEvents: { edges: { node: { kind: string; gameId: string } }[] } }>(
      token,
      'query { playerEvents(first: 100) { edges { node { kind gameId } } } }',
    ),
  ).playerEvents.edges.map((edge) => edge.node);
}

async function mutate(token: string, field: string, args: string, variables: Record<string, unknown>) {
  return app.gql<Record<string, LobbyGame>>(token, `mutation(${args}) { ${field} { ${FIELDS} } }`, variables);
}

describe('challenges', () => {
  it('invites a player by name, who may decline; only they may', async () => {
    const [ann, bob, cid] = await Promise.all(
      ['lob_ann', 'lob_bob', 'lob_cid'].map((name) => register(app, name)),
    );
    const invite = async (): Promise<LobbyGame> =>
      dataOf(
        await mutate(ann!, 'createGame(input: $i)', '$i: CreateGameInput!', {
          i: { preset: 'ZLOBA', opponent: 'lob_bob', rated: true, daysPerMove: 3 },
        }),
      )['createGame']!;
    const first = await invite();
    expect(await events(bob!)).toContainEqual({ kind: 'CHALLENGE_RECEIVED', gameId: first.id });
    const dashboard = await app.gql<{ dashboard: { invitations: number } }>(
      bob!,
      'query { dashboard { invitations } }',
    );
    expect(dataOf(dashboard).dashboard.invitations).toBe(1);

    expect(codeOf(await mutate(cid!, 'declineGame(gameId: $g)', '$g: ID!', { g: first.id }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await mutate(ann!, 'declineGame(gameId: $g)', '$g: ID!', { g: first.id }))).toBe(
      'FORBIDDEN',
    );
    const declined = dataOf(await mutate(bob!, 'declineGame(gameId: $g)', '$g: ID!', { g: first.id }))[
      'declineGame'
    ]!;
    expect(declined).toMatchObject({ status: 'ABORTED', abortReason: 'DECLINED' });
    expect(await events(ann!)).toContainEqual({ kind: 'GAME_OVER', gameId: first.id });
    expect(codeOf(await mutate(bob!, 'declineGame(gameId: $g)', '$g: ID!', { g: first.id }))).toBe(
      'GAME_NOT_ACTIVE',
    );

    // Accepting is joining; nobody else may take the seat.
    const second = await invite();
    expect(codeOf(await mutate(cid!, 'joinGame(gameId: $g)', '$g: ID!', { g: second.id }))).toBe('FORBIDDEN');
    const accepted = dataOf(await mutate(bob!, 'joinGame(gameId: $g)', '$g: ID!', { g: second.id }))[
      'joinGame'
    ]!;
    expect(accepted).toMatchObject({
      status: 'ACTIVE',
      rated: true,
      timeControl: { secondsPerMove: 3 * 86_400 },
    });
    const started = (await events(ann!))
      .filter((event) => event.gameId === second.id)
      .map((event) => event.kind);
    expect(started).toContain('GAME_STARTED');
  });
});

describe('seeks', () => {
  it('matches seeks by preset, time control and rated flag; never with one’s own', async () => {
    const [dee, eve, fay] = await Promise.all(
      ['lob_dee', 'lob_eve', 'lob_fay'].map((name) => register(app, name)),
    );
    const seek = async (token: string, input: Record<string, unknown>): Promise<LobbyGame> =>
      dataOf(await mutate(token, 'seekGame(input: $i)', '$i: SeekInput!', { i: input }))['seekGame']!;
    const opened = await seek(dee!, { preset: 'MODERN', hoursPerMove: 7 });
    expect(opened.status).toBe('WAITING');
    // The same seeker again: a second open seek, not a game against themselves.
    const again = await seek(dee!, { preset: 'MODERN', hoursPerMove: 7 });
    expect(again.id).not.toBe(opened.id);
    // Different time control, or rated: no match.
    const otherClock = await seek(eve!, { preset: 'MODERN', hoursPerMove: 8 });
    expect(otherClock.status).toBe('WAITING');
    const rated = await seek(eve!, { preset: 'MODERN', hoursPerMove: 7, rated: true });
    expect(rated.status).toBe('WAITING');
    // A match: the oldest fitting open seek.
    const matched = await seek(fay!, { preset: 'MODERN', hoursPerMove: 7 });
    expect(matched.id).toBe(opened.id);
    expect(matched.status).toBe('ACTIVE');
    expect(matched.players.map((seat) => seat.player.username)).toEqual(['lob_dee', 'lob_fay']);
    // Open seeks are listed for others to accept.
    const open = await app.gql<{ games: { edges: { node: { id: string } }[] } }>(
      fay!,
      'query { games(filter: { open: true, preset: MODERN }) { edges { node { id } } } }',
    );
    const ids = dataOf(open).games.edges.map((edge) => edge.node.id);
    expect(ids).toEqual(expect.arrayContaining([again.id, otherClock.id, rated.id]));
    expect(ids).not.toContain(opened.id);
  });
});

describe('rematch', () => {
  it('offers the same game again, the seats turned around, to the opponent', async () => {
    const [gus, hal, ivy] = await Promise.all(
      ['lob_gus', 'lob_hal', 'lob_ivy'].map((name) => register(app, name)),
    );
    const created = dataOf(
      await mutate(gus!, 'createGame(input: $i)', '$i: CreateGameInput!', {
        i: { preset: 'CLASSIC', rated: true, hoursPerMove: 12 },
      }),
    )['createGame']!;
    dataOf(await mutate(hal!, 'joinGame(gameId: $g)', '$g: ID!', { g: created.id }));
    expect(codeOf(await mutate(hal!, 'rematch(gameId: $g)', '$g: ID!', { g: created.id }))).toBe(
      'GAME_NOT_ACTIVE',
    );
    dataOf(await mutate(gus!, 'resign(gameId: $g)', '$g: ID!', { g: created.id }));
    expect(codeOf(await mutate(ivy!, 'rematch(gameId: $g)', '$g: ID!', { g: created.id }))).toBe('FORBIDDEN');
    const rematch = dataOf(await mutate(hal!, 'rematch(gameId: $g)', '$g: ID!', { g: created.id }))[
      'rematch'
    ]!;
    expect(rematch).toMatchObject({
      status: 'WAITING',
      preset: 'CLASSIC',
      rated: true,
      timeControl: { secondsPerMove: 12 * 3600 },
    });
    expect(rematch.players.map((seat) => seat.player.username)).toEqual(['lob_hal']);
    expect(await events(gus!)).toContainEqual({ kind: 'CHALLENGE_RECEIVED', gameId: rematch.id });
    expect(codeOf(await mutate(ivy!, 'joinGame(gameId: $g)', '$g: ID!', { g: rematch.id }))).toBe(
      'FORBIDDEN',
    );
    const accepted = dataOf(await mutate(gus!, 'joinGame(gameId: $g)', '$g: ID!', { g: rematch.id }))[
      'joinGame'
    ]!;
    expect(accepted.players.map((seat) => seat.player.username)).toEqual(['lob_hal', 'lob_gus']);
  });

  it('refuses a bot together with an invited opponent', async () => {
    const jon = await register(app, 'lob_jon');
    const body = await mutate(jon, 'createGame(input: $i)', '$i: CreateGameInput!', {
      i: { preset: 'CLASSIC', opponent: 'lob_gus', bot: 'GREEDY' },
    });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
  });
});

describe('an invitation to a built-in bot', () => {
  it('createGame inviting GreedyBot (any case) is accepted at once: dealt in the same request, as with bot: GREEDY', async () => {
    // The attack on patience: the invitation used to wait forever, since no bot ever joins a game by itself.
    const kim = await register(app, 'lob_kim');
    const create = async (input: Record<string, unknown>): Promise<LobbyGame> =>
      dataOf(
        await mutate(kim, 'createGame(input: $i)', '$i: CreateGameInput!', {
          i: { preset: 'CLASSIC', rated: true, hoursPerMove: 6, ...input },
        }),
      )['createGame']!;
    const invited = await create({ opponent: 'greedybot' });
    const withBot = await create({ bot: 'GREEDY' });
    const shape = ({ id: _id, ...rest }: LobbyGame): Omit<LobbyGame, 'id'> => rest;
    expect(shape(invited)).toEqual(shape(withBot));
    expect(invited).toMatchObject({
      status: 'ACTIVE',
      rated: true,
      abortReason: null,
      timeControl: { secondsPerMove: 6 * 3600 },
    });
    expect(invited.players.map((seat) => seat.player.username)).toEqual(['lob_kim', 'GreedyBot']);
    const random = await create({ opponent: 'RandomBot' });
    expect(random.status).toBe('ACTIVE');
    expect(random.players.map((seat) => seat.player.username)).toEqual(['lob_kim', 'RandomBot']);
    // Not an invitation anywhere: nothing waits for the bot to accept or decline.
    const waiting = await app.gql<{ games: { edges: { node: { id: string } }[] } }>(
      kim,
      'query { games(filter: { mine: true, status: WAITING }) { edges { node { id } } } }',
    );
    expect(dataOf(waiting).games.edges).toEqual([]);
    // Still a two-seat invitation only.
    const threeSeats = await mutate(kim, 'createGame(input: $i)', '$i: CreateGameInput!', {
      i: { preset: 'MODERN', seats: 3, opponent: 'GreedyBot' },
    });
    expect(codeOf(threeSeats)).toBe('BAD_USER_INPUT');
  });

  it('a rematch against a built-in bot is accepted at once too', async () => {
    const lee = await register(app, 'lob_lee');
    const first = dataOf(
      await mutate(lee, 'createGame(input: $i)', '$i: CreateGameInput!', {
        i: { preset: 'ZLOBA', opponent: 'GreedyBot', daysPerMove: 2 },
      }),
    )['createGame']!;
    dataOf(await mutate(lee, 'resign(gameId: $g)', '$g: ID!', { g: first.id }));
    const rematch = dataOf(await mutate(lee, 'rematch(gameId: $g)', '$g: ID!', { g: first.id }))['rematch']!;
    expect(rematch).toMatchObject({
      status: 'ACTIVE',
      preset: 'ZLOBA',
      timeControl: { secondsPerMove: 2 * 86_400 },
    });
    expect(rematch.players.map((seat) => seat.player.username)).toEqual(['lob_lee', 'GreedyBot']);
  });
});
