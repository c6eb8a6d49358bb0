/**
 * What a backup holds and a restore writes, read from Postgres's catalog (never a hand-kept list, so a table a
 * new migration adds is in the next backup without anyone remembering it): the tables of the current schema
 * (the migrator's `_migrations` too), their columns, the order foreign keys allow loading them in, the sequences,
 * and the triggers a load would fire.
 */
import type { ClientBase } from 'pg';

export interface TableShape {
  readonly name: string;
  /** The stored columns in their order (generated columns are computed again, so left out). */
  readonly columns: readonly string[];
}

export class CatalogError extends Error {}

/** `"name"`, for a name from the catalog in a statement. */
export function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Every table of the current schema, each after the tables its foreign keys point to. */
export async function schemaTables(client: ClientBase): Promise<TableShape[]> {
  const columns = await client.query<{ table: string; columns: string[] }>(`
    SELECT c.relname AS table,
           array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attname IS NOT NULL) AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attribute a
        ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     GROUP BY c.relname
     ORDER BY c.relname`);
  const references = await client.query<{ child: string; parent: string }>(`
    SELECT DISTINCT child.relname AS child, parent.relname AS parent
      FROM pg_constraint k
      JOIN pg_class child ON child.oid = k.conrelid
      JOIN pg_class parent ON parent.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema() AND k.conrelid <> k.confrelid`);
  const parents = new Map<string, string[]>(columns.rows.map((row) => [row.table, []]));
  for (const { child, parent } of references.rows) {
    if (parents.has(parent)) parents.get(child)?.push(parent);
  }
  // Depth-first, in name order: the same schema always gives the same order.
  const ordered: TableShape[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const byName = new Map(columns.rows.map((row) => [row.table, row.columns ?? []]));
  const visit = (table: string, path: readonly string[]): void => {
    const seen = state.get(table);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      throw new CatalogError(
        `the foreign keys of ${[...path, table].join(' → ')} form a cycle: no load order`,
      );
    }
    state.set(table, 'visiting');
    for (const parent of [...(parents.get(table) ?? [])].sort()) visit(parent, [...path, table]);
    state.set(table, 'done');
    ordered.push({ name: table, columns: byName.get(table) ?? [] });
  };
  for (const table of byName.keys()) visit(table, []);
  return ordered;
}

export interface SequenceValue {
  readonly name: string;
  /** bigint, as text. */
  readonly value: string;
  /** false: `nextval` gives `value` itself (never used yet). */
  readonly isCalled: boolean;
}

/**
 * The sequences of the current schema and where they stand. Sequences are not transactional: read after the
 * backup's snapshot was taken, each is at or past every value a row of the snapshot holds, so a restored one
 * never gives out a value already used (at worst it skips a few).
 */
export async function schemaSequences(client: ClientBase): Promise<SequenceValue[]> {
  const rows = await client.query<{ name: string; last_value: string | null; start_value: string }>(`
    SELECT sequencename AS name, last_value::text, start_value::text
      FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename`);
  return rows.rows.map((row) =>
    row.last_value === null
      ? { name: row.name, value: row.start_value, isCalled: false }
      : { name: row.name, value: row.last_value, isCalled: true },
  );
}

/** pg_trigger.tgtype bits (Postgres's include/catalog/pg_trigger.h). */
const TRIGGER_INSERT = 1 << 2;
const TRIGGER_TRUNCATE = 1 << 5;

export interface EnabledTrigger {
  readonly table: string;
  readonly name: string;
  /** pg_trigger.tgenabled: O (origin and local), R (replica), A (always). */
  readonly enabled: 'O' | 'R' | 'A';
}

/**
 * The enabled user triggers a restore's own statements would fire: on INSERT (COPY) and on TRUNCATE. Those on
 * UPDATE and DELETE (the move log's append-only guard among them) are never touched: a restore does neither.
 */
export async function loadTriggers(client: ClientBase): Promise<EnabledTrigger[]> {
  const rows = await client.query<EnabledTrigger>(
    `SELECT c.relname AS table, t.tgname AS name, t.tgenabled AS enabled
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND NOT t.tgisinternal AND t.tgenabled <> 'D'
        AND (t.tgtype::int & $1) <> 0
      ORDER BY c.relname, t.tgname`,
    [TRIGGER_INSERT | TRIGGER_TRUNCATE],
  );
  return rows.rows;
}

/** The statement that turns `trigger` off, or back to how it was. */
export function triggerStatement(trigger: EnabledTrigger, on: boolean): string {
  const table = quoted(trigger.table);
  const name = quoted(trigger.name);
  if (!on) return `ALTER TABLE ${table} DISABLE TRIGGER ${name}`;
  switch (trigger.enabled) {
    case 'O':
      return `ALTER TABLE ${table} ENABLE TRIGGER ${name}`;
    case 'R':
      return `ALTER TABLE ${table} ENABLE REPLICA TRIGGER ${name}`;
    case 'A':
      return `ALTER TABLE ${table} ENABLE ALWAYS TRIGGER ${name}`;
    default: {
      const never: never = trigger.enabled;
      throw new CatalogError(`trigger ${trigger.name}: unknown state ${String(never)}`);
    }
  }
}
