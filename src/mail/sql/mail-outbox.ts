/**
 * The mail outbox as a delivery channel (src/notifications/sql/notification-writes.ts): a mail for each event of
 * a kind the player takes by e-mail (their settings, or the defaults: src/notifications/notification-settings.ts),
 * to a verified address that has not bounced, queued in the statement that writes the event. The mail module owns
 * `mail_outbox`: its rows are written here and in src/mail/mail.repository.ts, nowhere else.
 */
import type { EventOutbox } from '../../notifications/sql/notification-writes';
import { DEFAULT_KINDS, sqlKindArray } from '../../notifications/notification-settings';

function queuedMails(events: string): string {
  return `
    INSERT INTO mail_outbox (player_id, kind, event_id, game_id, next_attempt_at, created_at)
    SELECT e.player_id, e.kind, e.id, e.game_id, e.created_at, e.created_at
      FROM ${events} e
      JOIN mail_addresses a ON a.player_id = e.player_id AND a.verified_at IS NOT NULL AND a.bounced_at IS NULL
      LEFT JOIN notification_settings ns ON ns.player_id = e.player_id
     WHERE CASE WHEN ns.kinds ? 'mail' THEN ns.kinds -> 'mail' ? e.kind
                ELSE e.kind = ANY (${sqlKindArray(DEFAULT_KINDS.mail)}) END
     ORDER BY e.id
    RETURNING 1`;
}

export const MAIL_OUTBOX: EventOutbox = { name: 'mail', queued: queuedMails };
