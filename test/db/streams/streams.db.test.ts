/**
 * The NDJSON streams (docs/api/subscriptions-and-streams.md#streams) over real HTTP:
 * `GET /api/stream/game/:id` (gameUpdated) and `GET /api/stream/events` (myEvents), with the subscriptions'
 * redaction and scopes, the opening lines, the keep-alive line, the refusals as HTTP errors, the per-player
 * connection bound, the end on a revoked token, on hanging up (nothing left listening) and on shutdown.
 */
import { EventBus } from '../../../src/notifications/event-bus';
import { StreamsService } from '../../../src/streams/streams.service';
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { openStream } from '../../support/service/ndjson';
import { createGame, joinGame, readGame, resign } from '../../support/service/play';

let app: InProcessApp;
let carol: string;
let dave: string;
/** Every player's session token, to check that nothing is left listening for them. */
const players: string[] = [];

async function player(name: string): Promise<string> {
  const token = await register(app, name);
  players.push(token);
  return token;
}

beforeAll(async () => {
  app = await startAppInProcess({ env: { STREAM_KEEPALIVE_MS: '50', WS_MAX_SOCKETS_PER_PLAYER: '2' } });
  carol = await player('carol');
  dave = await player('dave');
});
afterAll(async () => {
  await app.close();
});

async function idOf(token: string): Promise<string> {
  return dataOf(await app.gql<{ me: { id: string } }>(token, '{ me { id } }')).me.id;
}

interface GameLine {
  id: string;
  status: string;
  version: number;
  mySeat: number | null;
  legalMoves: string[];
  lastMove: { seq: number; seat: number; type: string } | null;
  players: { seat: number; player: { username: string; isBot: boolean } }[];
  view: { hand: string[] | null; seats: { seat: number; handCount: number }[] };
}

interface EventLine {
  id: string;
  kind: string;
  gameId: string;
  createdAt: string;
  game: GameLine;
}

