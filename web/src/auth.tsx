/**
 * Sign in or sign up with a username and a password; a refusal shows the API's message and what its code means.
 * An account with two-factor sign-in answers TWO_FACTOR_REQUIRED to the password alone: the form then asks for the
 * authenticator app's code (or a recovery code) and signs in again with it (docs/api/errors.md#two_factor_required).
 * A new account takes the browser's time zone and the page's language for its pushes at once
 * (docs/correspondence.md "Preferences"), so quiet hours and pushes are right before the player visits settings.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, asFailure, request, storeToken } from './api';
import AUTH from './auth.graphql?raw';
import { ErrorBox } from './error-box';
import type {
  LoginMutation,
  LoginMutationVariables,
  LogoutMutation,
  LogoutMutationVariables,
  MeQuery,
  MeQueryVariables,
  RegisterMutation,
  RegisterMutationVariables,
  SignUpSettingsMutation,
  SignUpSettingsMutationVariables,
} from './generated/graphql';
import { language } from './i18n';
import type { Me } from './me';
import { MESSAGE_LANGUAGE } from './message-language';
import { Link } from './router';
import { strings } from './strings';

declare module './api' {
  interface Operations {
    Register: [RegisterMutation, RegisterMutationVariables];
    Login: [LoginMutation, LoginMutationVariables];
    Logout: [LogoutMutation, LogoutMutationVariables];
    Me: [MeQuery, MeQueryVariables];
    SignUpSettings: [SignUpSettingsMutation, SignUpSettingsMutationVariables];
  }
}

export { AUTH };

export type AuthMode = 'signIn' | 'signUp';

/**
 * Stores the browser's time zone and the page's language as the new account's (`updateNotificationSettings`, with
 * its fresh token). The account exists whatever happens here: a refusal or a lost answer leaves the defaults
 * (UTC, English), which the account page changes.
 */
async function settleNewAccount(token: string): Promise<void> {
  storeToken(token);
  try {
    await request(AUTH, 'SignUpSettings', {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: MESSAGE_LANGUAGE[language()],
    });
  } catch {
    // Sign-up has succeeded; the settings are a courtesy.
  }
}

interface Props {
  mode: AuthMode;
  onDone(token: string, player: Me): void;
  onSwitch(mode: AuthMode): void;
}

/**
 * The second step of signing in: the code, sent with the username and password the first step took (they stay in
 * the form's state only). A wrong code is UNAUTHENTICATED, said as a wrong code; the step stays for another try.
 */
function CodeStep({
  username,
  password,
  onDone,
  onStartOver,
}: {
  username: string;
  password: string;
  onDone: Props['onDone'];
  onStartOver(): void;
}) {
  const S = strings();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const auth = (await request(AUTH, 'Login', { username, password, code: code.trim() })).login;
      onDone(auth.token, auth.player);
    } catch (failure) {
      setError(asFailure(failure));
      setCode('');
      setBusy(false);
    }
  };

  return (
    <section class="card auth" data-testid="two-factor-step">
      <h1>{S.twoFactor.heading}</h1>
      <p class="muted">{S.twoFactor.about}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          {S.twoFactor.code}
          <input
            name="code"
            autocomplete="one-time-code"
            required
            autoFocus
            value={code}
            onInput={(event) => setCode(event.currentTarget.value)}
          />
        </label>
        {error !== null && (
          <ErrorBox
            error={error}
            text={error.code === 'UNAUTHENTICATED' ? S.twoFactor.wrongCode : undefined}
          />
        )}
        <button type="submit" disabled={busy}>
          {busy ? S.working : S.twoFactor.submit}
        </button>
      </form>
      <p class="switch">
        <button type="button" class="link" onClick={onStartOver}>
          {S.twoFactor.startOver}
        </button>
      </p>
    </section>
  );
}

/**
 * A username and a password, as sign-in, sign-up and keeping a guest's account ask for them; a password being
 * `chosen` (not typed to sign in) says the rule for a good one.
 */
export function CredentialFields({
  username,
  password,
  chosen,
  onUsername,
  onPassword,
}: {
  username: string;
  password: string;
  chosen: boolean;
  onUsername(value: string): void;
  onPassword(value: string): void;
}) {
  const S = strings();
  return (
    <>
      <label>
        {S.username}
        <input
          name="username"
          autocomplete="username"
          required
          value={username}
          onInput={(event) => onUsername(event.currentTarget.value)}
        />
      </label>
      <label>
        {S.password}
        <input
          name="password"
          type="password"
          autocomplete={chosen ? 'new-password' : 'current-password'}
          required
          value={password}
          onInput={(event) => onPassword(event.currentTarget.value)}
        />
      </label>
      {chosen && <p class="hint">{S.passwordHint}</p>}
    </>
  );
}

export function AuthForm({ mode, onDone, onSwitch }: Props) {
  const S = strings();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  /** The password was right and the account asks for a code (TWO_FACTOR_REQUIRED). */
  const [needsCode, setNeedsCode] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const auth =
        mode === 'signUp'
          ? (await request(AUTH, 'Register', { username, password })).register
          : (await request(AUTH, 'Login', { username, password })).login;
      if (mode === 'signUp') await settleNewAccount(auth.token);
      onDone(auth.token, auth.player);
    } catch (failure) {
      const refusal = asFailure(failure);
      if (mode === 'signIn' && refusal.code === 'TWO_FACTOR_REQUIRED') setNeedsCode(true);
      else setError(refusal);
      setBusy(false);
    }
  };

  if (needsCode)
    return (
      <CodeStep
        username={username}
        password={password}
        onDone={onDone}
        onStartOver={() => {
          setNeedsCode(false);
          setPassword('');
        }}
      />
    );

  const other: AuthMode = mode === 'signUp' ? 'signIn' : 'signUp';
  return (
    <section class="card auth">
      <h1>{mode === 'signUp' ? S.signUp : S.signIn}</h1>
      <p class="muted">{S.tagline}</p>
      <form onSubmit={(event) => void submit(event)}>
        <CredentialFields
          username={username}
          password={password}
          chosen={mode === 'signUp'}
          onUsername={setUsername}
          onPassword={setPassword}
        />
        {mode === 'signIn' && (
          <p class="hint">
            <Link to={{ page: 'forgotPassword' }} testId="forgot-password-link">
              {S.forgotPassword}
            </Link>
          </p>
        )}
        {error !== null && <ErrorBox error={error} />}
        <button type="submit" disabled={busy}>
          {busy ? S.working : mode === 'signUp' ? S.signUp : S.signIn}
        </button>
      </form>
      <p class="switch">
        {mode === 'signUp' ? S.haveAccount : S.needAccount}{' '}
        <a
          href={other === 'signUp' ? '/signup' : '/signin'}
          onClick={(event) => {
            event.preventDefault();
            onSwitch(other);
          }}
        >
          {other === 'signUp' ? S.signUp : S.signIn}
        </a>
      </p>
    </section>
  );
}
