/**
 * Writes player notifications (src/games/domain/notifications.ts) the way every change of a game does, inside
 * the change's own transaction or statement: the `player_events` rows, a webhook delivery for each webhook of the
 * player that takes the kind (the outbox, src/webhooks/sql/webhook-outbox.ts), and a wake-up for the webhook workers
 * when any was queued. The triggers left on `player_events` only announce a row to app copies that watch its player
 * (NOTIFY gating); what is stored and queued is decided here (docs/architecture.md, "Notifications").
 *
 * Fragments and statements for repositories only (the games repository composes them into its own statements; the
 * player events repository erases): the notifications module owns `player_events`.
 *
 * The outbox is handed in (`EventOutbox`) by the repository that composes the statement: the webhooks module, which
 * owns `webhook_deliveries`, sits above this one (it reads the event kinds and the bus), so this module names none
 * of its code (docs/architecture.md, "Layout of a module").
 */
import type { PlayerNotification } from '../player-event-kinds';

/** What else the statement that writes player events queues for them, in the same statement (the webhooks' outbox). */
export interface EventOutbox {
  /**
   * The CTE `queued` over `events`, a CTE whose rows give `id`, `player_id`, `kind`, `game_id` and `created_at`
   * (the inserted player events).
   */
  queuedCte(events: string): string;
  /** A column expression, to follow the CTEs, that wakes whoever works off what `queued` queued. */
  readonly wake: string;
}

/**
 * CTEs `notified` (the player_events rows) and `queued` (the outbox's, over them) over `source`, a FROM list
 * whose rows give `n.player_id`, `n.kind`, `n.game_id`, `n.created_at` and an order `n.ord`. To be followed
 * by a statement that reads `queued` with the outbox's `wake`.
 */
export function notificationCtes(source: string, outbox: EventOutbox): string {
  return `
  notified AS (
    INSERT INTO player_events (player_id, kind, game_id, created_at)
    SELECT n.player_id, n.kind, n.game_id, n.created_at FROM ${source} ORDER BY n.ord
    RETURNING id, player_id, kind, game_id, created_at),${outbox.queuedCte('notified')}`;
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

/** The statement that writes notifications, with what `outbox` queues for them. */
function writeNotificationsSql(outbox: EventOutbox): string {
  return `
  WITH ${notificationCtes(
    `unnest($1::uuid[], $2::text[], $3::uuid[]) WITH ORDINALITY AS u(player_id, kind, game_id, ord),
     LATERAL (SELECT u.player_id, u.kind, u.game_id, $4::timestamptz AS created_at, u.ord) AS n`,
    outbox,
  )}
  SELECT ${outbox.wake} AS woken`;
}

/** Where a statement can run: a node-postgres client (in a transaction) or the pool. */
export interface Statements {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * Writes `notifications`, made at `at`, with what `outbox` queues for them, on `db` (a transaction's client, or the
 * pool for a change of its own).
 */
export async function writeNotifications(
  db: Statements,
  notifications: readonly PlayerNotification[],
  at: Date,
  outbox: EventOutbox,
): Promise<void> {
  if (notifications.length === 0) return;
  await db.query(writeNotificationsSql(outbox), [...notificationArrays(notifications), at]);
}
