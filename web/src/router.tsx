/**
 * The client's own paths (the server answers index.html for each): one `Route` per page, parsed from
 * `location.pathname`, and `navigate`/`Link` to move between them without a reload.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Preset } from './generated/graphql';

export const PRESETS = ['CLASSIC', 'MODERN', 'ZLOBA'] as const satisfies readonly Preset[];

export type Route =
  | { page: 'home' }
  | { page: 'signIn' }
  | { page: 'signUp' }
  /** Forgot the password: ask for a reset link by mail (web/src/recovery/). */
  | { page: 'forgotPassword' }
  /** The page a reset mail links to (the server names it: src/mail/mail-links.ts), its token in `?t=`. */
  | { page: 'resetPassword' }
  | { page: 'privacy' }
  | { page: 'newGame' }
  | { page: 'game'; id: string }
  | { page: 'account' }
  | { page: 'player'; username: string }
  /** My friends, whom I follow, who follow me, whom I block (web/src/friends/): signed in only. */
  | { page: 'friends' }
  /** Correspondence tournaments (web/src/tournaments/): the open and running ones, or the finished ones. */
  | { page: 'tournaments'; finished: boolean }
  /** A new tournament's form: signed in only. */
  | { page: 'newTournament' }
  | { page: 'tournament'; id: string }
  | { page: 'leaderboard'; preset: Preset }
  | { page: 'rules'; preset: Preset }
  /** The interactive tutorial of a preset (web/src/tutorial/), played in the browser alone: no account needed. */
  | { page: 'learn'; preset: Preset }
  /**
   * The consent page an app sends a person to, its request in the query (web/src/oauth/,
   * docs/api/apps-and-oauth.md): open signed out, which asks to sign in where it is.
   */
  | { page: 'oauthAuthorize' }
  | { page: 'notFound' };

function presetIn(segment: string | undefined): Preset | null {
  const upper = (segment ?? '').toUpperCase();
  return (PRESETS as readonly string[]).includes(upper) ? (upper as Preset) : null;
}

export function parseRoute(pathname: string): Route {
  const parts = pathname
    .split('/')
    .filter((part) => part !== '')
    .map(decodeURIComponent);
  const [first, second] = parts;
  if (parts.length === 0) return { page: 'home' };
  if (parts.length === 1) {
    switch (first) {
      case 'signin':
        return { page: 'signIn' };
      case 'signup':
        return { page: 'signUp' };
      case 'forgot-password':
        return { page: 'forgotPassword' };
      case 'reset-password':
        return { page: 'resetPassword' };
      case 'privacy':
        return { page: 'privacy' };
      case 'new':
        return { page: 'newGame' };
      case 'account':
        return { page: 'account' };
      case 'friends':
        return { page: 'friends' };
      case 'tournaments':
        return { page: 'tournaments', finished: false };
      case 'leaderboard':
        return { page: 'leaderboard', preset: 'CLASSIC' };
      case 'rules':
        return { page: 'rules', preset: 'CLASSIC' };
      case 'learn':
        return { page: 'learn', preset: 'CLASSIC' };
    }
  }
  if (parts.length === 2 && second !== undefined) {
    const preset = presetIn(second);
    if (first === 'games') return { page: 'game', id: second };
    if (first === 'players') return { page: 'player', username: second };
    // A tournament's id is a UUID: never "new" or "finished".
    if (first === 'tournaments' && second === 'new') return { page: 'newTournament' };
    if (first === 'tournaments' && second === 'finished') return { page: 'tournaments', finished: true };
    if (first === 'tournaments') return { page: 'tournament', id: second };
    if (first === 'leaderboard' && preset !== null) return { page: 'leaderboard', preset };
    if (first === 'rules' && preset !== null) return { page: 'rules', preset };
    if (first === 'learn' && preset !== null) return { page: 'learn', preset };
    if (first === 'oauth' && second === 'authorize') return { page: 'oauthAuthorize' };
  }
  return { page: 'notFound' };
}

/** The path of a route, the inverse of parseRoute. */
export function pathOf(route: Route): string {
  switch (route.page) {
    case 'home':
      return '/';
    case 'signIn':
      return '/signin';
    case 'signUp':
      return '/signup';
    case 'forgotPassword':
      return '/forgot-password';
    case 'resetPassword':
      return '/reset-password';
    case 'privacy':
      return '/privacy';
    case 'newGame':
      return '/new';
    case 'game':
      return `/games/${encodeURIComponent(route.id)}`;
    case 'account':
      return '/account';
    case 'player':
      return `/players/${encodeURIComponent(route.username)}`;
    case 'friends':
      return '/friends';
    case 'tournaments':
      return route.finished ? '/tournaments/finished' : '/tournaments';
    case 'newTournament':
      return '/tournaments/new';
    case 'tournament':
      return `/tournaments/${encodeURIComponent(route.id)}`;
    case 'leaderboard':
      return `/leaderboard/${route.preset.toLowerCase()}`;
    case 'rules':
      return `/rules/${route.preset.toLowerCase()}`;
    case 'learn':
      return `/learn/${route.preset.toLowerCase()}`;
    case 'oauthAuthorize':
      // The request is the query, which only the app that sent the person here writes.
      return '/oauth/authorize';
    case 'notFound':
      return location.pathname;
    default: {
      const never: never = route;
      return never;
    }
  }
}

const listeners = new Set<() => void>();

export function navigate(to: Route | string): void {
  const path = typeof to === 'string' ? to : pathOf(to);
  if (location.pathname + location.search !== path) history.pushState(null, '', path);
  scrollTo(0, 0);
  for (const listener of listeners) listener();
}

/** The current route, re-rendering on navigate and on the browser's back and forward. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname));
    addEventListener('popstate', update);
    listeners.add(update);
    return () => {
      removeEventListener('popstate', update);
      listeners.delete(update);
    };
  }, []);
  return route;
}

/** A link to one of the client's pages: a real href (open in a new tab works), followed in-page on a plain click. */
export function Link({
  to,
  children,
  class: className,
  testId,
  current = false,
  label,
}: {
  /** A route, or a path of one with a query (`/new?opponent=ann`). */
  to: Route | string;
  children: ComponentChildren;
  class?: string;
  testId?: string;
  /** The link to the page one is on (a tab's current one): `aria-current="page"`. */
  current?: boolean;
  /** The name screen readers say when the text alone is not enough (it must contain the text: WCAG 2.5.3). */
  label?: string;
}) {
  const href = typeof to === 'string' ? to : pathOf(to);
  return (
    <a
      href={href}
      class={className}
      data-testid={testId}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
