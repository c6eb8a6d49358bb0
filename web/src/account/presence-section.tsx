/**
 * Online status (docs/social.md "Presence"): whether others see "Online" beside my name (`presenceHidden`,
 * `setPresenceHidden`). The box is saved when it is ticked or cleared; it keeps the click while the change is
 * sent, then shows the server's answer: a refusal puts it back as it was.
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import { useAction, useLoad } from './hooks';
import { PRESENCE } from './operations';
import { strings } from './strings';

export function PresenceSection() {
  const S = strings().presence;
  const loaded = useLoad(() => request(PRESENCE, 'AccountPresence', {}), []);
  const action = useAction();
  // The answer of the last change, newer than the first read.
  const [answered, setAnswered] = useState<boolean | null>(null);
  // What the click asked for, until the server answers (otherwise the box would jump back while it is sent).
  const [sending, setSending] = useState<boolean | null>(null);
  const hidden = sending ?? answered ?? loaded.data?.presenceHidden ?? null;

  const change = async (show: boolean): Promise<void> => {
    setSending(!show);
    const answer = await action.run(() => request(PRESENCE, 'AccountSetPresenceHidden', { hidden: !show }));
    if (answer !== undefined) setAnswered(answer.setPresenceHidden);
    setSending(null);
  };

  return (
    <section class="card account-section" data-testid="account-presence" aria-labelledby="account-presence-h">
      <h2 id="account-presence-h">{S.heading}</h2>
      <p class="hint">{S.about}</p>
      {loaded.error !== null && <ErrorBox error={loaded.error} />}
      {hidden !== null && (
        <label class="check choice presence-choice">
          <input
            type="checkbox"
            name="presence-shown"
            data-testid="presence-shown"
            checked={!hidden}
            disabled={action.busy}
            onChange={(event) => void change(event.currentTarget.checked)}
          />
          <span>{S.show}</span>
        </label>
      )}
      {answered !== null && (
        <p role="status" class="muted" data-testid="presence-saved" data-hidden={String(answered)}>
          {answered ? S.hidden : S.shown}
        </p>
      )}
      {action.error !== null && <ErrorBox error={action.error} />}
    </section>
  );
}
