/**
 * prisma/schema.prisma (what the Prisma client believes) against prisma/migrations (what Postgres really has):
 * the migrations are hand-written SQL (src/db/migrator.ts), so nothing else keeps the two in step. On a fresh
 * migrated database every model and field must exist as a table and column of the matching type, nullability
 * and default, with the keys, indexes and foreign keys the schema declares; the log's own keys are checked by
 * name. Also the migrator itself: idempotent, refuses a changed file, rolls back a failed
 * one, and is safe when several app copies start at once (advisory lock).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { Migration, MigrationError, migrate, readMigrations } from '../../../src/db/migrator';
import { adminUrl, sql, urlFor } from '../../support/service/database';

const SCHEMA_FILE = path.resolve(__dirname, '..', '..', '..', 'prisma', 'schema.prisma');

// ---------------------------------------------------------------------------------------------------------------
// A small reader for the parts of the Prisma schema language this schema uses.

interface PrismaField {
  readonly name: string;
  readonly column: string;
  readonly type: string;
  readonly optional: boolean;
  readonly list: boolean;
  readonly attributes: string;
}

interface PrismaModel {
  readonly name: string;
  readonly table: string;
  readonly scalars: PrismaField[];
  /** Relation fields that hold the foreign key: `@relation(fields: [...], references: [...])`. */
  readonly relations: { fields: string[]; model: string; references: string[]; onDelete: string | null }[];
  readonly id: string[];
  readonly uniques: string[][];
  readonly indexes: string[][];
}

const SCALARS = new Set([
  'String',
  'Int',
  'BigInt',
  'Boolean',
  'DateTime',
  'Json',
  'Float',
  'Decimal',
  'Bytes',
]);

function names(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

function parsePrismaSchema(text: string): PrismaModel[] {
  const withoutComments = text.replace(/\/\/.*$/gm, '');
  const models: PrismaModel[] = [];
  for (const match of withoutComments.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const [, name, body] = match as unknown as [string, string, string];
    const lines = body
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
    const fields: PrismaField[] = [];
    const relationLines: { name: string; type: string; attributes: string }[] = [];
    let table = name;
    let id: string[] = [];
    const uniques: string[][] = [];
    const indexes: string[][] = [];
    for (const line of lines) {
      const block = /^@@(\w+)\(\s*(?:\[([^\]]*)\]|"([^"]*)")/.exec(line);
      if (block !== null) {
        const [, kind, list, quoted] = block;
        if (kind === 'map') table = quoted as string;
        else if (kind === 'id') id = names(list ?? '');
        else if (kind === 'unique') uniques.push(names(list ?? ''));
        else if (kind === 'index') indexes.push(names(list ?? ''));
        continue;
      }
      const field = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (field === null) throw new Error(`cannot read line of model ${name}: ${line}`);
      const [, fieldName, type, list, optional, attributes] = field as unknown as [
        string,
        string,
        string,
        string | undefined,
        string | undefined,
        string,
      ];
      if (!SCALARS.has(type)) {
        relationLines.push({ name: fieldName, type, attributes });
        continue;
      }
      const mapped = /@map\("([^"]+)"\)/.exec(attributes);
      fields.push({
        name: fieldName,
        column: mapped?.[1] ?? fieldName,
        type,
        optional: optional !== undefined,
        list: list !== undefined,
        attributes,
      });
      if (/@id\b/.test(attributes)) id = [fieldName];
      if (/@unique\b/.test(attributes)) uniques.push([fieldName]);
    }
    const relations = relationLines
      .map((relation) => ({
        ...relation,
        spec: /@relation\(([^)]*(?:\([^)]*\))?[^)]*)\)/.exec(relation.attributes),
      }))
      .filter((relation) => relation.spec !== null && /fields:/.test(relation.spec[1] as string))
      .map((relation) => {
        const spec = relation.spec![1] as string;
        return {
          fields: names(/fields:\s*\[([^\]]*)\]/.exec(spec)?.[1] ?? ''),
          model: relation.type,
          references: names(/references:\s*\[([^\]]*)\]/.exec(spec)?.[1] ?? ''),
          onDelete: /onDelete:\s*(\w+)/.exec(spec)?.[1] ?? null,
        };
      });
    models.push({ name, table, scalars: fields, relations, id, uniques, indexes });
  }
  return models;
}

// ---------------------------------------------------------------------------------------------------------------
// What the database has.

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  datetime_precision: number | null;
}