/** Waits until no stream is open and nothing is listened for on this copy but the built-in bots' events. */
async function nothingOpen(): Promise<void> {
  const bus = app.get(EventBus);
  const streams = app.get(StreamsService);
  const ours = new Set(await Promise.all(players.map(idOf)));
  const deadline = Date.now() + 5000;
  const listening = (): boolean =>
    bus.watchedNow('game').length > 0 || bus.watchedNow('player').some((id) => ours.has(id));
  while (streams.size > 0 || listening()) {
    if (Date.now() > deadline) throw new Error('streams or watches were left open');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('the game stream: the full game first, then each change, each as its reader may see it', async () => {
  const created = await createGame(app, carol, { preset: 'CLASSIC' });
  const anonymous = await openStream(app.url, `/api/stream/game/${created.id}`, null);
  const mine = await openStream(app.url, `/api/stream/game/${created.id}`, carol);
  expect(anonymous.status).toBe(200);
  expect(anonymous.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
  // A stream is one counted operation: its head says where the allowance stands, as every counted answer does.
  expect(mine.headers.get('ratelimit-policy')).toMatch(/^"default";q=\d+;w=\d+$/);
  expect(mine.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
  const first = await anonymous.line<GameLine>(0);
  // The field names of the GraphQL Game type, the full game (the players, the view, the latest move); the move
  // log, a connection, is not in a line.
  expect(first).toMatchObject({
    id: created.id,
    status: 'WAITING',
    version: 0,
    mySeat: null,
    lastMove: null,
  });
  expect(first).not.toHaveProperty('moves');
  expect(first.players).toEqual([
    expect.objectContaining({
      seat: 0,
      player: expect.objectContaining({ username: 'carol', isBot: false }),
    }),
  ]);

  await joinGame(app, dave, created.id);
  const dealtForAnyone = await anonymous.line<GameLine>(1);
  const dealtForCarol = await mine.line<GameLine>(1);
  expect(dealtForAnyone.status).toBe('ACTIVE');
  expect(dealtForAnyone.view.hand).toBeNull();
  const carolNow = await readGame(app, carol, created.id);
  expect(dealtForCarol.mySeat).toBe(0);
  expect(dealtForCarol.view.hand).toEqual(carolNow.view.hand);
  expect(dealtForCarol.legalMoves).toEqual(carolNow.legalMoves);

  // Keep-alive lines come while nothing happens.
  await anonymous.until(() => anonymous.keepAlives() >= 2);

  // The game over is the last line: the stream ends by itself.
  await resign(app, carol, created.id);
  await Promise.all([anonymous.ended, mine.ended]);
  expect(anonymous.lines.at(-1)).toMatchObject({
    status: 'FINISHED',
    version: dealtForAnyone.version + 1,
    lastMove: { seq: dealtForAnyone.version + 1, seat: 0, type: 'RESIGNED' },
  });
  expect(mine.lines.at(-1)).toMatchObject({ status: 'FINISHED' });
  await nothingOpen();
});

test('the events stream: the running games first, then each event, with the game as the player sees it', async () => {
  const frank = await player('frank');
  const gina = await player('gina');
  const events = await openStream(app.url, '/api/stream/events', frank);
  expect(events.status).toBe(200);
  await events.until(() => events.keepAlives() >= 1);
  expect(events.lines).toEqual([]); // nothing running yet

  const challenge = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      gina,
      'mutation { createGame(input: { preset: CLASSIC, opponent: "frank" }) { id } }',
    ),
  ).createGame;
  const received = await events.line<EventLine>(0);
  expect(received).toMatchObject({ kind: 'CHALLENGE_RECEIVED', gameId: challenge.id });
  expect(received.game).toMatchObject({ id: challenge.id, status: 'WAITING', mySeat: null });
  events.close();

  // Reconnected: the challenge is still running, so it opens the stream, under its own event id.
  const again = await openStream(app.url, '/api/stream/events', frank);
  expect(await again.line(0)).toEqual(received);
  await joinGame(app, frank, challenge.id);
  const started = await again.line<EventLine>(1);
  expect(started).toMatchObject({ kind: 'GAME_STARTED', gameId: challenge.id });
  expect(started.game.status).toBe('ACTIVE');
  expect(started.game.view.hand).toHaveLength(5);
  expect(BigInt(started.id)).toBeGreaterThan(BigInt(received.id));
  again.close();
  await nothingOpen();
});

test('resumed after an event (myEvents(after:), ?after=): the events stored since it first, then the live ones, none twice', async () => {
  const hank = await player('hank');
  const ivy = await player('ivy');
  const challenge = async (): Promise<string> =>
    dataOf(
      await app.gql<{ createGame: { id: string } }>(
        ivy,
        'mutation { createGame(input: { preset: CLASSIC, opponent: "hank" }) { id } }',
      ),
    ).createGame.id;
  const first = await challenge();
  const listed = async (): Promise<string[]> =>
    dataOf(
      await app.gql<{ playerEvents: { edges: { node: { id: string } }[] } }>(
        hank,
        '{ playerEvents(first: 100) { edges { node { id } } } }',
      ),
    ).playerEvents.edges.map((edge) => edge.node.id);
  const [seen] = await listed();
  // Two more while Hank is away.
  const missedGames = [await challenge(), await challenge()];

  const stream = await openStream(app.url, `/api/stream/events?after=${seen}`, hank);
  expect(stream.status).toBe(200);
  const opening = [await stream.line<EventLine>(0), await stream.line<EventLine>(1)];
  expect(opening.map((line) => line.gameId)).toEqual(missedGames);
  const live = await challenge();
  expect((await stream.line<EventLine>(2)).gameId).toBe(live);
  stream.close();

  // The same over graphql-ws: stored since `after`, then live, in order, each once.
  const client = app.ws(hank);
  const received: string[] = [];
  const done = new Promise<void>((resolve, reject) =>
    client.subscribe(
      {
        query: 'subscription($after: ID) { myEvents(after: $after) { id gameId } }',
        variables: { after: seen },
      },
      {
        next: (message) => {
          received.push((message.data as { myEvents: { gameId: string } }).myEvents.gameId);
          if (received.length === 4) resolve();
        },
        error: reject,
        complete: () => undefined,
      },
    ),
  );
  const later = await challenge();
  await done;
  expect(received).toEqual([...missedGames, live, later]);
  expect(first).not.toBe(missedGames[0]);
  await client.dispose();

  // Not an event id: refused before anything is opened.
  const refused = await openStream(app.url, '/api/stream/events?after=not-an-id', hank);
  expect(refused.status).toBe(400);
  await refused.ended;
  await nothingOpen();
});

test('refusals before the stream are HTTP errors: no token, a bad token, an unknown game', async () => {
  const anonymous = await openStream(app.url, '/api/stream/events', null);
  expect(anonymous.status).toBe(401);
  await anonymous.ended;
  const badToken = await openStream(app.url, '/api/stream/events', 'not-a-token');
  expect(badToken.status).toBe(401);
  expect(badToken.headers.get('www-authenticate')).toBe('Bearer');
  // Through the app's own pipeline: CORS answers a page of any origin, as on every route.
  const unknown = await fetch(`${app.url}/api/stream/game/00000000-0000-4000-8000-000000000000`, {
    headers: { origin: 'https://play.example.com' },
  });
  expect(unknown.status).toBe(404);
  expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
  expect(await unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  await nothingOpen();
});

test('streams count against the per-player connection bound; a revoked token ends its stream', async () => {
  const erin = await player('erin');
  const { token, apiToken } = dataOf(
    await app.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
      erin,
      'mutation { createApiToken(scopes: [GAME_READ], name: "bot") { token apiToken { id } } }',
    ),
  ).createApiToken;
  const one = await openStream(app.url, '/api/stream/events', token);
  const two = await openStream(app.url, '/api/stream/events', erin);
  expect([one.status, two.status]).toEqual([200, 200]);
  const three = await openStream(app.url, '/api/stream/events', erin);
  expect(three.status).toBe(429);
  expect(three.headers.get('retry-after')).toBe('60');

  dataOf(await app.gql(erin, 'mutation($id: ID!) { revokeApiToken(id: $id) }', { id: apiToken.id }));
  await one.ended;
  expect(one.lines.at(-1)).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  // Its slot is free again.
  const four = await openStream(app.url, '/api/stream/events', erin);
  expect(four.status).toBe(200);
  two.close();
  four.close();
  await nothingOpen();
});

test('the server shutting down ends every stream', async () => {
  const stream = await openStream(app.url, '/api/stream/events', carol);
  await stream.until(() => stream.keepAlives() >= 1);
  await app.stop();
  await stream.ended;
  expect(app.get(StreamsService).size).toBe(0);
});
