/**
 * A guest's refusal as the API says it: GUEST_NOT_ALLOWED, with the way out (keep the account) in the message and
 * which refusal it was in `extensions.refusal`. Here, below every module that refuses a guest something (the viewer
 * says who is one); what guests may do is src/players/guest-policy.ts.
 */
import { ApiError } from '../errors/api-error';

/** Everything a guest is refused, named once; the message of each says what to do instead. */
export const GUEST_REFUSALS = {
  ratedGame: 'guests play unrated games only',
  invitation: 'guests cannot invite anyone',
  invited: 'guests cannot be invited: they play the built-in bots and open seeks',
  openGame: 'guests play the built-in bots and unrated open seeks only',
  joinGame: 'guests may join unrated open seeks only',
  apiToken: 'guests cannot make API tokens',
  webhook: 'guests cannot register webhooks',
  email: 'guests cannot add an e-mail address',
  twoFactor: 'guests have no password to add a second factor to',
  vacation: 'guests take no vacation: their games have no clock',
  password: 'guests have no password yet',
  botAccount: 'a guest account cannot become a bot account',
  chatText: 'guests may send quick phrases only',
  tournament: 'guests do not play or organise tournaments',
  approveApp: 'guests cannot let apps act for them',
  registerApp: 'guests cannot register apps',
} as const;
export type GuestRefusal = keyof typeof GUEST_REFUSALS;

/** What the refusal tells a guest, with the way out. */
export function guestRefusalMessage(refusal: GuestRefusal): string {
  return `${GUEST_REFUSALS[refusal]}: keep this account with a name and a password first (keepGuestAccount)`;
}

export function guestRefused(refusal: GuestRefusal): ApiError {
  return new ApiError('GUEST_NOT_ALLOWED', guestRefusalMessage(refusal), { refusal });
}

/** Refuses a guest what needs a kept account (`refusal` says which); anyone else passes. */
export function refuseGuest(player: { readonly isGuest: boolean }, refusal: GuestRefusal): void {
  if (player.isGuest) throw guestRefused(refusal);
}