/** The Postgres type a Prisma field maps to (Prisma's defaults, or the native type named by `@db.…`). */
function expectedType(field: PrismaField): { udt: string; precision?: number } {
  const native = /@db\.(\w+)(?:\((\d+)\))?/.exec(field.attributes);
  const base = ((): { udt: string; precision?: number } => {
    if (native !== null) {
      const [, kind, size] = native;
      switch (kind) {
        case 'Uuid':
          return { udt: 'uuid' };
        case 'Timestamptz':
          return { udt: 'timestamptz', precision: size === undefined ? 6 : Number(size) };
        case 'Timestamp':
          return { udt: 'timestamp', precision: size === undefined ? 6 : Number(size) };
        case 'Text':
          return { udt: 'text' };
        case 'SmallInt':
          return { udt: 'int2' };
        default:
          throw new Error(`native type @db.${kind} is not known to this test: extend expectedType`);
      }
    }
    switch (field.type) {
      case 'String':
        return { udt: 'text' };
      case 'Int':
        return { udt: 'int4' };
      case 'BigInt':
        return { udt: 'int8' };
      case 'Boolean':
        return { udt: 'bool' };
      case 'DateTime':
        return { udt: 'timestamp', precision: 3 };
      case 'Json':
        return { udt: 'jsonb' };
      case 'Float':
        return { udt: 'float8' };
      case 'Bytes':
        return { udt: 'bytea' };
      default:
        throw new Error(`type ${field.type} is not known to this test: extend expectedType`);
    }
  })();
  return field.list ? { ...base, udt: `_${base.udt}` } : base;
}

/** Index definitions as `table(col, col)` with a unique flag, primary keys separately. */
async function keysOf(url: string): Promise<{
  primary: Map<string, string[]>;
  indexes: { table: string; columns: string[]; unique: boolean }[];
}> {
  const rows = await sql<{ table: string; columns: string[]; unique: boolean; primary: boolean }>(
    url,
    `SELECT t.relname::text AS table, i.indisunique AS unique, i.indisprimary AS primary,
            array_agg(a.attname::text ORDER BY k.ordinality) AS columns
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      GROUP BY t.relname, i.indexrelid, i.indisunique, i.indisprimary`,
  );
  const primary = new Map<string, string[]>();
  for (const row of rows) if (row.primary) primary.set(row.table, row.columns);
  return { primary, indexes: rows.map(({ table, columns, unique }) => ({ table, columns, unique })) };
}

interface ForeignKeyRow {
  table: string;
  columns: string[];
  referenced: string;
  referencedColumns: string[];
  onDelete: string;
}

