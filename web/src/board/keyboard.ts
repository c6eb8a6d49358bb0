/**
 * The board's keyboard model (docs/web.md "The table", Keyboard), pure so that it is unit-tested
 * (test/unit/web/board-keyboard.test.ts): which places the arrow keys move among — the sources while nothing is
 * selected, the selected source's legal targets once one is — where the single tab stop is (roving tabindex),
 * and what the number keys name.
 */

/** A place on the board as the keyboard sees it: its key (`data-nav`) and what it is in the move notation. */
export interface NavPlace {
  /** `p`, `d1`, `h0` (the first hand card), `c1`, `c`. */
  readonly key: string;
  /** As a source: `p`, `d1`, `7H`; absent when it is none now (an empty side pile, a centre pile). */
  readonly source?: string;
  /** As a target: `c1`, `c`, `d1`; absent for the pay-off pile and hand cards. */
  readonly target?: string;
}

/** The keys that move the focus, and how. */
export const NAV_KEYS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'Home', 'End'] as const;
export type NavKey = (typeof NAV_KEYS)[number];

export function isNavKey(key: string): key is NavKey {
  return (NAV_KEYS as readonly string[]).includes(key);
}

/**
 * The places the arrows move among, in the order given (the reading order on screen): every source while
 * nothing is selected; once a source is, its legal targets — or the source alone when it has none, so the focus
 * is never lost.
 */
export function navigable(
  places: readonly NavPlace[],
  selected: string | null,
  legalTargets: ReadonlySet<string>,
): string[] {
  if (selected === null)
    return places.filter((place) => place.source !== undefined).map((place) => place.key);
  const targets = places
    .filter((place) => place.target !== undefined && legalTargets.has(place.target))
    .map((place) => place.key);
  if (targets.length > 0) return targets;
  return places.filter((place) => place.source === selected).map((place) => place.key);
}

/** The one place reached by Tab: the one last focused while it is still navigable, else the first. */
export function tabStop(keys: readonly string[], last: string | null): string | null {
  if (last !== null && keys.includes(last)) return last;
  return keys[0] ?? null;
}

/**
 * Where an arrow key goes from `current`: Right and Down to the next place, Left and Up to the previous (round
 * the ends), Home and End to the first and the last. From outside the list, to its first place.
 */
export function step(keys: readonly string[], current: string | null, key: NavKey): string | null {
  if (keys.length === 0) return null;
  const at = current === null ? -1 : keys.indexOf(current);
  if (at < 0) return keys[0] ?? null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return keys[(at + 1) % keys.length] ?? null;
    case 'ArrowLeft':
    case 'ArrowUp':
      return keys[(at - 1 + keys.length) % keys.length] ?? null;
    case 'Home':
      return keys[0] ?? null;
    case 'End':
      return keys[keys.length - 1] ?? null;
    default: {
      const never: never = key;
      return never;
    }
  }
}

/**
 * The place a key typed on the table names: `1`–`9` centre pile n, `0` a new centre pile, `d` then `1`–`9` side
 * pile n, `p` the pay-off pile. `pendingD`: whether the key before was `d`. Null for any other key.
 */
export function shortcutPlace(key: string, pendingD: boolean): string | null {
  if (pendingD) return /^[1-9]$/.test(key) ? `d${key}` : null;
  if (/^[1-9]$/.test(key)) return `c${key}`;
  if (key === '0') return 'c';
  return key === 'p' ? 'p' : null;
}
