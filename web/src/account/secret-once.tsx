/**
 * A secret the API gives (or takes) once — an API token, a webhook's secret — shown until the reader says it is
 * stored, with a copy button. It lives in this component's state only: never stored, gone on leaving the page.
 */
import { useState } from 'preact/hooks';
import { strings } from './strings';

type Copying = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard; where the browser refuses, says to select and copy it by hand. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const S = strings();
  const [copying, setCopying] = useState<Copying>('idle');
  const copy = (): void => {
    navigator.clipboard.writeText(text).then(
      () => setCopying('copied'),
      () => setCopying('failed'),
    );
  };
  const caption = copying === 'copied' ? S.copied : S.copy;
  return (
    <>
      {/* Named by what it copies where a page has several ("Copy: Secret"), and saying when it has. */}
      <button
        type="button"
        aria-label={label === undefined ? undefined : `${caption}: ${label}`}
        onClick={copy}
      >
        {caption}
      </button>
      {copying === 'failed' && (
        <p class="hint" role="status">
          {S.copyFailed}
        </p>
      )}
    </>
  );
}

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
  return (
    <div class="secret-once" data-testid={testId}>
      <p>
        <strong>{label}</strong> — {S.shownOnce}
      </p>
      <code class="secret" data-testid={`${testId}-value`}>
        {secret}
      </code>
      <div class="actions">
        <CopyButton text={secret} />
        <button type="button" class="secondary" onClick={onDone}>
          {S.storedIt}
        </button>
      </div>
    </div>
  );
}
