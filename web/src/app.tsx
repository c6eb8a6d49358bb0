/**
 * The page: signed out it offers sign-in and sign-up; signed in, the home page of my games. The path is the
 * client's own (the server answers index.html for it): /signup, /signin, and / for home.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, closeSocket, request, storeToken, storedToken } from './api';
import { AuthForm, AuthMode } from './auth';
import { Home } from './home';
import { STRINGS } from './strings';

interface Me {
  id: string;
  username: string;
}

function navigate(path: string): void {
  if (location.pathname !== path) history.pushState(null, '', path);
}

export function App() {
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(storedToken() !== null);
  const [path, setPath] = useState(location.pathname);

  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (storedToken() === null) return;
    request('Me', {})
      .then((data) => setMe(data.me))
      .catch((error: unknown) => {
        // An ended session: forget it. Anything else (the server away) keeps the token for the next load.
        if (error instanceof ApiFailure && error.code === 'UNAUTHENTICATED') storeToken(null);
      })
      .finally(() => setChecking(false));
  }, []);

  const go = (to: string) => {
    navigate(to);
    setPath(to);
  };
  const signedIn = (token: string, player: Me) => {
    storeToken(token);
    setMe(player);
    go('/');
  };
  const signOut = async () => {
    try {
      await request('Logout', {});
    } catch {
      // The session is forgotten here whatever the server says.
    }
    closeSocket();
    storeToken(null);
    setMe(null);
    go('/signin');
  };

  if (checking) return <main class="page">{STRINGS.working}</main>;
  const mode: AuthMode = path === '/signup' ? 'signUp' : 'signIn';
  return (
    <>
      <header class="bar">
        <a
          class="brand"
          href="/"
          onClick={(event) => {
            event.preventDefault();
            go('/');
          }}
        >
          {STRINGS.appName}
        </a>
        {me !== null && (
          <span class="who">
            <span data-testid="signed-in-as">{STRINGS.signedInAs(me.username)}</span>
            <button type="button" class="link" onClick={() => void signOut()}>
              {STRINGS.signOut}
            </button>
          </span>
        )}
      </header>
      <main class="page">
        {me === null ? (
          <AuthForm
            key={mode}
            mode={mode}
            onDone={signedIn}
            onSwitch={(to) => go(to === 'signUp' ? '/signup' : '/signin')}
          />
        ) : (
          <Home me={me} />
        )}
      </main>
    </>
  );
}
