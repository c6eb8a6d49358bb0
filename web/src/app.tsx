/**
 * The page: the bar (pages, the notification centre's bell, language, four-colour suits, notifications, who is
 * signed in; on a phone all but the bell in a menu), the page of the current route (web/src/router.tsx; the pages
 * opened now and then are chunks of their own, lazy-page.tsx) and a footer linking the privacy page. Signed
 * out, `/` is the landing page (a guest's game in one click: web/src/guest/), the public pages (rules, the
 * tutorial, leaderboard, players, tournaments, privacy, and a forgotten password's two pages) stay open, and every other route
 * offers sign-in or sign-up. A game's page and an app's consent page (/oauth/authorize) signed out ask for it where
 * they are, so the address stays theirs. While the account is a guest's, a bar over every page offers to keep it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, closeSocket, request, storeToken, storedToken } from './api';
import { askForNotifications, followAttention, notificationsOn, stopNotifications } from './attention';
import { AUTH, AuthForm, type AuthMode } from './auth';
import { NotificationBell } from './centre/notification-bell';
import { Home } from './home';
import { GuestBar } from './guest/keep-account';
import { Landing } from './guest/landing';
import { strings as guestStrings } from './guest/strings';
import { LANGUAGES, LANGUAGE_NAMES, Language, onLanguageChange, setLanguage } from './i18n';
import type { Me } from './me';
import { NewGamePage } from './new-game/new-game-page';
import { PrivacyPage } from './privacy/privacy-page';
import { setFourColour, useFourColour } from './prefs';
import { Link, Route, navigate, useRoute } from './router';
import { RulesPage } from './rules/rules-page';
import { lazyPage } from './lazy-page';
import { strings } from './strings';
import { GamePage } from './table/game-page';
import { useLanguage } from './use-language';

const TutorialPage = lazyPage(() => import('./tutorial/tutorial-page').then((module) => module.TutorialPage));
// The pages one opens now and then are chunks of their own, fetched when first shown: the first load stays small
// (docs/web.md, "Budget").
const AccountPage = lazyPage(() => import('./account/account-page').then((module) => module.AccountPage));
const LeaderboardPage = lazyPage(() =>
  import('./players/leaderboard-page').then((module) => module.LeaderboardPage),
);
const PlayerPage = lazyPage(() => import('./players/player-page').then((module) => module.PlayerPage));
const FriendsPage = lazyPage(() => import('./friends/friends-page').then((module) => module.FriendsPage));
const TournamentsPage = lazyPage(() =>
  import('./tournaments/tournaments-page').then((module) => module.TournamentsPage),
);
const TournamentPage = lazyPage(() =>
  import('./tournaments/tournament-page').then((module) => module.TournamentPage),
);
const NewTournamentPage = lazyPage(() =>
  import('./tournaments/new-tournament-page').then((module) => module.NewTournamentPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('./recovery/forgot-password-page').then((module) => module.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./recovery/reset-password-page').then((module) => module.ResetPasswordPage),
);
const ConsentPage = lazyPage(() => import('./oauth/consent-page').then((module) => module.ConsentPage));

function Settings({ signedIn }: { signedIn: boolean }) {
  const S = strings();
  const language = useLanguage();
  const four = useFourColour();
  const [notify, setNotify] = useState(notificationsOn);
  return (
    <span class="settings">
      <label>
        <span class="visually-hidden">{S.nav.language}</span>
        <select
          data-testid="language"
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value as Language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      {/* The rarer choices fold away, so the bar stays short on a phone. */}
      <details class="settings-menu" data-testid="settings-menu">
        <summary>{S.nav.settings}</summary>
        <div class="settings-choices">
          <label class="check">
            <input
              type="checkbox"
              data-testid="four-colour"
              checked={four}
              onChange={(event) => setFourColour(event.currentTarget.checked)}
            />
            {S.nav.fourColour}
          </label>
          {signedIn && typeof Notification !== 'undefined' && (
            <label class="check">
              <input
                type="checkbox"
                data-testid="notify"
                checked={notify}
                onChange={(event) => {
                  if (event.currentTarget.checked) void askForNotifications().then(setNotify);
                  else {
                    stopNotifications();
                    setNotify(false);
                  }
                }}
              />
              {S.notifyTurns}
            </label>
          )}
        </div>
      </details>
    </span>
  );
}

