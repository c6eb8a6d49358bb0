/**
 * What the notification preferences choose among (docs/correspondence.md "Preferences"): the channels a player is
 * told by, and the kinds of player event they may be told of. Types and lists only, so the texts (strings.ts) can
 * be typed by them and still load outside a browser.
 */
import type { PlayerEventKind } from '../generated/graphql';

/**
 * In an open page of the web client (pageKinds), by Web Push to the player's devices (pushKinds), and by e-mail to
 * their verified address (mailKinds; docs/correspondence.md "E-mail").
 */
export const CHANNELS = ['page', 'push', 'mail'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Every PlayerEventKind the service still tells, which is every kind but GAME_UNRATED (the server's own list is
 * TELLABLE_KINDS of src/notifications/notification-settings.ts); in the order the form offers them.
 */
export type TellableKind = Exclude<PlayerEventKind, 'GAME_UNRATED'>;
