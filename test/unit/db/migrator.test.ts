/**
 * Reading the migration files (src/db/migrator.ts); applying them to Postgres is tested against a real database
 * in test/db/db/schema.db.test.ts.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MIGRATIONS_DIR, readMigrations } from '../../../src/db/migrator';

function folderWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-migrations-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('readMigrations', () => {
  it('reads the project’s migrations from prisma/migrations, named <14-digit stamp>_<name>', () => {
    expect(MIGRATIONS_DIR).toBe(path.resolve(__dirname, '..', '..', '..', 'prisma', 'migrations'));
    const migrations = readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    for (const migration of migrations) {
      expect(migration.name).toMatch(/^\d{14}_[a-z0-9_]+$/);
      expect(migration.sql.length).toBeGreaterThan(0);
    }
  });

  it('orders folders by name, ignores loose files, and checksums each file’s exact text', () => {
    const dir = folderWith({
      '20260102000000_second/migration.sql': 'SELECT 2;',
      '20260101000000_first/migration.sql': 'SELECT 1;',
      '20261231000000_third/migration.sql': 'SELECT 3;\n',
      'migration_lock.toml': 'provider = "postgresql"',
      'README.md': 'notes',
    });
    try {
      const migrations = readMigrations(dir);
      expect(migrations.map((migration) => migration.name)).toEqual([
        '20260101000000_first',
        '20260102000000_second',
        '20261231000000_third',
      ]);
      for (const migration of migrations) {
        expect(migration.checksum).toBe(createHash('sha256').update(migration.sql).digest('hex'));
      }
      // One more newline is another checksum: an applied file must not change at all.
      expect(migrations[2]?.sql).toBe('SELECT 3;\n');
      expect(migrations[2]?.checksum).not.toBe(createHash('sha256').update('SELECT 3;').digest('hex'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails on a migration folder without migration.sql rather than skipping it', () => {
    const dir = folderWith({
      '20260101000000_first/migration.sql': 'SELECT 1;',
      '20260102000000_empty/notes.txt': '',
    });
    try {
      expect(() => readMigrations(dir)).toThrow(/20260102000000_empty/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
