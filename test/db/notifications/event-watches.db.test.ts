/**
 * Announcements only for what some app copy watches (migrations 20261129200000_event_watches and
 * 20261211090000_announced_after_commit, src/notifications/watch-registry.ts). Game changes and player events are
 * announced only when watched; a watch must never miss a change that commits after it was taken, which the
 * migrations ensure by making a watch and a change in flight wait for each other: the change's statement asks
 * `game_watched` / `player_watched` once it holds its lock, and the app announces after the commit when they say
 * so. Copies of the older version (their connections say `malice.notifier = app`) are still announced for by the
 * triggers, in their transaction. Checked on a real Postgres with the SQL the app runs, and with the registry itself.
 *
 * "Nothing announced" is observed, not waited for: notifications reach a listener in commit order, so after the
 * change under test a marker NOTIFY is sent, and once the marker arrives everything before it has too.
 */
import { randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import { WatchRegistry } from '../../../src/notifications/watch-registry';
import { writeNotifications } from '../../../src/notifications/sql/notification-writes';
import { WEBHOOK_OUTBOX } from '../../../src/webhooks/sql/webhook-outbox';
import { freshDatabase, sql } from '../../support/service/database';

let url: string;
let drop: () => Promise<void>;
let pool: Pool;
/** Connections as a copy of the older version opens them: the triggers announce their changes. */
let legacy: Pool;

beforeAll(async () => {
  ({ url, drop } = await freshDatabase());
  pool = new Pool({ connectionString: url, max: 6 });
  legacy = new Pool({ connectionString: url, max: 2, options: '-c malice.notifier=app' });
});
afterAll(async () => {
  await pool.end();
  await legacy.end();
  await drop();
});

const LEASE = '5 minutes';

interface Heard {
  readonly channel: string;
  readonly payload: string;
}

/** A LISTEN connection on the app's channels, and a way to know it has heard everything committed so far. */
async function listen(): Promise<{
  heard: Heard[];
  upToNow: () => Promise<Heard[]>;
  close: () => Promise<void>;
}> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const heard: Heard[] = [];
  const waiting = new Map<string, () => void>();
  client.on('notification', (message) => {
    if (message.channel === 'test_marker') {
      waiting.get(message.payload ?? '')?.();
      return;
    }
    heard.push({ channel: message.channel, payload: message.payload ?? '' });
  });
  await client.query(
    'LISTEN malice_games; LISTEN malice_player_events; LISTEN malice_webhooks; LISTEN test_marker',
  );
  return {
    heard,
    upToNow: async () => {
      const marker = randomUUID();
      const arrived = new Promise<void>((resolve) => waiting.set(marker, resolve));
      await pool.query(`SELECT pg_notify('test_marker', $1)`, [marker]);
      await arrived;
      return heard.splice(0);
    },
    close: () => client.end(),
  };
}

async function newPlayer(): Promise<string> {
  const name = `p_${randomUUID().slice(0, 8)}`;
  const [row] = await sql<{ id: string }>(
    url,
    `INSERT INTO players (id, username, username_key, password_hash) VALUES (gen_random_uuid(), $1, $1, 'x')
     RETURNING id`,
    [name],
  );
  return row!.id;
}

async function newGame(creator: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    url,
    `INSERT INTO games (id, preset, options, seats, status, seed, seed_commitment, rules_version, created_by_id)
     VALUES (gen_random_uuid(), 'classic', '{}', 2, 'ACTIVE', 's', 'c', 'r', $1) RETURNING id`,
    [creator],
  );
  return row!.id;
}

const BUMP = 'UPDATE games SET version = version + 1 WHERE id = $1';
const EVENT = `INSERT INTO player_events (player_id, kind, created_at) VALUES ($1, 'REMINDER', now()) RETURNING id`;
/** A change as this version's statements make it: the row changed, then whether some copy watches the game. */
const BUMP_ASKING = `WITH moved AS (UPDATE games SET version = version + 1 WHERE id = $1 RETURNING id)
  SELECT game_watched(moved.id) AS watched FROM moved`;
/** A player event as this version's statements write it: the row, then whether some copy watches the player. */
const EVENT_ASKING = `WITH notified AS (${EVENT}, player_id)
  SELECT id, player_watched(notified.player_id) AS watched FROM notified`;

async function connect(): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Resolves once the backend behind `client` waits for a lock (the statement it was given is blocked). */
async function blockedOnLock(client: Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  for (let tries = 0; tries < 200; tries += 1) {
    const [row] = await sql<{ wait: string | null }>(
      url,
      'SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = $1',
      [pid],
    );
    if (row?.wait === 'Lock') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`backend ${pid} never waited for a lock`);
}

