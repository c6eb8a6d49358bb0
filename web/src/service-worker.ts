/**
 * Registers the service worker (/sw.js, web/src/worker/sw.ts) when the page starts: it shows Web Push messages as
 * notifications and caches nothing. Browsers offer it only to a secure context (https, or localhost), and a page
 * without it works the same, so a refusal is ignored.
 */
const WORKER = '/sw.js';
const SCOPE = '/';
/** How long a push subscription or a notification waits for the worker to start before doing without. */
const ACTIVE_WITHIN_MS = 10_000;

function workerAllowed(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator;
}

export function registerServiceWorker(): void {
  if (!workerAllowed()) return;
  navigator.serviceWorker.register(WORKER, { scope: SCOPE }).catch(() => {
    // Push is an extra: the page works without the worker (a browser that blocks it, a private window).
  });
}

/**
 * The page's worker registration once its worker is active — registered now if the page start's registration
 * failed or has not happened — or null where there is none (no service workers here, a refusal, a worker that
 * did not start in time). A push subscription and a notification shown by the worker both need an active one.
 */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!workerAllowed()) return null;
  try {
    const registration =
      (await navigator.serviceWorker.getRegistration(SCOPE)) ??
      (await navigator.serviceWorker.register(WORKER, { scope: SCOPE }));
    if (registration.active !== null) return registration;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ACTIVE_WITHIN_MS)));
    try {
      // `ready` is the registration of this page's scope once a worker of it is active.
      return await Promise.race([navigator.serviceWorker.ready, late]);
    } finally {
      clearTimeout(timer);
    }
  } catch {
    return null;
  }
}
