/**
 * Who writes a connection's player notifications (docs/architecture.md, "Notifications"): the app itself, on every
 * connection of the running service (src/db/connections.ts), or nobody, on a tool's connection that rewrites data.
 */

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
