/**
 * Follows, friends and blocks (docs/social.md) through GraphQL on a real Postgres: a follow is one way and two make
 * friends; a block ends the follows and counts both ways — no invitation, no joining the other's waiting game, no
 * seek matched between the two — and is told to nobody; lists are one's own. And a player's timeout rate.
 */
import { codeOf, dataOf, register, wsClient } from '../../support/service/app';
import { until } from '../../support/service/outage';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { createGame, joinGame, resign } from '../../support/service/play';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app?.close();
});

const act = (token: string, mutation: string, username: string) =>
  app.gql(token, `mutation($u: String!) { ${mutation}(username: $u) { username } }`, { u: username });
const flag = (token: string, mutation: string, username: string) =>
  app.gql(token, `mutation($u: String!) { ${mutation}(username: $u) }`, { u: username });
async function names(token: string, list: string): Promise<string[]> {
  const body = await app.gql<Record<string, { username: string }[]>>(token, `{ ${list} { username } }`);
  return dataOf(body)[list]!.map((player) => player.username);
}
async function relation(token: string, username: string) {
  const body = await app.gql<{ player: { relation: unknown } }>(
    token,
    'query($u: String!) { player(username: $u) { relation { following followsYou friends blocking } } }',
    { u: username },
  );
  return dataOf(body).player.relation;
}

it('a follow is one way; two make friends; each list is one’s own', async () => {
  const ann = await register(app, 'soc_ann');
  const bob = await register(app, 'soc_bob');
  expect(dataOf(await act(ann, 'followPlayer', 'SOC_BOB'))).toEqual({
    followPlayer: { username: 'soc_bob' },
  });
  expect(await names(ann, 'following')).toEqual(['soc_bob']);
  expect(await names(bob, 'followers')).toEqual(['soc_ann']);
  expect(await names(ann, 'friends')).toEqual([]);
  expect(await relation(bob, 'soc_ann')).toEqual({
    following: false,
    followsYou: true,
    friends: false,
    blocking: false,
  });

  dataOf(await act(bob, 'followPlayer', 'soc_ann'));
  expect(await names(ann, 'friends')).toEqual(['soc_bob']);
  expect(await names(bob, 'friends')).toEqual(['soc_ann']);
  expect(await relation(ann, 'soc_bob')).toEqual({
    following: true,
    followsYou: true,
    friends: true,
    blocking: false,
  });
  // Signed out, and on one's own page, there is no relation to show.
  expect(await relation(ann, 'soc_ann')).toBeNull();
  const anonymous = await app.gql<{ player: { relation: unknown } }>(
    null,
    '{ player(username: "soc_ann") { relation { following } } }',
  );
  expect(dataOf(anonymous).player.relation).toBeNull();

  expect(dataOf(await flag(ann, 'unfollowPlayer', 'soc_bob'))).toEqual({ unfollowPlayer: true });
  expect(dataOf(await flag(ann, 'unfollowPlayer', 'soc_bob'))).toEqual({ unfollowPlayer: false });
  expect(await names(ann, 'friends')).toEqual([]);
  expect(codeOf(await act(ann, 'followPlayer', 'soc_ann'))).toBe('BAD_USER_INPUT');
  expect(codeOf(await act(ann, 'followPlayer', 'nobody_here'))).toBe('NOT_FOUND');
  expect(codeOf(await act(ann, 'blockPlayer', 'GreedyBot'))).toBe('BAD_USER_INPUT');
  expect(codeOf(await app.gql(null, '{ following { username } }'))).toBe('UNAUTHENTICATED');
});

it('a block ends the follows and counts both ways: no invitation, no join, no seek between the two', async () => {
  const cat = await register(app, 'soc_cat');
  const dan = await register(app, 'soc_dan');
  const eve = await register(app, 'soc_eve');
  dataOf(await act(cat, 'followPlayer', 'soc_dan'));
  dataOf(await act(dan, 'followPlayer', 'soc_cat'));
  const waiting = await createGame(app, dan, { preset: 'CLASSIC' });

  expect(dataOf(await act(cat, 'blockPlayer', 'soc_dan'))).toEqual({ blockPlayer: { username: 'soc_dan' } });
  expect(await names(cat, 'blockedPlayers')).toEqual(['soc_dan']);
  expect(await names(dan, 'blockedPlayers')).toEqual([]);
  expect(await names(cat, 'following')).toEqual([]);
  expect(await names(dan, 'following')).toEqual([]);
  expect(await relation(cat, 'soc_dan')).toEqual({
    following: false,
    followsYou: false,
    friends: false,
    blocking: true,
  });
  // The blocked player learns nothing from the other's page.
  expect(await relation(dan, 'soc_cat')).toEqual({
    following: false,
    followsYou: false,
    friends: false,
    blocking: false,
  });

  const invite = 'mutation($o: String!) { createGame(input: { preset: CLASSIC, opponent: $o }) { id } }';
  expect(codeOf(await app.gql(cat, invite, { o: 'soc_dan' }))).toBe('BLOCKED');
  expect(codeOf(await app.gql(dan, invite, { o: 'soc_cat' }))).toBe('BLOCKED');
  expect(codeOf(await act(dan, 'followPlayer', 'soc_cat'))).toBe('BLOCKED');
  const join = 'mutation($id: ID!) { joinGame(gameId: $id) { id } }';
  expect(codeOf(await app.gql(cat, join, { id: waiting.id }))).toBe('BLOCKED');

  // Seeks: Cat's seek is never Dan's match, while Eve, who blocks nobody, takes it.
  const seek =
    'mutation { seekGame(input: { preset: ZLOBA }) { id status players { player { username } } } }';
  type Seek = { seekGame: { id: string; status: string; players: { player: { username: string } }[] } };
  const catSeek = dataOf(await app.gql<Seek>(cat, seek)).seekGame;
  const danSeek = dataOf(await app.gql<Seek>(dan, seek)).seekGame;
  expect(danSeek.id).not.toBe(catSeek.id);
  expect(danSeek).toMatchObject({ status: 'WAITING', players: [{ player: { username: 'soc_dan' } }] });
  const eveSeek = dataOf(await app.gql<Seek>(eve, seek)).seekGame;
  expect(eveSeek.status).toBe('ACTIVE');
  expect(eveSeek.players.map((seat) => seat.player.username).sort()).toEqual(['soc_cat', 'soc_eve']);

  // Unblocked, all of it is open again.
  expect(dataOf(await flag(cat, 'unblockPlayer', 'soc_dan'))).toEqual({ unblockPlayer: true });
  expect(dataOf(await app.gql(cat, join, { id: waiting.id }))).toEqual({ joinGame: { id: waiting.id } });
});

