/**
 * Query plans of the statements behind a history page and a leaderboard page: EXPLAIN (ANALYZE, BUFFERS) of
 * exactly the SQL the service sends (its Nest-free builders, src/games/persistence/sql/games-list-sql.ts and
 * src/ratings/sql/ratings-sql.ts), and a mechanical check that the expected index does the work and no table the
 * pages read is scanned whole.
 */
import type { ClientBase } from 'pg';

export interface PlanCheck {
  readonly label: string;
  readonly sql: string;
  readonly plan: string;
  /** Indexes the plan reads (Index Scan, Index Only Scan, Bitmap Index Scan). */
  readonly indexes: readonly string[];
  readonly expectedIndex: string;
  /** Tables the plan scans sequentially, among those that must not be. */
  readonly seqScans: readonly string[];
  readonly executionMs: number | null;
  readonly pass: boolean;
}

/** Tables that grow with the games and players: a sequential scan of one of them is what the indexes avoid. */
export const LARGE_TABLES: readonly string[] = ['games', 'game_players', 'ratings', 'game_events', 'players'];

const INDEX_USE =
  /(?:Index Scan|Index Only Scan)(?: Backward)? using (\S+) on (\S+)|Bitmap Index Scan on (\S+)/g;
const SEQ_SCAN = /Seq Scan on (\S+)/g;
const EXECUTION = /Execution Time: ([\d.]+) ms/;

/** The indexes a text plan reads, in order of appearance, each once. */
export function indexesIn(plan: string): string[] {
  const found: string[] = [];
  for (const match of plan.matchAll(INDEX_USE)) {
    const index = (match[1] ?? match[3]) as string;
    if (!found.includes(index)) found.push(index);
  }
  return found;
}

/** The tables of `tables` that a text plan scans sequentially. */
export function seqScansIn(plan: string, tables: readonly string[] = LARGE_TABLES): string[] {
  const found: string[] = [];
  for (const match of plan.matchAll(SEQ_SCAN)) {
    const table = match[1] as string;
    if (tables.includes(table) && !found.includes(table)) found.push(table);
  }
  return found;
}

export function checkPlan(label: string, sql: string, plan: string, expectedIndex: string): PlanCheck {
  const indexes = indexesIn(plan);
  const seqScans = seqScansIn(plan);
  const execution = EXECUTION.exec(plan);
  return {
    label,
    sql,
    plan,
    indexes,
    expectedIndex,
    seqScans,
    executionMs: execution === null ? null : Number(execution[1]),
    pass: indexes.includes(expectedIndex) && seqScans.length === 0,
  };
}

/** EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) of one statement with its parameters (it runs: a read-only query). */
export async function explain(client: ClientBase, text: string, values: readonly unknown[]): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${text}`,
    [...values],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The statement with its parameters written in, for reading (values quoted as SQL literals). */
export function inlineParameters(text: string, values: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (whole, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= values.length) return whole;
    const value = values[index];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const textValue = value instanceof Date ? value.toISOString() : String(value);
    return `'${textValue.replace(/'/g, "''")}'`;
  });
}
