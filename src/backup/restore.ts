/**
 * `npm run restore -- FILE [--replace]` (docs/operations.md, "Backups"): loads a backup (./format.ts) into a
 * database, in one transaction, so that a refused or failed restore changes nothing:
 *
 * 1. the file's header is read and its schema version checked against this build's migrations;
 * 2. the database is migrated to exactly that version (inside the transaction: a blank database stays blank);
 * 3. a database holding games or accounts is refused, unless `--replace` says to throw them away;
 * 4. the load tells nobody: the session is `malice.notifier = none` (src/db/notifier.ts),
 *    and the triggers a load fires (on INSERT: the announcements and the legacy notification branches; on
 *    TRUNCATE: the move log's guard) are off for the transaction only — taken off and put back inside it. A
 *    change to pg_trigger is seen by other sessions only once it commits, and by then they are on again; until
 *    then ALTER TABLE's lock (SHARE ROW EXCLUSIVE, then the TRUNCATE's ACCESS EXCLUSIVE) keeps every other writer
 *    out. The log's guards on UPDATE and DELETE are never touched. No NOTIFY is sent, no player event or webhook
 *    delivery is written;
 * 5. every table is emptied (what the migrations seeded, such as the built-in bots, comes back from the file),
 *    then loaded with COPY in the file's order (parents before the tables that point to them), each row count
 *    checked against the header;
 * 6. the sequences are set to where they stood, the triggers put back, and the transaction commits.
 *
 * On a live database the restore's locks (taken table by table) can meet a server's query that holds one of them
 * and waits for another: Postgres then ends one of the two with a deadlock. When it ends the restore, the
 * transaction rolled back and nothing changed, so the restore starts again from the file's first line, up to
 * RESTORE_ATTEMPTS times in all.
 *
 * Webhook deliveries that were PENDING in the backup stay pending: the first server on the restored database
 * sends them at its first pass, with their own ids (at least once, as after a crash: a receiver dedupes by the
 * delivery's event id).
 */
import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Client, type ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATION_LOCK_KEY, Migration, migrateInTransaction, readMigrations } from '../db/migrator';
import { notifierOption } from '../db/notifier';
import { loadTriggers, quoted, schemaTables, triggerStatement } from './catalog';
import {
  BackupFileError,
  BackupHeader,
  COPY_SESSION,
  LineReader,
  MAX_HEADER_BYTES,
  isEndLine,
  parseHeader,
} from './format';

/** The database or the build does not fit the backup: nothing was changed. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** Restore over a database that holds games or accounts, deleting them. */
  readonly replace: boolean;
  /** Told when an attempt met a deadlock and rolled back, before the next attempt. */
  readonly onDeadlock?: (attempt: number) => void;
}

/** How many times a restore that met a deadlock is tried in all (each rolls back whole, see above). */
export const RESTORE_ATTEMPTS = 5;

/** Postgres's SQLSTATE for a transaction ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DEADLOCK_DETECTED;
}

export interface RestoreReport {
  readonly header: BackupHeader;
  /** Migrations applied to reach the backup's schema version. */
  readonly migrated: readonly string[];
}

/** `file`, decompressed, as lines; a read error (no such file) fails the next read. */
function openBackup(file: string): { reader: LineReader; close: () => void } {
  const input = fs.createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  return { reader: new LineReader(input.pipe(gunzip)), close: () => input.destroy() };
}

async function headerOf(reader: LineReader): Promise<BackupHeader> {
  const line = await reader.line(MAX_HEADER_BYTES);
  if (line === null) throw new BackupFileError('it is empty');
  return parseHeader(line);
}

export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  options: RestoreOptions,
): Promise<RestoreReport> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await restoreOnce(databaseUrl, file, options);
    } catch (error) {
      if (!isDeadlock(error) || attempt >= RESTORE_ATTEMPTS) throw error;
      options.onDeadlock?.(attempt);
    }
  }
}

