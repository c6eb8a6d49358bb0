/**
 * Correspondence play (docs/correspondence.md): time controls and deadlines driven by a manual clock (CLOCK=manual
 * and POST /test/clock; no sleeping), timeouts at exactly the deadline through the normal command path, aborts for
 * a player who never moved, one reminder at 80 % of a turn, "my turn" lists by deadline and the dashboard,
 * called-off games listed by when they were called off, and
 * pushes — myEvents and gameUpdated — across two app copies on one database (LISTEN/NOTIFY), where both copies'
 * sweepers together time each game out exactly once.
 */
import { Client as WsClient } from 'graphql-ws';
import { GraphQLBody, TestApp, codeOf, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import { sql } from '../../support/service/database';
import { createGame, joinGame, makeMove } from '../../support/service/play';

const CLOCK_ENV = { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0' };
const HOUR = 3_600_000;

let app: TestApp;
let other: TestApp;

beforeAll(async () => {
  app = await startAppInProcess({ env: CLOCK_ENV, testControls: true });
  // A second copy of the app on the same database.
  other = await startAppInProcess({ databaseUrl: app.databaseUrl, env: CLOCK_ENV, testControls: true });
});
afterAll(async () => {
  await other.stop();
  await app.close();
});

interface SweepReport {
  now: string;
  timedOut: number;
  aborted: number;
  reminded: number;
}

/** Moves `target`'s clock to `to` (never back) and runs its sweeper once. */
async function clockTo(target: TestApp, to: Date): Promise<SweepReport> {
  const response = await fetch(`${target.url}/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: to.toISOString() }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SweepReport;
}

interface ClockedGame {
  id: string;
  status: string;
  version: number;
  currentSeat: number | null;
  deadline: string | null;
  turnStartedAt: string | null;
  abortReason: string | null;
  timeControl: { daysPerMove: number | null; hoursPerMove: number | null; secondsPerMove: number } | null;
  legalMoves: string[];
  result: { reason: string; winner: number | null } | null;
  view: { seats: { out: boolean }[] };
}

const CLOCKED_FIELDS = `id status version currentSeat deadline turnStartedAt abortReason
  timeControl { daysPerMove hoursPerMove secondsPerMove } legalMoves result { reason winner } view { seats { out } }`;

async function game(token: string, id: string, target: TestApp = app): Promise<ClockedGame> {
  return dataOf(
    await target.gql<{ game: ClockedGame }>(token, `query($g: ID!) { game(id: $g) { ${CLOCKED_FIELDS} } }`, {
      g: id,
    }),
  ).game;
}

/** A dealt game with a clock; `tokens[0]` creates it. */
async function clockedGame(tokens: readonly string[], input: Record<string, unknown>): Promise<ClockedGame> {
  const created = dataOf(
    await app.gql<{ createGame: ClockedGame }>(
      tokens[0]!,
      `mutation($i: CreateGameInput!) { createGame(input: $i) { ${CLOCKED_FIELDS} } }`,
      { i: { preset: 'CLASSIC', ...input } },
    ),
  ).createGame;
  for (const token of tokens.slice(1)) await joinGame(app, token, created.id);
  return game(tokens[0]!, created.id);
}

/**
 * Plays the current seat's turn until the turn passes: centre plays while a discard is not yet possible, then a
 * discard (which ends the turn), else pass.
 */
async function playTurn(tokens: readonly string[], id: string): Promise<ClockedGame> {
  let current = await game(tokens[0]!, id);
  const seat = current.currentSeat!;
  for (let step = 0; step < 60 && current.status === 'ACTIVE' && current.currentSeat === seat; step++) {
    const moves = (await game(tokens[seat]!, id)).legalMoves;
    const move =
      moves.find((candidate) => /-d\d/.test(candidate)) ??
      moves.find((candidate) => candidate === 'pass') ??
      moves.find((candidate) => /-c/.test(candidate))!;
    dataOf(await makeMove(app, tokens[seat]!, id, move, current.version));
    current = await game(tokens[0]!, id);
  }
  return current;
}

/** Every push of one subscription, with a way to wait for one. */
function watch<T>(client: WsClient, query: string, variables: Record<string, unknown> = {}) {
  const pushes: GraphQLBody<T>[] = [];
  const waiting: { test: (push: GraphQLBody<T>) => boolean; done: () => void }[] = [];
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (push) => {
        pushes.push(push as GraphQLBody<T>);
        for (const waiter of waiting.filter((entry) => entry.test(push as GraphQLBody<T>))) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.done();
        }
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  return {
    pushes,
    stop,
    async waitFor(test: (push: GraphQLBody<T>) => boolean, timeoutMs = 10_000): Promise<GraphQLBody<T>> {
      const found = pushes.find(test);
      if (found !== undefined) return found;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching push in ${timeoutMs} ms`)), timeoutMs);
        waiting.push({ test, done: () => (clearTimeout(timer), resolve()) });
      });
      return pushes.find(test)!;
    },
  };
}

