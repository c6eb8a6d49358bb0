/**
 * The page a password reset mail links to (`/reset-password?t=…`; the server makes the link,
 * src/mail/mail-links.ts): a new password, sent with the link's `t` (`resetPassword`). A link that expired, was
 * used or was replaced (`BAD_USER_INPUT`, `field: "token"`) says so and offers a new one; a password the policy
 * refuses (`field: "newPassword"`) shows the server's reason. Done, every session of the account has ended — this
 * page's own too, if it was signed in (`onSessionsEnded`) — and the page sends the reader to sign in.
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import { useAction } from '../account/hooks';
import { Link } from '../router';
import { strings as shared } from '../strings';
import { RECOVERY } from './operations';
import { strings } from './strings';

/** The link's token, as the mail gave it. */
function tokenInUrl(): string {
  return new URLSearchParams(location.search).get('t')?.trim() ?? '';
}

export function ResetPasswordPage({ onSessionsEnded }: { onSessionsEnded: () => void }) {
  const R = strings();
  const common = shared();
  const action = useAction();
  const [token] = useState(tokenInUrl);
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const answer = await action.run(() =>
      request(RECOVERY, 'RecoveryResetPassword', { token, newPassword: password }),
    );
    if (answer === undefined) return;
    setPassword('');
    setDone(true);
    // The link is spent: it stays out of the browser's history from here on.
    history.replaceState(null, '', '/reset-password');
    onSessionsEnded();
  };

  const badLink = action.error?.extensions['field'] === 'token';
  return (
    <section class="card auth" data-testid="reset-password" data-state={done ? 'done' : 'form'}>
      <h1>{R.resetHeading}</h1>
      {done ? (
        <>
          <p class="done" role="status" data-testid="password-reset">
            {R.done}
          </p>
          <p>
            <Link to={{ page: 'signIn' }} testId="reset-sign-in">
              {R.signIn}
            </Link>
          </p>
        </>
      ) : token === '' ? (
        <p class="error" role="alert" data-testid="reset-no-token">
          {R.noToken}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <p class="hint">{R.resetAbout}</p>
          <label>
            {R.newPassword}
            <input
              name="new-password"
              type="password"
              autocomplete="new-password"
              required
              aria-describedby="reset-password-hint"
              value={password}
              onInput={(event) => setPassword(event.currentTarget.value)}
            />
          </label>
          <p class="hint" id="reset-password-hint">
            {common.passwordHint}
          </p>
          {action.error !== null && <ErrorBox error={action.error} text={badLink ? R.badLink : undefined} />}
          <button type="submit" disabled={action.busy}>
            {action.busy ? common.working : R.submit}
          </button>
        </form>
      )}
      {!done && (token === '' || badLink) && (
        <p class="switch">
          <Link to={{ page: 'forgotPassword' }} testId="reset-ask-again">
            {R.askAgain}
          </Link>
        </p>
      )}
    </section>
  );
}
