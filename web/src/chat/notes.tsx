/**
 * My private note on the game (`gameNote`, `setGameNote`: docs/social.md#chat), which nobody else ever reads:
 * saved when the field is left, or with Save; an empty note is removed. The field waits for the note to come, so
 * nothing typed is overwritten by it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import { MAX_NOTE_LENGTH } from '../../../src/chat/domain/chat-policy';
import { noteFailureText } from './chat-errors';
import { CHAT } from './operations';
import { strings } from './strings';

type Saving = 'idle' | 'saving' | 'saved';

export function Notes({ gameId }: { gameId: string }) {
  const S = strings();
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState<Saving>('idle');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  /** The note as the server has it (or is being sent): nothing to save while the field says the same. */
  const stored = useRef('');

  useEffect(() => {
    let current = true;
    request(CHAT, 'ChatNote', { gameId })
      .then(({ gameNote }) => {
        if (!current) return;
        stored.current = gameNote?.text ?? '';
        setText(stored.current);
        setLoaded(true);
      })
      .catch((error: unknown) => current && setFailure(asFailure(error)));
    return () => void (current = false);
  }, [gameId]);

  const save = () => {
    const wanted = text.trim();
    if (!loaded || wanted === stored.current) return;
    const before = stored.current;
    stored.current = wanted;
    setSaving('saving');
    setFailure(null);
    request(CHAT, 'ChatSetNote', { gameId, text: wanted })
      .then(({ setGameNote }) => {
        stored.current = setGameNote?.text ?? '';
        setSaving('saved');
      })
      .catch((error: unknown) => {
        stored.current = before;
        setSaving('idle');
        setFailure(asFailure(error));
      });
  };

  return (
    <div class="chat-notes" data-testid="chat-notes" data-loaded={String(loaded)}>
      <label for="chat-notes-text">{S.notes}</label>
      <textarea
        id="chat-notes-text"
        rows={3}
        maxLength={MAX_NOTE_LENGTH}
        data-testid="chat-notes-text"
        aria-describedby="chat-notes-hint"
        disabled={!loaded}
        value={text}
        onInput={(event) => {
          setText(event.currentTarget.value);
          setSaving('idle');
        }}
        onBlur={save}
      />
      <div class="chat-notes-row">
        <span id="chat-notes-hint" class="hint">
          {S.notesHint}
        </span>
        <button
          type="button"
          class="secondary"
          data-testid="chat-notes-save"
          disabled={!loaded || saving === 'saving'}
          onClick={save}
        >
          {S.save}
        </button>
        <span class="hint" role="status" data-testid="chat-notes-status" data-state={saving}>
          {saving === 'saving' ? S.saving : saving === 'saved' ? S.saved : ''}
        </span>
      </div>
      {failure !== null && <ErrorBox error={failure} text={noteFailureText(failure)} />}
    </div>
  );
}
