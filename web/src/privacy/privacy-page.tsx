/**
 * `/privacy`: what a Malice server keeps about a player and where it sends it — docs/privacy.md as written, in
 * English (a reader of another language is told so). The text is its own chunk (privacy-content.tsx), so the first
 * load of the client carries none of it.
 */
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { strings } from '../strings';
import { useLanguage } from '../use-language';

export function PrivacyPage() {
  const S = strings();
  const language = useLanguage();
  const [Content, setContent] = useState<{ component: FunctionComponent } | null>(null);
  useEffect(() => {
    let current = true;
    void import('./privacy-content').then(
      (module) => current && setContent({ component: module.PrivacyContent }),
    );
    return () => void (current = false);
  }, []);
  return (
    <article class="card privacy" data-testid="privacy" data-loaded={String(Content !== null)}>
      {language !== 'en' && <p class="muted">{S.privacyEnglishOnly}</p>}
      <div lang="en">{Content === null ? <p class="muted">{S.working}</p> : <Content.component />}</div>
    </article>
  );
}
