/**
 * `npm run restore -- FILE [--replace]`: loads a backup into the database (DATABASE_URL, or the embedded
 * Postgres in DATA_DIR) in one transaction, telling nobody (src/backup/restore.ts, docs/operations.md,
 * "Backups"). Exit code 0 when restored, 1 when refused or failed (the database is then unchanged), 2 for a wrong
 * command line.
 */
import { BackupFileError } from '../backup/format';
import { RestoreRefused, restoreDatabase } from '../backup/restore';
import { toolDatabase } from './tool-database';
import { runTool } from './run-tool';

const USAGE = 'usage: npm run restore -- FILE [--replace]';

async function main(argv: readonly string[]): Promise<number> {
  const replace = argv.includes('--replace');
  const files = argv.filter((arg) => arg !== '--replace');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const file = files[0]!;
  const database = await toolDatabase(process.env);
  try {
    const { header, migrated } = await restoreDatabase(database.url, file, {
      replace,
      onDeadlock: (attempt) =>
        console.error(
          `restore attempt ${attempt} met a deadlock with another session and rolled back (nothing changed): trying again`,
        ),
    });
    const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `restored ${header.tables.length} tables (${rows} rows) at schema ${header.schemaVersion}, taken ${header.takenAt}` +
        (migrated.length > 0 ? ` (applied ${migrated.length} migrations first)` : ''),
    );
    return 0;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof BackupFileError
        ? `restore refused: ${file} is not a backup that can be restored: ${reason}. The database is unchanged`
        : error instanceof RestoreRefused
          ? `restore refused: ${reason}. The database is unchanged`
          : `restore failed: ${reason}. The database is unchanged`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

if (require.main === module) runTool(() => main(process.argv.slice(2)), 'restore failed');
