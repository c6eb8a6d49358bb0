/**
 * A question in the page (not `confirm()`) before an account action that cannot be taken back — revoking an app's
 * access, replacing an app's secret, deleting an app — its harmless answer focused: a second Enter changes nothing.
 */
import { useEffect, useId, useRef } from 'preact/hooks';

export function Question({
  question,
  about,
  yes,
  no,
  busy,
  testId,
  onYes,
  onNo,
}: {
  question: string;
  about: string;
  yes: string;
  no: string;
  busy: boolean;
  testId: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  // Rows may each have one open: the label's id is this question's own.
  const label = useId();
  useEffect(() => keep.current?.focus(), []);
  return (
    <div class="question" role="group" aria-labelledby={label} data-testid={testId}>
      <p id={label}>
        <strong>{question}</strong>
      </p>
      <p class="hint">{about}</p>
      <div class="actions">
        <button type="button" class="danger" data-testid={`${testId}-yes`} disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" class="secondary" data-testid={`${testId}-no`} ref={keep} onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}
