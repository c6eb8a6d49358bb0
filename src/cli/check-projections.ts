/**
 * `npm run check:projections [-- --repair | --primary]`: rebuilds every game's projection from its move log (the
 * truth) and reports each difference from the stored `games` row; exits 1 if any. Each game's row, log and seats
 * are read in one snapshot, so a server playing meanwhile causes no false difference. The check reads a read replica
 * when DATABASE_REPLICA_URL names one (the first; a full scan is what replicas are for, docs/scaling.md#read-replicas),
 * the primary with --primary. With --repair it reads and rewrites on the primary: the differing rows from the log,
 * each guarded by the version it read. Each game is folded under its own rules version; a game under a version this
 * engine does not know is reported (and never repaired), not replayed under other rules.
 * Uses DATABASE_URL, or the embedded Postgres in DATA_DIR that `npm start` uses (the running server's, while it runs).
 */
import { Client } from 'pg';
import { loadConfig } from '../config/config';
import { replicaName } from '../db/replicas';
import { notifierOption } from '../db/notifier';
import {
  inSnapshot,
  readLog,
  readStoredGame,
  readStoredSeats,
  repairProjection,
  storedGameIds,
} from './check-projections.repository';
import { runTool } from './run-tool';
import { toolDatabase } from './tool-database';
import { seatOutcomes } from '../games/domain/finish';
import { Difference, compare } from '../games/domain/projection-check';

/**
 * Checks every game on `databaseUrl`, or reads on `readUrl` when given (a replica: never with `repair`, whose
 * rewrites are guarded by what the primary holds).
 */
export async function checkProjections(
  databaseUrl: string,
  repair: boolean,
  log: (line: string) => void,
  readUrl: string = databaseUrl,
): Promise<Difference[]> {
  if (repair && readUrl !== databaseUrl)
    throw new Error('a repair reads the primary: it rewrites what it read');
  // A repair rewrites projections: it tells nobody (no player events, no webhook deliveries).
  const client = new Client({ connectionString: readUrl, options: notifierOption('none') });
  await client.connect();
  const all: Difference[] = [];
  let checked = 0;
  try {
    for (const gameId of await storedGameIds(client)) {
      const read = await inSnapshot(client, async () => {
        const row = await readStoredGame(client, gameId);
        if (row === null) return null;
        const events = (await readLog(client, gameId)).map((stored) => stored.event);
        return { row, events, players: await readStoredSeats(client, gameId) };
      });
      if (read === null) continue; // deleted since the list was read
      checked += 1;
      const { row, events, players } = read;
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
      `checked ${checked} games: ${all.length === 0 ? 'every projection matches its log' : `${all.length} differences`}`,
    );
  } finally {
    await client.end();
  }
  return all;
}

/** Where the check reads: the first replica configured, unless it repairs or is told to read the primary. */
export function projectionsReadUrl(
  databaseUrl: string,
  replicaUrls: readonly string[],
  argv: readonly string[],
): string {
  const [replica] = replicaUrls;
  return replica === undefined || argv.includes('--repair') || argv.includes('--primary')
    ? databaseUrl
    : replica;
}

async function main(): Promise<number> {
  const repair = process.argv.includes('--repair');
  // The running server's embedded Postgres while it runs, as the backup tools do (src/cli/tool-database.ts).
  const database = await toolDatabase(process.env);
  try {
    const readUrl = projectionsReadUrl(database.url, loadConfig(process.env).replicas.urls, process.argv);
    if (readUrl !== database.url)
      console.log(`reading the replica ${replicaName(readUrl, 0)} (--primary: the primary)`);
    const differences = await checkProjections(database.url, repair, (line) => console.log(line), readUrl);
    return differences.length > 0 && !repair ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (require.main === module) runTool(main, 'check:projections failed');
