/** Sign in or sign up with a username and a password; a refusal shows the API's message and what its code means. */
import { useState } from 'preact/hooks';
import { ApiFailure, request } from './api';
import { STRINGS } from './strings';

export type AuthMode = 'signIn' | 'signUp';

interface Props {
  mode: AuthMode;
  onDone(token: string, player: { id: string; username: string }): void;
  onSwitch(mode: AuthMode): void;
}

export function ErrorBox({ error }: { error: ApiFailure }) {
  const explained = (error.code !== null && STRINGS.errorByCode[error.code]) || STRINGS.errorFallback;
  return (
    <div class="error" role="alert" data-code={error.code ?? ''}>
      <p>{error.message}</p>
      <p class="hint">{explained}</p>
    </div>
  );
}

export function AuthForm({ mode, onDone, onSwitch }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const auth =
        mode === 'signUp'
          ? (await request('Register', { username, password })).register
          : (await request('Login', { username, password })).login;
      onDone(auth.token, auth.player);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure : new ApiFailure(String(failure), null));
      setBusy(false);
    }
  };

  const other: AuthMode = mode === 'signUp' ? 'signIn' : 'signUp';
  return (
    <section class="card auth">
      <h1>{mode === 'signUp' ? STRINGS.signUp : STRINGS.signIn}</h1>
      <p class="muted">{STRINGS.tagline}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          {STRINGS.username}
          <input
            name="username"
            autocomplete="username"
            required
            value={username}
            onInput={(event) => setUsername(event.currentTarget.value)}
          />
        </label>
        <label>
          {STRINGS.password}
          <input
            name="password"
            type="password"
            autocomplete={mode === 'signUp' ? 'new-password' : 'current-password'}
            required
            value={password}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
        </label>
        {mode === 'signUp' && <p class="hint">{STRINGS.passwordHint}</p>}
        {error !== null && <ErrorBox error={error} />}
        <button type="submit" disabled={busy}>
          {busy ? STRINGS.working : mode === 'signUp' ? STRINGS.signUp : STRINGS.signIn}
        </button>
      </form>
      <p class="switch">
        {mode === 'signUp' ? STRINGS.haveAccount : STRINGS.needAccount}{' '}
        <a
          href={other === 'signUp' ? '/signup' : '/signin'}
          onClick={(event) => {
            event.preventDefault();
            onSwitch(other);
          }}
        >
          {other === 'signUp' ? STRINGS.signUp : STRINGS.signIn}
        </a>
      </p>
    </section>
  );
}
