/**
 * `npm run backup -- FILE`: writes a backup of the database (DATABASE_URL, or the embedded Postgres in DATA_DIR,
 * also while the server runs on it) to FILE, mode 0600 (docs/operations.md, "Backups"). Exit code 0 when written,
 * 1 when it failed (FILE is then untouched), 2 for a wrong command line.
 */
import { BackupHeader } from '../backup/format';
import { backupDatabase } from '../backup/backup';
import { toolDatabase } from './tool-database';
import { runTool } from './run-tool';

const USAGE = 'usage: npm run backup -- FILE';

export function summary(file: string, header: BackupHeader): string {
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  const games = header.tables.find((table) => table.name === 'games')?.rows ?? 0;
  return `backed up ${header.tables.length} tables (${rows} rows, ${games} games) at schema ${header.schemaVersion}, taken ${header.takenAt}, to ${file}`;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const file = argv[0]!;
  const database = await toolDatabase(process.env);
  try {
    const header = await backupDatabase(database.url, file, () => new Date());
    console.log(summary(file, header));
    return 0;
  } finally {
    await database.close();
  }
}

if (require.main === module) runTool(() => main(process.argv.slice(2)), 'backup failed');
