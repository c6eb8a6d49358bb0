/**
 * The bar over every page while the account is a guest's (docs/api/players-and-accounts.md#startguest): who
 * one plays as, and "Keep this account" — a name and a password (keepGuestAccount), the same account with its
 * games from then on. Another part of the page may open its form (`openKeepForm`): the consent page asks a guest
 * to keep the account before approving an app.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { CredentialFields } from '../auth';
import { ErrorBox } from '../error-box';
import type { Me } from '../me';
import { strings as shared } from '../strings';
import { GUEST } from './play-computer';
import { strings } from './strings';

const openers = new Set<() => void>();

/** Opens the bar's form and takes the focus to it, from elsewhere on the page. */
export function openKeepForm(): void {
  for (const open of openers) open();
}

export function GuestBar({ me, onKept }: { me: Me; onKept: (player: Me) => void }) {
  const S = strings();
  const common = shared();
  const [open, setOpen] = useState(false);
  /** Opened by `openKeepForm`: the form takes the focus once it shows. */
  const [called, setCalled] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const opener = () => {
      setOpen(true);
      setCalled((count) => count + 1);
    };
    openers.add(opener);
    return () => void openers.delete(opener);
  }, []);
  useEffect(() => {
    if (called > 0) form.current?.querySelector('input')?.focus();
  }, [called]);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { keepGuestAccount: player } = await request(GUEST, 'KeepGuestAccount', { username, password });
      onKept(player);
    } catch (failure) {
      setError(asFailure(failure));
      setBusy(false);
    }
  };

  return (
    <aside class="guest-bar" data-testid="guest-bar" aria-label={S.keepHeading}>
      {/* On a phone the short form, so the table's first screen keeps the hand and the pay-off pile. */}
      <span class="guest-long">{S.guestNote(me.username)}</span>
      <span class="guest-short">{S.guestShort(me.username)}</span>{' '}
      {!open && (
        <button type="button" class="link" data-testid="keep-account" onClick={() => setOpen(true)}>
          {S.keep}
        </button>
      )}
      {open && (
        <form class="keep-form" data-testid="keep-form" ref={form} onSubmit={(event) => void submit(event)}>
          <p class="muted">{S.keepAbout}</p>
          <CredentialFields
            username={username}
            password={password}
            chosen
            onUsername={setUsername}
            onPassword={setPassword}
          />
          {error !== null && <ErrorBox error={error} />}
          <button type="submit" disabled={busy}>
            {busy ? common.working : S.keepSubmit}
          </button>{' '}
          <button type="button" class="secondary" onClick={() => setOpen(false)}>
            {S.keepCancel}
          </button>
        </form>
      )}
    </aside>
  );
}
