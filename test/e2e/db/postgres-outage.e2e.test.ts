/**
 * The database going away while clients play (docs/operations.md#outages), against the compiled server with an
 * embedded Postgres of its own, which these tests kill, stop and cut off:
 *
 * - the postmaster SIGKILLed mid-play: the app stays up, answers UNAVAILABLE (503) meanwhile, starts its Postgres
 *   again (crash recovery) and says so;
 * - every Postgres process SIGSTOPped mid-play, then SIGCONTed: answers within 5 s while it is stopped (HTTP 503,
 *   graphql-ws), readiness says the database is down, liveness stays 200;
 * - the LISTEN connection cut (its backend terminated, again and again) while moves commit: nothing is announced
 *   meanwhile, and after the reconnection every subscriber gets the game's current state and its missed events.
 *
 * After each: no acknowledged move lost or applied twice (the acknowledgements against the log), every
 * `gameUpdated` subscriber at the game's current version, every `myEvents` subscriber with every event from the
 * log, in order, once. Short client-side timeouts keep it quick.
 */
import { Client as WsClient } from 'graphql-ws';
import { GameWatch, watchGame } from '../../support/service/play';
import {
  ANSWER_WITHIN_MS,
  EventsWatch,
  HealthWatch,
  OwnServer,
  PlayLoop,
  adminSql,
  dealGame,
  registerPlayer,
  startOwnServer,
  timedGql,
  timedWsQuery,
  until,
} from '../../support/service/outage';

let server: OwnServer;

beforeAll(async () => {
  server = await startOwnServer({
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DATABASE_QUERY_TIMEOUT_MS: '1500',
    DATABASE_PROBE_INTERVAL_MS: '200',
    // The workers run throughout, so that an outage reaches them too.
    BOT_DELAY_MS: '50',
    SWEEP_INTERVAL_MS: '200',
    WEBHOOK_INTERVAL_MS: '200',
  });
});

afterAll(async () => {
  await server.close();
});

/** What a test started, stopped after it however it ended (so that a failure does not spill into the next). */
const running: { stop(): Promise<void> }[] = [];

beforeEach(async () => {
  await until('the server is ready', async () => (await fetch(`${server.url}/health/ready`)).status === 200);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((thing) => thing.stop()));
  // Whatever happened, the server is up: it must never exit because its database went away.
  expect(server.exit()).toBeNull();
  expect(server.output()).not.toMatch(/unhandled promise rejection/);
});

function watchHealth(): HealthWatch {
  const health = new HealthWatch(server.url);
  running.push(health);
  return health;
}

interface Seat {
  readonly name: string;
  readonly id: string;
  readonly token: string;
  readonly socket: WsClient;
  readonly events: EventsWatch;
  readonly game: GameWatch;
  readonly loop: PlayLoop;
}

interface Table {
  readonly seats: Seat[];
  readonly gameIds: string[];
}

/**
 * Two games between people and one against the greedy bot, each player subscribed to `myEvents` and their
 * game's `gameUpdated` (live: the first push, the game as it is, has come), and playing.
 */
async function seatTable(tag: string): Promise<Table> {
  const names = ['a1', 'a2', 'b1', 'b2', 'c1'].map((name) => `${tag}${name}`);
  const players = await Promise.all(names.map((name) => registerPlayer(server.url, name)));
  const token = (index: number): string => players[index]!.token;
  const gameA = await dealGame(server.url, token(0), token(1), `${tag}-a`);
  const gameB = await dealGame(server.url, token(2), token(3), `${tag}-b`);
  const gameC = await dealGame(server.url, token(4), 'GREEDY', `${tag}-c`);
  const gameOf = [gameA, gameA, gameB, gameB, gameC];
  const seats = players.map((player, index): Seat => {
    const socket = server.ws(player.token);
    const gameId = gameOf[index]!;
    return {
      name: names[index]!,
      id: player.id,
      token: player.token,
      socket,
      events: new EventsWatch(socket),
      game: watchGame(socket, gameId, 'version status'),
      loop: new PlayLoop(server.url, player.token, gameId, names[index]!),
    };
  });
  await Promise.all(seats.map((seat) => seat.game.waitFor(() => true)));
  for (const seat of seats) {
    seat.loop.start();
    running.push(seat.loop);
  }
  return { seats, gameIds: [gameA, gameB, gameC] };
}

