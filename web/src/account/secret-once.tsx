/**
 * A secret the API gives (or takes) once — an API token, a webhook's secret — shown until the reader says it is
 * stored, with a copy button. It lives in this component's state only: never stored, gone on leaving the page.
 */
import { useState } from 'preact/hooks';
import { strings } from './strings';

type Copying = 'idle' | 'copied' | 'failed';

export function SecretOnce({
  label,
  secret,
  testId,
  onDone,
}: {
  label: string;
  secret: string;
  testId: string;
  onDone: () => void;
}) {
  const S = strings();
  const [copying, setCopying] = useState<Copying>('idle');
  const copy = (): void => {
    navigator.clipboard.writeText(secret).then(
      () => setCopying('copied'),
      () => setCopying('failed'),
    );
  };
  return (
    <div class="secret-once" data-testid={testId}>
      <p>
        <strong>{label}</strong> — {S.shownOnce}
      </p>
      <code class="secret" data-testid={`${testId}-value`}>
        {secret}
      </code>
      <div class="actions">
        <button type="button" onClick={copy}>
          {copying === 'copied' ? S.copied : S.copy}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          {S.storedIt}
        </button>
      </div>
      {copying === 'failed' && (
        <p class="hint" role="status">
          {S.copyFailed}
        </p>
      )}
    </div>
  );
}
