/**
 * What one batch's statement found. Each batch walks its table in primary-key order from an id, removes the rows
 * past the cutoff, and says where it got to. Ids grow with the time rows are written, and `created_at` is that
 * time (the app's clock), so the oldest rows come first and a walk can stop at the first batch that reaches a row
 * younger than the cutoff: no index on `created_at` is needed (it would cost bytes on every row to save a scan of a
 * few pages). The owning module's repository runs it (src/notifications/player-events.repository.ts,
 * src/webhooks/webhook-deliveries.repository.ts) and the retention pass walks with it
 * (src/retention/retention-policy.ts): here, below all three (docs/architecture.md, "Layout of a module").
 */
export interface RemovedBatch {
  /** The last id looked at; null when there was none. */
  readonly last: string | null;
  /** Rows looked at. */
  readonly scanned: number;
  /** Whether a row looked at was created at or after the cutoff. */
  readonly reachedYoung: boolean;
  readonly removed: number;
  /** Attempts removed with their deliveries (webhook deliveries only). */
  readonly attempts: number;
}

/** A batch statement's row as node-postgres returns it (its columns in snake case). */
export interface RemovedBatchRow {
  readonly last: string | null;
  readonly scanned: number;
  readonly reached_young: boolean;
  readonly removed: number;
  readonly attempts: number;
}

/** The batch a statement's first row reports; undefined when it returned none. */
export function removedBatchOf(row: RemovedBatchRow | undefined): RemovedBatch | undefined {
  return row === undefined
    ? undefined
    : {
        last: row.last,
        scanned: row.scanned,
        reachedYoung: row.reached_young,
        removed: row.removed,
        attempts: row.attempts,
      };
}
