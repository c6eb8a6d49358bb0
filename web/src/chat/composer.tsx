/**
 * Writing to a room: the quick phrases (a compact menu; for a guest, who may send nothing else, the only way and
 * always open) and, unless a guest, a text box with a character counter (MAX_MESSAGE_LENGTH code points, as the
 * server counts) that Enter sends and Shift+Enter breaks. A refusal shows in plain words (chat-errors.ts).
 */
import { useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { ChatRoom, QuickPhrase } from '../generated/graphql';
import { QUICK_PHRASES } from '../../../src/chat/domain/chat-policy';
import { chatFailureText } from './chat-errors';
import { MAX_MESSAGE_LENGTH, sendable, textLength, type ChatLine } from './chat-lines';
import { CHAT } from './operations';
import { strings } from './strings';

export function Composer({
  gameId,
  room,
  guest,
  onSent,
}: {
  gameId: string;
  room: ChatRoom;
  guest: boolean;
  onSent: (line: ChatLine) => void;
}) {
  const S = strings();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const length = textLength(draft);
  const over = length - MAX_MESSAGE_LENGTH;

  const send = (content: { text: string } | { phrase: QuickPhrase }) => {
    setSending(true);
    setFailure(null);
    request(CHAT, 'ChatSend', {
      gameId,
      room,
      text: 'text' in content ? content.text : null,
      phrase: 'phrase' in content ? content.phrase : null,
    })
      .then(({ sendChatMessage }) => {
        onSent(sendChatMessage);
        if ('text' in content) {
          setDraft('');
          // Sent with the button, the keyboard goes back to the text box rather than the page top.
          field.current?.focus();
        } else if (menu.current !== null) {
          // A phrase sent: the menu folds away again (the keyboard back on its summary).
          const details = menu.current;
          const hadFocus =
            details.contains(document.activeElement) || document.activeElement === document.body;
          details.open = false;
          if (hadFocus) details.querySelector('summary')?.focus();
        }
      })
      .catch((error: unknown) => setFailure(asFailure(error)))
      .finally(() => setSending(false));
  };

  const sendDraft = () => {
    if (sending || !sendable(draft)) return;
    send({ text: draft.trim() });
  };

  const phrases = (
    <div class="chat-phrase-list" data-testid="chat-phrases">
      {QUICK_PHRASES.map((phrase) => (
        <button
          key={phrase}
          type="button"
          class="secondary"
          data-testid={`chat-phrase-${phrase}`}
          disabled={sending}
          onClick={() => send({ phrase })}
        >
          {S.phrase[phrase]}
        </button>
      ))}
    </div>
  );

  return (
    <div class="chat-compose" data-testid="chat-compose">
      {guest ? (
        <>
          <p class="hint" data-testid="chat-guest-hint">
            {S.guestPhrasesOnly}
          </p>
          <div role="group" aria-label={S.quickPhrases}>
            {phrases}
          </div>
        </>
      ) : (
        <>
          <details class="chat-phrases" ref={menu}>
            <summary>{S.quickPhrases}</summary>
            {phrases}
          </details>
          <form
            class="chat-form"
            onSubmit={(event) => {
              event.preventDefault();
              sendDraft();
            }}
          >
            <label for="chat-text" class="visually-hidden">
              {S.message}
            </label>
            <textarea
              id="chat-text"
              ref={field}
              rows={2}
              value={draft}
              data-testid="chat-input"
              aria-describedby="chat-counter chat-enter-hint"
              aria-invalid={over > 0 ? 'true' : undefined}
              onInput={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter sends; Shift+Enter (and Enter while an input method composes a word) stays in the text.
                if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
                event.preventDefault();
                sendDraft();
              }}
            />
            <div class="chat-form-row">
              <span
                id="chat-counter"
                class={`chat-counter${over > 0 ? ' over' : ''}`}
                data-testid="chat-counter"
                data-length={length}
              >
                {S.counter(length, MAX_MESSAGE_LENGTH)}
                {over > 0 && ` — ${S.tooLongBy(over)}`}
              </span>
              <button type="submit" data-testid="chat-send" disabled={sending || !sendable(draft)}>
                {sending ? S.sending : S.send}
              </button>
            </div>
            <p id="chat-enter-hint" class="visually-hidden">
              {S.enterHint}
            </p>
          </form>
        </>
      )}
      {failure !== null && (
        <div data-testid="chat-error">
          <ErrorBox error={failure} text={chatFailureText(failure)} />
        </div>
      )}
    </div>
  );
}
