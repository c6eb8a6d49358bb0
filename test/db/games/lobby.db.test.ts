/**
 * The lobby (docs/correspondence.md#the-lobby-challenges-seeks-rematches): challenges (a game inviting one player,
 * who accepts with joinGame or declines), open seeks matched by preset, time control and rated flag, and rematches
 * — each with the player events it causes.
 */
import { Client } from 'pg';
import { codeOf, dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { until } from '../../support/service/outage';

let app: InProcessApp;

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
    // The same seeker again: the same seek (not a second one, nor a game against themselves).
    const again = await seek(dee!, { preset: 'MODERN', hoursPerMove: 7 });
    expect(again).toEqual(opened);
    // Another kind of seek of theirs is another seek.
    const other = await seek(dee!, { preset: 'MODERN', hoursPerMove: 9 });
    expect(other.id).not.toBe(opened.id);
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
    expect(ids).toEqual(expect.arrayContaining([other.id, otherClock.id, rated.id]));
    expect(ids).not.toContain(opened.id);
  });
});

describe('a game against a built-in bot', () => {
  it('is never seen waiting with the bot’s seat free: a seek of its kind made meanwhile does not take the seat', async () => {
    const [gus, hal] = await Promise.all(['lob_botgus', 'lob_bothal'].map((name) => register(app, name)));
    // The creation's last write (the deal's player events) waits for this lock: whatever the creation committed
    // before it, others can see now.
    const blocker = new Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE player_events IN EXCLUSIVE MODE');
      const creating = mutate(gus!, 'createGame(input: $i)', '$i: CreateGameInput!', {
        i: { preset: 'CLASSIC', bot: 'GREEDY' },
      });
      await until('the creation waits to write its player events', async () => {
        const { rows } = await blocker.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted AND relation = 'player_events'::regclass",
        );
        return rows[0]!.waiting > 0;
      });
      const seen = await sql(
        app.databaseUrl,
        `SELECT g.id FROM games g JOIN players p ON p.id = g.created_by_id WHERE p.username = 'lob_botgus'`,
      );
      expect(seen).toEqual([]);
      const seek = dataOf(
        await mutate(hal!, 'seekGame(input: $i)', '$i: SeekInput!', { i: { preset: 'CLASSIC' } }),
      )['seekGame']!;
      expect(seek.status).toBe('WAITING');
      expect(seek.players.map((seat) => seat.player.username)).toEqual(['lob_bothal']);
      await blocker.query('COMMIT');
      const game = dataOf(await creating)['createGame']!;
      expect(game.status).toBe('ACTIVE');
      expect(game.players.map((seat) => seat.player.username).sort()).toEqual(['GreedyBot', 'lob_botgus']);
    } finally {
      await blocker.end();
    }
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

  it('holds a bot rematch’s deal for my seed when asked (awaitClientSeed), and deals it at once when not', async () => {
    // docs/fairness.md: a seed given after the commitment binds the server; a bot rematch used to deal at once.
    const [lia, max] = await Promise.all(['lob_lia', 'lob_max'].map((name) => register(app, name)));
    const played = dataOf(
      await mutate(lia!, 'createGame(input: $i)', '$i: CreateGameInput!', {
        i: { preset: 'ZLOBA', bot: 'RANDOM' },
      }),
    )['createGame']!;
    dataOf(await mutate(lia!, 'resign(gameId: $g)', '$g: ID!', { g: played.id }));
    const rematch = (token: string, hold: boolean | null) =>
      mutate(token, 'rematch(gameId: $g, awaitClientSeed: $h)', '$g: ID!, $h: Boolean', {
        g: played.id,
        h: hold,
      });

    const held = dataOf(await rematch(lia!, true))['rematch']!;
    expect(held).toMatchObject({ status: 'WAITING', preset: 'ZLOBA' });
    expect(held.players.map((seat) => seat.player.username)).toEqual(['lob_lia', 'RandomBot']);
    const seeded = dataOf(
      await app.gql<{
        setClientSeed: { status: string; players: { seat: number; clientSeedSource: string }[] };
      }>(
        lia!,
        'mutation($g: ID!) { setClientSeed(gameId: $g, clientSeed: "lia-after-commitment") { status players { seat clientSeedSource } } }',
        { g: held.id },
      ),
    ).setClientSeed;
    expect(seeded.status).toBe('ACTIVE');
    expect(seeded.players.find((seat) => seat.seat === 0)!.clientSeedSource).toBe('GIVEN_AFTER_COMMITMENT');

    expect(dataOf(await rematch(lia!, null))['rematch']!.status).toBe('ACTIVE');
    expect(dataOf(await rematch(lia!, false))['rematch']!.status).toBe('ACTIVE');

    // Against a person there is nothing to hold: the invited player gives their own seed when joining.
    const human = dataOf(
      await mutate(lia!, 'createGame(input: $i)', '$i: CreateGameInput!', { i: { preset: 'ZLOBA' } }),
    )['createGame']!;
    dataOf(await mutate(max!, 'joinGame(gameId: $g)', '$g: ID!', { g: human.id }));
    dataOf(await mutate(max!, 'resign(gameId: $g)', '$g: ID!', { g: human.id }));
    const refused = await mutate(lia!, 'rematch(gameId: $g, awaitClientSeed: true)', '$g: ID!', {
      g: human.id,
    });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.extensions?.field).toBe('awaitClientSeed');
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

interface ChallengeData {
  id: string;
  challenger: { username: string };
  invited: { username: string };
  preset: string;
  rated: boolean;
  timeControl: { daysPerMove: number | null; hoursPerMove: number | null } | null;
  state: string;
  declineReason: string | null;
  createdAt: string;
  closedAt: string | null;
  game: { id: string; status: string; abortReason: string | null; startedAt: string | null };
}

const CHALLENGE_FIELDS = `id challenger { username } invited { username } preset rated
  timeControl { daysPerMove hoursPerMove } state declineReason createdAt closedAt
  game { id status abortReason startedAt }`;

async function challengeIds(token: string, direction: string, state?: string): Promise<string[]> {
  const body = await app.gql<{ challenges: { edges: { node: { id: string } }[] } }>(
    token,
    `query($d: ChallengeDirection!, $s: ChallengeState) {
      challenges(direction: $d, state: $s, first: 100) { edges { node { id } } } }`,
    { d: direction, s: state ?? null },
  );
  return dataOf(body).challenges.edges.map((edge) => edge.node.id);
}

async function challengeOf(token: string, id: string): Promise<ChallengeData | null> {
  const body = await app.gql<{ challenge: ChallengeData | null }>(
    token,
    `query($id: ID!) { challenge(id: $id) { ${CHALLENGE_FIELDS} } }`,
    { id },
  );
  return dataOf(body).challenge;
}

async function challengeMutation(
  token: string,
  field: string,
  args: string,
  variables: Record<string, unknown>,
) {
  return app.gql<Record<string, ChallengeData>>(
    token,
    `mutation(${args}) { ${field} { ${CHALLENGE_FIELDS} } }`,
    variables,
  );
}

describe('challenges as first-class objects', () => {
  let [ana, ben, cal]: string[] = [];
  const challenge = async (from: string, to: string, input: Record<string, unknown> = {}): Promise<string> =>
    dataOf(
      await mutate(from, 'createGame(input: $i)', '$i: CreateGameInput!', {
        i: { preset: 'CLASSIC', opponent: to, ...input },
      }),
    )['createGame']!.id;

  beforeAll(async () => {
    [ana, ben, cal] = await Promise.all(['chl_ana', 'chl_ben', 'chl_cal'].map((name) => register(app, name)));
  });

  it('lists incoming and outgoing challenges for their two players only', async () => {
    const toBen = await challenge(ana!, 'chl_ben', { preset: 'ZLOBA', rated: true, daysPerMove: 3 });
    const toAna = await challenge(ben!, 'chl_ana', { hoursPerMove: 6 });
    // Neither an open game nor a game against a built-in bot is a challenge.
    const open = dataOf(
      await mutate(ana!, 'createGame(input: $i)', '$i: CreateGameInput!', { i: { preset: 'CLASSIC' } }),
    )['createGame']!.id;
    const botGame = await challenge(ana!, 'GreedyBot');

    expect(await challengeIds(ben!, 'INCOMING')).toEqual([toBen]);
    expect(await challengeIds(ben!, 'OUTGOING')).toEqual([toAna]);
    expect(await challengeIds(ana!, 'INCOMING')).toEqual([toAna]);
    expect(await challengeIds(ana!, 'OUTGOING')).toEqual([toBen]);
    expect(await challengeIds(cal!, 'INCOMING')).toEqual([]);
    expect(await challengeIds(cal!, 'OUTGOING')).toEqual([]);

    const seen = await challengeOf(ben!, toBen);
    expect(seen).toMatchObject({
      id: toBen,
      challenger: { username: 'chl_ana' },
      invited: { username: 'chl_ben' },
      preset: 'ZLOBA',
      rated: true,
      timeControl: { daysPerMove: 3, hoursPerMove: null },
      state: 'PENDING',
      declineReason: null,
      closedAt: null,
      game: { id: toBen, status: 'WAITING' },
    });
    expect(await challengeOf(ana!, toBen)).toEqual(seen);
    // A third party learns nothing of it; neither is a game that is no challenge one.
    expect(await challengeOf(cal!, toBen)).toBeNull();
    expect(await challengeOf(ana!, open)).toBeNull();
    expect(await challengeOf(ana!, botGame)).toBeNull();
    const anonymous = await app.gql(null, 'query { challenges(direction: INCOMING) { edges { cursor } } }');
    expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
  });

  it('a decline tells the challenger why; only the invited player declines, once', async () => {
    const id = await challenge(ana!, 'chl_ben', { hoursPerMove: 1 });
    const decline = (token: string, reason?: string) =>
      challengeMutation(token, 'declineChallenge(id: $id, reason: $r)', '$id: ID!, $r: DeclineReason', {
        id,
        r: reason ?? null,
      });
    expect(codeOf(await decline(cal!, 'LATER'))).toBe('FORBIDDEN');
    expect(codeOf(await decline(ana!, 'LATER'))).toBe('FORBIDDEN');
    const declined = dataOf(await decline(ben!, 'TOO_FAST'))['declineChallenge']!;
    expect(declined).toMatchObject({
      state: 'DECLINED',
      declineReason: 'TOO_FAST',
      game: { status: 'ABORTED', abortReason: 'DECLINED' },
    });
    expect(declined.closedAt).not.toBeNull();
    expect(await challengeOf(ana!, id)).toMatchObject({ state: 'DECLINED', declineReason: 'TOO_FAST' });
    expect(await events(ana!)).toContainEqual({ kind: 'GAME_OVER', gameId: id });
    expect(codeOf(await decline(ben!, 'GENERIC'))).toBe('GAME_NOT_ACTIVE');
    expect(await challengeOf(ana!, id)).toMatchObject({ declineReason: 'TOO_FAST' });
    // The state filter: declined, not pending.
    expect(await challengeIds(ana!, 'OUTGOING', 'DECLINED')).toContain(id);
    expect(await challengeIds(ana!, 'OUTGOING', 'PENDING')).not.toContain(id);
    // No reason given is GENERIC, and the deprecated declineGame is the same decline.
    const second = await challenge(ana!, 'chl_ben');
    const third = await challenge(ana!, 'chl_ben');
    dataOf(await challengeMutation(ben!, 'declineChallenge(id: $id)', '$id: ID!', { id: second }));
    dataOf(await mutate(ben!, 'declineGame(gameId: $g)', '$g: ID!', { g: third }));
    expect(await challengeOf(ana!, second)).toMatchObject({ state: 'DECLINED', declineReason: 'GENERIC' });
    expect(await challengeOf(ana!, third)).toMatchObject({ state: 'DECLINED', declineReason: 'GENERIC' });
    // An unknown reason is refused by the schema; a game that is no challenge is not found.
    expect(codeOf(await decline(ben!, 'BORED'))).toBe('BAD_USER_INPUT');
    const open = dataOf(
      await mutate(ana!, 'createGame(input: $i)', '$i: CreateGameInput!', { i: { preset: 'CLASSIC' } }),
    )['createGame']!.id;
    const notChallenge = await challengeMutation(ben!, 'declineChallenge(id: $id)', '$id: ID!', { id: open });
    expect(codeOf(notChallenge)).toBe('NOT_FOUND');
  });

  it('moves from PENDING to ACCEPTED by joining, or to CANCELED by its challenger', async () => {
    const accepted = await challenge(ana!, 'chl_ben', { daysPerMove: 7 });
    dataOf(await mutate(ben!, 'joinGame(gameId: $g)', '$g: ID!', { g: accepted }));
    const after = (await challengeOf(ana!, accepted))!;
    expect(after).toMatchObject({ state: 'ACCEPTED', declineReason: null, game: { status: 'ACTIVE' } });
    expect(after.closedAt).toBe(after.game.startedAt);
    expect(await challengeIds(ben!, 'INCOMING', 'ACCEPTED')).toContain(accepted);
    // Once accepted it is the game's: neither cancelled nor declined.
    const cancel = (token: string, id: string) =>
      challengeMutation(token, 'cancelChallenge(id: $id)', '$id: ID!', { id });
    expect(codeOf(await cancel(ana!, accepted))).toBe('GAME_NOT_ACTIVE');
    const late = await challengeMutation(ben!, 'declineChallenge(id: $id)', '$id: ID!', { id: accepted });
    expect(codeOf(late)).toBe('GAME_NOT_ACTIVE');

    const canceled = await challenge(ana!, 'chl_ben');
    expect(codeOf(await cancel(ben!, canceled))).toBe('FORBIDDEN');
    expect(codeOf(await cancel(cal!, canceled))).toBe('FORBIDDEN');
    const called = dataOf(await cancel(ana!, canceled))['cancelChallenge']!;
    expect(called).toMatchObject({
      state: 'CANCELED',
      declineReason: null,
      game: { status: 'ABORTED', abortReason: 'ABORTED' },
    });
    expect(await challengeOf(ben!, canceled)).toMatchObject({ state: 'CANCELED' });
    expect(await challengeIds(ben!, 'INCOMING', 'PENDING')).not.toContain(canceled);
    // abortGame is the same call-off.
    const aborted = await challenge(ana!, 'chl_ben');
    dataOf(await mutate(ana!, 'abortGame(gameId: $g)', '$g: ID!', { g: aborted }));
    expect(await challengeOf(ben!, aborted)).toMatchObject({ state: 'CANCELED' });
  });
});

describe('open seeks', () => {
  interface SeekData {
    id: string;
    seeker: { username: string };
    preset: string;
    rated: boolean;
    timeControl: { hoursPerMove: number | null } | null;
    game: { status: string };
  }
  const seek = async (token: string, input: Record<string, unknown>): Promise<LobbyGame> =>
    dataOf(await mutate(token, 'seekGame(input: $i)', '$i: SeekInput!', { i: input }))['seekGame']!;
  const seeks = async (token: string | null, args = ''): Promise<SeekData[]> => {
    const body = await app.gql<{ seeks: { edges: { node: SeekData }[] } }>(
      token,
      `query { seeks(first: 100${args}) { edges { node {
        id seeker { username } preset rated timeControl { hoursPerMove } game { status } } } } }`,
    );
    return dataOf(body).seeks.edges.map((edge) => edge.node);
  };
  const myGames = async (token: string): Promise<string[]> =>
    dataOf(
      await app.gql<{ games: { edges: { node: { id: string } }[] } }>(
        token,
        'query { games(filter: { mine: true }, first: 100) { edges { node { id } } } }',
      ),
    ).games.edges.map((edge) => edge.node.id);

  it('seeking twice at once from one player gives one seek', async () => {
    const [sam, tia] = await Promise.all(['sk_sam', 'sk_tia'].map((name) => register(app, name)));
    const kind = { preset: 'ZLOBA', hoursPerMove: 29 };
    const answers = await Promise.all([1, 2, 3, 4].map(() => seek(sam!, kind)));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 'WAITING')).toBe(true);
    expect(await myGames(sam!)).toEqual([answers[0]!.id]);
    // The seeker asking again while another player seeks the same: the other takes that one seek.
    const matched = await Promise.all([seek(sam!, kind), seek(tia!, kind)]);
    expect(matched[1]!.id).toBe(answers[0]!.id);
    expect(matched[1]!.status).toBe('ACTIVE');
  });

  it('a repeated seek with another client seed keeps the seek and takes the new seed', async () => {
    const wes = await register(app, 'sk_wes');
    const seekWith = async (clientSeed: string) => {
      const body = await app.gql<{
        seekGame: { id: string; players: { clientSeed: string; clientSeedSource: string }[] };
      }>(
        wes,
        `mutation($c: String!) {
          seekGame(input: { preset: CLASSIC, daysPerMove: 14, clientSeed: $c }) { id players { clientSeed clientSeedSource } } }`,
        { c: clientSeed },
      );
      return dataOf(body).seekGame;
    };
    const first = await seekWith('first-seed');
    expect(first.players).toEqual([
      { clientSeed: 'first-seed', clientSeedSource: 'GIVEN_BEFORE_COMMITMENT' },
    ]);
    const same = await seekWith('first-seed');
    expect(same).toEqual(first);
    const replaced = await seekWith('second-seed');
    expect(replaced.id).toBe(first.id);
    expect(replaced.players).toEqual([
      { clientSeed: 'second-seed', clientSeedSource: 'GIVEN_AFTER_COMMITMENT' },
    ]);
    expect(await myGames(wes)).toEqual([first.id]);
  });

  it('lists the open seeks others may take, or one’s own; never invitations', async () => {
    const [uma, vic] = await Promise.all(['sk_uma', 'sk_vic'].map((name) => register(app, name)));
    const mine = await seek(uma!, { preset: 'MODERN', hoursPerMove: 31 });
    const rated = await seek(uma!, { preset: 'CLASSIC', hoursPerMove: 31, rated: true });
    // Made with createGame in a seek's shape it is a seek too; with other rules, seats or an invitation, not.
    const shaped = dataOf(
      await mutate(uma!, 'createGame(input: $i)', '$i: CreateGameInput!', {
        i: { preset: 'MODERN', hoursPerMove: 32 },
      }),
    )['createGame']!;
    const notSeeks = await Promise.all(
      [
        { preset: 'MODERN', options: { handSize: 4 } },
        { preset: 'MODERN', seats: 3 },
        { preset: 'MODERN', opponent: 'sk_vic' },
        { preset: 'MODERN', seed: 'fixed-deal' },
      ].map(
        async (input) =>
          dataOf(await mutate(uma!, 'createGame(input: $i)', '$i: CreateGameInput!', { i: input }))[
            'createGame'
          ]!.id,
      ),
    );

    const own = await seeks(uma!, ', mine: true');
    expect(own.map((entry) => entry.id).sort()).toEqual([mine.id, rated.id, shaped.id].sort());
    expect(own.find((entry) => entry.id === rated.id)).toMatchObject({
      seeker: { username: 'sk_uma' },
      preset: 'CLASSIC',
      rated: true,
      timeControl: { hoursPerMove: 31 },
      game: { status: 'WAITING' },
    });
    const others = (await seeks(vic!)).map((entry) => entry.id);
    expect(others).toEqual(expect.arrayContaining([mine.id, rated.id, shaped.id]));
    for (const id of notSeeks) expect(others).not.toContain(id);
    expect((await seeks(uma!)).map((entry) => entry.id)).not.toContain(mine.id);
    expect((await seeks(null, ', preset: CLASSIC')).map((entry) => entry.id)).toContain(rated.id);
    expect((await seeks(null, ', preset: CLASSIC')).map((entry) => entry.id)).not.toContain(mine.id);
    const anonymousMine = await app.gql(null, 'query { seeks(mine: true) { edges { cursor } } }');
    expect(codeOf(anonymousMine)).toBe('UNAUTHENTICATED');
    expect(anonymousMine.errors?.[0]?.message).toBe('sign in to list your seeks');
    // Taken, it leaves the list.
    expect((await seek(vic!, { preset: 'MODERN', hoursPerMove: 31 })).id).toBe(mine.id);
    expect((await seeks(null)).map((entry) => entry.id)).not.toContain(mine.id);
  });
});
