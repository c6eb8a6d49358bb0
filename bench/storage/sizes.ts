/**
 * What the database holds on disk, per table and per index, and the arithmetic of the storage figures: the
 * difference between two snapshots, divided by the games (or events) that made it. Sizes are Postgres's own
 * (pg_relation_size, pg_table_size, pg_indexes_size, pg_total_relation_size), read after a VACUUM (ANALYZE) so
 * that dead row versions left by updates are marked reusable and trailing empty pages are given back; what stays is
 * what a database of this history really occupies. Beside them, the rows and their bytes as stored
 * (sum of pg_column_size of each row), so the overhead of pages, tuple headers and indexes can be read off.
 */
import type { Client } from 'pg';

/** One table: its own pages, the rest of it (TOAST and the free-space and visibility maps), its indexes. */
export interface TableSize {
  readonly table: string;
  readonly rows: number;
  /** The rows' bytes as stored (pg_column_size of each row: header and columns, compressed where TOASTed). */
  readonly rowBytes: number;
  /** The table's own pages (pg_relation_size, main fork). */
  readonly heapBytes: number;
  /** pg_table_size minus the main fork: TOAST with its index, free-space and visibility maps. */
  readonly toastAndMapsBytes: number;
  readonly indexBytes: number;
  /** pg_total_relation_size: all of the above. */
  readonly totalBytes: number;
  /** Each index's size, by name. */
  readonly indexes: Readonly<Record<string, number>>;
}

export type Snapshot = readonly TableSize[];

const TABLES = `
  SELECT c.relname AS table,
         pg_relation_size(c.oid)::bigint AS heap,
         (pg_table_size(c.oid) - pg_relation_size(c.oid))::bigint AS toast_and_maps,
         pg_indexes_size(c.oid)::bigint AS indexes,
         pg_total_relation_size(c.oid)::bigint AS total,
         (SELECT coalesce(json_object_agg(i.relname, pg_relation_size(i.oid)), '{}'::json)
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
           WHERE x.indrelid = c.oid) AS index_sizes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = current_schema() AND c.relkind = 'r'
   ORDER BY c.relname`;

interface TableRow {
  table: string;
  heap: string;
  toast_and_maps: string;
  indexes: string;
  total: string;
  index_sizes: Record<string, number>;
}

/**
 * VACUUM (ANALYZE) of the whole database — or with `full`, VACUUM (FULL, ANALYZE), which rewrites every table and
 * index with no free space left in them — then every table of the current schema (the migrator's included).
 */
export async function snapshot(client: Client, vacuum: 'plain' | 'full' = 'plain'): Promise<Snapshot> {
  await client.query(vacuum === 'full' ? 'VACUUM (FULL, ANALYZE)' : 'VACUUM (ANALYZE)');
  const { rows } = await client.query<TableRow>(TABLES);
  const sizes: TableSize[] = [];
  for (const row of rows) {
    // The names come from pg_class, quoted as identifiers: no text from outside reaches this statement.
    const counted = await client.query<{ rows: string; bytes: string }>(
      `SELECT count(*)::bigint AS rows, coalesce(sum(pg_column_size(t.*)), 0)::bigint AS bytes FROM "${row.table.replace(/"/g, '""')}" t`,
    );
    sizes.push({
      table: row.table,
      rows: Number(counted.rows[0]?.rows ?? 0),
      rowBytes: Number(counted.rows[0]?.bytes ?? 0),
      heapBytes: Number(row.heap),
      toastAndMapsBytes: Number(row.toast_and_maps),
      indexBytes: Number(row.indexes),
      totalBytes: Number(row.total),
      indexes: row.index_sizes,
    });
  }
  return sizes;
}

const ZERO: Omit<TableSize, 'table'> = {
  rows: 0,
  rowBytes: 0,
  heapBytes: 0,
  toastAndMapsBytes: 0,
  indexBytes: 0,
  totalBytes: 0,
  indexes: {},
};

/**
 * `after` minus `before`, table by table (a table missing from one side counts as empty there), keeping only the
 * tables where something changed; the largest total first.
 */
export function difference(before: Snapshot, after: Snapshot): Snapshot {
  const earlier = new Map(before.map((size) => [size.table, size]));
  const names = [...new Set([...before.map((size) => size.table), ...after.map((size) => size.table)])];
  const later = new Map(after.map((size) => [size.table, size]));
  const changed: TableSize[] = [];
  for (const table of names) {
    const a = earlier.get(table) ?? { table, ...ZERO };
    const b = later.get(table) ?? { table, ...ZERO };
    const indexNames = [...new Set([...Object.keys(a.indexes), ...Object.keys(b.indexes)])];
    const delta: TableSize = {
      table,
      rows: b.rows - a.rows,
      rowBytes: b.rowBytes - a.rowBytes,
      heapBytes: b.heapBytes - a.heapBytes,
      toastAndMapsBytes: b.toastAndMapsBytes - a.toastAndMapsBytes,
      indexBytes: b.indexBytes - a.indexBytes,
      totalBytes: b.totalBytes - a.totalBytes,
      indexes: Object.fromEntries(
        indexNames.map((name) => [name, (b.indexes[name] ?? 0) - (a.indexes[name] ?? 0)]),
      ),
    };
    if (delta.rows !== 0 || delta.totalBytes !== 0 || delta.rowBytes !== 0) changed.push(delta);
  }
  return changed.sort((x, y) => y.totalBytes - x.totalBytes || x.table.localeCompare(y.table));
}

/** Every figure of `sizes` divided by `count` (games, or events): the cost of one. */
export function per(sizes: Snapshot, count: number): Snapshot {
  if (!(count > 0)) throw new RangeError(`cannot divide by ${count}`);
  return sizes.map((size) => ({
    table: size.table,
    rows: size.rows / count,
    rowBytes: size.rowBytes / count,
    heapBytes: size.heapBytes / count,
    toastAndMapsBytes: size.toastAndMapsBytes / count,
    indexBytes: size.indexBytes / count,
    totalBytes: size.totalBytes / count,
    indexes: Object.fromEntries(Object.entries(size.indexes).map(([name, bytes]) => [name, bytes / count])),
  }));
}

/** The sum of every table's figures (index sizes are not summed by name: the totals say it). */
export function total(sizes: Snapshot): Omit<TableSize, 'table' | 'indexes'> {
  let rows = 0;
  let rowBytes = 0;
  let heapBytes = 0;
  let toastAndMapsBytes = 0;
  let indexBytes = 0;
  let totalBytes = 0;
  for (const size of sizes) {
    rows += size.rows;
    rowBytes += size.rowBytes;
    heapBytes += size.heapBytes;
    toastAndMapsBytes += size.toastAndMapsBytes;
    indexBytes += size.indexBytes;
    totalBytes += size.totalBytes;
  }
  return { rows, rowBytes, heapBytes, toastAndMapsBytes, indexBytes, totalBytes };
}

/** The share of `part` in the whole of `sizes` (0–1), by total bytes. */
export function shareOf(sizes: Snapshot, table: string): number {
  const all = total(sizes).totalBytes;
  const part = sizes.find((size) => size.table === table)?.totalBytes ?? 0;
  return all === 0 ? 0 : part / all;
}
