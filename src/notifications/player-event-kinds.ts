/**
 * What can happen to a player (docs/api/events-and-notifications.md#playerevents), written once:
 * `player_events.kind`, the API's `PlayerEventKind` and `WebhookEventKind`, the kinds a webhook subscribes
 * to. The GraphQL enums are checked against this list at compile time; src/games/domain/notifications.ts says
 * when each one is due.
 */
export const PLAYER_EVENT_KINDS = [
  'YOUR_TURN',
  'GAME_STARTED',
  'GAME_OVER',
  'CHALLENGE_RECEIVED',
  'REMINDER',
  // No change of the running service tells it any more; kept because stored events have it: it was written once,
  // by migration 20261201100000_secret_deal, to the players of the games it made unrated.
  'GAME_UNRATED',
] as const;

export type PlayerEventKind = (typeof PLAYER_EVENT_KINDS)[number];

/**
 * One player event to store (and deliver to the player's webhooks that take its kind): what `notificationsOf`
 * (src/games/domain/notifications.ts) decides and src/notifications/sql/notification-writes.ts writes.
 */
export interface PlayerNotification {
  readonly playerId: string;
  readonly kind: PlayerEventKind;
  readonly gameId: string;
}
