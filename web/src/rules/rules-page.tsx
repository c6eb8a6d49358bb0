/**
 * The rules of one preset in our own words (docs/rules.md), in the reader's language, with tabs to the other
 * presets. Each language's text is its own chunk (./rules-en.ts, ./rules-sv.ts, ./rules-ru.ts), loaded when first
 * shown, so the first load of the client carries none of them.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Preset } from '../generated/graphql';
import type { Language } from '../i18n';
import { useLanguage } from '../use-language';
import { Link, PRESETS } from '../router';
import type { RulesText } from './rules-en';
import { PresetOptions } from './preset-options';
import { strings } from './strings';
import './rules.css';

const LOADERS: Record<Language, () => Promise<RulesText>> = {
  en: () => import('./rules-en').then((module) => module.rules),
  sv: () => import('./rules-sv').then((module) => module.rules),
  ru: () => import('./rules-ru').then((module) => module.rules),
};

/** The text in `language`, once it has loaded (null before). */
function useRulesText(language: Language): RulesText | null {
  const [loaded, setLoaded] = useState<{ language: Language; text: RulesText } | null>(null);
  useEffect(() => {
    let current = true;
    void LOADERS[language]().then((text) => current && setLoaded({ language, text }));
    return () => void (current = false);
  }, [language]);
  return loaded?.language === language ? loaded.text : null;
}

function Section({ heading, paragraphs }: { heading: string; paragraphs: readonly string[] }) {
  return (
    <section>
      <h2>{heading}</h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

export function RulesPage({ preset }: { preset: Preset }) {
  const S = strings();
  const language = useLanguage();
  const text = useRulesText(language);
  return (
    <div class="rules-page" data-testid="rules" data-preset={preset}>
      <h1>{S.title}</h1>
      <nav class="rules-tabs" aria-label={S.presets}>
        {PRESETS.map((name) => (
          <Link
            key={name}
            to={{ page: 'rules', preset: name }}
            class={name === preset ? 'rules-tab current' : 'rules-tab'}
            current={name === preset}
            testId={`rules-tab-${name.toLowerCase()}`}
          >
            {text?.presets[name].title ?? name}
          </Link>
        ))}
      </nav>
      <p class="rules-learn">
        <Link to={{ page: 'learn', preset }} testId="rules-learn">
          {S.learn}
        </Link>
      </p>
      {text === null ? (
        <p class="muted">{S.loading}</p>
      ) : (
        <article class="card rules-text" data-testid="rules-text" lang={language}>
          <h2 class="rules-title">{text.presets[preset].title}</h2>
          <p class="muted">{text.presets[preset].source}</p>
          <Section {...text.aim} />
          {text.presets[preset].sections.map((section) => (
            <Section key={section.heading} {...section} />
          ))}
          <PresetOptions preset={preset} />
          <p class="hint">{text.overrides}</p>
          <Link to={{ page: 'newGame' }}>{S.newGame}</Link>
        </article>
      )}
    </div>
  );
}
