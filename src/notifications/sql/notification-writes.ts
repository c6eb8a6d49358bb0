/**
 * Writes player notifications (src/games/domain/notifications.ts) the way every change of a game does, inside
 * the change's own transaction or statement: the `player_events` rows and, over them, what each **delivery
 * channel** queues (a webhook delivery, a push, a mail: the channels' outboxes), with a wake-up for the channel's
 * workers when it queued anything. This is the one seam where a way of telling players plugs in
 * (docs/architecture.md#notifications): a channel is an `EventOutbox`, listed once in
 * src/games/persistence/sql/delivery-channels.ts, and every statement that tells players queues for all of them, so an
 * event and its deliveries commit together or not at all. The triggers left on `player_events` only announce a
 * row to app copies that watch its player (NOTIFY gating); what is stored and queued is decided here.
 *
 * Fragments and statements for repositories only (the games repository composes them into its own statements; the
 * player events repository erases): the notifications module owns `player_events`.
 *
 * The channels are handed in by the repository that composes the statement: they sit above this module (they read
 * the event kinds and the bus), so this module names none of their code (docs/architecture.md, "Layout of a
 * module").
 */
import { DELIVERY_WAKES, type DeliveryChannel } from '../delivery-channels';
import type { PlayerNotification } from '../player-event-kinds';

/** What a delivery channel queues for new player events, in the statement that writes them (its outbox). */
export interface EventOutbox {
  /** The channel: its CTE is `queued_<name>`, and it wakes the channel's workers (DELIVERY_WAKES). */
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
 * by a statement that selects `wakeColumns(channels)`.
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
 * Select-list columns that wake each channel's workers when its CTE queued anything: they then look at once instead
 * of at their next interval. Only then, because a NOTIFY serialises commits.
 */
export function wakeColumns(channels: readonly EventOutbox[]): string {
  return channels
    .map(
      (channel) =>
        `(SELECT count(*) FROM (SELECT pg_notify('${DELIVERY_WAKES[channel.name]}', '') FROM queued_${channel.name} LIMIT 1) AS w)` +
        ` AS woke_${channel.name}`,
    )
    .join(', ');
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
  SELECT ${channels.length === 0 ? '1' : wakeColumns(channels)}`;
}

/** Where a statement can run: a node-postgres client (in a transaction) or the pool. */
export interface Statements {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * Writes `notifications`, made at `at`, with what `channels` queue for them, on `db` (a transaction's client, or
 * the pool for a change of its own).
 */
export async function writeNotifications(
  db: Statements,
  notifications: readonly PlayerNotification[],
  at: Date,
  channels: readonly EventOutbox[],
): Promise<void> {
  if (notifications.length === 0) return;
  await db.query(writeNotificationsSql(channels), [...notificationArrays(notifications), at]);
}
