/**
 * What one app copy tells every copy after a change commits (docs/scaling.md#pushes-between-copies): a game changed,
 * a player event was written, a chat message was written or hidden, a player's tokens changed, deliveries were
 * queued. Each is a channel and a text payload — the shape of Postgres's NOTIFY, which the default transport uses,
 * and of a broker's subject and message. Written once here: the producers (the repositories that write the change)
 * and the event bus that hears them take the names from this list.
 *
 * Announcements are published **after** the change's transaction commits (src/events/announcer.ts), never inside
 * it: a NOTIFY in a transaction takes a database-wide lock through its commit, which makes such commits take turns.
 * So an announcement is never made for a change that rolled back, and may be lost if the copy stops between the
 * commit and the publish: every listener that cannot afford a loss catches up from the database (by version, by
 * event id) when it hears of the next change or when its connection comes back.
 */
export const ANNOUNCEMENT_CHANNELS = {
  /** A game's version or status changed; the payload is the game id. */
  game: 'malice_games',
  /** A player event was stored; the payload is the event as JSON (PlayerEventMessage). */
  playerEvent: 'malice_player_events',
  /** A chat message was written or hidden; the payload is `{ gameId, messageId }` as JSON. */
  chat: 'malice_chat',
  /** A player's tokens changed (revoked, ended, scopes changed); the payload is the player id. */
  tokens: 'malice_tokens',
  /** Webhook deliveries were queued (no payload): the webhook workers look at once. */
  webhooks: 'malice_webhooks',
  /** Web pushes were queued (no payload). */
  push: 'malice_push',
  /** Mails were queued (no payload). */
  mail: 'malice_mail',
} as const;

export type AnnouncementKind = keyof typeof ANNOUNCEMENT_CHANNELS;
export type AnnouncementChannel = (typeof ANNOUNCEMENT_CHANNELS)[AnnouncementKind];

export const ANNOUNCEMENT_KINDS = Object.keys(ANNOUNCEMENT_CHANNELS) as AnnouncementKind[];
export const ANNOUNCEMENT_CHANNEL_NAMES = ANNOUNCEMENT_KINDS.map((kind) => ANNOUNCEMENT_CHANNELS[kind]);

/** One announcement: a channel and its payload (empty for a wake-up). */
export interface Announcement {
  readonly channel: AnnouncementChannel;
  readonly payload: string;
}

/** The kind a channel name stands for (null: not one of ours). */
export function kindOfChannel(channel: string): AnnouncementKind | null {
  for (const [kind, name] of Object.entries(ANNOUNCEMENT_CHANNELS))
    if (name === channel) return kind as AnnouncementKind;
  return null;
}

/** The announcement of a kind with its payload. */
export function announcement(kind: AnnouncementKind, payload = ''): Announcement {
  return { channel: ANNOUNCEMENT_CHANNELS[kind], payload };
}