async function foreignKeysOf(url: string): Promise<ForeignKeyRow[]> {
  return sql<ForeignKeyRow>(
    url,
    `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS referenced,
            (SELECT array_agg(a.attname::text ORDER BY k.o) FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY k.o) FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
               JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS "referencedColumns",
            CASE c.confdeltype WHEN 'a' THEN 'NoAction' WHEN 'r' THEN 'Restrict' WHEN 'c' THEN 'Cascade'
                               WHEN 'n' THEN 'SetNull' WHEN 'd' THEN 'SetDefault' END AS "onDelete"
       FROM pg_constraint c WHERE c.contype = 'f'`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Databases of our own on the run's Postgres.

const created: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `malice_schema_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  created.push(name);
  return urlFor(name);
}

afterAll(async () => {
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
});

// ---------------------------------------------------------------------------------------------------------------

describe('prisma/schema.prisma matches the migrated database', () => {
  const models = parsePrismaSchema(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  const modelByName = new Map(models.map((model) => [model.name, model]));
  const columnOf = (model: PrismaModel, field: string): string =>
    model.scalars.find((candidate) => candidate.name === field)?.column ?? field;

  let url: string;
  let columns: ColumnRow[];
  beforeAll(async () => {
    url = await emptyDatabase();
    await migrate(url);
    columns = await sql<ColumnRow>(
      url,
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, datetime_precision
         FROM information_schema.columns WHERE table_schema = 'public'`,
    );
  });

  it('the schema reader found every model (a guard against a reader that silently reads nothing)', () => {
    expect(models.map((model) => model.name).sort()).toEqual([
      'AdminAudit',
      'Block',
      'BotTurnClaim',
      'ChatMessage',
      'ChatMute',
      'ChatReport',
      'ChatRestriction',
      'Follow',
      'Game',
      'GameArchive',
      'GameArchiveAudit',
      'GameEvent',
      'GameNote',
      'GamePlayer',
      'GameWatch',
      'GuestStart',
      'LoginFailure',
      'MailAddress',
      'MailOutbox',
      'NotificationSettings',
      'OAuthApp',
      'OAuthCode',
      'OAuthGrant',
      'OAuthRefreshToken',
      'Player',
      'PlayerEvent',
      'PlayerWatch',
      'PresenceSettings',
      'PushDelivery',
      'PushSubscription',
      'Rating',
      'ServerKey',
      'Token',
      'Tournament',
      'TournamentEntry',
      'TournamentPairing',
      'TwoFactor',
      'Vacation',
      'VapidKeys',
      'Webhook',
      'WebhookDelivery',
      'WebhookDeliveryAttempt',
    ]);
    for (const model of models) expect(model.scalars.length).toBeGreaterThan(2);
    expect(modelByName.get('GameEvent')?.id).toEqual(['gameId', 'seq']);
  });

  it('every model is a table, and every table (but the migrator’s own) is a model', () => {
    const tables = new Set(columns.map((column) => column.table_name));
    expect([...tables].filter((table) => table !== '_migrations').sort()).toEqual(
      models.map((model) => model.table).sort(),
    );
  });

  it('every scalar field is a column of the matching type and nullability, and no column is unknown to Prisma', () => {
    const problems: string[] = [];
    for (const model of models) {
      const tableColumns = columns.filter((column) => column.table_name === model.table);
      for (const field of model.scalars) {
        const column = tableColumns.find((candidate) => candidate.column_name === field.column);
        const where = `${model.name}.${field.name} (${model.table}.${field.column})`;
        if (column === undefined) {
          problems.push(`${where}: no such column`);
          continue;
        }
        const expected = expectedType(field);
        if (column.udt_name !== expected.udt)
          problems.push(`${where}: ${column.udt_name}, expected ${expected.udt}`);
        if (expected.precision !== undefined && column.datetime_precision !== expected.precision) {
          problems.push(`${where}: precision ${column.datetime_precision}, expected ${expected.precision}`);
        }
        // Prisma lists are never null (a null array reads back as a crash in `row.scopes.filter`).
        const nullable = field.optional;
        if ((column.is_nullable === 'YES') !== nullable) {
          problems.push(
            `${where}: ${column.is_nullable === 'YES' ? 'NULL' : 'NOT NULL'}, expected ${nullable ? 'NULL' : 'NOT NULL'}`,
          );
        }
        const defaulted = /@default\(/.test(field.attributes);
        if (defaulted !== (column.column_default !== null)) {
          problems.push(
            `${where}: default ${column.column_default ?? 'none'}, schema ${defaulted ? 'has one' : 'has none'}`,
          );
        }
        if (
          /@default\(now\(\)\)/.test(field.attributes) &&
          !/CURRENT_TIMESTAMP|now\(\)/i.test(column.column_default ?? '')
        ) {
          problems.push(`${where}: default ${column.column_default}, expected the current time`);
        }
      }
      for (const column of tableColumns) {
        if (!model.scalars.some((field) => field.column === column.column_name)) {
          problems.push(`${model.table}.${column.column_name}: a column the schema does not declare`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the primary keys, unique constraints and indexes of the schema exist, in column order', async () => {
    const { primary, indexes } = await keysOf(url);
    const problems: string[] = [];
    for (const model of models) {
      const id = model.id.map((field) => columnOf(model, field));
      if (JSON.stringify(primary.get(model.table)) !== JSON.stringify(id)) {
        problems.push(
          `${model.table}: primary key ${JSON.stringify(primary.get(model.table))}, expected ${JSON.stringify(id)}`,
        );
      }
      for (const unique of model.uniques) {
        const wanted = unique.map((field) => columnOf(model, field));
        const found = indexes.some(
          (index) =>
            index.table === model.table &&
            index.unique &&
            JSON.stringify(index.columns) === JSON.stringify(wanted),
        );
        if (!found) problems.push(`${model.table}: no unique index on (${wanted.join(', ')})`);
      }
      for (const index of model.indexes) {
        const wanted = index.map((field) => columnOf(model, field));
        const found = indexes.some(
          (candidate) =>
            candidate.table === model.table && JSON.stringify(candidate.columns) === JSON.stringify(wanted),
        );
        if (!found) problems.push(`${model.table}: no index on (${wanted.join(', ')})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the move log has its keys: primary key (game_id, seq), unique (game_id, actor_id, client_move_id): a clientMoveId is its player’s own', async () => {
    const { primary, indexes } = await keysOf(url);
    expect(primary.get('game_events')).toEqual(['game_id', 'seq']);
    expect(indexes).toContainEqual({
      table: 'game_events',
      columns: ['game_id', 'actor_id', 'client_move_id'],
      unique: true,
    });
    // The per-game index is gone: it let one player use up the ids of another (a squatted `bot:<version>`).
    expect(indexes).not.toContainEqual(
      expect.objectContaining({ table: 'game_events', columns: ['game_id', 'client_move_id'] }),
    );
    const payload = columns.find(
      (column) => column.table_name === 'game_events' && column.column_name === 'payload',
    );
    expect(payload?.udt_name).toBe('jsonb');
  });

  it('the move log refuses a clientMoveId without an actor (a NULL actor_id would never clash in the unique index)', async () => {
    const gameId = await gameWithOneEvent('log_no_actor');
    await expect(
      sql(
        url,
        `INSERT INTO game_events (game_id, seq, type, payload, client_move_id) VALUES ($1, 2, 'passed', '{}', 'x')`,
        [gameId],
      ),
    ).rejects.toThrow(/game_events_client_move_id_actor_check/);
  });

  it('every relation of the schema is a foreign key with the same columns and ON DELETE', async () => {
    const foreignKeys = await foreignKeysOf(url);
    const problems: string[] = [];
    for (const model of models) {
      for (const relation of model.relations) {
        const target = modelByName.get(relation.model);
        if (target === undefined) {
          problems.push(`${model.name}: relation to unknown model ${relation.model}`);
          continue;
        }
        const wanted = {
          table: model.table,
          columns: relation.fields.map((field) => columnOf(model, field)),
          referenced: target.table,
          referencedColumns: relation.references.map((field) => columnOf(target, field)),
        };
        const found = foreignKeys.find(
          (key) =>
            key.table === wanted.table &&
            key.referenced === wanted.referenced &&
            JSON.stringify(key.columns) === JSON.stringify(wanted.columns) &&
            JSON.stringify(key.referencedColumns) === JSON.stringify(wanted.referencedColumns),
        );
        if (found === undefined) {
          problems.push(`${model.table}: no foreign key ${JSON.stringify(wanted)}`);
          continue;
        }
        // Prisma's default for a required relation is Restrict (the migrations may say RESTRICT or NO ACTION).
        const onDelete = relation.onDelete ?? 'Restrict';
        const equivalent =
          onDelete === found.onDelete || (onDelete === 'Restrict' && found.onDelete === 'NoAction');
        if (!equivalent)
          problems.push(
            `${model.table}(${wanted.columns.join(', ')}): ON DELETE ${found.onDelete}, schema ${onDelete}`,
          );
      }
    }
    expect(problems).toEqual([]);
    // And nothing in the database that the schema does not know about.
    expect(foreignKeys).toHaveLength(models.reduce((count, model) => count + model.relations.length, 0));
  });

  /** A game with one event, written straight into the tables. */
  async function gameWithOneEvent(name: string): Promise<string> {
    const [player] = await sql<{ id: string }>(
      url,
      `INSERT INTO players (id, username, username_key, password_hash)
       VALUES (gen_random_uuid(), $1, $1, 'x') RETURNING id`,
      [name],
    );
    const [game] = await sql<{ id: string }>(
      url,
      `INSERT INTO games (id, preset, options, seats, status, seed, seed_commitment, rules_version, created_by_id)
       VALUES (gen_random_uuid(), 'classic', '{}', 2, 'ACTIVE', 's', 'c', 'r', $1) RETURNING id`,
      [player!.id],
    );
    await sql(url, `INSERT INTO game_events (game_id, seq, type, payload) VALUES ($1, 1, 'passed', '{}')`, [
      game!.id,
    ]);
    return game!.id;
  }

  it('the move log refuses UPDATE (append-only)', async () => {
    const gameId = await gameWithOneEvent('log_updater');
    await expect(
      sql(url, `UPDATE game_events SET type = 'resigned' WHERE game_id = $1`, [gameId]),
    ).rejects.toThrow(/append-only/);
    await expect(sql(url, 'UPDATE game_events SET seq = 2 WHERE game_id = $1', [gameId])).rejects.toThrow(
      /append-only/,
    );
    expect(await sql(url, 'SELECT seq, type FROM game_events WHERE game_id = $1', [gameId])).toEqual([
      { seq: 1, type: 'passed' },
    ]);
  });

  it('the move log refuses DELETE of single events (append-only)', async () => {
    // README.md ("an append-only move log") and the migration's own comment: "nothing updates or deletes a row (a
    // trigger below refuses it)"; the trigger is BEFORE UPDATE only, so a row can be deleted (and a forged one
    // inserted in its place).
    const gameId = await gameWithOneEvent('log_deleter');
    await expect(sql(url, 'DELETE FROM game_events WHERE game_id = $1', [gameId])).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('the migrator', () => {
  it('applies every migration once; a second run does nothing', async () => {
    const url = await emptyDatabase();
    const all = readMigrations().map((migration) => migration.name);
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(url)).toEqual(all);
    const tablesBefore = await sql(
      url,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(await migrate(url)).toEqual([]);
    expect(
      await sql(
        url,
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
      ),
    ).toEqual(tablesBefore);
    const recorded = await sql<{ name: string; checksum: string }>(
      url,
      'SELECT name, checksum FROM "_migrations" ORDER BY name',
    );
    expect(recorded).toEqual(readMigrations().map(({ name, checksum }) => ({ name, checksum })));
  });

  it('refuses to start on a database where an applied migration file has since changed', async () => {
    const url = await emptyDatabase();
    await migrate(url);
    const changed: Migration[] = readMigrations().map((migration, index) =>
      index === 0
        ? { ...migration, sql: `${migration.sql}\n-- edited`, checksum: 'f'.repeat(64) }
        : migration,
    );
    await expect(migrate(url, changed)).rejects.toThrow(MigrationError);
    await expect(migrate(url, changed)).rejects.toThrow(/changed after it was applied/);
  });

  it('rolls back a migration that fails, records nothing for it, and applies it once it is fixed', async () => {
    const url = await emptyDatabase();
    const good = readMigrations();
    const broken: Migration = {
      name: '99999999999999_broken',
      sql: 'CREATE TABLE "half_done" (id INT); SELECT no_such_function();',
      checksum: 'b'.repeat(64),
    };
    await expect(migrate(url, [...good, broken])).rejects.toThrow(/99999999999999_broken failed/);
    const tables = await sql<{ table_name: string }>(
      url,
      `SELECT table_name FROM information_schema.tables WHERE table_name = 'half_done'`,
    );
    expect(tables).toEqual([]);
    const recorded = await sql<{ name: string }>(url, 'SELECT name FROM "_migrations" ORDER BY name');
    expect(recorded.map((row) => row.name)).toEqual(good.map((migration) => migration.name));
    const fixed: Migration = {
      ...broken,
      sql: 'CREATE TABLE "half_done" (id INT);',
      checksum: 'c'.repeat(64),
    };
    expect(await migrate(url, [...good, fixed])).toEqual([fixed.name]);
  });

  it('two copies started at once on an empty database both succeed and apply each file once (advisory lock)', async () => {
    const url = await emptyDatabase();
    const all = readMigrations().map((migration) => migration.name);
    // A slow extra migration widens the window in which the second copy would otherwise step on the first.
    const slow: Migration = {
      name: '99999999999999_slow',
      sql: 'SELECT pg_sleep(0.5); CREATE TABLE "slow_marker" (id INT);',
      checksum: 'd'.repeat(64),
    };
    const migrations = [...readMigrations(), slow];
    const results = await Promise.all([
      migrate(url, migrations),
      migrate(url, migrations),
      migrate(url, migrations),
    ]);
    const applied = results.flat();
    expect([...applied].sort()).toEqual([...all, slow.name].sort());
    // Each copy's step takes the lock, then applies the first file still missing (the lock is per transaction, for
    // a pooler in transaction mode): the copies may share the work, but every file is applied once, in name order.
    for (const result of results) expect(result).toEqual([...result].sort());
    const recorded = await sql<{ name: string; count: string }>(
      url,
      'SELECT name, count(*) AS count FROM "_migrations" GROUP BY name',
    );
    expect(recorded).toHaveLength(all.length + 1);
    for (const row of recorded) expect(Number(row.count)).toBe(1);
    const inOrder = await sql<{ name: string }>(
      url,
      'SELECT name FROM "_migrations" ORDER BY applied_at, name',
    );
    expect(inOrder.map((row) => row.name)).toEqual([...all, slow.name].sort());
  });
});
