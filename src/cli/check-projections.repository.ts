/**
 * What check:projections reads and writes, on the tool's own connection: every game row in a stable order, and
 * each game's log and seats through the games module's readers (src/games/persistence/sql/stored-log.ts). It
 * writes only through the games module's repair path (src/games/persistence/sql/projection-repair.ts).
 */
import type { Client } from 'pg';
import type { GameRow } from '../games/domain/projection-check';

export { readLog, readStoredSeats } from '../games/persistence/sql/stored-log';
export { repairProjection } from '../games/persistence/sql/projection-repair';

/** Every game's stored row, oldest first. */
export async function storedGames(client: Client): Promise<GameRow[]> {
  return (await client.query<GameRow>('SELECT * FROM games ORDER BY created_at, id')).rows;
}
