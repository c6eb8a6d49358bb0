/**
 * The API's tournament refusals (src/tournaments/tournaments.service.ts) in the reader's words, for ErrorBox's
 * `text` (web/src/error-box.tsx): by `extensions.refusal` where the API names one, else by what was asked and the
 * tournament as the page last saw it. Anything else keeps ErrorBox's own line.
 */
import type { ApiFailure } from '../api';
import type { TournamentDetailFragment } from '../generated/graphql';
import { strings } from './strings';

/** What the tournament's page asks of the API. */
export type TournamentAction = 'join' | 'withdraw' | 'start' | 'cancel';

export function actionFailureText(
  failure: ApiFailure,
  action: TournamentAction,
  tournament: Pick<TournamentDetailFragment, 'status' | 'minPlayers'>,
): string | undefined {
  const S = strings();
  const R = S.refusal;
  if (failure.code === 'GUEST_NOT_ALLOWED') return S.guestHint;
  switch (failure.extensions['refusal']) {
    case 'notOpen':
      return R.notOpen;
    case 'full':
      return R.full;
    case 'builtinBot':
      return R.builtinBot;
    case 'timeoutRate':
      return R.timeoutRate;
    default:
      break;
  }
  if (failure.code === 'FORBIDDEN') return R.notOrganiser;
  if (failure.code !== 'BAD_USER_INPUT') return undefined;
  switch (action) {
    case 'join':
      return undefined;
    case 'withdraw':
      return R.notIn;
    case 'start':
      return tournament.status === 'OPEN' ? R.tooFew(tournament.minPlayers) : R.notOpenAny;
    case 'cancel':
      return R.notOpenAny;
    default: {
      const never: never = action;
      return never;
    }
  }
}
