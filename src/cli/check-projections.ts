/**
 * `npm run check:projections [-- --repair]`: rebuilds every game's projection from its move log (the truth)
 * and reports each difference from the stored `games` row; exits 1 if any. With --repair it
 * rewrites the differing rows from the log (each guarded by the version it read). Each game is folded under its
 * own rules version; a game under a version this engine does not know is reported (and never repaired), not
 * replayed under other rules.
 * Uses DATABASE_URL, or the embedded Postgres in DATA_DIR that `npm start` uses (the running server's, while it runs).
 */
import { Client } from 'pg';
import { notifierOption } from '../db/notifier';
import { readLog, readStoredSeats, repairProjection, storedGames } from './check-projections.repository';
import { runTool } from './run-tool';
import { toolDatabase } from './tool-database';
import { seatOutcomes } from '../games/domain/finish';
import { Difference, compare } from '../games/domain/projection-check';

export async function checkProjections(
  databaseUrl: string,
  repair: boolean,
  log: (line: string) => void,
): Promise<Difference[]> {
  // A repair rewrites projections: it tells nobody (no player events, no webhook deliveries).
  const client = new Client({ connectionString: databaseUrl, options: notifierOption('none') });
  await client.connect();
  const all: Difference[] = [];
  try {
    const games = await storedGames(client);
    for (const row of games) {
      const events = (await readLog(client, row.id)).map((stored) => stored.event);
      const players = await readStoredSeats(client, row.id);
      const { differences, projection } = compare(row, events, players);
      for (const difference of differences) {
        log(
          `game ${difference.gameId}: ${difference.field} is ${JSON.stringify(difference.stored)}, the log gives ${JSON.stringify(difference.fromLog)}`,
        );
      }
      all.push(...differences);
      if (repair && differences.length > 0 && projection !== null) {
        const outcomes = projection.result === null ? [] : seatOutcomes(projection.result, players);
        await repairProjection(client, row.id, row.version, projection, outcomes);
        log(`game ${row.id}: repaired from the log`);
      }
    }
    log(
      `checked ${games.length} games: ${all.length === 0 ? 'every projection matches its log' : `${all.length} differences`}`,
    );
  } finally {
    await client.end();
  }
  return all;
}

async function main(): Promise<number> {
  const repair = process.argv.includes('--repair');
  // The running server's embedded Postgres while it runs, as the backup tools do (src/cli/tool-database.ts).
  const database = await toolDatabase(process.env);
  try {
    const differences = await checkProjections(database.url, repair, (line) => console.log(line));
    return differences.length > 0 && !repair ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (require.main === module) runTool(main, 'check:projections failed');