/** Tracks whether a promise has settled yet. */
function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  const watched = promise.finally(() => (done = true));
  return { promise: watched, settled: () => done };
}

describe('for copies of the older version, the triggers announce only watched games and players', () => {
  it('a change of an unwatched game is not announced; once watched, each change is', async () => {
    const listener = await listen();
    try {
      const game = await newGame(await newPlayer());
      await legacy.query(BUMP, [game]);
      expect(await listener.upToNow()).toEqual([]);

      await legacy.query('SELECT watch_game($1, $2, $3)', [game, randomUUID(), LEASE]);
      await legacy.query(BUMP, [game]);
      await legacy.query(BUMP, [game]);
      expect(await listener.upToNow()).toEqual([
        { channel: 'malice_games', payload: game },
        { channel: 'malice_games', payload: game },
      ]);
    } finally {
      await listener.close();
    }
  });

  it('a seat taken in a watched game is announced (game_players has its own trigger)', async () => {
    const listener = await listen();
    try {
      const creator = await newPlayer();
      const game = await newGame(creator);
      await legacy.query(`INSERT INTO game_players (game_id, seat, player_id) VALUES ($1, 0, $2)`, [
        game,
        creator,
      ]);
      expect(await listener.upToNow()).toEqual([]);
      await legacy.query('SELECT watch_game($1, $2, $3)', [game, randomUUID(), LEASE]);
      await legacy.query(`INSERT INTO game_players (game_id, seat, player_id) VALUES ($1, 1, $2)`, [
        game,
        await newPlayer(),
      ]);
      expect(await listener.upToNow()).toEqual([{ channel: 'malice_games', payload: game }]);
    } finally {
      await listener.close();
    }
  });

  it('a player event is stored either way, and announced only while the player is watched', async () => {
    const listener = await listen();
    try {
      const player = await newPlayer();
      const { rows: unwatched } = await legacy.query<{ id: string }>(EVENT, [player]);
      expect(await listener.upToNow()).toEqual([]);

      await legacy.query('SELECT watch_player($1, $2, $3)', [player, randomUUID(), LEASE]);
      const { rows: watched } = await legacy.query<{ id: string }>(EVENT, [player]);
      const heard = await listener.upToNow();
      expect(heard).toHaveLength(1);
      expect(heard[0]!.channel).toBe('malice_player_events');
      expect(JSON.parse(heard[0]!.payload)).toMatchObject({
        id: watched[0]!.id,
        playerId: player,
        kind: 'REMINDER',
      });

      const stored = await sql<{ id: string }>(
        url,
        'SELECT id::text FROM player_events WHERE player_id = $1',
        [player],
      );
      expect(stored.map((row) => row.id).sort()).toEqual([unwatched[0]!.id, watched[0]!.id].sort());
    } finally {
      await listener.close();
    }
  });
});

