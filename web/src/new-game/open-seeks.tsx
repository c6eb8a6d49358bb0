/**
 * The open seeks others made (`seeks`), each with its commitment, the ratings it accepts when it has a range
 * (docs/social.md "Seeks by rating") and a Join button: joining sends this page's own client seed with `joinGame`,
 * after the commitment it shows (docs/fairness.md).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { NewGameSeekRowFragment } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { strings as shared } from '../strings';
import { newClientSeed, sendKeepingDeal } from '../client-seed';
import type { Started } from './start-game';
import NEW_GAME from './new-game.graphql?raw';
import { strings } from './strings';

export function OpenSeeks({ onJoined }: { onJoined: (started: Started) => void }) {
  const S = strings();
  const common = shared();
  const [seeks, setSeeks] = useState<readonly NewGameSeekRowFragment[] | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = () =>
    request(NEW_GAME, 'NewGameSeeks', {})
      .then((data) => {
        setSeeks(data.seeks.edges.map((edge) => edge.node));
        setError(null);
      })
      .catch((failure: unknown) => setError(asFailure(failure)));
  useEffect(() => void load(), []);

  const join = async (seek: NewGameSeekRowFragment) => {
    setBusy(seek.id);
    setError(null);
    try {
      const clientSeed = newClientSeed();
      // The commitment is the one this list showed before the seed was sent.
      const data = await sendKeepingDeal(seek.id, seek.game.seedCommitment, clientSeed, () =>
        request(NEW_GAME, 'NewGameJoinSeek', { gameId: seek.id, clientSeed }),
      );
      onJoined({ game: data.joinGame, clientSeed, seedNote: 'after' });
    } catch (failure) {
      setError(asFailure(failure));
      void load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section class="card open-seeks" aria-labelledby="open-seeks-title">
      <div class="open-seeks-head">
        <h2 id="open-seeks-title">{S.seeksTitle}</h2>
        <button type="button" class="link" onClick={() => void load()}>
          {S.refresh}
        </button>
      </div>
      {error !== null && <ErrorBox error={error} />}
      {seeks !== null && seeks.length === 0 && <p class="muted">{S.noSeeks}</p>}
      <ul data-testid="open-seeks">
        {(seeks ?? []).map((seek) => (
          <li key={seek.id} class="seek" data-seek-id={seek.id}>
            <span>
              <strong>{common.preset[seek.preset]}</strong> {S.seekBy(seek.seeker.username)}
              <span class="muted">
                {' · '}
                {seek.rated ? common.rated : common.casual} ·{' '}
                {common.perMove(
                  seek.timeControl?.daysPerMove ?? null,
                  seek.timeControl?.hoursPerMove ?? null,
                )}{' '}
                · {formatDateTime(seek.createdAt)}
                {seek.ratingRange !== null && (
                  <>
                    {' · '}
                    <span data-testid="seek-range">
                      {S.seekRange(seek.ratingRange.min, seek.ratingRange.max)}
                    </span>
                  </>
                )}
              </span>
              <code class="commitment" title={S.commitment}>
                {seek.game.seedCommitment}
              </code>
            </span>
            <button
              type="button"
              data-testid="join-seek"
              disabled={busy !== null}
              onClick={() => void join(seek)}
            >
              {S.join}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
