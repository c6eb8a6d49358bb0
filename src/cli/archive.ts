/**
 * `npm run archive [-- --after-minutes N]`: one archive pass now (docs/operations.md#archive) over the games over
 * for at least N minutes (default ARCHIVE_AFTER_MINUTES, as the app's own archiver), on DATABASE_URL or the
 * embedded Postgres in DATA_DIR (the running server's while it runs). For a backlog the app's passes would take a
 * while over — after an upgrade to the first version with archives, or a demo database from seed:demo. Exit code
 * 0 when every game it looked at was archived, 1 when some were refused (each is named, with why), 2 for a wrong
 * command line. Running it beside the app's own archivers is safe: each game is archived once.
 */
import { Pool } from 'pg';
import { loadConfig } from '../config/config';
import { ArchiveRepository } from '../archive/archive.repository';
import { Archiver } from '../archive/archiver';
import { toolDatabase } from './tool-database';
import { runTool } from './run-tool';

const USAGE = 'usage: npm run archive [-- --after-minutes N]';

/** The minutes from the command line, the setting's when not given; null for a wrong command line. */
export function afterMinutesOf(argv: readonly string[], fallback: number): number | null {
  if (argv.length === 0) return fallback;
  if (argv.length !== 2 || argv[0] !== '--after-minutes' || !/^\d{1,7}$/.test(argv[1] ?? '')) return null;
  return Number(argv[1]);
}

async function main(argv: readonly string[]): Promise<number> {
  const afterMinutes = afterMinutesOf(argv, loadConfig(process.env).archiveAfterMinutes);
  if (afterMinutes === null) {
    console.error(USAGE);
    return 2;
  }
  const database = await toolDatabase(process.env);
  const pool = new Pool({ connectionString: database.url, max: 1 });
  try {
    const archiver = new Archiver(new ArchiveRepository(pool), (gameId, outcome) => {
      if (outcome.kind === 'refused') console.log(`game ${gameId} not archived: ${outcome.reason}`);
    });
    const now = new Date();
    const report = await archiver.pass(new Date(now.getTime() - afterMinutes * 60_000), now);
    console.log(
      `archived ${report.archived} games over for ${afterMinutes} minutes or more, settled ${report.settled} over before their first move; ${report.refused} left as rows`,
    );
    return report.refused > 0 ? 1 : 0;
  } finally {
    await pool.end();
    await database.close();
  }
}

if (require.main === module) runTool(() => main(process.argv.slice(2)), 'archive failed');
