/**
 * `gameUpdated(gameId)` over graphql-ws: both players and a spectator subscribe to one game; a push
 * arrives for the join that starts it, for every move and for the finish, and each push is built for its
 * subscriber (a player's has their own hand, the spectator's none). Connections with a bad token are refused;
 * an unknown game is NOT_FOUND.
 */
import { randomUUID } from 'node:crypto';
import { Client as WsClient } from 'graphql-ws';
import { Client as PgClient } from 'pg';
import WebSocket from 'ws';
import { GameState, legalMoves, optionsFor, viewFor } from '../../../src/engine';
import { GraphQLBody, TestApp, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';
import {
  GameData,
  GameViewData,
  GameWatch,
  createGame,
  eventsOf,
  findSeed,
  joinGame,
  makeMove,
  playGame,
  readGame,
  statesByVersion,
  watchGame,
} from '../../support/service/play';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Resolves once the client's socket is open and acknowledged. */
function connected(client: WsClient): Promise<void> {
  return new Promise((resolve) => {
    const off = client.on('connected', () => {
      off();
      resolve();
    });
  });
}

/** Resolves once every client's socket is open and acknowledged. */
async function open(clients: WsClient[]): Promise<void> {
  await Promise.all(clients.map(connected));
}

/**
 * Resolves once every `gameUpdated` subscription is live. graphql-ws acknowledges a connection but not a
 * subscription; the first push — the game as it is on subscribing — is sent once the server watches the game, so
 * every change from then on is pushed: it is the marker to wait for.
 */
async function subscribed(watches: readonly GameWatch[]): Promise<void> {
  await Promise.all(watches.map((watch) => watch.waitFor(() => true)));
}

/** The errors a subscription ended with: sent as a result with errors, or as an error message. */
function errorsOf(watch: GameWatch): { message: string; extensions?: { code?: string } }[] {
  const pushed = watch.pushes.flatMap((push) => push.errors ?? []);
  const failed = Array.isArray(watch.failure) ? (watch.failure as GraphQLBody['errors'] & object) : [];
  return [...pushed, ...failed];
}

function expectedView(state: GameState, seat: number | null): GameViewData {
  const { hand, stockCount, setAsideCount, centerPiles, seats, turn, maxCenterPiles } = viewFor(state, seat);
  return { hand, stockCount, setAsideCount, centerPiles, seats, turn, maxCenterPiles };
}

describe('gameUpdated over graphql-ws', () => {
  it('pushes every change to both players and a spectator, each redacted for its subscriber', async () => {
    const tokenA = await register(app, 'subs_a');
    const tokenB = await register(app, 'subs_b');
    const seed = findSeed('classic', 2, 'subs-classic', 20, 60);
    const created = await createGame(app, tokenA, { preset: 'CLASSIC', seed });
    const clients = [app.ws(tokenA), app.ws(tokenB), app.ws(null)];
    const viewers = [0, 1, null] as const;
    const watches = clients.map((client) => watchGame(client, created.id));
    await subscribed(watches);

    const joined = await joinGame(app, tokenB, created.id);
    expect(joined.status).toBe('ACTIVE');
    const pushed = (version: number) => (push: GraphQLBody<{ gameUpdated: GameData }>) =>
      push.data?.gameUpdated.version === version;
    await Promise.all(watches.map((watch) => watch.waitFor(pushed(0))));
    // Each move's push reaches every subscriber before the next move, so every version must show up once.
    const last = await playGame(app, [tokenA, tokenB], created.id, {
      onGame: async (_seat, game, kind) => {
        if (kind === 'move') await Promise.all(watches.map((watch) => watch.waitFor(pushed(game.version))));
      },
    });
    expect(last.status).toBe('FINISHED');
    const finished = await readGame(app, tokenA, created.id, true);
    const states = statesByVersion(optionsFor('classic'), finished.seed!, 2, eventsOf(finished.moves!));

    for (const [index, watch] of watches.entries()) {
      const viewer = viewers[index]!;
      expect(watch.failure).toBeUndefined();
      expect(errorsOf(watch)).toEqual([]);
      const [current, ...changes] = watch.pushes.map((push) => push.data!.gameUpdated);
      // First the game as it was on subscribing (waiting, nothing dealt), then one push for the join that dealt
      // it (the last seat and the deal commit together) and one per move (the last one is the finish).
      expect(current).toMatchObject({ status: 'WAITING', version: 0, seed: null, legalMoves: [] });
      const games = changes;
      expect(games.map((game) => game.version)).toEqual([...Array(finished.version + 1).keys()]);
      expect(games.at(-1)).toMatchObject({ status: 'FINISHED', seed, result: finished.result });
      for (const game of games) {
        const state = states[game.version]!;
        const over = state.result !== null;
        expect(game.status).toBe(over ? 'FINISHED' : 'ACTIVE');
        expect(game.seed).toBe(over ? seed : null);
        expect(game.mySeat).toBe(viewer);
        // The subscriber's own view: their hand for a player, none for the spectator.
        expect(game.view).toEqual(expectedView(state, viewer));
        expect(game.legalMoves).toEqual(!over && viewer === state.current ? legalMoves(state) : []);
      }
      if (viewer === null) {
        expect(games.every((game) => game.view.hand === null && game.mySeat === null)).toBe(true);
      } else {
        expect(games.every((game) => game.view.hand !== null)).toBe(true);
      }
    }
    watches.forEach((watch) => watch.stop());
  });

  it('misses no change made while the first push (the game as it is) goes out', async () => {
    const tokenA = await register(app, 'subs_race_a');
    const tokenB = await register(app, 'subs_race_b');
    const socket = app.ws(tokenB);
    await open([socket]);
    // Each round subscribes and moves at once, without waiting for the first push: the move's push must still come.
    for (let round = 0; round < 40; round++) {
      const created = await createGame(app, tokenA, { preset: 'MODERN', seed: `race-${round}` });
      const dealt = await joinGame(app, tokenB, created.id);
      const mover = dealt.currentSeat === 0 ? tokenA : tokenB;
      const moves = (await readGame(app, mover, created.id)).legalMoves;
      const watch = watchGame(socket, created.id);
      const moved = await makeMove(app, mover, created.id, moves[0]!, 0);
      expect(moved.errors).toBeUndefined();
      await watch.waitFor((push) => push.data?.gameUpdated.version === 1, 5_000);
      watch.stop();
    }
  });

  it('refuses a connection whose token is invalid', async () => {
    const owner = await register(app, 'subs_owner');
    const game = await createGame(app, owner, { preset: 'MODERN' });
    // app.ws connects eagerly, and graphql-ws reports a refused eager connection on console.error as well.
    const report = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const watch = watchGame(app.ws('not-a-real-token'), game.id);
    await watch.ended;
    report.mockRestore();
    expect(watch.pushes).toEqual([]);
    // graphql-ws closes a connection that onConnect refused with 4403 Forbidden.
    expect((watch.failure as { code?: number } | undefined)?.code).toBe(4403);
  });

  it('subscribing to an unknown game gives NOT_FOUND', async () => {
    const token = await register(app, 'subs_lost');
    for (const gameId of [randomUUID(), 'no-such-game']) {
      const watch = watchGame(app.ws(token), gameId);
      await watch.ended;
      expect(watch.pushes.every((push) => push.data === null || push.data === undefined)).toBe(true);
      expect(errorsOf(watch).map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);
    }
  });

  it('plays over the socket too: a move sent as a graphql-ws operation is applied once, limits still hold', async () => {
    // Bots may keep one socket per token and send queries and mutations over it (docs/api/endpoints-and-auth.md#endpoints). The same
    // document text arrives again and again: the second and later copies reuse the first validation's verdict.
    const tokenA = await register(app, 'sock_a');
    const tokenB = await register(app, 'sock_b');
    const created = await createGame(app, tokenA, { preset: 'CLASSIC', seed: 'socket-play' });
    await joinGame(app, tokenB, created.id);
    const sockets = [app.ws(tokenA), app.ws(tokenB)];
    await open(sockets);
    const once = async (
      socket: WsClient,
      query: string,
      variables: Record<string, unknown>,
    ): Promise<GraphQLBody<{ game?: GameData; makeMove?: { game: GameData } }>> => {
      const results: GraphQLBody<{ game?: GameData; makeMove?: { game: GameData } }>[] = [];
      for await (const result of socket.iterate({ query, variables })) results.push(result as never);
      expect(results).toHaveLength(1);
      return results[0]!;
    };
    const MOVE = `mutation($g: ID!, $m: String!, $v: Int!) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { version currentSeat legalMoves } } }`;
    const GAME = `query($g: ID!) { game(id: $g) { version currentSeat legalMoves } }`;
    let version = 0;
    for (let ply = 0; ply < 6; ply++) {
      const current = (await readGame(app, tokenA, created.id)).currentSeat!;
      const socket = sockets[current]!;
      const seen = (await once(socket, GAME, { g: created.id })).data!.game!;
      expect(seen.version).toBe(version);
      const moved = await once(socket, MOVE, { g: created.id, m: seen.legalMoves[0]!, v: version });
      expect(moved.errors).toBeUndefined();
      expect(moved.data!.makeMove!.game.version).toBe(version + 1);
      // The same move again at the old version: refused, nothing written.
      const again = await once(socket, MOVE, { g: created.id, m: seen.legalMoves[0]!, v: version });
      expect(again.errors?.[0]?.extensions?.code).toBe('VERSION_CONFLICT');
      version++;
    }
    expect((await readGame(app, tokenA, created.id)).version).toBe(version);
    const stored = await sql<{ seq: number }>(
      app.databaseUrl,
      'SELECT seq FROM game_events WHERE game_id = $1 ORDER BY seq',
      [created.id],
    );
    // One event per version (the deal, then one per accepted move): no gap, no duplicate.
    expect(stored.map((row) => row.seq)).toEqual(Array.from({ length: version }, (_, index) => index + 1));
    // A document over the depth limit (17 levels) is refused every time it is sent, not only the first.
    let nested = 'name';
    for (let level = 0; level < 8; level++) nested = `fields { type { ${nested} } }`;
    const deep = `{ __type(name: "Game") { ${nested} } }`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = (await once(sockets[0]!, deep, {}).catch((errors: unknown) => errors)) as {
        extensions?: { code?: string; limit?: string };
      }[];
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((error) => error.extensions?.code === 'BAD_USER_INPUT')).toBe(true);
      expect(refused.map((error) => error.extensions?.limit)).toContain('depth');
    }
  });

  it('keeps an idle connection alive: the server pings every 12 s (docs/api/endpoints-and-auth.md#endpoints)', async () => {
    const token = await register(app, 'subs_idle');
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    try {
      const acknowledged = new Promise<void>((resolve) =>
        socket.once('message', (data: Buffer) => {
          expect(JSON.parse(data.toString())).toEqual({ type: 'connection_ack' });
          resolve();
        }),
      );
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
      await acknowledged;
      const started = Date.now();
      // ws answers a ping frame with a pong by itself; the test only watches for it.
      await new Promise((resolve) => socket.once('ping', resolve));
      const waited = Date.now() - started;
      expect(waited).toBeLessThanOrEqual(13_000);
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.close();
    }
  }, 20_000);
});

