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

/**
 * Kinds no change of the running service tells any more, kept because stored events have them: GAME_UNRATED was
 * written once, by migration 20261201100000_secret_deal, to the players of the games it made unrated.
 */
export const HISTORICAL_EVENT_KINDS = ['GAME_UNRATED'] as const satisfies readonly PlayerEventKind[];
