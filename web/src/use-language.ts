/** The language as component state (web/src/i18n.ts keeps the language itself, free of Preact). */
import { useEffect, useState } from 'preact/hooks';
import { Language, language, onLanguageChange } from './i18n';

/** The language in use, re-rendering the component when it is switched. */
export function useLanguage(): Language {
  const [value, setValue] = useState(language);
  useEffect(() => onLanguageChange(setValue), []);
  return value;
}
