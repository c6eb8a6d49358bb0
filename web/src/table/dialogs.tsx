/** The table's two small dialogs: which rank a wild card declares, and "are you sure?" for pass and resign. */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { rankLabel, type Rank } from '../cards/notation';
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
          <button
            type="button"
            key={rank}
            data-rank={rank}
            aria-label={C.rank[rank]}
            onClick={() => onChoose(rank)}
          >
            {rankLabel(rank)}
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
}: {
  question: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const S = strings();
  const ref = useFirstFocus();
  return (
    <div
      class="table-dialog card"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-question"
      data-testid="confirm"
      ref={ref}
    >
      <p id="confirm-question">{question}</p>
      <div class="dialog-buttons">
        <button type="button" data-testid="confirm-yes" onClick={onYes}>
          {S.yes}
        </button>
        <button type="button" class="secondary" data-testid="confirm-no" onClick={onNo}>
          {S.no}
        </button>
      </div>
    </div>
  );
}
