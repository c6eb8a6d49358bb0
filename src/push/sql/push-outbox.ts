/**
 * The push outbox as a delivery channel (src/notifications/sql/notification-writes.ts): a push for each device of
 * the player, for each event of a kind the player takes by push (their settings, or the defaults:
 * src/notifications/notification-settings.ts), queued in the statement that writes the event. The push module owns
 * `push_deliveries`: its rows are written here and in src/push/push.repository.ts, nowhere else.
 */
import type { EventOutbox } from '../../notifications/sql/notification-writes';
import { DEFAULT_KINDS, sqlKindArray } from '../../notifications/notification-settings';

function queuedPushes(events: string): string {
  return `
    INSERT INTO push_deliveries (subscription_id, event_id, kind, game_id, next_attempt_at, created_at)
    SELECT s.id, e.id, e.kind, e.game_id, e.created_at, e.created_at
      FROM ${events} e
      JOIN push_subscriptions s ON s.player_id = e.player_id
      LEFT JOIN notification_settings ns ON ns.player_id = e.player_id
     WHERE CASE WHEN ns.kinds ? 'push' THEN ns.kinds -> 'push' ? e.kind
                ELSE e.kind = ANY (${sqlKindArray(DEFAULT_KINDS.push)}) END
     ORDER BY e.id, s.id
    RETURNING 1`;
}

export const PUSH_OUTBOX: EventOutbox = { name: 'push', queued: queuedPushes };