describe('time controls and deadlines', () => {
  it('refuses a time control that is not offered', async () => {
    const token = await register(app, 'tc_ann');
    for (const [input, field] of [
      [{ daysPerMove: 4 }, 'daysPerMove'],
      [{ hoursPerMove: 0 }, 'hoursPerMove'],
      [{ hoursPerMove: 49 }, 'hoursPerMove'],
      [{ daysPerMove: 1, hoursPerMove: 2 }, 'hoursPerMove'],
    ] as const) {
      const body = await app.gql(token, 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
        i: { preset: 'CLASSIC', ...input },
      });
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(body.errors![0]!.extensions!.field).toBe(field);
    }
  });

  it('gives each turn a deadline, and times the mover out exactly at it: the other player wins', async () => {
    const tokens = [await register(app, 'tc_bea'), await register(app, 'tc_cal')];
    const started = await clockedGame(tokens, { daysPerMove: 3 });
    expect(started.timeControl).toEqual({ daysPerMove: 3, hoursPerMove: null, secondsPerMove: 3 * 86_400 });
    expect(Date.parse(started.deadline!) - Date.parse(started.turnStartedAt!)).toBe(3 * 24 * HOUR);
    // Both players move once (a player who never moved is not timed out but aborted: next test).
    const second = await playTurn(tokens, started.id);
    expect(Date.parse(second.turnStartedAt!)).toBeGreaterThanOrEqual(Date.parse(started.turnStartedAt!));
    const third = await playTurn(tokens, second.id);
    expect(third.status).toBe('ACTIVE');
    const mover = third.currentSeat!;
    const deadline = new Date(third.deadline!);
    expect(deadline.getTime() - Date.parse(third.turnStartedAt!)).toBe(3 * 24 * HOUR);

    // The manual clock goes on ticking in real time after a move (src/clock/clock.ts): a millisecond before the
    // deadline can be past it by the time the sweep reads the clock on a busy machine, so look a second before.
    expect((await clockTo(app, new Date(deadline.getTime() - 1000))).timedOut).toBe(0);
    expect((await game(tokens[0]!, third.id)).status).toBe('ACTIVE');
    const report = await clockTo(app, deadline);
    expect(report.timedOut).toBeGreaterThanOrEqual(1);
    const over = await game(tokens[0]!, third.id);
    expect(over.status).toBe('FINISHED');
    expect(over.result).toEqual({ reason: 'TIMED_OUT', winner: 1 - mover });
    expect(over.deadline).toBeNull();
    const log = await sql<{ type: string; seat: number }>(
      app.databaseUrl,
      `SELECT type, (payload->>'seat')::int AS seat FROM game_events WHERE game_id = $1 ORDER BY seq`,
      [third.id],
    );
    expect(log.at(-1)).toEqual({ type: 'timedOut', seat: mover });
    expect(log.filter((event) => event.type === 'timedOut')).toHaveLength(1);
  });

  it('deal shopping by not moving: a rated player who never moves times out and loses, rated as any loss', async () => {
    const tokens = [await register(app, 'tc_dan'), await register(app, 'tc_eve')];
    const started = await clockedGame(tokens, { hoursPerMove: 6, rated: true });
    const idle = started.currentSeat!;
    await clockTo(app, new Date(started.deadline!));
    const over = await game(tokens[0]!, started.id);
    // Not called off: every player has seen their hand, and leaving a bad one unplayed must not void the game.
    expect(over).toMatchObject({ status: 'FINISHED', abortReason: null, deadline: null });
    expect(over.result).toEqual({ reason: 'TIMED_OUT', winner: 1 - idle });
    const log = await sql<{ type: string; seat: number }>(
      app.databaseUrl,
      `SELECT type, (payload->>'seat')::int AS seat FROM game_events WHERE game_id = $1 ORDER BY seq`,
      [started.id],
    );
    expect(log).toEqual([{ type: 'timedOut', seat: idle }]);
    const seats = await sql<{ seat: number; outcome: string; before: number; after: number }>(
      app.databaseUrl,
      `SELECT seat, outcome, rating_before AS before, rating_after AS after FROM game_players
        WHERE game_id = $1 ORDER BY seat`,
      [started.id],
    );
    expect(seats.find((seat) => seat.seat === idle)).toMatchObject({ outcome: 'LOSS' });
    expect(seats.find((seat) => seat.seat === idle)!.after).toBeLessThan(
      seats.find((seat) => seat.seat === idle)!.before,
    );
    expect(seats.find((seat) => seat.seat !== idle)).toMatchObject({ outcome: 'WIN' });
    const ratings = await sql<{ username: string; games: number }>(
      app.databaseUrl,
      `SELECT p.username, r.games FROM ratings r JOIN players p ON p.id = r.player_id
        WHERE p.username IN ('tc_dan', 'tc_eve') ORDER BY p.username`,
    );
    expect(ratings).toEqual([
      { username: 'tc_dan', games: 1 },
      { username: 'tc_eve', games: 1 },
    ]);
  });

  it('aborts an unrated game whose player to move never moved (noMove): no result, no rating', async () => {
    const tokens = [await register(app, 'tc_dee'), await register(app, 'tc_eli')];
    const started = await clockedGame(tokens, { hoursPerMove: 6 });
    await clockTo(app, new Date(started.deadline!));
    const over = await game(tokens[0]!, started.id);
    expect(over).toMatchObject({ status: 'ABORTED', abortReason: 'NO_MOVE', result: null, deadline: null });
    const ratings = await sql(
      app.databaseUrl,
      `SELECT 1 FROM ratings r JOIN players p ON p.id = r.player_id WHERE p.username IN ('tc_dee', 'tc_eli')`,
    );
    expect(ratings).toEqual([]);
  });

  it('with three players, the one who runs out leaves and play goes on', async () => {
    const tokens = [
      await register(app, 'tc_fay'),
      await register(app, 'tc_gus'),
      await register(app, 'tc_hal'),
    ];
    let current = await clockedGame(tokens, { preset: 'MODERN', seats: 3, hoursPerMove: 2 });
    for (let turn = 0; turn < 3; turn++) current = await playTurn(tokens, current.id);
    expect(current.status).toBe('ACTIVE');
    const late = current.currentSeat!;
    await clockTo(app, new Date(current.deadline!));
    const after = await game(tokens[0]!, current.id);
    expect(after.status).toBe('ACTIVE');
    expect(after.view.seats[late]!.out).toBe(true);
    expect(after.currentSeat).not.toBe(late);
    expect(Date.parse(after.deadline!)).toBeGreaterThan(Date.parse(current.deadline!));
  });

  it('reminds the player to move once, when 80 % of the turn is used', async () => {
    const tokens = [await register(app, 'tc_ivy'), await register(app, 'tc_jon')];
    const started = await clockedGame(tokens, { hoursPerMove: 10 });
    const mover = tokens[started.currentSeat!]!;
    const reminderAt = Date.parse(started.turnStartedAt!) + 8 * HOUR;
    const reminders = async (): Promise<number> =>
      dataOf(
        await app.gql<{ playerEvents: { edges: { node: { kind: string; gameId: string } }[] } }>(
          mover,
          'query { playerEvents(first: 100) { edges { node { kind gameId } } } }',
        ),
      ).playerEvents.edges.filter(
        ({ node: event }) => event.kind === 'REMINDER' && event.gameId === started.id,
      ).length;
    await clockTo(app, new Date(reminderAt - 1000));
    expect(await reminders()).toBe(0);
    await clockTo(app, new Date(reminderAt));
    await clockTo(other, new Date(reminderAt + 1000));
    await clockTo(app, new Date(reminderAt + 2000));
    expect(await reminders()).toBe(1);
  });
});

