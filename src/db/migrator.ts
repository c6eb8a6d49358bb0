/**
 * Applies the SQL migrations in prisma/migrations/<stamp>_<name>/migration.sql in name order (STACK.md: the
 * Prisma CLI's migrate needs a native engine we cannot download). Each file runs in its own transaction and is
 * recorded with its SHA-256; a changed file that was already applied is an error. A Postgres advisory lock makes
 * concurrent starts of several app copies safe: each step takes it, then applies the first file still missing, so
 * every file is applied once and in name order, whichever copy applies it. The lock is each transaction's own (no
 * session state), so the migrator also works through a pooler in transaction mode.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client, type ClientBase } from 'pg';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'prisma', 'migrations');
/** An arbitrary constant: the advisory lock key all app copies (and the backup and restore tools) agree on. */
export const MIGRATION_LOCK_KEY = 727_001;
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_migrations" (
      "name" TEXT PRIMARY KEY,
      "checksum" TEXT NOT NULL,
      "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now())`;

/**
 * Records an applied file. `applied_at` is the moment it was applied (clock_timestamp), not its transaction's start
 * (now()): a copy's step may begin, then wait for the lock while another copy applies the file before, so start
 * times need not follow the order files were applied in.
 */
const RECORD = 'INSERT INTO "_migrations" (name, checksum, applied_at) VALUES ($1, $2, clock_timestamp())';

export interface Migration {
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export class MigrationError extends Error {}

/**
 * Applies what is missing; returns the names it applied. Each step is a transaction that takes the migration lock
 * first and then looks at what is applied, so that a copy which waited for another finds its work done.
 */
export async function migrate(
  databaseUrl: string,
  migrations: Migration[] = readMigrations(),
): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await locked(client, () => client.query(CREATE_TABLE));
    const done: string[] = [];
    for (;;) {
      const applied = await locked(client, async () => {
        const [next] = await missing(client, migrations);
        if (next === undefined) return null;
        try {
          await client.query(next.sql);
        } catch (error) {
          throw new MigrationError(`migration ${next.name} failed: ${(error as Error).message}`);
        }
        await client.query(RECORD, [next.name, next.checksum]);
        return next.name;
      });
      if (applied === null) return done;
      done.push(applied);
    }
  } finally {
    await client.end();
  }
}

/** `work` in a transaction of its own on `client`, holding the migration lock until it ends. */
async function locked<T>(client: ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The migrations of `migrations` not applied yet; an error when an applied one was changed since. */
async function missing(client: ClientBase, migrations: readonly Migration[]): Promise<Migration[]> {
  const applied = new Map<string, string>(
    (
      await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM "_migrations"')
    ).rows.map((row) => [row.name, row.checksum]),
  );
  return migrations.filter((migration) => {
    const checksum = applied.get(migration.name);
    if (checksum === undefined) return true;
    if (checksum !== migration.checksum) {
      throw new MigrationError(`migration ${migration.name} was changed after it was applied`);
    }
    return false;
  });
}

/**
 * As `migrate`, inside the caller's open transaction on `client` (the restore: a failed or refused restore then
 * leaves not even the migrations behind). The lock is the transaction's, so it is held until its end.
 */
export async function migrateInTransaction(
  client: ClientBase,
  migrations: readonly Migration[] = readMigrations(),
): Promise<string[]> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await client.query(CREATE_TABLE);
  const done: string[] = [];
  for (const migration of await missing(client, migrations)) {
    try {
      await client.query(migration.sql);
    } catch (error) {
      throw new MigrationError(`migration ${migration.name} failed: ${(error as Error).message}`);
    }
    await client.query(RECORD, [migration.name, migration.checksum]);
    done.push(migration.name);
  }
  return done;
}
