/**
 * A question in the page (not `confirm()`) before an action that cannot be taken back — withdrawing from a
 * tournament, revoking an app's access, deleting an app — its harmless answer focused: a second Enter changes
 * nothing. `className` and `buttonsClass` fit it to its page; `danger` marks a yes that destroys something.
 */
import { useId, useLayoutEffect, useRef } from 'preact/hooks';

export function Question({
  question,
  about,
  yes,
  no,
  busy,
  testId,
  onYes,
  onNo,
  className,
  buttonsClass,
  danger = false,
}: {
  question: string;
  about: string;
  yes: string;
  no: string;
  busy: boolean;
  testId: string;
  onYes: () => void;
  onNo: () => void;
  className: string;
  buttonsClass: string;
  danger?: boolean;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  // A page may have several open (one per row): the label's id is this question's own.
  const label = useId();
  useLayoutEffect(() => keep.current?.focus(), []);
  return (
    <div class={className} role="group" aria-labelledby={label} data-testid={testId}>
      <p id={label}>
        <strong>{question}</strong>
      </p>
      <p class="hint">{about}</p>
      <div class={buttonsClass}>
        <button
          type="button"
          class={danger ? 'danger' : undefined}
          data-testid={`${testId}-yes`}
          disabled={busy}
          onClick={onYes}
        >
          {yes}
        </button>
        <button type="button" class="secondary" data-testid={`${testId}-no`} ref={keep} onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}
