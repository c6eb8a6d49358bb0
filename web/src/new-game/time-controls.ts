/**
 * The time controls createGame accepts, from the API (`timeControlChoices`,
 * docs/api/games-and-moves.md#timecontrolchoices), read once per page load: the server's own list, so the
 * page never offers what createGame would refuse.
 */
import { request } from '../api';
import type { NewGameTimeControlsQuery } from '../generated/graphql';
import NEW_GAME from './new-game.graphql?raw';

export type TimeControlChoices = NewGameTimeControlsQuery['timeControlChoices'];

let cached: Promise<TimeControlChoices> | null = null;
export function timeControlChoices(): Promise<TimeControlChoices> {
  if (cached === null) {
    const loading = request(NEW_GAME, 'NewGameTimeControls', {}).then((data) => data.timeControlChoices);
    loading.catch(() => (cached = null));
    cached = loading;
  }
  return cached;
}
