/**
 * The table's own settings, beside the board (a `<details>`, closed by Escape): sounds and "confirm move", both
 * off until chosen and remembered (web/src/prefs.ts), and the keyboard's shortcut list.
 */
import { setPref, usePref } from '../prefs';
import { playSound, unlockSound } from './sounds';
import { strings } from './strings';

export function TableSettings({ onShortcuts }: { onShortcuts: () => void }) {
  const S = strings();
  const sound = usePref('sound');
  const confirmMove = usePref('confirmMove');
  return (
    <details class="table-settings" data-testid="table-settings">
      <summary>{S.settings}</summary>
      <div class="table-settings-choices">
        <label class="check">
          <input
            type="checkbox"
            data-testid="pref-sound"
            checked={sound}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setPref('sound', on);
              // Turned on by a click: the browser lets the page's audio start now; a tick says it works.
              if (on) {
                unlockSound();
                playSound('cardPlayed');
              }
            }}
          />
          {S.soundPref}
        </label>
        <label class="check">
          <input
            type="checkbox"
            data-testid="pref-confirm-move"
            checked={confirmMove}
            onChange={(event) => setPref('confirmMove', event.currentTarget.checked)}
          />
          {S.confirmMovePref}
        </label>
        <button type="button" class="secondary" data-testid="show-shortcuts" onClick={onShortcuts}>
          {S.showShortcuts} <kbd>?</kbd>
        </button>
      </div>
    </details>
  );
}