describe('this version announces after the commit', () => {
  it('a change made on a connection without the older setting NOTIFYs nothing in its transaction, watched or not', async () => {
    const listener = await listen();
    try {
      const player = await newPlayer();
      const game = await newGame(player);
      await pool.query('SELECT watch_game($1, $2, $3)', [game, randomUUID(), LEASE]);
      await pool.query('SELECT watch_player($1, $2, $3)', [player, randomUUID(), LEASE]);
      const [moved] = (await pool.query<{ watched: boolean }>(BUMP_ASKING, [game])).rows;
      const [event] = (await pool.query<{ watched: boolean }>(EVENT_ASKING, [player])).rows;
      await pool.query(`INSERT INTO game_players (game_id, seat, player_id) VALUES ($1, 0, $2)`, [
        game,
        player,
      ]);
      expect(await listener.upToNow()).toEqual([]);
      // What the statements answered is what the app announces once they commit.
      expect([moved!.watched, event!.watched]).toEqual([true, true]);
    } finally {
      await listener.close();
    }
  });

  // The triggers stay for copies of the older version, and must end at their setting's check for this version's
  // connections: `NULL = 'app'` is NULL, and `NULL AND x` still asks x — a watch lookup per change (and for a
  // player event an advisory lock too), for nobody, on every move.
  it('the older copies’ triggers ask no watch for a change made without their setting', async () => {
    const player = await newPlayer();
    const game = await newGame(player);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL track_functions = 'pl'`);
      await client.query(BUMP, [game]);
      await client.query(EVENT, [player]);
      await client.query(`INSERT INTO game_players (game_id, seat, player_id) VALUES ($1, 0, $2)`, [
        game,
        player,
      ]);
      const { rows } = await client.query<{ name: string; calls: string }>(
        'SELECT funcname AS name, calls::text AS calls FROM pg_stat_xact_user_functions',
      );
      const calls = Object.fromEntries(rows.map((row) => [row.name, Number(row.calls)]));
      // The three triggers ran …
      expect(calls).toMatchObject({ games_announce: 1, announce_player_event: 1, announce_game_change: 1 });
      // … and asked nothing.
      expect([calls.game_watched ?? 0, calls.player_watched ?? 0]).toEqual([0, 0]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('game_watched and player_watched say false for what no copy watches', async () => {
    const player = await newPlayer();
    const game = await newGame(player);
    const [moved] = (await pool.query<{ watched: boolean }>(BUMP_ASKING, [game])).rows;
    const [event] = (await pool.query<{ watched: boolean }>(EVENT_ASKING, [player])).rows;
    expect([moved!.watched, event!.watched]).toEqual([false, false]);
  });

  // The app queues a change's webhook deliveries with its player events (src/notifications/sql/notification-writes.ts,
  // with the webhooks' outbox the games repository hands it) and wakes the webhook workers in the same statement; no
  // trigger does it for a writer that does not.
  it('webhook deliveries are announced on malice_webhooks when the app queues them, and only then', async () => {
    const listener = await listen();
    try {
      const player = await newPlayer();
      const game = await newGame(player);
      const tell = async (kind: 'REMINDER' | 'GAME_OVER'): Promise<string[]> => {
        const announced = await writeNotifications(
          pool,
          [{ playerId: player, kind, gameId: game }],
          new Date(),
          [WEBHOOK_OUTBOX],
        );
        // Announced after the commit by the app, never by the statement itself.
        expect(await listener.upToNow()).toEqual([]);
        return announced.map((each) => each.channel);
      };
      expect(await tell('REMINDER')).toEqual([]); // no webhook: nothing queued

      await pool.query(
        `INSERT INTO webhooks (id, player_id, url, secret, events, created_at)
         VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9/hook', 's', ARRAY['REMINDER'], now())`,
        [player],
      );
      expect(await tell('REMINDER')).toEqual(['malice_webhooks']);
      expect(await tell('GAME_OVER')).toEqual([]); // a kind the webhook does not want: nothing queued
      // An event written without the app's writer queues nothing: no database function decides who is told.
      await pool.query(EVENT, [player]);
      expect(await listener.upToNow()).toEqual([]);
      const [queued] = await sql<{ count: number }>(
        url,
        'SELECT count(*)::int AS count FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.player_id = $1',
        [player],
      );
      expect(queued!.count).toBe(1);
    } finally {
      await listener.close();
    }
  });
});

describe('a watch and a change in flight wait for each other', () => {
  it('a game watch taken while a change is uncommitted returns only after that change committed', async () => {
    const game = await newGame(await newPlayer());
    const mover = await connect();
    const watcher = await connect();
    try {
      await mover.query('BEGIN');
      const [moved] = (await mover.query<{ watched: boolean }>(BUMP_ASKING, [game])).rows;
      expect(moved!.watched).toBe(false); // asked under the row lock: the game is not watched yet
      const watch = tracked(watcher.query('SELECT watch_game($1, $2, $3)', [game, randomUUID(), LEASE]));
      await blockedOnLock(watcher);
      expect(watch.settled()).toBe(false);
      await mover.query('COMMIT');
      await watch.promise;
      // So a subscriber's first read, made after the watch, already sees the change that went unannounced.
      const [row] = await sql<{ version: number }>(url, 'SELECT version FROM games WHERE id = $1', [game]);
      expect(row!.version).toBe(1);
    } finally {
      await mover.end();
      await watcher.end();
    }
  });

  it('a game change made while a watch is uncommitted waits for it, and is announced', async () => {
    const game = await newGame(await newPlayer());
    const mover = await connect();
    const watcher = await connect();
    try {
      await watcher.query('BEGIN');
      await watcher.query('SELECT watch_game($1, $2, $3)', [game, randomUUID(), LEASE]);
      const move = tracked(mover.query<{ watched: boolean }>(BUMP_ASKING, [game]));
      await blockedOnLock(mover);
      expect(move.settled()).toBe(false);
      await watcher.query('COMMIT');
      // The watch committed while the change waited: its statement sees it, so the app announces the change.
      expect((await move.promise).rows).toEqual([{ watched: true }]);
    } finally {
      await mover.end();
      await watcher.end();
    }
  });

  it('a player watch taken while an event is uncommitted returns only after the event committed', async () => {
    const player = await newPlayer();
    const writer = await connect();
    const watcher = await connect();
    try {
      await writer.query('BEGIN');
      const [written] = (await writer.query<{ watched: boolean }>(EVENT_ASKING, [player])).rows;
      expect(written!.watched).toBe(false);
      const watch = tracked(watcher.query('SELECT watch_player($1, $2, $3)', [player, randomUUID(), LEASE]));
      await blockedOnLock(watcher);
      expect(watch.settled()).toBe(false);
      await writer.query('COMMIT');
      await watch.promise;
    } finally {
      await writer.end();
      await watcher.end();
    }
  });

  it('a player event written while a watch is uncommitted waits for it, and is announced', async () => {
    const player = await newPlayer();
    const writer = await connect();
    const watcher = await connect();
    try {
      await watcher.query('BEGIN');
      await watcher.query('SELECT watch_player($1, $2, $3)', [player, randomUUID(), LEASE]);
      const event = tracked(writer.query<{ watched: boolean }>(EVENT_ASKING, [player]));
      await blockedOnLock(writer);
      expect(event.settled()).toBe(false);
      await watcher.query('COMMIT');
      expect((await event.promise).rows.map((row) => row.watched)).toEqual([true]);
    } finally {
      await writer.end();
      await watcher.end();
    }
  });

  it('events of different players do not wait for each other’s watches', async () => {
    const [watched, other] = [await newPlayer(), await newPlayer()];
    const watcher = await connect();
    try {
      await watcher.query('BEGIN');
      await watcher.query('SELECT watch_player($1, $2, $3)', [watched, randomUUID(), LEASE]);
      await pool.query(EVENT_ASKING, [other]); // would hang (and time the test out) if it waited for the watch above
      await watcher.query('COMMIT');
    } finally {
      await watcher.end();
    }
  });
});

