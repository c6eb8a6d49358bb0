/**
 * The "Play the computer" button of the landing and home pages: one click to a table. Signed out, it makes the
 * visitor a guest first (./play-computer.ts) and tells the page who is now signed in (`onGuest`).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure } from '../api';
import { ErrorBox } from '../error-box';
import type { Me } from '../me';
import { navigate } from '../router';
import { startComputerGame, startGuest } from './play-computer';
import { strings } from './strings';

/** `/?play=computer` (the tutorial's last lesson links it) starts the game as if the button were clicked. */
function askedToPlay(): boolean {
  return new URLSearchParams(location.search).get('play') === 'computer';
}

export function PlayComputerButton({ me, onGuest }: { me: Me | null; onGuest?: (guest: Me) => void }) {
  const S = strings();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  const play = async () => {
    setBusy(true);
    setError(null);
    try {
      const guest = me === null ? await startGuest() : null;
      const id = await startComputerGame();
      if (guest !== null) onGuest?.(guest);
      navigate({ page: 'game', id });
    } catch (failure) {
      setError(asFailure(failure));
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!askedToPlay()) return;
    history.replaceState(null, '', location.pathname);
    void play();
  }, []);

  return (
    <div class="play-computer">
      <button
        type="button"
        class="primary big"
        data-testid="play-computer"
        disabled={busy}
        onClick={() => void play()}
      >
        {busy ? S.starting : S.playComputer}
      </button>
      {error !== null && <ErrorBox error={error} />}
    </div>
  );
}
