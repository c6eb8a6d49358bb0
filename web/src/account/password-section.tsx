/**
 * Change the password (changePassword): the current one and a new one. The API ends every other session and
 * keeps this one; API tokens stay unless asked to go too (docs/api/players-and-accounts.md#changepassword).
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import { strings as shared } from '../strings';
import { useAction } from './hooks';
import { ACCOUNT } from './operations';
import { strings } from './strings';

export function PasswordSection({
  username,
  onChanged,
}: {
  username: string;
  onChanged: (tokensRevoked: boolean) => void;
}) {
  const S = strings();
  const common = shared();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [revokeApiTokens, setRevokeApiTokens] = useState(false);
  const [done, setDone] = useState<{ tokensRevoked: boolean } | null>(null);
  const action = useAction();

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setDone(null);
    const changed = await action.run(() =>
      request(ACCOUNT, 'AccountChangePassword', { current, next, revokeApiTokens }),
    );
    if (changed === undefined) return;
    setCurrent('');
    setNext('');
    setDone({ tokensRevoked: revokeApiTokens });
    onChanged(revokeApiTokens);
  };

  return (
    <section class="card account-section" data-testid="account-password" aria-labelledby="account-password-h">
      <h2 id="account-password-h">{S.password.heading}</h2>
      <p class="hint">{S.password.about}</p>
      <form onSubmit={(event) => void submit(event)}>
        {/* For password managers: which account this form changes. */}
        <input type="hidden" name="username" autocomplete="username" value={username} />
        <label>
          {S.password.current}
          <input
            name="current-password"
            type="password"
            autocomplete="current-password"
            required
            value={current}
            onInput={(event) => setCurrent(event.currentTarget.value)}
          />
        </label>
        <label>
          {S.password.next}
          <input
            name="new-password"
            type="password"
            autocomplete="new-password"
            required
            aria-describedby="account-password-hint"
            value={next}
            onInput={(event) => setNext(event.currentTarget.value)}
          />
        </label>
        <p class="hint" id="account-password-hint">
          {common.passwordHint}
        </p>
        <label class="check">
          <input
            type="checkbox"
            checked={revokeApiTokens}
            onChange={(event) => setRevokeApiTokens(event.currentTarget.checked)}
          />
          {S.password.revokeTokens}
        </label>
        {action.error !== null && <ErrorBox error={action.error} />}
        {done !== null && (
          <p class="done" role="status" data-testid="password-changed">
            {S.password.changed} {done.tokensRevoked ? S.password.tokensRevoked : S.password.tokensKept}
          </p>
        )}
        <button type="submit" disabled={action.busy}>
          {action.busy ? common.working : S.password.submit}
        </button>
      </form>
    </section>
  );
}