describe('"your turn"', () => {
  it('lists my turns by deadline, most urgent first, pages included, and counts them on the dashboard', async () => {
    const me = await register(app, 'turn_kai');
    const them = await register(app, 'turn_lou');
    const hours = [30, 5, 12];
    const mine: { id: string; deadline: string | null }[] = [];
    for (const hoursPerMove of [...hours, null]) {
      // Tried until I am the one to move first (the deal decides who starts).
      for (;;) {
        const dealt = await clockedGame([them, me], hoursPerMove === null ? {} : { hoursPerMove });
        if (dealt.currentSeat === 1) {
          mine.push({ id: dealt.id, deadline: dealt.deadline });
          break;
        }
        await app.gql(them, 'mutation($g: ID!) { abortGame(gameId: $g) { id } }', { g: dealt.id });
      }
    }
    const expected = [mine[1]!, mine[2]!, mine[0]!, mine[3]!].map((entry) => entry.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const body: GraphQLBody<{
        games: {
          edges: { cursor: string; node: { id: string } }[];
          pageInfo: {
            hasNextPage: boolean;
            hasPreviousPage: boolean;
            startCursor: string;
            endCursor: string;
          };
        };
      }> = await app.gql(
        me,
        'query($a: String) { games(filter: { myTurn: true }, first: 3, after: $a) { edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }',
        { a: after },
      );
      const { edges, pageInfo } = dataOf(body).games;
      // The page's bounds are its first and last cursors; a page asked for after a cursor has entries before it.
      expect(pageInfo.startCursor).toBe(edges[0]!.cursor);
      expect(pageInfo.endCursor).toBe(edges[edges.length - 1]!.cursor);
      expect(pageInfo.hasPreviousPage).toBe(page > 0);
      seen.push(...edges.map((edge) => edge.node.id));
      after = pageInfo.endCursor;
      if (!pageInfo.hasNextPage) break;
    }
    expect(seen).toEqual(expected);
    const dashboard = dataOf(
      await app.gql<{
        dashboard: {
          myTurn: number;
          opponentsTurn: number;
          waitingForPlayers: number;
          invitations: number;
          nextDeadline: string;
        };
      }>(me, 'query { dashboard { myTurn opponentsTurn waitingForPlayers invitations nextDeadline } }'),
    ).dashboard;
    expect(dashboard).toEqual({
      myTurn: 4,
      opponentsTurn: 0,
      waitingForPlayers: 0,
      invitations: 0,
      nextDeadline: mine[1]!.deadline,
    });
  });
});