async function restoreOnce(
  databaseUrl: string,
  file: string,
  options: RestoreOptions,
): Promise<RestoreReport> {
  const { reader, close } = openBackup(file);
  try {
    const header = await headerOf(reader);
    const migrations = migrationsFor(header, readMigrations());
    const client = new Client({
      connectionString: databaseUrl,
      application_name: 'malice-restore',
      options: `${notifierOption('none')} ${COPY_SESSION}`,
    });
    await client.connect();
    try {
      await client.query('BEGIN');
      // The migrator's lock first (migrateInTransaction takes it again): no server migrates meanwhile.
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await refuseNewerSchema(client, header);
      const migrated = await migrateInTransaction(client, migrations);
      if (!options.replace) await refuseData(client);
      await load(client, header, reader);
      await client.query('COMMIT');
      return { header, migrated };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
  } finally {
    close();
  }
}

/** This build's migrations up to the backup's schema version; refused when the backup's are not a prefix of them. */
function migrationsFor(header: BackupHeader, known: readonly Migration[]): Migration[] {
  header.migrations.forEach((applied, index) => {
    const ours = known[index];
    if (ours === undefined || ours.name !== applied.name) {
      throw new RestoreRefused(
        `the backup's schema (${header.schemaVersion}) has migration ${applied.name}, which this version of ` +
          'Malice does not have: restore it with the version that made it, or a later one',
      );
    }
    if (ours.checksum !== applied.checksum) {
      throw new RestoreRefused(
        `migration ${applied.name} of the backup differs from this version's: restore it with the version that made it`,
      );
    }
  });
  return known.slice(0, header.migrations.length);
}

async function refuseNewerSchema(client: ClientBase, header: BackupHeader): Promise<void> {
  const exists = await client.query<{ found: boolean }>(
    `SELECT to_regclass(quote_ident(current_schema()) || '."_migrations"') IS NOT NULL AS found`,
  );
  if (!exists.rows[0]?.found) return;
  const inBackup = new Set(header.migrations.map((migration) => migration.name));
  const applied = await client.query<{ name: string }>('SELECT name FROM "_migrations" ORDER BY name');
  const newer = applied.rows.map((row) => row.name).filter((name) => !inBackup.has(name));
  if (newer.length > 0) {
    throw new RestoreRefused(
      `the database's schema is newer than the backup's (${header.schemaVersion}): it has ${newer.join(', ')}. ` +
        'Restore into an empty database',
    );
  }
}

/** Games, or accounts of people (the built-in bots are the migrations' own): the data a restore would destroy. */
async function refuseData(client: ClientBase): Promise<void> {
  const held = await client.query<{ games: string; players: string }>(
    `SELECT (SELECT count(*) FROM games)::text AS games,
            (SELECT count(*) FROM players WHERE NOT is_bot)::text AS players`,
  );
  const games = Number(held.rows[0]?.games ?? 0);
  const players = Number(held.rows[0]?.players ?? 0);
  if (games > 0 || players > 0) {
    throw new RestoreRefused(
      `the database holds ${games} games and ${players} accounts: a restore loads only into an empty database. ` +
        'Restore into a new database, or pass --replace to delete everything in this one first',
    );
  }
}

async function load(client: ClientBase, header: BackupHeader, reader: LineReader): Promise<void> {
  const tables = await schemaTables(client);
  const here = new Map(tables.map((table) => [table.name, table.columns.join(',')]));
  const there = new Map(header.tables.map((table) => [table.name, table.columns.join(',')]));
  for (const [name, columns] of [...here, ...there]) {
    if (here.get(name) !== columns || there.get(name) !== columns) {
      throw new RestoreRefused(
        `table ${name} is not the same in the database and in the backup, though both are at schema ` +
          `${header.schemaVersion}: the database was changed by hand`,
      );
    }
  }
  const triggers = await loadTriggers(client);
  for (const trigger of triggers) await client.query(triggerStatement(trigger, false));
  await client.query(`TRUNCATE ${tables.map((table) => quoted(table.name)).join(', ')}`);
  for (const table of header.tables) {
    const columns = table.columns.map(quoted).join(', ');
    const copy = client.query(copyFrom(`COPY ${quoted(table.name)} (${columns}) FROM STDIN`));
    try {
      await pipeline(Readable.from(reader.lines(table.rows, table.name)), copy);
    } catch (error) {
      // A value Postgres cannot read (class 22) or a row that breaks a constraint (class 23) came from the file.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && /^2[23]/.test(code)) {
        throw new BackupFileError(`the rows of table ${table.name} do not load: ${(error as Error).message}`);
      }
      throw error;
    }
    if (copy.rowCount !== table.rows) {
      throw new BackupFileError(
        `table ${table.name}: ${copy.rowCount} rows loaded, the header says ${table.rows}`,
      );
    }
  }
  const end = await reader.line(MAX_HEADER_BYTES);
  if (end === null || !isEndLine(end, header)) {
    throw new BackupFileError('its tables do not end where the header says (no end line)');
  }
  // Reading on to the end is what makes gunzip check its CRC and length: a damaged file fails here at the latest.
  if ((await reader.line(MAX_HEADER_BYTES)) !== null)
    throw new BackupFileError('it goes on after its end line');
  for (const sequence of header.sequences) {
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      quoted(sequence.name),
      sequence.value,
      sequence.isCalled,
    ]);
  }
  for (const trigger of triggers) await client.query(triggerStatement(trigger, true));
}
