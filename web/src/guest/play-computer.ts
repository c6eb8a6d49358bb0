/**
 * "Play the computer" in one click (docs/web.md, "First game"): a visitor without an account becomes a guest
 * (`startGuest`), then a game against the expert bot with no clock starts, with the page's own client seed given
 * after the commitment as on the new-game page (web/src/new-game/start-game.ts). Answers the new game's id.
 */
import { request, storeToken } from '../api';
import type { Me } from '../me';
import { startGame } from '../new-game/start-game';
import type {
  KeepGuestAccountMutation,
  KeepGuestAccountMutationVariables,
  Preset,
  StartGuestMutation,
  StartGuestMutationVariables,
} from '../generated/graphql';
import GUEST from './guest.graphql?raw';

declare module '../api' {
  interface Operations {
    StartGuest: [StartGuestMutation, StartGuestMutationVariables];
    KeepGuestAccount: [KeepGuestAccountMutation, KeepGuestAccountMutationVariables];
  }
}

export { GUEST };

/** A new guest, signed in on this page: its token stored, the player answered for the page's `me`. */
export async function startGuest(): Promise<Me> {
  const { startGuest: session } = await request(GUEST, 'StartGuest', {});
  storeToken(session.token);
  return session.player;
}

/** Starts a game against the expert bot, no clock, the preset's own rules: its id. */
export async function startComputerGame(preset: Preset = 'CLASSIC'): Promise<string> {
  const started = await startGame({
    preset,
    options: {},
    seats: 2,
    rated: false,
    time: {},
    opponentKind: 'bot',
    opponent: '',
    bot: 'EXPERT',
    fixedSeed: '',
  });
  return started.game.id;
}
