/**
 * Writes player notifications (src/games/domain/notifications.ts) the way every change of a game does, inside
 * the change's own transaction or statement: the `player_events` rows, a webhook delivery for each webhook of the
 * player that takes the kind (the outbox), and a wake-up for the webhook workers when any was queued. The
 * triggers left on `player_events` only announce a row to app copies that watch its player (NOTIFY gating); what
 * is stored and queued is decided here (docs/architecture.md, "Notifications").
 */
import type { PlayerNotification } from '../games/domain/notifications';

/** The setting every app connection carries (src/db/connections.ts): the app writes the notifications itself. */
export const NOTIFIER_SETTING = 'malice.notifier';
/**
 * `app`: the normal server. `none`: a tool that rewrites data (check:projections --repair, seed:demo) and must
 * tell nobody. Either way the triggers kept for app copies older than the cutover write nothing
 * (prisma/migrations/20261201170000_notifications_in_app).
 */
export type Notifier = 'app' | 'none';

/** The connection option that sets the notifier for a whole session (`options` of a node-postgres config). */
export function notifierOption(notifier: Notifier): string {
  return `-c ${NOTIFIER_SETTING}=${notifier}`;
}

/**
 * CTEs `notified` (the player_events rows) and `queued` (their webhook deliveries) over `source`, a FROM list
 * whose rows give `n.player_id`, `n.kind`, `n.game_id`, `n.created_at` and an order `n.ord`. To be followed
 * by a statement that reads `queued` with `WAKE_WEBHOOK_WORKERS`.
 */
export function notificationCtes(source: string): string {
  return `
  notified AS (
    INSERT INTO player_events (player_id, kind, game_id, created_at)
    SELECT n.player_id, n.kind, n.game_id, n.created_at FROM ${source} ORDER BY n.ord
    RETURNING id, player_id, kind, game_id, created_at),
  queued AS (
    INSERT INTO webhook_deliveries (webhook_id, event_id, kind, game_id, next_attempt_at, created_at)
    SELECT w.id, e.id, e.kind, e.game_id, e.created_at, e.created_at
      FROM notified e JOIN webhooks w ON w.player_id = e.player_id AND e.kind = ANY (w.events)
     -- Deliveries are numbered in the order of their events, as the delivery log lists them.
     ORDER BY e.id, w.id
    RETURNING 1)`;
}

/**
 * A column expression that wakes the webhook workers (`malice_webhooks`) when deliveries were queued: they then
 * look at once instead of at their next interval. Only then, because a NOTIFY serialises commits.
 */
export const WAKE_WEBHOOK_WORKERS = `(SELECT count(*) FROM (SELECT pg_notify('malice_webhooks', '') FROM queued LIMIT 1) AS woken)`;

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

const WRITE_NOTIFICATIONS = `
  WITH ${notificationCtes(
    `unnest($1::uuid[], $2::text[], $3::uuid[]) WITH ORDINALITY AS u(player_id, kind, game_id, ord),
     LATERAL (SELECT u.player_id, u.kind, u.game_id, $4::timestamptz AS created_at, u.ord) AS n`,
  )}
  SELECT ${WAKE_WEBHOOK_WORKERS} AS woken`;

/** Where a statement can run: a node-postgres client (in a transaction) or the pool. */
export interface Statements {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/** Writes `notifications`, made at `at`, on `db` (a transaction's client, or the pool for a change of its own). */
export async function writeNotifications(
  db: Statements,
  notifications: readonly PlayerNotification[],
  at: Date,
): Promise<void> {
  if (notifications.length === 0) return;
  await db.query(WRITE_NOTIFICATIONS, [...notificationArrays(notifications), at]);
}

/**
 * Erases a deleted account's events (docs/api.md#deleteaccount). Their webhook deliveries went with its webhooks;
 * deliveries are snapshots, so nothing else points at the rows.
 */
export async function erasePlayerEventsOf(db: Statements, playerId: string): Promise<void> {
  await db.query('DELETE FROM player_events WHERE player_id = $1::uuid', [playerId]);
}
