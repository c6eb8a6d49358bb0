/**
 * The delivery worker's statements (src/webhooks/webhook-worker.ts) on `webhook_deliveries` and
 * `webhook_delivery_attempts`, and the retention pass's removal of finished deliveries
 * (src/retention/retention-worker.ts, docs/operations.md#retention): the webhooks module writes its tables here.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { RemovedBatch, RemovedBatchRow, removedBatchOf } from '../common/removed-batch';
import type { DeliveryStatus } from './webhook-policy';

/**
 * Claims due deliveries (FOR UPDATE SKIP LOCKED), moving each one's due time a lease ahead, with what sending
 * needs: the webhook's URL and secret and the player.
 */
const CLAIM = `
  WITH due AS (
    SELECT id FROM webhook_deliveries
     WHERE status = 'PENDING' AND next_attempt_at <= $1 AND attempt_count < $2
     ORDER BY next_attempt_at
     LIMIT $3
     FOR UPDATE SKIP LOCKED)
  UPDATE webhook_deliveries d
     SET attempt_count = d.attempt_count + 1, next_attempt_at = $4
    FROM due, webhooks w, players p
   WHERE d.id = due.id AND w.id = d.webhook_id AND p.id = w.player_id
  RETURNING d.id::text AS id, d.attempt_count, d.kind, d.event_id::text AS event_id, d.game_id, d.created_at,
            w.url, w.secret, p.id AS player_id, p.username`;

/**
 * The attempt goes into the log whatever happened meanwhile; the delivery's state moves only if this is still its
 * latest attempt (a worker that outlived its lease must not overwrite the attempt that took over).
 */
const RECORD = `
  WITH logged AS (
    INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms)
    SELECT id, $2, $3, $4, $5, $6 FROM webhook_deliveries WHERE id = $1)
  UPDATE webhook_deliveries SET status = $7, next_attempt_at = $8
   WHERE id = $1 AND attempt_count = $2 AND status = 'PENDING'`;

/**
 * The last attempt was claimed but never recorded (its app died) and its lease ran out. No claim takes it again
 * (attempt_count < MAX_ATTEMPTS); this only shows it as FAILED.
 */
const GIVE_UP_LOST = `
  UPDATE webhook_deliveries SET status = 'FAILED', next_attempt_at = NULL
   WHERE status = 'PENDING' AND attempt_count >= $2 AND next_attempt_at <= $1`;

/**
 * One retention batch: `$2` deliveries after id `$1`, of which the SUCCEEDED and FAILED ones created before `$3`
 * go, their attempts first, in the same statement. A delivery never goes back to PENDING, so the status read in
 * the batch cannot be stale in a way that matters.
 */
const REMOVE_FINISHED = `
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

/** A claimed delivery, with what sending it needs. */
export interface ClaimedRow {
  id: string;
  attempt_count: number;
  kind: string;
  event_id: string | null;
  game_id: string | null;
  created_at: Date;
  url: string;
  secret: string;
  player_id: string;
  username: string;
}

/** One attempt as it came back, and the delivery's state after it (src/webhooks/webhook-policy.ts: afterAttempt). */
export interface AttemptRecord {
  readonly deliveryId: string;
  readonly attempt: number;
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  readonly status: DeliveryStatus;
  readonly nextAttemptAt: Date | null;
}

@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Claims up to `limit` deliveries due at `now` with fewer than `maxAttempts` attempts, each now due again at
   * `leaseUntil` (should its attempt never be recorded).
   */
  async claim(now: Date, maxAttempts: number, limit: number, leaseUntil: Date): Promise<ClaimedRow[]> {
    const { rows } = await this.prisma.pool.query<ClaimedRow>(CLAIM, [now, maxAttempts, limit, leaseUntil]);
    return rows;
  }

  /**
   * Records an attempt (see RECORD). Throws Postgres's foreign key violation (23503) when the delivery was deleted
   * with its webhook meanwhile.
   */
  async record(attempt: AttemptRecord): Promise<void> {
    await this.prisma.pool.query(RECORD, [
      attempt.deliveryId,
      attempt.attempt,
      attempt.attemptedAt,
      attempt.statusCode,
      attempt.error,
      attempt.durationMs,
      attempt.status,
      attempt.nextAttemptAt,
    ]);
  }

  /** Gives up on deliveries whose last attempt was claimed, never recorded, and is due again at `now`: how many. */
  async giveUpLost(now: Date, maxAttempts: number): Promise<number> {
    return (await this.prisma.pool.query(GIVE_UP_LOST, [now, maxAttempts])).rowCount ?? 0;
  }

  /**
   * One retention batch of `batch` deliveries after id `after`: the finished ones (SUCCEEDED, FAILED) created before
   * `cutoff` go, with their attempts. Undefined when the statement answered no row.
   */
  async removeFinished(cutoff: Date, after: string, batch: number): Promise<RemovedBatch | undefined> {
    const { rows } = await this.prisma.pool.query<RemovedBatchRow>(REMOVE_FINISHED, [after, batch, cutoff]);
    return removedBatchOf(rows[0]);
  }
}
