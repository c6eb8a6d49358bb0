/**
 * What a metrics scrape reads from the database (src/metrics/app-metrics.ts): counts and ages across the games,
 * webhook, push and mail modules' tables, in one statement. Reads only.
 */
import type { Pool } from 'pg';

/** What one scrape reads from the database (SNAPSHOT_STATEMENT). */
export interface Snapshot {
  readonly games: Readonly<Record<string, number>>;
  readonly pending: number;
  readonly due: number;
  readonly oldestDue: Date | null;
  readonly oldestOverdue: Date | null;
  readonly oldestBotTurn: Date | null;
  /** Web Push and mail outboxes: how many are due now, and the oldest due time. */
  readonly pushDue: number;
  readonly oldestPushDue: Date | null;
  readonly mailDue: number;
  readonly oldestMailDue: Date | null;
}

/**
 * One round trip. Each part is answered from an index: games by status from games_status_created_at_idx (an
 * index-only count), the pending deliveries from the partial webhook_deliveries_due_idx, the overdue deadline
 * from the partial games_deadline_idx, the bots' turns from games_current_player_id_idx (joined from the few bot
 * players), the due pushes and mails from push_deliveries_due_idx and mail_outbox_due_idx. $1 is the app's clock, so a test's manual clock is what the sweeper compares with too.
 */
const SNAPSHOT_STATEMENT = `
SELECT
  (SELECT coalesce(json_object_agg(status, n), '{}'::json)
     FROM (SELECT status, count(*)::int AS n FROM games GROUP BY status) s)                      AS games,
  (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'PENDING')                          AS pending,
  (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= $1) AS due,
  (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= $1)
                                                                                                    AS oldest_due,
  (SELECT min(deadline) FROM games WHERE status = 'ACTIVE' AND deadline IS NOT NULL AND deadline <= $1)
                                                                                                    AS oldest_overdue,
  (SELECT min(g.turn_started_at) FROM players p JOIN games g ON g.current_player_id = p.id
     WHERE p.is_bot AND g.status = 'ACTIVE')                                                        AS oldest_bot_turn,
  (SELECT count(*)::int FROM push_deliveries WHERE status = 'PENDING' AND next_attempt_at <= $1)   AS push_due,
  (SELECT min(next_attempt_at) FROM push_deliveries WHERE status = 'PENDING' AND next_attempt_at <= $1)
                                                                                                    AS oldest_push_due,
  (SELECT count(*)::int FROM mail_outbox WHERE status = 'PENDING' AND next_attempt_at <= $1)       AS mail_due,
  (SELECT min(next_attempt_at) FROM mail_outbox WHERE status = 'PENDING' AND next_attempt_at <= $1)
                                                                                                    AS oldest_mail_due`;

interface SnapshotRow {
  games: Record<string, number>;
  pending: number;
  due: number;
  oldest_due: Date | null;
  oldest_overdue: Date | null;
  oldest_bot_turn: Date | null;
  push_due: number;
  oldest_push_due: Date | null;
  mail_due: number;
  oldest_mail_due: Date | null;
}

/** Over the app's pool (the caller chooses which of its pools: src/db/pools.ts). */
export class MetricsRepository {
  constructor(private readonly pool: Pool) {}

  /** The snapshot at `now` (the app's clock); null when the statement answered no row. */
  async snapshot(now: Date): Promise<Snapshot | null> {
    const { rows } = await this.pool.query<SnapshotRow>(SNAPSHOT_STATEMENT, [now]);
    const row = rows[0];
    if (row === undefined) return null;
    return {
      games: row.games,
      pending: row.pending,
      due: row.due,
      oldestDue: row.oldest_due,
      oldestOverdue: row.oldest_overdue,
      oldestBotTurn: row.oldest_bot_turn,
      pushDue: row.push_due,
      oldestPushDue: row.oldest_push_due,
      mailDue: row.mail_due,
      oldestMailDue: row.oldest_mail_due,
    };
  }
}
