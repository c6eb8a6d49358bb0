/**
 * Guests (docs/api/players-and-accounts.md#startguest): a visitor plays the computer at once on a real
 * account made on the spot, named `Guest-NNNNNN` in a namespace nobody else may register
 * (src/players/reserved-names.ts `isGuestNamespace`), with no password. A guest may do only what needs no
 * identity: play the built-in bots and unrated open seeks, watch, read. Everything that reaches other people
 * or lasts beyond the visit — rated games, invitations either way, open games by link, API tokens, webhooks,
 * e-mail, two-factor sign-in, vacation — waits until its owner keeps the account with a name and a password
 * (keepGuestAccount: the same account, its games and history carried over). Pure: the players service and the
 * game handler ask it and raise its refusals as GUEST_NOT_ALLOWED (src/auth/guest-refusals.ts names them).
 */
import type { GuestRefusal } from '../auth/guest-refusals';

/** The guest names: `Guest-` and six digits. */
export const GUEST_NAME_DIGITS = 6;

/** A guest's name from a number drawn in [0, 10^GUEST_NAME_DIGITS). */
export function guestName(drawn: number): string {
  if (!Number.isInteger(drawn) || drawn < 0 || drawn >= 10 ** GUEST_NAME_DIGITS)
    throw new RangeError(`a guest number is an integer below 10^${GUEST_NAME_DIGITS}`);
  return `Guest-${String(drawn).padStart(GUEST_NAME_DIGITS, '0')}`;
}

/** What a new game asks, as far as guests are concerned. */
export interface GuestCreation {
  readonly rated: boolean;
  /** A built-in bot takes the other seat. */
  readonly bot: boolean;
  /** A player is invited by name (a built-in bot's name counts as `bot`). */
  readonly invitation: boolean;
  /** An open seek (seekGame), rather than a game made with createGame. */
  readonly seek: boolean;
}

/** Why a guest may not create this game, or null: an unrated game against a built-in bot, or an unrated seek. */
export function guestCreationRefusal(game: GuestCreation): GuestRefusal | null {
  if (game.rated) return 'ratedGame';
  if (game.invitation) return 'invitation';
  if (!game.bot && !game.seek) return 'openGame';
  return null;
}

/** What a guest would join, as far as guests are concerned. */
export interface GuestJoin {
  readonly rated: boolean;
  /**
   * The game has the shape of an open seek (docs/api/challenges-and-seeks.md#seekgame): two seats, the
   * preset's rules, nobody invited.
   */
  readonly seek: boolean;
}

/** Why a guest may not join this game, or null: an unrated open seek. */
export function guestJoinRefusal(game: GuestJoin): GuestRefusal | null {
  if (game.rated) return 'ratedGame';
  if (!game.seek) return 'joinGame';
  return null;
}

/**
 * A guest left alone goes `inactiveDays` after the later of its start and its last activity (its last session use,
 * its last game's last change): the guests with nothing since this time go. Its games stay, named by the tombstone
 * (as a deleted account's).
 */
export function guestCutoff(now: Date, inactiveDays: number): Date {
  return new Date(now.getTime() - inactiveDays * 86_400_000);
}
