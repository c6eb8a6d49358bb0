/**
 * The ways a player event is delivered beyond the player's own feed (docs/correspondence.md): each channel's
 * outbox is queued in the statement that writes the events (src/notifications/sql/notification-writes.ts), and its
 * workers are woken on every app copy through a NOTIFY on the channel's wake-up name, which the event bus listens
 * on. Written once: the outboxes, the bus and the workers take their names from here.
 */
export const DELIVERY_WAKES = {
  webhooks: 'malice_webhooks',
  push: 'malice_push',
  mail: 'malice_mail',
} as const;

export type DeliveryChannel = keyof typeof DELIVERY_WAKES;

export const DELIVERY_CHANNELS = Object.keys(DELIVERY_WAKES) as DeliveryChannel[];
