/**
 * Correspondence habits: the tab title and the favicon show how many games await my move, and an optional browser
 * notification says when one more does. The count is `dashboard.myTurn`, read on sign-in, on each of my events
 * (myEvents), on each reconnection of the socket, and when a game shown on this page stops or starts awaiting my
 * move (`turnsChanged`, from web/src/table/live-game.ts): my own move, pass or resignation sends me no event, yet
 * it takes a game off the count. The same read gives the bell its count of unread events
 * (web/src/centre/notification-bell.tsx), and whether I take "your turn" as a notification in the page at all
 * (`notificationSettings.pageKinds`, chosen on the account page).
 */
import { request, watchSocket } from './api';
import type { TurnCountQuery, TurnCountQueryVariables } from './generated/graphql';
import { subscribeMyEvents } from './home';
import { onLanguageChange } from './i18n';
import { activeRegistration } from './service-worker';
import { strings } from './strings';
import ATTENTION from './attention.graphql?raw';

declare module './api' {
  interface Operations {
    TurnCount: [TurnCountQuery, TurnCountQueryVariables];
  }
}

const NOTIFY_KEY = 'malice.notify';

/** The favicon with the count on it, as an SVG data: URL (the CSP allows data: images). */
export function faviconWithCount(count: number): string {
  const badge =
    count > 0
      ? `<circle cx="46" cy="18" r="18" fill="#d22"/><text x="46" y="25" font-size="22" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${count > 9 ? '9+' : count}</text>`
      : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="8" y="4" width="40" height="56" rx="6" fill="#fff" stroke="#8e2a22" stroke-width="4"/><text x="28" y="42" font-size="26" font-family="serif" text-anchor="middle" fill="#8e2a22">♠</text>${badge}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function showCount(count: number): void {
  document.title = strings().title(count);
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link === null) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.type = 'image/svg+xml';
  link.href = count > 0 ? faviconWithCount(count) : '/favicon.svg';
  document.documentElement.dataset.awaiting = String(count);
}

/** Whether the reader asked for notifications (and the browser still allows them). */
export function notificationsOn(): boolean {
  return (
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    localStorage.getItem(NOTIFY_KEY) === '1'
  );
}

/** Asks the browser for permission — only ever from a click — and remembers the choice. */
export async function askForNotifications(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  const permission = await Notification.requestPermission();
  if (permission === 'granted') localStorage.setItem(NOTIFY_KEY, '1');
  return permission === 'granted';
}

export function stopNotifications(): void {
  localStorage.removeItem(NOTIFY_KEY);
}

/**
 * Shows the turn notification. A page's own `new Notification` is the plain way, and the one the desktop browsers
 * take; Android's Chrome has none (the constructor throws, naming ServiceWorkerRegistration.showNotification
 * instead), so there the service worker shows it, pointing at the home page for the worker's click handler.
 */
async function notifyTurn(title: string, body: string): Promise<void> {
  const tag = 'malice-turn';
  try {
    new Notification(title, { body, tag });
    return;
  } catch {
    // No page notifications here: the worker's, below.
  }
  const registration = await activeRegistration();
  await registration?.showNotification(title, { body, tag, data: { url: '/' } }).catch(() => {
    // Nothing more to try: the title and the favicon still count the game.
  });
}

/** Who reads the count again when a page learns that whose turn it is changed (followAttention, while it runs). */
const recounts = new Set<() => void>();

/** The last count of my unread events (dashboard.unreadEvents), null while signed out, and who follows it. */
let unread: number | null = null;
const unreadListeners = new Set<(count: number) => void>();

function showUnread(count: number | null): void {
  unread = count;
  for (const listener of unreadListeners) listener(count ?? 0);
}

/** Calls `listener` with the unread count now (when known) and whenever it changes; returns the stop. */
export function onUnreadChange(listener: (count: number) => void): () => void {
  unreadListeners.add(listener);
  if (unread !== null) listener(unread);
  return () => void unreadListeners.delete(listener);
}

/**
 * Says that my events were marked read, with the count the API answered: shown at once, then read again with the
 * turn count, so that an older read still under way cannot leave its count standing.
 */
export function unreadChanged(count: number): void {
  showUnread(count);
  for (const recount of recounts) recount();
}

/**
 * Says that a game this page shows stopped or started awaiting my move: the count is read again. The table calls
 * it for every such change it sees, my own moves included, which no event of mine reports.
 */
export function turnsChanged(): void {
  for (const recount of recounts) recount();
}

/** Follows my turn count while signed in; returns the stop. */
export function followAttention(): () => void {
  let last: number | null = null;
  let current = true;
  // Reads overlap (an event and my own move at once) and may be answered out of order: an answer older than the
  // one shown is dropped, so a stale count never arrives last and stays.
  let asked = 0;
  let shown = 0;
  const read = (): void => {
    const mine = ++asked;
    request(ATTENTION, 'TurnCount', {})
      .then(({ dashboard, notificationSettings }) => {
        if (!current || mine < shown) return;
        shown = mine;
        if (
          last !== null &&
          dashboard.myTurn > last &&
          notificationsOn() &&
          document.hidden &&
          notificationSettings.pageKinds.includes('YOUR_TURN')
        ) {
          void notifyTurn(strings().notifyTitle, strings().awaitingCount(dashboard.myTurn));
        }
        last = dashboard.myTurn;
        showCount(dashboard.myTurn);
        showUnread(dashboard.unreadEvents);
      })
      .catch(() => {
        // The next event or reconnection reads again.
      });
  };
  read();
  const offLanguage = onLanguageChange(() => showCount(last ?? 0));
  const unwatch = watchSocket(read, () => undefined);
  const unsubscribe = subscribeMyEvents(read, () => undefined);
  recounts.add(read);
  return () => {
    current = false;
    recounts.delete(read);
    offLanguage();
    unwatch();
    unsubscribe();
    showCount(0);
    showUnread(null);
  };
}
