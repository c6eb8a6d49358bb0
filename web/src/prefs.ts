/**
 * The reader's display choices, kept in localStorage, each off until chosen: four-colour suits (clubs green,
 * diamonds blue) for telling suits apart at a glance, in the page's Display menu (web/src/app.tsx); and the
 * table's own (web/src/table/table-settings.tsx): sounds (your turn, a card played) and "confirm move" (a chosen
 * move is described and sent only once confirmed). Reduced motion is the system's own setting
 * (`prefers-reduced-motion`), read by the CSS and by the table's animations (web/src/table/motion.ts).
 */
import { useEffect, useState } from 'preact/hooks';

/** Every choice and the key it is kept under. */
const KEYS = {
  fourColour: 'malice.fourColour',
  sound: 'malice.sound',
  confirmMove: 'malice.confirmMove',
} as const;
export type Pref = keyof typeof KEYS;

const listeners = new Set<(pref: Pref, on: boolean) => void>();

/** Whether a choice is on (stored as "1"; absent is off). */
export function pref(name: Pref): boolean {
  return localStorage.getItem(KEYS[name]) === '1';
}

export function setPref(name: Pref, on: boolean): void {
  if (on) localStorage.setItem(KEYS[name], '1');
  else localStorage.removeItem(KEYS[name]);
  if (name === 'fourColour') document.documentElement.classList.toggle('four-colour', on);
  for (const listener of listeners) listener(name, on);
}

/** A choice, re-rendering the component when it changes. */
export function usePref(name: Pref): boolean {
  const [on, setOn] = useState(() => pref(name));
  useEffect(() => {
    const listener = (changed: Pref, value: boolean) => {
      if (changed === name) setOn(value);
    };
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [name]);
  return on;
}

export function fourColour(): boolean {
  return pref('fourColour');
}

export function setFourColour(on: boolean): void {
  setPref('fourColour', on);
}

export function useFourColour(): boolean {
  return usePref('fourColour');
}

document.documentElement.classList.toggle('four-colour', fourColour());
