/**
 * Registers the service worker (/sw.js, web/src/worker/sw.ts) when the page starts: it shows Web Push messages as
 * notifications and caches nothing. Browsers offer it only to a secure context (https, or localhost), and a page
 * without it works the same, so a refusal is ignored.
 */
export function registerServiceWorker(): void {
  if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Push is an extra: the page works without the worker (a browser that blocks it, a private window).
  });
}
