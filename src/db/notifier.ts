/**
 * The session setting that tells the database who announces a connection's changes (docs/architecture.md,
 * "Notifications"). App copies from before migration 20261211090000_announced_after_commit carry
 * `malice.notifier = app`, and the database's triggers announce their changes for them; copies from then on carry
 * no setting and announce after commit themselves (src/events/announcer.ts). Tools that rewrite data (a restore,
 * check:projections --repair, seed:demo) say `none`: they tell nobody, whichever triggers the database still has.
 */

export const NOTIFIER_SETTING = 'malice.notifier';

/** `none`: a tool that rewrites data and must tell nobody. */
export type Notifier = 'none';

/** The connection option that sets the notifier for a whole session (`options` of a node-postgres config). */
export function notifierOption(notifier: Notifier): string {
  return `-c ${NOTIFIER_SETTING}=${notifier}`;
}