/** Waits until each game has `moves` more acknowledged moves (by its people) than at `since`. */
async function playOn(table: Table, since: number, moves: number): Promise<void> {
  for (const gameId of table.gameIds) {
    await until(`game ${gameId} has ${moves} more moves`, () => {
      const loops = table.seats.filter((seat) => seat.loop.gameId === gameId).map((seat) => seat.loop);
      return loops.reduce((sum, loop) => sum + loop.acknowledgedSince(since), 0) >= moves;
    });
  }
}

/** Each seat's latest event id in the log now. */
async function latestEvents(table: Table): Promise<Map<string, bigint>> {
  const rows = await adminSql<{ player_id: string; id: string }>(
    server,
    'SELECT player_id, max(id)::text AS id FROM player_events WHERE player_id = ANY($1::uuid[]) GROUP BY player_id',
    [table.seats.map((seat) => seat.id)],
  );
  return new Map(rows.map((row) => [row.player_id, BigInt(row.id)]));
}

/** Play goes on until every seat has had the turn (a YOUR_TURN event) since `before` was taken. */
async function untilEveryoneHadTheTurn(table: Table, before: Map<string, bigint>): Promise<void> {
  await until(
    'every seat has had the turn',
    async () => {
      const now = await latestEvents(table);
      return table.seats.every((seat) => (now.get(seat.id) ?? 0n) > (before.get(seat.id) ?? 0n));
    },
    60_000,
  );
}

/**
 * What must hold once play has stopped: every answer in time and of the expected kinds, the log against the
 * acknowledgements, every subscriber up to date.
 */
async function checkTable(table: Table, since: number): Promise<void> {
  for (const seat of table.seats) {
    const { loop } = seat;
    expect({ seat: seat.name, unexpected: loop.unexpected() }).toEqual({ seat: seat.name, unexpected: [] });
    for (const seen of loop.seen) expect(seen.ms).toBeLessThan(ANSWER_WITHIN_MS);
    for (const seen of loop.seen.filter((entry) => entry.code === 'UNAVAILABLE'))
      expect(seen.status).toBe(503);
  }
  for (const gameId of table.gameIds) {
    // The log is the truth: gapless, and the people's moves in it are exactly the acknowledged ones, in order.
    // One statement, so one snapshot: the built-in bot of game C may still move after the people stopped.
    const rows = await adminSql<{ seq: number; client_move_id: string | null; version: number }>(
      server,
      `SELECT e.seq, e.client_move_id, g.version FROM games g JOIN game_events e ON e.game_id = g.id
        WHERE g.id = $1 ORDER BY e.seq`,
      [gameId],
    );
    const game = rows[0];
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    expect(rows.length).toBe(game!.version);
    const loops = table.seats.filter((seat) => seat.loop.gameId === gameId).map((seat) => seat.loop);
    for (const ack of loops.flatMap((loop) => loop.acknowledged))
      expect(ack.answered).toBeGreaterThanOrEqual(ack.version);
    const acknowledged = loops
      .flatMap((loop) => loop.acknowledged)
      .sort((a, b) => a.version - b.version)
      .map((ack) => ack.clientMoveId);
    const prefixes = loops.map((loop) => `${loop.name}-`);
    const logged = rows
      .map((row) => row.client_move_id)
      .filter((id): id is string => id !== null && prefixes.some((prefix) => id.startsWith(prefix)));
    expect(logged).toEqual(acknowledged);
    // Every gameUpdated subscriber of the game ends at its current version (read again: the bot may move on).
    for (const seat of table.seats.filter((entry) => entry.loop.gameId === gameId)) {
      await until(`${seat.name}'s gameUpdated reaches the game's version`, async () => {
        const last = seat.game.pushes[seat.game.pushes.length - 1];
        const [now] = await adminSql<{ version: number }>(server, 'SELECT version FROM games WHERE id = $1', [
          gameId,
        ]);
        return last?.data?.gameUpdated.version === now!.version;
      });
    }
  }
  for (const seat of table.seats) {
    // Every event from the first one pushed is pushed, in order, once — those of the outage included.
    const first = seat.events.ids[0];
    expect({ seat: seat.name, first }).toEqual({ seat: seat.name, first: expect.any(String) as string });
    const logged = async (): Promise<string[]> =>
      (
        await adminSql<{ id: string }>(
          server,
          'SELECT id::text AS id FROM player_events WHERE player_id = $1 AND id >= $2 ORDER BY player_events.id',
          [seat.id, first],
        )
      ).map((row) => row.id);
    await until(`${seat.name}'s myEvents has every logged event`, async () => {
      return seat.events.ids.length >= (await logged()).length;
    });
    expect({ seat: seat.name, pushed: seat.events.ids }).toEqual({ seat: seat.name, pushed: await logged() });
    expect(seat.events.receivedSince(since)).toBeGreaterThan(0);
    expect(seat.events.failure).toBeUndefined();
  }
}

