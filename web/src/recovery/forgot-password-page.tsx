/**
 * Forgot the password (`/forgot-password`, from the sign-in form): the username, then `requestPasswordReset`. The
 * API answers alike whether or not the account exists or has a verified address, so the page says the same either
 * way: if it has one, a link is on its way (to /reset-password, reset-password-page.tsx).
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import { useAction } from '../account/hooks';
import { Link } from '../router';
import { strings as shared } from '../strings';
import { RECOVERY } from './operations';
import { strings } from './strings';

export function ForgotPasswordPage() {
  const R = strings();
  const common = shared();
  const action = useAction();
  const [username, setUsername] = useState('');
  const [sent, setSent] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setSent(false);
    const answer = await action.run(() =>
      request(RECOVERY, 'RecoveryRequestReset', { username: username.trim() }),
    );
    if (answer !== undefined) setSent(true);
  };

  return (
    <section class="card auth" data-testid="forgot-password">
      <h1>{R.forgotHeading}</h1>
      <p class="hint">{R.forgotAbout}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          {common.username}
          <input
            name="username"
            autocomplete="username"
            required
            value={username}
            onInput={(event) => setUsername(event.currentTarget.value)}
          />
        </label>
        {action.error !== null && <ErrorBox error={action.error} />}
        {sent && (
          <p class="done" role="status" data-testid="reset-requested">
            {R.sent}
          </p>
        )}
        <button type="submit" disabled={action.busy}>
          {action.busy ? common.working : R.send}
        </button>
      </form>
      <p class="hint">{R.noAddress}</p>
      <p class="switch">
        <Link to={{ page: 'signIn' }}>{R.backToSignIn}</Link>
      </p>
    </section>
  );
}
