/**
 * The migration 20261213090000_games_moves_heap_only on a database that holds games as the previous version left
 * them: the archiver's work list stops naming `version` (so that a move within a turn is a heap-only update), and the
 * games over before their first move, which the list now holds too, are settled at once (archived_at, no archive).
 * Games with a log, and games not over, are left for the archiver as before.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { migrate } from '../../../src/db/migrator';
import { freshDatabase, sql } from '../../support/service/database';

const MIGRATION = '20261213090000_games_moves_heap_only';

let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ url, drop } = await freshDatabase({ before: MIGRATION }));
});
afterAll(async () => {
  await drop();
});

type Status = 'WAITING' | 'ACTIVE' | 'FINISHED' | 'ABORTED';

async function insertGame(creator: string, status: Status, version: number): Promise<string> {
  const id = randomUUID();
  const over = status === 'FINISHED' || status === 'ABORTED';
  await sql(
    url,
    `INSERT INTO games (id, preset, options, seats, status, version, seed, seed_commitment, rules_version,
                        created_by_id, finished_at)
     VALUES ($1, 'classic', '{}', 2, $2, $3, $4, 'commitment', 'malice-rules-2+chacha20-v2', $5, $6)`,
    [id, status, version, randomBytes(16).toString('hex'), creator, over ? new Date() : null],
  );
  for (let seq = 1; seq <= version; seq++) {
    await sql(
      url,
      `INSERT INTO game_events (game_id, seq, type, payload, actor_id, created_at)
       VALUES ($1, $2, 'pass', '{"type":"pass"}', $3, now())`,
      [id, seq, creator],
    );
  }
  return id;
}

describe(`migration ${MIGRATION}`, () => {
  it('settles the games over before their first move, and leaves every other game to the archiver', async () => {
    const creator = randomUUID();
    await sql(
      url,
      `INSERT INTO players (id, username, username_key, password_hash) VALUES ($1, 'hot_ann', 'hot_ann', 'x')`,
      [creator],
    );
    const games = {
      abortedEmpty: await insertGame(creator, 'ABORTED', 0),
      abortedWithLog: await insertGame(creator, 'ABORTED', 2),
      finished: await insertGame(creator, 'FINISHED', 3),
      waiting: await insertGame(creator, 'WAITING', 0),
      activeEmpty: await insertGame(creator, 'ACTIVE', 0),
    };

    await migrate(url);

    const rows = await sql<{ id: string; settled: boolean }>(
      url,
      'SELECT id, archived_at IS NOT NULL AS settled FROM games WHERE id = ANY($1::uuid[])',
      [Object.values(games)],
    );
    const settled = Object.fromEntries(
      Object.entries(games).map(([name, id]) => [name, rows.find((row) => row.id === id)?.settled]),
    );
    expect(settled).toEqual({
      abortedEmpty: true,
      abortedWithLog: false,
      finished: false,
      waiting: false,
      activeEmpty: false,
    });
    // Nothing archived: settling writes no archive.
    expect(await sql(url, 'SELECT game_id FROM game_archives')).toEqual([]);
    const [index] = await sql<{ definition: string }>(
      url,
      `SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'games_to_archive_idx'`,
    );
    expect(index?.definition).toMatch(/archived_at IS NULL/);
    expect(index?.definition).not.toMatch(/version/);
  });
});
