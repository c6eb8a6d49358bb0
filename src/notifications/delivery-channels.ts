/**
 * The ways a player event is delivered beyond the player's own feed (docs/correspondence.md): each channel's
 * outbox is queued in the statement that writes the events (src/notifications/sql/notification-writes.ts), and its
 * workers are woken on every app copy by an announcement of the channel's name once that statement commits
 * (src/events/announcements.ts), which the event bus hears. Written once: the outboxes, the bus and the workers take
 * their names from here.
 */
import { ANNOUNCEMENT_CHANNELS } from '../events/announcements';

export const DELIVERY_CHANNELS = [
  'webhooks',
  'push',
  'mail',
] as const satisfies readonly (keyof typeof ANNOUNCEMENT_CHANNELS)[];

export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** The announcement channel that wakes each delivery channel's workers. */
export const DELIVERY_WAKES: {
  readonly [channel in DeliveryChannel]: (typeof ANNOUNCEMENT_CHANNELS)[channel];
} = {
  webhooks: ANNOUNCEMENT_CHANNELS.webhooks,
  push: ANNOUNCEMENT_CHANNELS.push,
  mail: ANNOUNCEMENT_CHANNELS.mail,
};
