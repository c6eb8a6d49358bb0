/**
 * Writes player notifications (src/games/domain/notifications.ts) the way every change of a game does, inside
 * the change's own transaction or statement: the `player_events` rows and, over them, what each **delivery
 * channel** queues (a webhook delivery, a push, a mail: the channels' outboxes), with a wake-up for the channel's
 * workers when it queued anything. This is the one seam where a way of telling players plugs in
 * (docs/architecture.md#notifications): a channel is an `EventOutbox`, listed once in
 * src/games/persistence/sql/delivery-channels.ts, and every statement that tells players queues for all of them, so an
 * event and its deliveries commit together or not at all. The statement also answers what to announce once it
 * commits (src/events/announcements.ts): the new events some copy watches, and a wake-up for each channel that
 * queued anything; the caller hands them to the announcer after the commit, never inside the transaction.
 *
 * Fragments and statements for repositories only (the games repository composes them into its own statements; the
 * player events repository erases): the notifications module owns `player_events`.
 *
 * The channels are handed in by the repository that composes the statement: they sit above this module (they read
 * the event kinds and the bus), so this module names none of their code (docs/architecture.md, "Layout of a
 * module").
 */
import { announcement, type Announcement } from '../../events/announcements';
import type { DeliveryChannel } from '../delivery-channels';
import type { PlayerNotification } from '../player-event-kinds';

/** What a delivery channel queues for new player events, in the statement that writes them (its outbox). */
export interface EventOutbox {
  /** The channel: its CTE is `queued_<name>`, and its workers are woken (announced) when it queued anything. */
  readonly name: DeliveryChannel;
  /**
   * The body of a CTE over `events`, a CTE whose rows give `id`, `player_id`, `kind`, `game_id` and `created_at`
   * (the inserted player events): an `INSERT … RETURNING 1` of what the channel will deliver.
   */
  queued(events: string): string;
}

/**
 * CTEs `notified` (the player_events rows) and each channel's `queued_<name>` over them, over `source`, a FROM
 * list whose rows give `n.player_id`, `n.kind`, `n.game_id`, `n.created_at` and an order `n.ord`. To be followed
 * by a statement that selects `notifiedColumns(channels)`.
 */
export function notificationCtes(source: string, channels: readonly EventOutbox[]): string {
  const queued = channels.map((channel) => `\n  queued_${channel.name} AS (${channel.queued('notified')})`);
  return `
  notified AS (
    INSERT INTO player_events (player_id, kind, game_id, created_at)
    SELECT n.player_id, n.kind, n.game_id, n.created_at FROM ${source} ORDER BY n.ord
    RETURNING id, player_id, kind, game_id, created_at)${queued.map((cte) => `,${cte}`).join('')}`;
}

/**
 * Select-list columns over the CTEs of `notificationCtes`: how many deliveries each channel queued
 * (`queued_<name>`), and the new events whose player some copy watches (`watched_events`, JSON in the shape the
 * event bus announces: PlayerEventMessage). `player_watched` runs once the events are written, so it is ordered
 * against a watch being taken (migration 20261211090000_announced_after_commit).
 */
export function notifiedColumns(channels: readonly EventOutbox[]): string {
  const queued = channels.map(
    (channel) => `(SELECT count(*) FROM queued_${channel.name})::int AS queued_${channel.name}`,
  );
  const watched = `(SELECT json_agg(json_build_object('id', w.id::text, 'playerId', w.player_id, 'kind', w.kind,
                                         'gameId', w.game_id, 'createdAt', w.created_at) ORDER BY w.id)
                FROM notified w WHERE player_watched(w.player_id)) AS watched_events`;
  return [...queued, watched].join(', ');
}

/** What `notifiedColumns` answers. */
export type NotifiedRow = { readonly watched_events: readonly unknown[] | null } & {
  readonly [column in `queued_${DeliveryChannel}`]?: number;
};

/** The announcements a statement's `notifiedColumns` call for: each watched event, and each channel that queued. */
export function announcementsOfNotified(row: NotifiedRow, channels: readonly EventOutbox[]): Announcement[] {
  const announcements = (row.watched_events ?? []).map((event) =>
    announcement('playerEvent', JSON.stringify(event)),
  );
  for (const channel of channels) {
    if ((row[`queued_${channel.name}`] ?? 0) > 0) announcements.push(announcement(channel.name));
  }
  return announcements;
}

/** The parameters `unnest($a::uuid[], $b::text[], $c::uuid[])` takes for a list of notifications. */
export function notificationArrays(
  notifications: readonly PlayerNotification[],
): [string[], string[], string[]] {
  return [
    notifications.map((entry) => entry.playerId),
    notifications.map((entry) => entry.kind),
    notifications.map((entry) => entry.gameId),
  ];
}

/** The statement that writes notifications, with what `channels` queue for them. */
function writeNotificationsSql(channels: readonly EventOutbox[]): string {
  return `
  WITH ${notificationCtes(
    `unnest($1::uuid[], $2::text[], $3::uuid[]) WITH ORDINALITY AS u(player_id, kind, game_id, ord),
     LATERAL (SELECT u.player_id, u.kind, u.game_id, $4::timestamptz AS created_at, u.ord) AS n`,
    channels,
  )}
  SELECT ${notifiedColumns(channels)}`;
}

/** Where a statement can run: a node-postgres client (in a transaction) or the pool. */
export interface Statements {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Writes `notifications`, made at `at`, with what `channels` queue for them, on `db` (a transaction's client, or
 * the pool for a change of its own). Answers what to announce once the transaction commits.
 */
export async function writeNotifications(
  db: Statements,
  notifications: readonly PlayerNotification[],
  at: Date,
  channels: readonly EventOutbox[],
): Promise<Announcement[]> {
  if (notifications.length === 0) return [];
  const { rows } = await db.query(writeNotificationsSql(channels), [
    ...notificationArrays(notifications),
    at,
  ]);
  return announcementsOfNotified(rows[0] as NotifiedRow, channels);
}
