/**
 * `npm run backup -- FILE` (docs/operations.md, "Backups"): every table of the schema, copied out inside one
 * REPEATABLE READ READ ONLY transaction (one snapshot: a move is in the backup with everything it wrote, or not
 * at all), into the format of ./format.ts. The file is written beside FILE under a temporary name (mode 0600: it
 * holds seeds, password and token hashes, webhook secrets), flushed to disk, then renamed: a crash leaves no half
 * file under FILE, only a temporary one to remove.
 *
 * Our own format rather than pg_dump's, always: one format for the embedded Postgres (which ships no pg_dump) and
 * for DATABASE_URL alike, a file that says its schema version and row counts, and one restore path, tested, that
 * tells nobody (./restore.ts) — a data-only pg_restore would fire the triggers with no `malice.notifier`, the
 * legacy branches, and queue webhook deliveries again.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { MIGRATION_LOCK_KEY } from '../db/migrator';
import { quoted, schemaSequences, schemaTables } from './catalog';
import {
  AppliedMigration,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupHeader,
  BackupTable,
  COPY_SESSION,
  endLine,
} from './format';

export class BackupError extends Error {}

const NEWLINE = 0x0a;

/** Writes a backup of the database at `databaseUrl` to `file`; returns its header. */
export async function backupDatabase(
  databaseUrl: string,
  file: string,
  now: () => Date,
): Promise<BackupHeader> {
  const target = path.resolve(file);
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`,
  );
  const client = new Client({
    connectionString: databaseUrl,
    application_name: 'malice-backup',
    options: COPY_SESSION,
  });
  await client.connect();
  let fd: number | null = null;
  try {
    // A migration changes tables: the backup waits for one that runs, and one that starts waits for the backup.
    await client.query('SELECT pg_advisory_lock_shared($1)', [MIGRATION_LOCK_KEY]);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const takenAt = now().toISOString();
    const shapes = await schemaTables(client);
    if (!shapes.some((table) => table.name === '_migrations')) {
      throw new BackupError('the database has no _migrations table: it is not a Malice database');
    }
    await client.query(
      `LOCK TABLE ${shapes.map((table) => quoted(table.name)).join(', ')} IN ACCESS SHARE MODE`,
    );
    const migrations = (
      await client.query<AppliedMigration>('SELECT name, checksum FROM "_migrations" ORDER BY name')
    ).rows.map((row) => ({ name: row.name, checksum: row.checksum }));
    const last = migrations[migrations.length - 1];
    if (last === undefined)
      throw new BackupError('the database has no migration applied: nothing to back up');
    const tables: BackupTable[] = [];
    for (const shape of shapes) {
      const counted = await client.query<{ rows: string }>(
        `SELECT count(*)::text AS rows FROM ${quoted(shape.name)}`,
      );
      tables.push({ ...shape, rows: Number(counted.rows[0]?.rows ?? 0) });
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      takenAt,
      postgres: (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!
        .server_version,
      schemaVersion: last.name,
      migrations,
      tables,
      sequences: await schemaSequences(client),
    };

    fd = fs.openSync(temporary, 'wx', 0o600);
    const gzip = createGzip();
    const written = pipeline(gzip, fs.createWriteStream(temporary, { fd, autoClose: false }));
    // Awaited below; a write error meanwhile also fails the next write.
    written.catch(() => undefined);
    const write = async (chunk: Buffer | string): Promise<void> => {
      if (!gzip.write(chunk)) await once(gzip, 'drain');
    };
    await write(`${JSON.stringify(header)}\n`);
    for (const table of tables) {
      const columns = table.columns.map(quoted).join(', ');
      const rows = client.query(copyTo(`COPY (SELECT ${columns} FROM ${quoted(table.name)}) TO STDOUT`));
      let lines = 0;
      for await (const chunk of rows as AsyncIterable<Buffer>) {
        for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) lines += 1;
        await write(chunk);
      }
      // The same snapshot counted them: a difference is a bug here, never a concurrent write.
      if (lines !== table.rows) {
        throw new BackupError(`table ${table.name}: ${lines} rows copied, ${table.rows} counted`);
      }
    }
    await write(endLine(header));
    await client.query('COMMIT');
    gzip.end();
    await written;
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(temporary, target);
    syncDirectory(path.dirname(target));
    return header;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (fd !== null) fs.closeSync(fd);
    fs.rmSync(temporary, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** The rename itself is on disk once the folder is flushed. */
function syncDirectory(folder: string): void {
  const fd = fs.openSync(folder, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
