/**
 * The web client's service worker, served as /sw.js with the scope / (built by web/vite.config.mts into one
 * classic script, registered by web/src/service-worker.ts). It exists for Web Push: it shows each push as a
 * notification and opens the game when one is clicked.
 *
 * It caches nothing and has no `fetch` handler: every request goes to the network as if it were not there, so no
 * API answer can ever come from a cache, and a new client is a reload away. With nothing cached, a new version of
 * this file may take over at once (`skipWaiting`) and take the open pages (`clients.claim`): only a window this
 * worker controls can be navigated from a notification click.
 */
import { isSameOriginPath, shownPush } from '../push-payload';
import { clickTarget } from './click-target';
import type { WorkerNotificationOptions, WorkerScope } from './worker-scope';

const scope = self as unknown as WorkerScope;

/** In web/public, drawn by web/tools/icons.mjs. */
const ICON = '/icon-192.png';
/** The small monochrome picture Android shows in the status bar (its alpha only). */
const BADGE = '/badge-96.png';

/** Shows a push: its own title, body, tag and url, or the fallback's for one that cannot be read. */
async function showPush(text: string | null): Promise<void> {
  const shown = shownPush(text, scope.location.origin);
  const options: WorkerNotificationOptions = {
    body: shown.body,
    tag: shown.tag,
    data: { url: shown.url },
    icon: ICON,
    badge: BADGE,
    // A later push for the same game replaces the notification and alerts again.
    renotify: true,
  };
  await scope.registration.showNotification(shown.title, options);
}

/** The path a clicked notification opens: its own, when it is one of this origin, else the home page. */
function clickedPath(data: unknown): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && isSameOriginPath(url, scope.location.origin) ? url : '/';
}

/** Focuses a window of the site at `path` (navigating one there if none is), or opens one. */
async function openFromClick(path: string): Promise<void> {
  const href = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = clickTarget(href, windows);
  switch (target.action) {
    case 'open':
      await scope.clients.openWindow(href);
      return;
    case 'focus':
      await target.client.focus();
      return;
    case 'navigate': {
      // Asked first, while the click still allows it; the window coming forward is a nicety, the page is not.
      const focusing = target.client.focus().catch(() => null);
      try {
        await target.client.navigate(href);
      } catch {
        // A window this worker does not control (one loaded before it, and not yet claimed) cannot be navigated.
        await scope.clients.openWindow(href);
      }
      await focusing;
      return;
    }
    default: {
      const never: never = target;
      return never;
    }
  }
}

scope.addEventListener('install', () => {
  void scope.skipWaiting();
});
scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
scope.addEventListener('push', (event) => event.waitUntil(showPush(event.data?.text() ?? null)));
scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromClick(clickedPath(event.notification.data)));
});
