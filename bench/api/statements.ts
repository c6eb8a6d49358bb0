/**
 * Which SQL statements a side sends per move, from Postgres's own count (`pg_stat_statements`). Only available
 * when the server preloads the module (`--pg-stats` does that for the embedded Postgres); otherwise null and the
 * report leaves the section out. Counts are cluster-wide but filtered to the bench's database, and the
 * snapshots' own queries are left out.
 */
import type { Pool } from 'pg';

export interface StatementCounter {
  readonly calls: number;
  readonly totalMs: number;
}

export type StatementSnapshot = ReadonlyMap<string, StatementCounter>;

export interface StatementShare {
  readonly query: string;
  /** Calls per accepted move (API) or per committed transaction (floor). */
  readonly perMove: number;
  /** Mean server-side execution time per call, ms. */
  readonly meanMs: number;
}

export interface StatementProfile {
  /** All statements per move. */
  readonly perMove: number;
  /** Server-side execution milliseconds per move, all statements. */
  readonly execMsPerMove: number;
  /**
   * Bytes of write-ahead log per move, from the log's insert position (cluster-wide: the bench's database is the
   * only one written meanwhile). Index entries count here: an update that touches no indexed column (HOT) writes
   * none.
   */
  readonly walBytesPerMove: number;
  readonly statements: readonly StatementShare[];
}

/** Turns the extension on in the bench database; false when Postgres does not preload it. */
export async function enableStatementStats(pool: Pool): Promise<boolean> {
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await pool.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    return true;
  } catch {
    return false;
  }
}

/** Where Postgres writes its next write-ahead log record, in bytes from the start. */
export async function walPosition(pool: Pool): Promise<number> {
  const result = await pool.query<{ at: string }>(
    "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text AS at",
  );
  return Number(result.rows[0]?.at ?? 0);
}

export async function statementSnapshot(pool: Pool): Promise<StatementSnapshot> {
  const result = await pool.query<{ query: string; calls: string; total: number }>(
    `SELECT query, calls, total_exec_time AS total FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query NOT LIKE '%pg_stat_statements%'`,
  );
  const snapshot = new Map<string, StatementCounter>();
  for (const row of result.rows) {
    const previous = snapshot.get(row.query);
    snapshot.set(row.query, {
      calls: (previous?.calls ?? 0) + Number(row.calls),
      totalMs: (previous?.totalMs ?? 0) + row.total,
    });
  }
  return snapshot;
}

/** Adds what happened between two snapshots to `into`. */
export function addDelta(
  into: Map<string, StatementCounter>,
  before: StatementSnapshot,
  after: StatementSnapshot,
): void {
  for (const [query, counter] of after) {
    const earlier = before.get(query) ?? { calls: 0, totalMs: 0 };
    const calls = counter.calls - earlier.calls;
    if (calls <= 0) continue;
    const sum = into.get(query) ?? { calls: 0, totalMs: 0 };
    into.set(query, { calls: sum.calls + calls, totalMs: sum.totalMs + counter.totalMs - earlier.totalMs });
  }
}

export function statementProfile(
  totals: ReadonlyMap<string, StatementCounter>,
  moves: number,
  walBytes: number,
  top = 12,
): StatementProfile | null {
  if (moves === 0 || totals.size === 0) return null;
  let calls = 0;
  let ms = 0;
  for (const counter of totals.values()) {
    calls += counter.calls;
    ms += counter.totalMs;
  }
  return {
    perMove: calls / moves,
    execMsPerMove: ms / moves,
    walBytesPerMove: walBytes / moves,
    statements: [...totals.entries()]
      .sort((a, b) => b[1].calls - a[1].calls)
      .slice(0, top)
      .map(([query, counter]) => ({
        query: query.replace(/\s+/g, ' ').trim(),
        perMove: counter.calls / moves,
        meanMs: counter.totalMs / counter.calls,
      })),
  };
}
