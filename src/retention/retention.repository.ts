/**
 * The retention pass's statements (src/retention/retention-policy.ts says what goes). Each call is one batch: it
 * walks RETENTION_BATCH rows of one table in primary-key order from `after`, removes those past the cutoff, and
 * says where it got to. Ids grow with the time rows are written, and `created_at` is that time (the app's clock),
 * so the oldest rows come first and a walk can stop at the first batch that reaches a row younger than the
 * cutoff: no index on `created_at` is needed (it would cost bytes on every row to save a scan of a few pages).
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { RETENTION_BATCH, RUNNING_STATUSES } from './retention-policy';

/** What one batch did. */
export interface BatchOutcome {
  /** The last id looked at (the next batch starts after it); null when there was none. */
  readonly last: string | null;
  /** The walk is over: the batch was short, or it reached rows younger than the cutoff. */
  readonly done: boolean;
  readonly removed: number;
  /** Attempts removed with their deliveries (webhook deliveries only). */
  readonly attempts: number;
}

/**
 * Deliveries: only SUCCEEDED and FAILED ones (a delivery never goes back to PENDING, so the status read in the
 * batch cannot be stale in a way that matters), their attempts first, in the same statement.
 */
const DELIVERIES = `
  WITH batch AS (
    SELECT id, status, created_at FROM webhook_deliveries
     WHERE id > $1::bigint ORDER BY id LIMIT $2),
  doomed AS (
    SELECT id FROM batch WHERE status <> 'PENDING' AND created_at < $3),
  attempts AS (
    DELETE FROM webhook_delivery_attempts a USING doomed WHERE a.delivery_id = doomed.id RETURNING 1),
  removed AS (
    DELETE FROM webhook_deliveries d USING doomed WHERE d.id = doomed.id RETURNING 1)
  SELECT (SELECT max(id) FROM batch)::text AS last,
         (SELECT count(*) FROM batch)::int AS scanned,
         coalesce((SELECT bool_or(created_at >= $3) FROM batch), false) AS reached_young,
         (SELECT count(*) FROM removed)::int AS removed,
         (SELECT count(*) FROM attempts)::int AS attempts`;

/** Player events, except those of a game still waiting or running ($4). */
const PLAYER_EVENTS = `
  WITH batch AS (
    SELECT id, game_id, created_at FROM player_events
     WHERE id > $1::bigint ORDER BY id LIMIT $2),
  doomed AS (
    SELECT b.id FROM batch b LEFT JOIN games g ON g.id = b.game_id
     WHERE b.created_at < $3 AND (g.status IS NULL OR NOT (g.status = ANY ($4::text[])))),
  removed AS (
    DELETE FROM player_events e USING doomed WHERE e.id = doomed.id RETURNING 1)
  SELECT (SELECT max(id) FROM batch)::text AS last,
         (SELECT count(*) FROM batch)::int AS scanned,
         coalesce((SELECT bool_or(created_at >= $3) FROM batch), false) AS reached_young,
         (SELECT count(*) FROM removed)::int AS removed,
         0 AS attempts`;

interface BatchRow {
  last: string | null;
  scanned: number;
  reached_young: boolean;
  removed: number;
  attempts: number;
}

function outcomeOf(row: BatchRow | undefined, batch: number): BatchOutcome {
  if (row === undefined) return { last: null, done: true, removed: 0, attempts: 0 };
  return {
    last: row.last,
    done: row.scanned < batch || row.reached_young,
    removed: row.removed,
    attempts: row.attempts,
  };
}

@Injectable()
export class RetentionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One batch of `batch` rows: finished webhook deliveries (with their attempts) created before `cutoff`, after
   * id `after`.
   */
  async removeDeliveries(cutoff: Date, after: string, batch = RETENTION_BATCH): Promise<BatchOutcome> {
    const { rows } = await this.prisma.pool.query<BatchRow>(DELIVERIES, [after, batch, cutoff]);
    return outcomeOf(rows[0], batch);
  }

  /** One batch of `batch` rows: player events created before `cutoff` (not of a running game), after `after`. */
  async removePlayerEvents(cutoff: Date, after: string, batch = RETENTION_BATCH): Promise<BatchOutcome> {
    const { rows } = await this.prisma.pool.query<BatchRow>(PLAYER_EVENTS, [
      after,
      batch,
      cutoff,
      RUNNING_STATUSES,
    ]);
    return outcomeOf(rows[0], batch);
  }
}
