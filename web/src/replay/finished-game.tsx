/**
 * The page of a game that is over (FINISHED or ABORTED): what it shows is game-over.tsx, a chunk of its own fetched
 * when such a game first opens (lazy-page.tsx), so the first load carries none of it. A game that is not over yet
 * shows its log live until it is, then all of that.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request, subscribe } from '../api';
import { isOver } from '../../../src/games/domain/vocabulary';
import { ErrorBox } from '../error-box';
import type {
  ReplayGameQuery,
  ReplayGameQueryVariables,
  ReplayGameUpdatedSubscription,
  ReplayGameUpdatedSubscriptionVariables,
} from '../generated/graphql';
import { lazyPage } from '../lazy-page';
import type { Me } from '../me';
import { strings as sharedStrings } from '../strings';
import type { ReplayGame } from './game-over';
import { MoveHistory } from './move-history';
import REPLAY from './replay.graphql?raw';
import { strings } from './strings';
import './replay.css';

declare module '../api' {
  interface Operations {
    ReplayGame: [ReplayGameQuery, ReplayGameQueryVariables];
    ReplayGameUpdated: [ReplayGameUpdatedSubscription, ReplayGameUpdatedSubscriptionVariables];
  }
}

const loadGameOver = () => import('./game-over').then((module) => module.GameOver);
const GameOver = lazyPage(loadGameOver);

export function FinishedGame({ id }: { id: string; me: Me }) {
  const [game, setGame] = useState<ReplayGame | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    // Its chunk comes meanwhile, rather than only once the game has come and turns out to be over (a failure
    // shows when GameOver itself asks again).
    loadGameOver().catch(() => undefined);
    request(REPLAY, 'ReplayGame', { id })
      .then((data) => {
        if (!current) return;
        setGame(data.game);
        setMissing(data.game === null);
      })
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => {
      current = false;
    };
  }, [id, reads]);

  if (error !== null) return <ErrorBox error={error} />;
  if (missing) return <p data-testid="not-found">{sharedStrings().nav.notFound}</p>;
  if (game === null) return <p class="muted">{sharedStrings().working}</p>;
  if (!isOver(game.status)) {
    return <NotOverYet game={game} onOver={() => setReads((count) => count + 1)} />;
  }
  return (
    <section class="finished-game" data-testid="finished-game" data-game-id={id} data-status={game.status}>
      <GameOver game={game} />
    </section>
  );
}

/** A game still being played: its log, following the game (gameUpdated) until it is over. */
function NotOverYet({ game, onOver }: { game: ReplayGame; onOver: () => void }) {
  const S = strings();
  const [version, setVersion] = useState(game.version);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(
    () =>
      subscribe(
        REPLAY,
        'ReplayGameUpdated',
        { id: game.id },
        (data) => {
          setVersion(data.gameUpdated.version);
          if (isOver(data.gameUpdated.status)) onOver();
        },
        (failure) => setError(asFailure(failure)),
      ),
    [game.id],
  );
  return (
    <section
      class="finished-game"
      data-testid="finished-game"
      data-game-id={game.id}
      data-status={game.status}
    >
      <p class="muted">{S.notOver}</p>
      {error !== null && <ErrorBox error={error} />}
      <MoveHistory gameId={game.id} version={version} />
    </section>
  );
}
