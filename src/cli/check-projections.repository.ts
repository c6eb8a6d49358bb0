/**
 * What check:projections reads and writes, on the tool's own connection: every game in a stable order, and each
 * game's row, log and seats in one snapshot, through the games module's readers
 * (src/games/persistence/sql/stored-log.ts). It writes only through the games module's repair path
 * (src/games/persistence/sql/projection-repair.ts).
 */
import type { Client } from 'pg';

export { readLog, readStoredGame, readStoredSeats } from '../games/persistence/sql/stored-log';
export { repairProjection } from '../games/persistence/sql/projection-repair';

/** Every game's id, oldest first. */
export async function storedGameIds(client: Client): Promise<string[]> {
  return (await client.query<{ id: string }>('SELECT id FROM games ORDER BY created_at, id')).rows.map(
    (row) => row.id,
  );
}

/**
 * `read` in a read-only snapshot of its own (REPEATABLE READ, which a hot standby serves as well): a game's row,
 * log and seats as of one moment, so a move committed between the reads is not taken for a difference.
 */
export async function inSnapshot<T>(client: Client, read: () => Promise<T>): Promise<T> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    return await read();
  } finally {
    await client.query('COMMIT');
  }
}
