/**
 * Where a click on a notification goes (the service worker's `notificationclick`, web/src/worker/sw.ts): the pure
 * part of the choice, apart from the browser's calls so that it can be tested on plain values. No DOM types here.
 */

/** A window of this origin as the choice reads it (a `WindowClient`: its url, absolute). */
export interface WindowLike {
  readonly url: string;
}

export type ClickTarget<Window extends WindowLike> =
  /** A window already shows the url: bring it forward, leave its page as it is. */
  | { readonly action: 'focus'; readonly client: Window }
  /** Another window of the site: bring it forward and take it to the url. */
  | { readonly action: 'navigate'; readonly client: Window }
  /** No window of the site is open: open one at the url. */
  | { readonly action: 'open' };

/** The url without its fragment: "/games/1#moves" shows the same page as "/games/1". */
function pageOf(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/**
 * `href` (absolute) among `windows` (the order `clients.matchAll` answers: the most recently focused first): the
 * first one already at it, else the first one, else none.
 */
export function clickTarget<Window extends WindowLike>(
  href: string,
  windows: readonly Window[],
): ClickTarget<Window> {
  const wanted = pageOf(href);
  const there = windows.find((client) => pageOf(client.url) === wanted);
  if (there !== undefined) return { action: 'focus', client: there };
  const first = windows[0];
  if (first !== undefined) return { action: 'navigate', client: first };
  return { action: 'open' };
}
