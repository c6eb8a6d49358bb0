/**
 * The webhook outbox as a fragment of another module's statement: the deliveries of player events, queued in the
 * statement that writes the events (src/notifications/sql/notification-writes.ts, composed into the games
 * repository's statements), so that an event and its deliveries commit together. The webhooks module owns
 * `webhook_deliveries` (docs/architecture.md, "Who writes what"): its rows are written here and in the webhook
 * repositories, nowhere else.
 */
import type { EventOutbox } from '../../notifications/sql/notification-writes';

/**
 * The CTE `queued`: a delivery for each webhook of the player that takes the event's kind, over `events`, a CTE
 * whose rows give `id`, `player_id`, `kind`, `game_id` and `created_at` (the inserted player events).
 */
export function queuedDeliveriesCte(events: string): string {
  return `
  queued AS (
    INSERT INTO webhook_deliveries (webhook_id, event_id, kind, game_id, next_attempt_at, created_at)
    SELECT w.id, e.id, e.kind, e.game_id, e.created_at, e.created_at
      FROM ${events} e JOIN webhooks w ON w.player_id = e.player_id AND e.kind = ANY (w.events)
     -- Deliveries are numbered in the order of their events, as the delivery log lists them.
     ORDER BY e.id, w.id
    RETURNING 1)`;
}

/**
 * A column expression that wakes the webhook workers (`malice_webhooks`) when `queued` queued deliveries: they then
 * look at once instead of at their next interval. Only then, because a NOTIFY serialises commits.
 */
export const WAKE_WEBHOOK_WORKERS = `(SELECT count(*) FROM (SELECT pg_notify('malice_webhooks', '') FROM queued LIMIT 1) AS woken)`;

/**
 * The outbox as the notification writes take it (src/notifications/sql/notification-writes.ts): handed in by the
 * games repository, which composes both into its statements, since the notifications module sits below this one.
 */
export const WEBHOOK_OUTBOX: EventOutbox = { queuedCte: queuedDeliveriesCte, wake: WAKE_WEBHOOK_WORKERS };
