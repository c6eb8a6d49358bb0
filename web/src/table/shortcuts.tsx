/**
 * The keyboard's shortcut list (`?` on the table, or the table settings' button): a dialog naming each key and
 * what it does (web/src/board/keyboard.ts is the model), closed by Escape or its Close button.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { strings } from './strings';

/** Each row: the keys as printed on a keyboard (the same in every language) and what they do. */
const SHORTCUTS = [
  { keys: ['←', '→', '↑', '↓'], does: 'arrows' },
  { keys: ['Enter'], does: 'enter' },
  { keys: ['1', '…', '9'], does: 'centre' },
  { keys: ['0'], does: 'newPile' },
  { keys: ['d', '1', '…', '9'], does: 'side' },
  { keys: ['p'], does: 'payoff' },
  { keys: ['Esc'], does: 'escape' },
  { keys: ['?'], does: 'help' },
] as const;

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const S = strings();
  const close = useRef<HTMLButtonElement>(null);
  // The focus goes into the dialog as it opens, so Escape and Tab act in it.
  useLayoutEffect(() => close.current?.focus(), []);
  return (
    <div
      class="table-dialog card shortcuts"
      role="dialog"
      aria-modal="true"
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts"
    >
      <h2 id="shortcuts-title">{S.shortcutsTitle}</h2>
      <dl class="shortcut-list">
        {SHORTCUTS.map(({ keys, does }) => (
          <div class="shortcut" key={does} data-shortcut={does}>
            <dt>{keys.map((key, i) => (key === '…' ? <span key={i}>–</span> : <kbd key={i}>{key}</kbd>))}</dt>
            <dd>{S.shortcut[does]}</dd>
          </div>
        ))}
      </dl>
      <div class="dialog-buttons">
        <button type="button" ref={close} data-testid="shortcuts-close" onClick={onClose}>
          {S.close}
        </button>
      </div>
    </div>
  );
}
