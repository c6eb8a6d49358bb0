/**
 * Every way a player event is delivered beyond the player's own feed, listed once (docs/architecture.md#notifications):
 * each statement that tells players (src/notifications/sql/notification-writes.ts, composed into the games
 * repository's) queues for every channel here, so an event and its deliveries commit together. A new channel is
 * an outbox added to this list and a worker of its own; nothing else on the write side changes.
 */
import type { EventOutbox } from '../../../notifications/sql/notification-writes';
import { WEBHOOK_OUTBOX } from '../../../webhooks/sql/webhook-outbox';
import { PUSH_OUTBOX } from '../../../push/sql/push-outbox';
import { MAIL_OUTBOX } from '../../../mail/sql/mail-outbox';

export const DELIVERY_OUTBOXES: readonly EventOutbox[] = [WEBHOOK_OUTBOX, PUSH_OUTBOX, MAIL_OUTBOX];
