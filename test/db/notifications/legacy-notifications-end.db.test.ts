/**
 * Migration 20261207100000_legacy_notifications_end on a real Postgres (docs/architecture.md#notifications): after it
 * no database function decides who is told — the app writes every change's player events, webhook deliveries and
 * reminder times — while a committed change of a watched game is still announced. A turn begun by a copy from before
 * the reminder time existed gets the reminder time the app would have given it.
 */
import { Client, Notification } from 'pg';
import { migrate } from '../../../src/db/migrator';
import { freshDatabase } from '../../support/service/database';

const MIGRATION = '20261207100000_legacy_notifications_end';
const DAY_MS = 86_400_000;

let database: { url: string; drop: () => Promise<void> };
let client: Client;

beforeAll(async () => {
  database = await freshDatabase({ before: MIGRATION });
  // A copy of that time: its connections said `malice.notifier = app`, and the triggers announced its changes (since
  // 20261211090000_announced_after_commit, only for such copies).
  client = new Client({ connectionString: database.url, options: '-c malice.notifier=app' });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/** The functions of the schema whose body writes player events or webhook deliveries. */
async function deciders(): Promise<string[]> {
  const { rows } = await client.query<{ proname: string }>(
    `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND p.prosrc ~* 'insert\\s+into\\s+"?(player_events|webhook_deliveries)"?'
      ORDER BY p.proname`,
  );
  return rows.map((row) => row.proname);
}

it('ends every database function that decides who is told, backfills reminder times, and still announces', async () => {
  // Before: the legacy branches are there (so the check below can fail).
  expect(await deciders()).toEqual(['enqueue_webhook_deliveries', 'game_player_events']);

  const turnStartedAt = new Date('2026-12-01T10:00:00.000Z');
  const {
    rows: [game],
  } = await client.query<{ id: string }>(
    `WITH a AS (INSERT INTO players (id, username, username_key, password_hash)
                VALUES (gen_random_uuid(), 'legacy_a', 'legacy_a', 'x') RETURNING id),
          b AS (INSERT INTO players (id, username, username_key, password_hash)
                VALUES (gen_random_uuid(), 'legacy_b', 'legacy_b', 'x') RETURNING id),
          g AS (INSERT INTO games (id, preset, options, seats, status, seed, seed_commitment, rules_version,
                                   created_by_id, created_at, updated_at, started_at, current_seat,
                                   current_player_id, seconds_per_move, turn_started_at, deadline)
                SELECT gen_random_uuid(), 'CLASSIC', '{}'::jsonb, 2, 'ACTIVE', 's', 'c',
                       'malice-rules-2+chacha20-v2', a.id, $1, $1, $1, 1, b.id, 86400, $1, $1::timestamptz + interval '1 day'
                  FROM a, b RETURNING id, created_by_id),
          s AS (INSERT INTO game_players (game_id, seat, player_id, joined_at)
                SELECT g.id, 0, a.id, $1 FROM g, a UNION ALL SELECT g.id, 1, b.id, $1 FROM g, b)
     SELECT id FROM g`,
    [turnStartedAt],
  );
  // A turn begun by a copy that wrote no reminder time.
  await client.query('UPDATE games SET remind_at = NULL WHERE id = $1', [game!.id]);

  await migrate(database.url);

  expect(await deciders()).toEqual([]);
  const { rows: triggers } = await client.query<{ tgname: string }>(
    `SELECT tgname FROM pg_trigger WHERE tgrelid = 'games'::regclass AND NOT tgisinternal ORDER BY tgname`,
  );
  expect(triggers.map((row) => row.tgname)).not.toContain('games_player_events');
  expect(triggers.map((row) => row.tgname)).not.toContain('games_legacy_remind_at');
  const {
    rows: [row],
  } = await client.query<{ remind_at: Date }>('SELECT remind_at FROM games WHERE id = $1', [game!.id]);
  expect(row!.remind_at).toEqual(new Date(turnStartedAt.getTime() + 0.8 * DAY_MS));

  // A change of the game's version tells nobody now (the app writes player events)…
  const listener = new Client({ connectionString: database.url });
  await listener.connect();
  try {
    const heard: Notification[] = [];
    listener.on('notification', (message) => heard.push(message));
    await listener.query('LISTEN malice_games');
    await client.query(
      `INSERT INTO game_watches (game_id, copy_id, expires_at) VALUES ($1, gen_random_uuid(), now() + interval '1 hour')`,
      [game!.id],
    );
    await client.query(
      `UPDATE games SET version = 1, current_seat = 0, current_player_id = created_by_id WHERE id = $1`,
      [game!.id],
    );
    const { rows: told } = await client.query('SELECT 1 FROM player_events WHERE game_id = $1', [game!.id]);
    expect(told).toEqual([]);
    // …but the copies watching the game still hear of it.
    await listener.query('SELECT 1');
    const deadline = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < deadline) await listener.query('SELECT 1');
    expect(heard.map((message) => message.payload)).toEqual([game!.id]);
  } finally {
    await listener.end();
  }
});
