/**
 * The page's languages — those of the three rule texts — and the one in use: chosen from the browser's list on the
 * first visit, switchable, remembered in localStorage. Each part of the client keeps its own texts in the three
 * languages with `translations`; English gives the shape and the other two must match it key for key (the
 * type checker enforces it), so no string can be left untranslated.
 */
export const LANGUAGES = ['en', 'sv', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES = { en: 'English', sv: 'Svenska', ru: 'Русский' } as const satisfies Record<
  Language,
  string
>;

const LANGUAGE_KEY = 'malice.language';

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's first preferred language we have ("sv-FI" counts as "sv"), else English. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : browserLanguage(navigator.languages);
}

// Read on first use, not on import, so the tables can be loaded (and checked) outside a browser.
let current: Language | null = null;
const listeners = new Set<(language: Language) => void>();

export function language(): Language {
  current ??= initialLanguage();
  return current;
}

export function setLanguage(next: Language): void {
  current = next;
  localStorage.setItem(LANGUAGE_KEY, next);
  for (const listener of listeners) listener(next);
}

/** Calls `listener` whenever the language is switched; returns the stop. */
export function onLanguageChange(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A part's texts: call the result at render time for the texts of the language in use. */
export function translations<T>(en: T, others: { sv: NoInfer<T>; ru: NoInfer<T> }): Translated<T> {
  const table: Record<Language, T> = { en, ...others };
  const inUse = () => table[language()];
  return Object.assign(inUse, { table });
}

/** A part's texts in the language in use, and (for the completeness test) all three tables. */
export type Translated<T> = (() => T) & { readonly table: Readonly<Record<Language, T>> };

/**
 * The locale dates and numbers are written in: the browser's own tag when it is of the language in use (an
 * `en-GB` reader gets "2 Dec 2026", an `en-US` one "Dec 2, 2026"), else the language itself.
 */
export function locale(): string {
  const base = language();
  return navigator.languages.find((tag) => tag.toLowerCase().split('-')[0] === base) ?? base;
}

/** A date and time in the reader's language and time zone, e.g. "2 Dec 2026, 14:05". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A date alone in the reader's language. */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(new Date(iso));
}

/** A number in the reader's language (grouping, decimal sign). */
export function formatNumber(value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale(), {
    maximumFractionDigits: fractionDigits,
    minimumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * Chooses a plural form by the language's own rules (Russian has three: 1 игра, 2 игры, 5 игр); `forms` names
 * the text for each category the language uses, `other` always.
 */
export function plural(
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
) {
  const category = new Intl.PluralRules(language()).select(count);
  return (forms[category] ?? forms.other).replace('{n}', formatNumber(count));
}
