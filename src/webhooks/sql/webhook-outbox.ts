/**
 * The webhook outbox as a delivery channel (src/notifications/sql/notification-writes.ts): the deliveries of player
 * events, queued in the statement that writes the events, so that an event and its deliveries commit together.
 * The webhooks module owns `webhook_deliveries` (docs/architecture.md, "Who writes what"): its rows are written here
 * and in the webhook repositories, nowhere else.
 */
import type { EventOutbox } from '../../notifications/sql/notification-writes';

/**
 * A delivery for each webhook of the player that takes the event's kind, over `events`, a CTE whose rows give
 * `id`, `player_id`, `kind`, `game_id` and `created_at` (the inserted player events).
 */
function queuedDeliveries(events: string): string {
  return `
    INSERT INTO webhook_deliveries (webhook_id, event_id, kind, game_id, next_attempt_at, created_at)
    SELECT w.id, e.id, e.kind, e.game_id, e.created_at, e.created_at
      FROM ${events} e JOIN webhooks w ON w.player_id = e.player_id AND e.kind = ANY (w.events)
     -- Deliveries are numbered in the order of their events, as the delivery log lists them.
     ORDER BY e.id, w.id
    RETURNING 1`;
}

export const WEBHOOK_OUTBOX: EventOutbox = {
  name: 'webhooks',
  queued: queuedDeliveries,
};