it('a timeout rate shows once a player has five finished games with a clock', async () => {
  const fay = await register(app, 'soc_fay');
  const gus = await register(app, 'soc_gus');
  const rate = async () =>
    dataOf(
      await app.gql<{ player: { timeoutRate: number | null } }>(
        null,
        '{ player(username: "soc_fay") { timeoutRate } }',
      ),
    ).player.timeoutRate;
  for (let game = 0; game < 5; game++) {
    expect(await rate()).toBeNull();
    const made = await app.gql<{ createGame: { id: string } }>(
      fay,
      'mutation { createGame(input: { preset: CLASSIC, daysPerMove: 3 }) { id } }',
    );
    const id = dataOf(made).createGame.id;
    await joinGame(app, gus, id);
    await resign(app, fay, id);
  }
  // Five games lost by resignation, none on time.
  expect(await rate()).toBe(0);
  // A game without a clock does not count.
  const untimed = await createGame(app, fay, { preset: 'CLASSIC' });
  await joinGame(app, gus, untimed.id);
  await resign(app, gus, untimed.id);
  expect(await rate()).toBe(0);
});

it('a player is online while a page of theirs follows myEvents, and may hide it', async () => {
  const hal = await register(app, 'soc_hal');
  const online = async (): Promise<boolean | null> =>
    dataOf(
      await app.gql<{ player: { online: boolean | null } }>(
        null,
        '{ player(username: "soc_hal") { online } }',
      ),
    ).player.online;
  expect(await online()).toBe(false);
  const client = wsClient(app.url, hal, { onNonLazyError: () => undefined });
  try {
    client.subscribe(
      { query: 'subscription { myEvents { kind } }' },
      { next: () => undefined, error: () => undefined, complete: () => undefined },
    );
    await until('the page counts as online', async () => (await online()) === true);
    expect(dataOf(await app.gql(hal, 'mutation { setPresenceHidden(hidden: true) }'))).toEqual({
      setPresenceHidden: true,
    });
    expect(await online()).toBeNull();
    expect(dataOf(await app.gql(hal, '{ presenceHidden }'))).toEqual({ presenceHidden: true });
    dataOf(await app.gql(hal, 'mutation { setPresenceHidden(hidden: false) }'));
    expect(await online()).toBe(true);
  } finally {
    await client.dispose();
  }
  // The built-in bots are always there, never "online".
  const bot = await app.gql<{ player: { online: boolean | null } }>(
    null,
    '{ player(username: "GreedyBot") { online } }',
  );
  expect(dataOf(bot).player.online).toBeNull();
});

it('the feed: the games and results of the players one follows, newest first, one’s own only', async () => {
  const fan = await register(app, 'feed_fan');
  const star = await register(app, 'feed_star');
  const rival = await register(app, 'feed_rival');
  const stranger = await register(app, 'feed_stranger');
  dataOf(await act(fan, 'followPlayer', 'feed_star'));
  const older = await createGame(app, star, { preset: 'CLASSIC' });
  await joinGame(app, rival, older.id);
  await resign(app, rival, older.id);
  const newer = await createGame(app, rival, { preset: 'CLASSIC' });
  await joinGame(app, star, newer.id);
  await resign(app, star, newer.id);
  const elsewhere = await createGame(app, stranger, { preset: 'CLASSIC' });
  await joinGame(app, rival, elsewhere.id);
  await resign(app, rival, elsewhere.id);

  const feed = (token: string | null) =>
    app.gql<{
      games: {
        edges: { node: { id: string; players: { player: { username: string }; outcome: string }[] } }[];
      };
    }>(
      token,
      '{ games(filter: { following: true, status: FINISHED }) { edges { node { id players { player { username } outcome } } } } }',
    );
  const ids = dataOf(await feed(fan)).games.edges.map((edge) => edge.node.id);
  expect(ids).toEqual([newer.id, older.id]);
  const [latest] = dataOf(await feed(fan)).games.edges;
  expect(latest!.node.players.find((seat) => seat.player.username === 'feed_star')!.outcome).toBe('LOSS');
  // Someone else's feed is their own; nobody's without signing in.
  expect(dataOf(await feed(stranger)).games.edges).toEqual([]);
  expect(codeOf(await feed(null))).toBe('UNAUTHENTICATED');
  // Unfollowed, the games leave the feed.
  dataOf(await flag(fan, 'unfollowPlayer', 'feed_star'));
  expect(dataOf(await feed(fan)).games.edges).toEqual([]);
});
