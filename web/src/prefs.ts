/**
 * The reader's display choices, kept in localStorage: four-colour suits (clubs green, diamonds blue) for telling
 * suits apart at a glance. Reduced motion is the system's own setting (`prefers-reduced-motion`), read by the CSS.
 */
import { useEffect, useState } from 'preact/hooks';

const FOUR_COLOUR_KEY = 'malice.fourColour';
const listeners = new Set<(on: boolean) => void>();

export function fourColour(): boolean {
  return localStorage.getItem(FOUR_COLOUR_KEY) === '1';
}

export function setFourColour(on: boolean): void {
  if (on) localStorage.setItem(FOUR_COLOUR_KEY, '1');
  else localStorage.removeItem(FOUR_COLOUR_KEY);
  document.documentElement.classList.toggle('four-colour', on);
  for (const listener of listeners) listener(on);
}

/** The choice, re-rendering the component when it changes. */
export function useFourColour(): boolean {
  const [on, setOn] = useState(fourColour);
  useEffect(() => {
    listeners.add(setOn);
    return () => void listeners.delete(setOn);
  }, []);
  return on;
}

document.documentElement.classList.toggle('four-colour', fourColour());