/** Three bars: the menu's icon (its name is the button's visible text beside it). */
function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 5h18v2H3zm0 6h18v2H3zm0 6h18v2H3z" />
    </svg>
  );
}

/**
 * The bar. On a phone (≤ 600 px, style.css) the pages, who is signed in, Sign out and the settings fold into a
 * menu behind one button, so the bar stays one short row: the brand, the bell (it tells of new events, so it stays
 * in sight) and the button. Wider, the menu's box is no box at all (`display: contents`): everything sits in the
 * bar as it always did. Escape closes the innermost thing open (the Display choices, then the menu), and so does
 * following a link.
 */
function Bar({ me, route, onSignOut }: { me: Me | null; route: Route; onSignOut: () => void }) {
  const S = strings();
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A new route is a followed link (or the browser's back): the page the menu was opened over is gone.
  useEffect(() => {
    setOpen(false);
    bar.current?.querySelector('details[open]')?.removeAttribute('open');
  }, [route]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus inside what closes would be lost with it: it goes to what opened it.
      const focusIn = (element: Element | null | undefined) =>
        element?.contains(document.activeElement) === true;
      const details = bar.current?.querySelector('details[open]');
      if (details instanceof HTMLDetailsElement) {
        const refocus = focusIn(details);
        details.open = false;
        if (refocus) details.querySelector('summary')?.focus();
      } else if (open) {
        const refocus = focusIn(menu.current);
        setOpen(false);
        if (refocus) button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <header class="bar" ref={bar}>
      <Link to={{ page: 'home' }} class="brand">
        {S.appName}
      </Link>
      {me !== null && <NotificationBell />}
      <button
        type="button"
        class="menu-button"
        data-testid="menu-button"
        aria-expanded={open}
        aria-controls="bar-menu"
        ref={button}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon />
        {S.nav.menu}
      </button>
      <div id="bar-menu" class={open ? 'bar-menu open' : 'bar-menu'} data-testid="bar-menu" ref={menu}>
        <nav class="nav">
          {me !== null && (
            <>
              <Link to={{ page: 'home' }}>{S.nav.home}</Link>
              <Link to={{ page: 'newGame' }} testId="nav-new-game">
                {S.nav.newGame}
              </Link>
              <Link to={{ page: 'friends' }} testId="nav-friends">
                {S.nav.friends}
              </Link>
            </>
          )}
          <Link to={{ page: 'tournaments', finished: false }} testId="nav-tournaments">
            {S.nav.tournaments}
          </Link>
          <Link to={{ page: 'leaderboard', preset: 'CLASSIC' }}>{S.nav.leaderboard}</Link>
          <Link to={{ page: 'rules', preset: 'CLASSIC' }}>{S.nav.rules}</Link>
          {me !== null && <Link to={{ page: 'account' }}>{S.nav.account}</Link>}
        </nav>
        {me !== null && (
          <span class="who">
            <span data-testid="signed-in-as">{S.signedInAs(me.username)}</span>
            <button type="button" class="link" onClick={onSignOut}>
              {S.signOut}
            </button>
          </span>
        )}
        <Settings signedIn={me !== null} />
      </div>
    </header>
  );
}

function Page({
  route,
  me,
  signedOut,
  sessionsEnded,
  signInHere,
}: {
  route: Route;
  me: Me | null;
  signedOut: () => void;
  /** The account's sessions ended elsewhere (a password reset): forget this page's, and stay on the page. */
  sessionsEnded: () => void;
  /** Sign-in and sign-up switching in place, for a page that asks for them signed out and keeps its address. */
  signInHere: ComponentChildren;
}) {
  const S = strings();
  switch (route.page) {
    case 'privacy':
      return <PrivacyPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <ResetPasswordPage onSessionsEnded={sessionsEnded} />;
    case 'rules':
      return <RulesPage preset={route.preset} />;
    case 'learn':
      return <TutorialPage key={route.preset} preset={route.preset} />;
    case 'leaderboard':
      return <LeaderboardPage preset={route.preset} />;
    case 'player':
      return <PlayerPage username={route.username} me={me} />;
    case 'tournaments':
      return <TournamentsPage finished={route.finished} me={me} />;
    case 'tournament':
      return <TournamentPage key={route.id} id={route.id} me={me} />;
    case 'oauthAuthorize':
      return <ConsentPage me={me} signIn={signInHere} />;
    case 'notFound':
      return <p data-testid="not-found">{S.nav.notFound}</p>;
    case 'home':
    case 'signIn':
    case 'signUp':
    case 'newGame':
    case 'game':
    case 'account':
    case 'friends':
    case 'newTournament':
      break;
    default: {
      const never: never = route;
      return never;
    }
  }
  if (me === null) return null;
  switch (route.page) {
    case 'home':
    case 'signIn':
    case 'signUp':
      return <Home me={me} />;
    case 'newGame':
      // Keyed by the query: a Challenge link followed from another page fills the form again.
      return <NewGamePage key={location.search} me={me} />;
    case 'game':
      return <GamePage key={route.id} id={route.id} me={me} />;
    case 'account':
      return <AccountPage me={me} onSignedOut={signedOut} />;
    case 'friends':
      return <FriendsPage />;
    case 'newTournament':
      return <NewTournamentPage me={me} />;
  }
}

const PUBLIC_PAGES: readonly Route['page'][] = [
  'rules',
  'learn',
  'leaderboard',
  'player',
  'tournaments',
  'tournament',
  'privacy',
  'forgotPassword',
  'resetPassword',
  'oauthAuthorize',
  'notFound',
];

export function App() {
  const S = strings();
  const language = useLanguage();
  const route = useRoute();
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(storedToken() !== null);
  // On a game's page signed out, sign-in and sign-up switch in place: the path stays the game's, so the game is
  // what shows once signed in (docs/web.md, "The waiting room"). The consent page does the same with its query.
  const [inPlaceAuthMode, setInPlaceAuthMode] = useState<AuthMode>('signIn');

  useEffect(() => {
    if (storedToken() === null) return;
    request(AUTH, 'Me', {})
      .then((data) => setMe(data.me))
      .catch((error: unknown) => {
        // An ended session: forget it. Anything else (the server away) keeps the token for the next load.
        if (error instanceof ApiFailure && error.code === 'UNAUTHENTICATED') storeToken(null);
      })
      .finally(() => setChecking(false));
  }, []);

  useEffect(() => (me === null ? undefined : followAttention()), [me]);
  useEffect(() => {
    document.documentElement.lang = language;
    // Switched with the texts, before any part renders them: a page in one language is never marked as another.
    return onLanguageChange((next) => {
      document.documentElement.lang = next;
    });
  }, []);

  const signedIn = (token: string, player: Me) => {
    storeToken(token);
    setMe(player);
    if (route.page === 'signIn' || route.page === 'signUp') navigate('/');
  };
  const endSession = () => {
    closeSocket();
    storeToken(null);
    setMe(null);
  };
  const forget = () => {
    endSession();
    navigate('/signin');
  };
  const signOut = async () => {
    // A guest has no password: signed out, the account cannot be reached again
    // (docs/api/players-and-accounts.md#startguest).
    if (me?.isGuest === true && !confirm(guestStrings().signOutWarning)) return;
    try {
      await request(AUTH, 'Logout', {});
    } catch {
      // The session is forgotten here whatever the server says.
    }
    forget();
  };

  if (checking) return <main class="page">{S.working}</main>;
  const signInHere = (
    <AuthForm key={inPlaceAuthMode} mode={inPlaceAuthMode} onDone={signedIn} onSwitch={setInPlaceAuthMode} />
  );
  const needsSignIn = me === null && !PUBLIC_PAGES.includes(route.page);
  return (
    <>
      <Bar me={me} route={route} onSignOut={() => void signOut()} />
      <main class="page">
        {me?.isGuest === true && <GuestBar me={me} onKept={setMe} />}
        {me === null && route.page === 'home' ? (
          <Landing onGuest={setMe} />
        ) : needsSignIn && route.page === 'game' ? (
          <>
            <p class="card" data-testid="sign-in-to-join">
              {S.signInForGame}
            </p>
            {signInHere}
          </>
        ) : needsSignIn ? (
          <AuthForm
            key={route.page}
            mode={route.page === 'signUp' ? 'signUp' : 'signIn'}
            onDone={signedIn}
            onSwitch={(to) => navigate(to === 'signUp' ? '/signup' : '/signin')}
          />
        ) : (
          <Page route={route} me={me} signedOut={forget} sessionsEnded={endSession} signInHere={signInHere} />
        )}
      </main>
      <footer class="footer">
        <Link to={{ page: 'privacy' }} testId="footer-privacy" current={route.page === 'privacy'}>
          {S.privacy}
        </Link>
      </footer>
    </>
  );
}