describe('announcements only for watched games (migration 20261129200000_event_watches)', () => {
  /** Listens on malice_games; `upToNow` returns what was heard up to a marker sent after everything before it. */
  async function listenGames(): Promise<{ upToNow: () => Promise<string[]>; close: () => Promise<void> }> {
    const client = new PgClient({ connectionString: app.databaseUrl });
    await client.connect();
    const heard: string[] = [];
    const markers = new Map<string, () => void>();
    client.on('notification', (message) => {
      if (message.channel === 'test_marker') markers.get(message.payload ?? '')?.();
      else heard.push(message.payload ?? '');
    });
    await client.query('LISTEN malice_games; LISTEN test_marker');
    return {
      upToNow: async () => {
        const marker = randomUUID();
        const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
        await sql(app.databaseUrl, `SELECT pg_notify('test_marker', $1)`, [marker]);
        await arrived;
        return heard.splice(0);
      },
      close: () => client.end(),
    };
  }

  it('a move nobody watches is not announced; a subscriber on another copy makes it so, until that copy stops', async () => {
    const tokenA = await register(app, 'quiet_a');
    const tokenB = await register(app, 'quiet_b');
    const created = await createGame(app, tokenA, { preset: 'CLASSIC', seed: 'quiet-game' });
    await joinGame(app, tokenB, created.id);
    const tokens = [tokenA, tokenB];
    const listener = await listenGames();
    const other = await startTestApp({ databaseUrl: app.databaseUrl });
    try {
      const moveOnce = async (): Promise<number> => {
        const game = await readGame(app, tokens[0]!, created.id);
        const mover = tokens[game.currentSeat!]!;
        const moves = (await readGame(app, mover, created.id)).legalMoves;
        const moved = await makeMove(app, mover, created.id, moves[0]!, game.version);
        expect(moved.errors).toBeUndefined();
        return game.version + 1;
      };
      await moveOnce();
      expect(await listener.upToNow()).toEqual([]);

      // A spectator subscribes through the other copy; moves made through this one now reach it.
      const socket = other.ws(null);
      const watch = watchGame(socket, created.id);
      await watch.waitFor(() => true);
      const watchers = await sql<{ copy_id: string }>(
        app.databaseUrl,
        'SELECT copy_id FROM game_watches WHERE game_id = $1',
        [created.id],
      );
      expect(watchers).toHaveLength(1);
      const version = await moveOnce();
      expect(await listener.upToNow()).toEqual([created.id]);
      await watch.waitFor((push) => push.data?.gameUpdated.version === version);
      watch.stop();
      await socket.dispose();

      // A copy that stops removes its watches: the game is quiet again.
      await other.stop();
      expect(
        await sql(app.databaseUrl, 'SELECT 1 FROM game_watches WHERE copy_id = $1', [watchers[0]!.copy_id]),
      ).toEqual([]);
      await moveOnce();
      expect(await listener.upToNow()).toEqual([]);
    } finally {
      await other.stop().catch(() => undefined);
      await listener.close();
    }
  });
});