describe('WatchRegistry', () => {
  async function rows(table: 'game_watches' | 'player_watches', copyId: string): Promise<number> {
    const [row] = await sql<{ n: number }>(
      url,
      `SELECT count(*)::int AS n FROM ${table} WHERE copy_id = $1`,
      [copyId],
    );
    return row!.n;
  }

  it('listeners of one game share a row, which goes with the last of them at the next pass', async () => {
    const registry = new WatchRegistry(pool);
    const watched = async (game: string): Promise<boolean> =>
      (await pool.query<{ watched: boolean }>(BUMP_ASKING, [game])).rows[0]!.watched;
    try {
      const game = await newGame(await newPlayer());
      const first = await registry.watch('game', game);
      const second = await registry.watch('game', game);
      expect(await rows('game_watches', registry.copyId)).toBe(1);

      first();
      first(); // twice is harmless: the other listener still holds the watch
      await registry.housekeep();
      expect(await rows('game_watches', registry.copyId)).toBe(1);
      expect(await watched(game)).toBe(true);

      second();
      await registry.housekeep();
      expect(await rows('game_watches', registry.copyId)).toBe(0);
      expect(registry.size).toBe(0);
      expect(await watched(game)).toBe(false);
    } finally {
      await registry.close();
    }
  });

  it('a pass renews this copy’s leases, removes expired rows of any copy, and takes back a row lost meanwhile', async () => {
    const registry = new WatchRegistry(pool);
    try {
      const player = await newPlayer();
      await registry.watch('player', player);
      const deadCopy = randomUUID();
      await pool.query(`INSERT INTO player_watches VALUES ($1, $2, now() - interval '1 minute')`, [
        player,
        deadCopy,
      ]);
      await pool.query(
        `UPDATE player_watches SET expires_at = now() + interval '1 second' WHERE copy_id = $1`,
        [registry.copyId],
      );

      await registry.housekeep();
      expect(await rows('player_watches', deadCopy)).toBe(0);
      const [lease] = await sql<{ left: number }>(
        url,
        `SELECT extract(epoch FROM expires_at - now())::float AS left FROM player_watches WHERE copy_id = $1`,
        [registry.copyId],
      );
      expect(lease!.left).toBeGreaterThan(60);

      // Lost behind the registry's back (say its lease ran out while the process stalled): taken again.
      await pool.query('DELETE FROM player_watches WHERE copy_id = $1', [registry.copyId]);
      await registry.housekeep();
      expect(await rows('player_watches', registry.copyId)).toBe(1);
    } finally {
      await registry.close();
    }
  });

  it('close() removes every row of this copy', async () => {
    const registry = new WatchRegistry(pool);
    await registry.watch('game', await newGame(await newPlayer()));
    await registry.watch('player', await newPlayer());
    expect(
      (await rows('game_watches', registry.copyId)) + (await rows('player_watches', registry.copyId)),
    ).toBe(2);
    await registry.close();
    expect(
      (await rows('game_watches', registry.copyId)) + (await rows('player_watches', registry.copyId)),
    ).toBe(0);
  });
});
