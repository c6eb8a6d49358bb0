/**
 * A waiting game's link, to share (docs/web.md, "The waiting room"): the address of its page in a read-only field,
 * selectable by hand, and a Copy button that writes it with `navigator.clipboard`. Where the clipboard is not
 * there or refuses (an insecure origin, a denied permission), the field is selected instead and the page says to
 * copy it by hand.
 */
import { useRef, useState } from 'preact/hooks';
import { pathOf } from '../router';
import { strings } from './strings';

type Copying = 'idle' | 'copied' | 'byHand';

export function GameLink({ gameId }: { gameId: string }) {
  const S = strings();
  const field = useRef<HTMLInputElement>(null);
  const [copying, setCopying] = useState<Copying>('idle');
  const link = `${location.origin}${pathOf({ page: 'game', id: gameId })}`;
  const selectField = () => {
    field.current?.focus();
    field.current?.select();
  };
  const copy = () => {
    // `navigator.clipboard` is absent outside a secure context, although the type says it is always there.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) {
      selectField();
      setCopying('byHand');
      return;
    }
    clipboard.writeText(link).then(
      () => setCopying('copied'),
      () => {
        selectField();
        setCopying('byHand');
      },
    );
  };
  return (
    <div class="game-link" data-testid="game-link-box">
      <label>
        {S.gameLink}
        <span class="game-link-row">
          <input
            ref={field}
            readOnly
            data-testid="game-link"
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" data-testid="copy-link" onClick={copy}>
            {S.copyLink}
          </button>
        </span>
      </label>
      <p class="hint" data-testid="copy-state" data-state={copying} aria-live="polite">
        {copying === 'copied' ? S.linkCopied : copying === 'byHand' ? S.copyByHand : S.gameLinkHint}
      </p>
    </div>
  );
}