describe('pushes across app copies', () => {
  it('a move through one copy reaches gameUpdated and myEvents subscribers on the other', async () => {
    const tokens = [await register(app, 'push_max'), await register(app, 'push_ned')];
    const socketOnOther = other.ws(tokens[1]!);
    const events = watch<{ myEvents: { kind: string; gameId: string; game: { version: number } | null } }>(
      socketOnOther,
      'subscription { myEvents { kind gameId game { version } } }',
    );
    // An invitation through copy A: CHALLENGE_RECEIVED on copy B. graphql-ws does not acknowledge a subscription,
    // so invitations are sent until the first one arrives (the subscription is live from then on).
    const invite = async (): Promise<string> =>
      dataOf(
        await app.gql<{ createGame: { id: string } }>(
          tokens[0]!,
          'mutation { createGame(input: { preset: CLASSIC, opponent: "push_ned", hoursPerMove: 1 }) { id } }',
        ),
      ).createGame.id;
    let createdId = await invite();
    for (let attempt = 0; ; attempt++) {
      const id = createdId;
      const arrived = await events
        .waitFor(
          (push) => push.data?.myEvents.kind === 'CHALLENGE_RECEIVED' && push.data.myEvents.gameId === id,
          2000,
        )
        .then(
          () => true,
          () => false,
        );
      if (arrived) break;
      expect(attempt).toBeLessThan(10);
      createdId = await invite();
    }
    const created = { id: createdId };
    const watching = watch<{ gameUpdated: { version: number } }>(
      other.ws(null),
      'subscription($g: ID!) { gameUpdated(gameId: $g) { version } }',
      { g: created.id },
    );
    // gameUpdated pushes the game as it is on subscribing: live once that arrived.
    await watching.waitFor((push) => push.data?.gameUpdated.version === 0);
    const dealt = await joinGame(app, tokens[1]!, created.id);
    await events.waitFor((push) => push.data?.myEvents.kind === 'GAME_STARTED');
    // Play through copy A until it is ned's turn; the push on copy B says so, with the game as ned sees it.
    let current = await game(tokens[0]!, dealt.id);
    if (current.currentSeat === 1) current = await playTurn(tokens, dealt.id);
    const before = events.pushes.filter((push) => push.data?.myEvents.kind === 'YOUR_TURN').length;
    current = await playTurn(tokens, dealt.id);
    expect(current.currentSeat).toBe(1);
    const yourTurn = await events.waitFor(
      (push) =>
        push.data?.myEvents.kind === 'YOUR_TURN' &&
        events.pushes.filter((p) => p.data?.myEvents.kind === 'YOUR_TURN').length > before,
    );
    expect(yourTurn.data!.myEvents.gameId).toBe(dealt.id);
    await watching.waitFor((push) => push.data?.gameUpdated.version === current.version);
    // ned's own events only: max's events never reach ned's subscription.
    expect(events.pushes.every((push) => push.errors === undefined)).toBe(true);
    const kinds = new Set(events.pushes.map((push) => push.data!.myEvents.kind));
    expect(
      [...kinds].every((kind) => ['CHALLENGE_RECEIVED', 'GAME_STARTED', 'YOUR_TURN'].includes(kind)),
    ).toBe(true);
    events.stop();
    watching.stop();
  });

  it('both copies’ sweepers together time each game out exactly once', async () => {
    const tokens = [await register(app, 'sweep_oli'), await register(app, 'sweep_pam')];
    const games: ClockedGame[] = [];
    for (let index = 0; index < 6; index++) {
      const started = await clockedGame(tokens, { hoursPerMove: 1 });
      games.push(await playTurn(tokens, await playTurn(tokens, started.id).then((g) => g.id)));
    }
    const latest = new Date(Math.max(...games.map((entry) => Date.parse(entry.deadline!))));
    const [a, b] = await Promise.all([clockTo(app, latest), clockTo(other, latest)]);
    // Sweeps of other tests' games may count too; these six must be timed out once each, whoever did it.
    expect(a.timedOut + b.timedOut).toBeGreaterThanOrEqual(6);
    for (const entry of games) {
      const over = await game(tokens[0]!, entry.id);
      expect(over.result?.reason).toBe('TIMED_OUT');
      const timeouts = await sql(
        app.databaseUrl,
        `SELECT seq FROM game_events WHERE game_id = $1 AND type = 'timedOut'`,
        [entry.id],
      );
      expect(timeouts).toHaveLength(1);
    }
    const overEvents = await sql<{ count: number }>(
      app.databaseUrl,
      `SELECT count(*)::int AS count FROM player_events WHERE kind = 'GAME_OVER' AND game_id = ANY($1::uuid[])`,
      [games.map((entry) => entry.id)],
    );
    expect(overEvents[0]!.count).toBe(12);
  });

  it('refuses myEvents without a signed-in player; the test clock exists only in a test build', async () => {
    expect(codeOf(await app.gql(null, 'query { playerEvents { edges { cursor } } }'))).toBe(
      'UNAUTHENTICATED',
    );
    expect(codeOf(await app.gql(null, 'query { dashboard { myTurn } }'))).toBe('UNAUTHENTICATED');
    // The server `npm start` runs has no such route, even with a manual clock.
    const plain = await startAppInProcess({ databaseUrl: app.databaseUrl, env: CLOCK_ENV });
    // A test build with the system clock has the route, but it answers as if it had none.
    const systemClock = await startAppInProcess({ databaseUrl: app.databaseUrl, testControls: true });
    try {
      for (const server of [plain, systemClock]) {
        const response = await fetch(`${server.url}/test/clock`, { method: 'POST' });
        expect(response.status).toBe(404);
      }
      expect((await clockTo(app, new Date(0))).now).toMatch(/^\d{4}-/);
    } finally {
      await plain.stop();
      await systemClock.stop();
    }
  });
});

