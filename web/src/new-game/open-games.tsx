/**
 * Open games others created that the viewer may join (`games(filter: { open: true })`, docs/api/types.md#gamesfilter),
 * each with how many seats are taken and a Join link to its page, whose waiting room joins with the page's own
 * client seed after showing the commitment (web/src/table/game-page.tsx). The seeks among them are listed apart
 * (./open-seeks.tsx), and invitations to the viewer are on the home page, so neither is repeated here.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type {
  NewGameOpenGamesQuery,
  NewGameOpenGamesQueryVariables,
  NewGameOpenGameFragment,
} from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { Link } from '../router';
import { strings as shared } from '../strings';
import NEW_GAME from './new-game.graphql?raw';
import { strings } from './strings';

declare module '../api' {
  interface Operations {
    NewGameOpenGames: [NewGameOpenGamesQuery, NewGameOpenGamesQueryVariables];
  }
}

/** The open games that are neither a seek nor an invitation to the viewer, as the answer orders them. */
export function openGamesOf(data: NewGameOpenGamesQuery): NewGameOpenGameFragment[] {
  const apart = new Set([
    ...data.seeks.edges.map((edge) => edge.node.id),
    ...data.challenges.edges.map((edge) => edge.node.id),
  ]);
  return data.games.edges.map((edge) => edge.node).filter((game) => !apart.has(game.id));
}

export function OpenGames() {
  const S = strings();
  const common = shared();
  const [games, setGames] = useState<readonly NewGameOpenGameFragment[] | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);

  const load = () =>
    request(NEW_GAME, 'NewGameOpenGames', {})
      .then((data) => {
        setGames(openGamesOf(data));
        setError(null);
      })
      .catch((failure: unknown) => setError(asFailure(failure)));
  useEffect(() => void load(), []);

  return (
    <section class="card open-seeks" aria-labelledby="open-games-title">
      <div class="open-seeks-head">
        <h2 id="open-games-title">{S.openGamesTitle}</h2>
        <button type="button" class="link" onClick={() => void load()}>
          {S.refresh}
        </button>
      </div>
      {error !== null && <ErrorBox error={error} />}
      {games !== null && games.length === 0 && <p class="muted">{S.noOpenGames}</p>}
      <ul data-testid="open-games">
        {(games ?? []).map((game) => {
          const creator = game.players.find((player) => player.seat === 0)?.player.username ?? '';
          return (
            <li key={game.id} class="seek" data-game-id={game.id}>
              <span>
                <strong>{common.preset[game.preset]}</strong> {S.seekBy(creator)}
                <span class="muted">
                  {' · '}
                  <span data-testid="open-game-seats">
                    {S.seatsTaken(game.players.length, game.seats)}
                  </span> · {game.rated ? common.rated : common.casual} ·{' '}
                  {common.perMove(
                    game.timeControl?.daysPerMove ?? null,
                    game.timeControl?.hoursPerMove ?? null,
                  )}{' '}
                  · {formatDateTime(game.createdAt)}
                </span>
              </span>
              <Link to={{ page: 'game', id: game.id }} class="join-link" testId="join-open-game">
                {S.joinOpenGame}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
