/**
 * The table's small dialogs: which rank a wild card declares, and "are you sure?" for pass, resign and (with
 * "confirm move" on) a chosen move.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { rankIndex } from '../cards/card-text';
import type { Rank } from '../cards/notation';
import { strings as cardStrings } from '../cards/strings';
import { strings } from './strings';

/**
 * Focuses the dialog's first button as it opens (a layout effect: before the next key can arrive), so the
 * keyboard is where the choice is.
 */
function useFirstFocus() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => ref.current?.querySelector<HTMLButtonElement>('button')?.focus(), []);
  return ref;
}

export function DeclareDialog({
  ranks,
  onChoose,
  onCancel,
}: {
  ranks: readonly Rank[];
  onChoose: (rank: Rank) => void;
  onCancel: () => void;
}) {
  const S = strings();
  const C = cardStrings();
  const ref = useFirstFocus();
  return (
    <div
      class="table-dialog card"
      role="dialog"
      aria-modal="true"
      aria-labelledby="declare-title"
      data-testid="declare"
      ref={ref}
    >
      <p id="declare-title">{S.declareTitle}</p>
      <div class="dialog-buttons">
        {ranks.map((rank) => (
          // The name starts with the index shown ("8", "Kn"), so a voice naming what it sees finds the button.
          <button
            type="button"
            key={rank}
            data-rank={rank}
            aria-label={`${rankIndex(rank)} ${C.rank[rank]}`}
            onClick={() => onChoose(rank)}
          >
            {rankIndex(rank)}
          </button>
        ))}
        <button type="button" class="secondary" onClick={onCancel}>
          {S.cancel}
        </button>
      </div>
    </div>
  );
}

export function ConfirmDialog({
  question,
  onYes,
  onNo,
  testId = 'confirm',
  yes,
  no,
}: {
  question: string;
  onYes: () => void;
  onNo: () => void;
  /** `confirm` (pass, resign) or `confirm-move`; its buttons are `<testId>-yes` and `<testId>-no`. */
  testId?: string;
  /** The buttons' words: Yes and No unless given. */
  yes?: string;
  no?: string;
}) {
  const S = strings();
  const ref = useFirstFocus();
  return (
    <div
      class="table-dialog card"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${testId}-question`}
      data-testid={testId}
      ref={ref}
    >
      <p id={`${testId}-question`}>{question}</p>
      <div class="dialog-buttons">
        <button type="button" data-testid={`${testId}-yes`} onClick={onYes}>
          {yes ?? S.yes}
        </button>
        <button type="button" class="secondary" data-testid={`${testId}-no`} onClick={onNo}>
          {no ?? S.no}
        </button>
      </div>
    </div>
  );
}