describe('called-off games', () => {
  it('lists them by when they were called off, newest first, in pages; a cursor of another order is refused', async () => {
    const me = await register(app, 'off_max');
    const created: string[] = [];
    for (let index = 0; index < 4; index++)
      created.push((await createGame(app, me, { preset: 'CLASSIC' })).id);
    // Called off in another order than they were created, a minute apart.
    const calledOff = [created[2]!, created[0]!, created[3]!, created[1]!];
    for (const id of calledOff) {
      const { now } = await clockTo(app, new Date(0));
      await clockTo(app, new Date(Date.parse(now) + 60_000));
      const body = await app.gql<{ abortGame: { status: string } }>(
        me,
        'mutation($g: ID!) { abortGame(gameId: $g) { status } }',
        { g: id },
      );
      expect(dataOf(body).abortGame.status).toBe('ABORTED');
    }
    const seen: { id: string; finishedAt: string }[] = [];
    let after: string | null = null;
    for (let page = 0; page < 4; page++) {
      const body: GraphQLBody<{
        games: {
          edges: { node: { id: string; finishedAt: string } }[];
          pageInfo: { hasNextPage: boolean; endCursor: string };
        };
      }> = await app.gql(
        me,
        'query($a: String) { games(filter: { mine: true, status: ABORTED }, first: 3, after: $a) { edges { node { id finishedAt } } pageInfo { hasNextPage endCursor } } }',
        { a: after },
      );
      const { edges, pageInfo } = dataOf(body).games;
      seen.push(...edges.map((edge) => edge.node));
      after = pageInfo.endCursor;
      if (!pageInfo.hasNextPage) break;
    }
    expect(seen.map((game) => game.id)).toEqual([...calledOff].reverse());
    const times = seen.map((game) => Date.parse(game.finishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A cursor of the creation-ordered list of my games does not fit the called-off list.
    const mine = await app.gql<{ games: { pageInfo: { endCursor: string } } }>(
      me,
      'query { games(filter: { mine: true }, first: 1) { pageInfo { endCursor } } }',
    );
    const mixed = await app.gql(
      me,
      'query($a: String) { games(filter: { mine: true, status: ABORTED }, first: 3, after: $a) { edges { node { id } } } }',
      { a: dataOf(mine).games.pageInfo.endCursor },
    );
    expect(codeOf(mixed)).toBe('BAD_USER_INPUT');
  });
});