async function stopPlay(table: Table): Promise<void> {
  await Promise.all(table.seats.map((seat) => seat.loop.stop()));
}

const GAME_VERSION = (gameId: string): string => `{ game(id: "${gameId}") { version } }`;

describe('the database goes away while clients play', () => {
  it('SIGKILL of the postmaster mid-play: UNAVAILABLE meanwhile, the app restarts its Postgres, nothing lost or doubled', async () => {
    const table = await seatTable('k');
    await playOn(table, 0, 4);
    const health = watchHealth();
    const killedPid = server.postmasterPid();
    const killedAt = Date.now();
    process.kill(killedPid, 'SIGKILL');

    // While it is away, an operation is answered UNAVAILABLE at once, over HTTP (503) and over graphql-ws.
    const unavailable: { status: number; ms: number }[] = [];
    const overSocket: { code: string | undefined; ms: number }[] = [];
    const [watcher] = table.seats;
    await until(
      'an HTTP and a graphql-ws operation were answered UNAVAILABLE',
      async () => {
        const answer = await timedGql(server.url, null, GAME_VERSION(table.gameIds[0]!));
        if (answer.body.errors?.[0]?.extensions?.code === 'UNAVAILABLE') unavailable.push(answer);
        const socket = await timedWsQuery(watcher!.socket, GAME_VERSION(table.gameIds[0]!));
        if (socket.code === 'UNAVAILABLE') overSocket.push(socket);
        return (
          (unavailable.length > 0 ||
            table.seats.some((seat) => seat.loop.unavailableSince(killedAt).length > 0)) &&
          overSocket.length > 0
        );
      },
      20_000,
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${server.output().slice(-3000)}`);
    });
    for (const answer of unavailable) expect(answer.status).toBe(503);
    for (const answer of [...unavailable, ...overSocket]) expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // It recovers by itself: the app starts its Postgres again, and says so.
    await until('the app restarted its Postgres', () =>
      /the embedded Postgres runs again/.test(server.output()),
    );
    expect(server.output()).toContain(`the embedded Postgres (PID ${killedPid}) is gone: starting it again`);
    expect(server.postmasterPid()).not.toBe(killedPid);
    await until('ready again', () => health.samples.at(-1)?.ready === 200);
    const recoveredAt = Date.now();
    await playOn(table, recoveredAt, 4);
    await untilEveryoneHadTheTurn(table, await latestEvents(table));
    await stopPlay(table);
    await health.stop();

    expect(health.notReady().length).toBeGreaterThan(0);
    for (const sample of health.notReady()) {
      expect(sample.ready).toBe(503);
      expect(sample.readyBody).toMatchObject({ status: 'error' });
    }
    for (const sample of health.samples) expect(sample.live).toBe(200);
    await checkTable(table, killedAt);
  });

  it('SIGSTOP of every Postgres process mid-play: answers within 5 s (503, graphql-ws), /health/ready says the database is down, then recovery', async () => {
    const table = await seatTable('s');
    await playOn(table, 0, 4);
    const health = watchHealth();
    const stopped = server.postgresPids();
    const stoppedAt = Date.now();
    for (const pid of stopped) process.kill(pid, 'SIGSTOP');
    const [watcher] = table.seats;
    let httpAnswer: { status: number; ms: number; code: string | undefined } | null = null;
    let socketAnswer: { code: string | undefined; ms: number } | null = null;
    let freshSocketClose: { code: number; reason: string } | null = null;
    try {
      // Until the app knows, an operation waits for the client-side timeouts; from then on it is refused at once.
      await until('readiness says the database is down', () =>
        health.samples.some((sample) => (sample.readyBody as { database?: string }).database === 'down'),
      );
      const answer = await timedGql(server.url, watcher!.token, GAME_VERSION(table.gameIds[0]!));
      httpAnswer = { status: answer.status, ms: answer.ms, code: answer.body.errors?.[0]?.extensions?.code };
      socketAnswer = await timedWsQuery(watcher!.socket, GAME_VERSION(table.gameIds[0]!));
      // A new WebSocket cannot have its token checked: closed with 1013 (try again later), which clients retry.
      freshSocketClose = await server.closeOfNewSocket(watcher!.token);
      // Every player has met the outage (their requests answered UNAVAILABLE, none hanging).
      await until('every player was answered UNAVAILABLE', () =>
        table.seats.every((seat) => seat.loop.unavailableSince(stoppedAt).length > 0),
      );
    } finally {
      for (const pid of stopped) process.kill(pid, 'SIGCONT');
    }
    expect(httpAnswer).toEqual({ status: 503, ms: expect.any(Number) as number, code: 'UNAVAILABLE' });
    expect(httpAnswer!.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(socketAnswer).toEqual({ code: 'UNAVAILABLE', ms: expect.any(Number) as number });
    expect(socketAnswer!.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(freshSocketClose).toEqual({
      code: 1013,
      reason: 'the database is unavailable; try again in a few seconds',
    });

    await until('ready again', () => health.samples.at(-1)?.ready === 200);
    const resumedAt = Date.now();
    await playOn(table, resumedAt, 4);
    await untilEveryoneHadTheTurn(table, await latestEvents(table));
    await stopPlay(table);
    await health.stop();

    const down = health.samples.filter(
      (sample) => sample.at > stoppedAt && sample.at < resumedAt && sample.ready !== 200,
    );
    expect(down.length).toBeGreaterThan(0);
    for (const sample of down) {
      expect(sample.ready).toBe(503);
      expect(sample.readyBody).toMatchObject({ status: 'error' });
    }
    // Liveness never asks the database: 200, at once, throughout.
    for (const sample of health.samples) {
      expect(sample.live).toBe(200);
      expect(sample.liveMs).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(server.output()).toMatch(
      /the database is unavailable \(.+\): operations are refused with UNAVAILABLE/,
    );
    await checkTable(table, stoppedAt);
  });

  it('the LISTEN connection cut mid-play: after the reconnection every subscriber gets the current game and the missed events', async () => {
    const table = await seatTable('l');
    await playOn(table, 0, 2);
    const health = watchHealth();
    // Terminate the event bus's LISTEN backend as often as it comes back, while moves commit: nobody hears them.
    let cutting = true;
    const cutter = (async () => {
      while (cutting) {
        await adminSql(
          server,
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'malice listen'",
        );
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const cutAt = Date.now();
    await until('readiness says the LISTEN connection is down', () =>
      health.samples.some(
        (sample) => sample.at >= cutAt && (sample.readyBody as { listen?: string }).listen === 'down',
      ),
    );
    const unheardFrom = Date.now();
    await untilEveryoneHadTheTurn(table, await latestEvents(table));
    // Play stops while nothing is heard: only the reconnection's catch-up can bring the subscribers up to date.
    await stopPlay(table);
    cutting = false;
    await cutter;
    await until('ready again', () => health.samples.at(-1)?.ready === 200);
    await health.stop();
    expect(server.output()).toMatch(/the LISTEN connection is back after [\d.]+ s: \d+ game subscription/);
    for (const seat of table.seats) {
      // The database stayed up: no request was refused.
      expect(seat.loop.seen.filter((seen) => seen.code === 'UNAVAILABLE')).toEqual([]);
    }
    await checkTable(table, unheardFrom);
  });

  it('a move whose COMMIT outcome is unknown (Postgres stopped with the statement sent): UNAVAILABLE, and the same clientMoveId sent again is applied once', async () => {
    const players = await Promise.all([
      registerPlayer(server.url, 'unknown1'),
      registerPlayer(server.url, 'unknown2'),
    ]);
    const gameId = await dealGame(server.url, players[0]!.token, players[1]!.token, 'unknown-commit');
    const readAs = (token: string) =>
      timedGql<{ game: { version: number; currentSeat: number; mySeat: number; legalMoves: string[] } }>(
        server.url,
        token,
        'query($g: ID!) { game(id: $g) { version currentSeat mySeat legalMoves } }',
        { g: gameId },
      );
    // The player to move reads the game last: that read leaves a pooled connection for the move to go out on.
    const seat = (await readAs(players[0]!.token)).body.data!.game.currentSeat;
    const mover = players[seat]!;
    const game = (await readAs(mover.token)).body.data!.game;
    expect(game.mySeat).toBe(game.currentSeat);
    const move = {
      g: gameId,
      m: game.legalMoves[0]!,
      v: game.version,
      c: 'unknown-1',
    };
    const MOVE = `mutation($g: ID!, $m: String!, $v: Int!, $c: String!) {
      makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { version } } }`;
    const stopped = server.postgresPids();
    for (const pid of stopped) process.kill(pid, 'SIGSTOP');
    let first: Awaited<ReturnType<typeof timedGql>>;
    try {
      first = await timedGql(server.url, mover.token, MOVE, move);
    } finally {
      for (const pid of stopped) process.kill(pid, 'SIGCONT');
    }
    expect({ status: first.status, code: first.body.errors?.[0]?.extensions?.code }).toEqual({
      status: 503,
      code: 'UNAVAILABLE',
    });
    expect(first.ms).toBeLessThan(ANSWER_WITHIN_MS);
    await until('ready again', async () => (await fetch(`${server.url}/health/ready`)).status === 200);
    // The statement was on its way: Postgres ran it once it ran again. The client could not know.
    const logged = (): Promise<{ seq: number }[]> =>
      adminSql(server, 'SELECT seq FROM game_events WHERE game_id = $1 AND client_move_id = $2', [
        gameId,
        'unknown-1',
      ]);
    const [version] = await adminSql<{ version: number }>(server, 'SELECT version FROM games WHERE id = $1', [
      gameId,
    ]);
    expect((await logged()).length).toBe(1);
    // Sent again as it was: the log's guards find it applied, and answer as if the first had come back.
    const again = await timedGql<{ makeMove: { game: { version: number } } }>(
      server.url,
      mover.token,
      MOVE,
      move,
    );
    expect(again.body).toEqual({ data: { makeMove: { game: { version: version!.version } } } });
    expect((await logged()).length).toBe(1);
    const [after] = await adminSql<{ version: number }>(server, 'SELECT version FROM games WHERE id = $1', [
      gameId,
    ]);
    expect(after!.version).toBe(version!.version);
  });
});
