/**
 * What can happen to a player (docs/correspondence.md#player-events), written once: `player_events.kind`, the
 * API's `PlayerEventKind` and `WebhookEventKind`, the kinds a webhook subscribes to. The GraphQL enums are checked
 * against this list at compile time; src/games/domain/notifications.ts says when each one is due.
 */
export const PLAYER_EVENT_KINDS = [
  'YOUR_TURN',
  'GAME_STARTED',
  'GAME_OVER',
  'CHALLENGE_RECEIVED',
  'REMINDER',
  'GAME_UNRATED',
] as const;

export type PlayerEventKind = (typeof PLAYER_EVENT_KINDS)[number];
