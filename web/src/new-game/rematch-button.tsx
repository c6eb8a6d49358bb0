/**
 * Rematch, on the page of a game that is over: the same game again (rematch), with the page's own seed after the
 * new game's commitment (start-game.ts), then the new game's page — its waiting room while the opponent has not
 * accepted, the table once it is dealt.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, asFailure } from '../api';
import { ErrorBox } from '../error-box';
import { navigate } from '../router';
import { startRematch } from './start-game';
import { strings } from './strings';

export function RematchButton({ gameId, againstBot }: { gameId: string; againstBot: boolean }) {
  const S = strings();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const rematch = (): void => {
    setBusy(true);
    setFailure(null);
    startRematch(gameId, againstBot)
      .then((started) => navigate({ page: 'game', id: started.game.id }))
      .catch((error: unknown) => {
        setFailure(asFailure(error));
        setBusy(false);
      });
  };
  return (
    <p class="rematch">
      <button type="button" data-testid="rematch" disabled={busy} onClick={rematch} title={S.rematchHint}>
        {S.rematch}
      </button>{' '}
      <span class="muted">{S.rematchHint}</span>
      {failure !== null && <ErrorBox error={failure} />}
    </p>
  );
}
