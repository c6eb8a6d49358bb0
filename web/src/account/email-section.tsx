/**
 * My e-mail address (docs/correspondence.md "E-mail"): set, change or remove it (`setEmailAddress`,
 * `removeEmailAddress`), whether it is verified yet — with "Send the link again", which is the same address set
 * again — and whether mail to it bounced. Mail goes to it only once verified; what goes is chosen in the
 * notification preferences (preferences.tsx). A server without SMTP answers FORBIDDEN to setting one: the section
 * then says that this server sends no mail instead of offering the form.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountEmailAddressFragment } from '../generated/graphql';
import { strings as shared } from '../strings';
import { useAction, useLoad } from './hooks';
import { EMAIL } from './operations';
import { strings } from './strings';

/** What the page last did, to say so: a link mailed (to that address), or the address removed. */
type Done = { readonly kind: 'sent'; readonly address: string } | { readonly kind: 'removed' };

/** The address's state, for the page's readers and the tests (`data-state`). */
function stateOf(
  address: AccountEmailAddressFragment | null,
): 'none' | 'unverified' | 'verified' | 'bounced' {
  if (address === null) return 'none';
  if (address.bounced) return 'bounced';
  return address.verified ? 'verified' : 'unverified';
}

export function EmailSection() {
  const S = strings();
  const E = S.email;
  const common = shared();
  const loaded = useLoad(() => request(EMAIL, 'AccountEmailAddress', {}), []);
  const action = useAction();
  /** The answer of the last change, read in place of the load's until the next load. */
  const [changed, setChanged] = useState<{ address: AccountEmailAddressFragment | null } | null>(null);
  const [draft, setDraft] = useState('');
  const [done, setDone] = useState<Done | null>(null);
  /** The server answered FORBIDDEN to setting an address: it has no SMTP server. */
  const [noMail, setNoMail] = useState(false);

  const current = changed !== null ? changed.address : (loaded.data?.emailAddress ?? null);
  const state = stateOf(current);

  const set = async (address: string): Promise<void> => {
    setDone(null);
    const answer = await action.run(async () => {
      try {
        return await request(EMAIL, 'AccountSetEmailAddress', { address });
      } catch (failure) {
        if (failure instanceof ApiFailure && failure.code === 'FORBIDDEN') setNoMail(true);
        throw failure;
      }
    });
    if (answer === undefined) return;
    setChanged({ address: answer.setEmailAddress });
    setDraft('');
    // The verified address set again is left as it is: no link was mailed, so none is promised.
    if (!answer.setEmailAddress.verified) setDone({ kind: 'sent', address: answer.setEmailAddress.address });
  };

  const remove = async (): Promise<void> => {
    setDone(null);
    const answer = await action.run(() => request(EMAIL, 'AccountRemoveEmailAddress', {}));
    if (answer === undefined) return;
    setChanged({ address: null });
    setDone({ kind: 'removed' });
  };

  return (
    <section
      class="card account-section"
      data-testid="account-email"
      data-state={loaded.data === null && changed === null ? 'loading' : state}
      aria-labelledby="account-email-h"
    >
      <h2 id="account-email-h">{E.heading}</h2>
      <p class="hint">{E.about}</p>
      {loaded.error !== null && <ErrorBox error={loaded.error} />}
      {(loaded.data !== null || changed !== null) && (
        <>
          {current === null ? (
            <p class="muted" data-testid="email-none">
              {E.none}
            </p>
          ) : (
            <div class="email-address">
              <p>
                <strong data-testid="email-address">{current.address}</strong>
              </p>
              {state === 'verified' && <p data-testid="email-verified">{E.verified}</p>}
              {state === 'unverified' && <p data-testid="email-unverified">{E.unverified}</p>}
              {state === 'bounced' && (
                <p class="warning" data-testid="email-bounced">
                  {E.bounced}
                </p>
              )}
              <p class="actions">
                {!current.verified && !noMail && (
                  <button
                    type="button"
                    data-testid="email-resend"
                    disabled={action.busy}
                    onClick={() => void set(current.address)}
                  >
                    {E.resend}
                  </button>
                )}
                <button
                  type="button"
                  class="secondary"
                  data-testid="email-remove"
                  disabled={action.busy}
                  onClick={() => void remove()}
                >
                  {E.remove}
                </button>
              </p>
            </div>
          )}
          {noMail ? (
            <p class="warning" role="status" data-testid="email-no-mail">
              {E.noMail}
            </p>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void set(draft.trim());
              }}
            >
              <label>
                {current === null ? E.address : E.change}
                <input
                  name="email"
                  type="email"
                  autocomplete="email"
                  required
                  maxLength={254}
                  value={draft}
                  onInput={(event) => setDraft(event.currentTarget.value)}
                />
              </label>
              <button type="submit" disabled={action.busy}>
                {action.busy ? common.working : E.set}
              </button>
            </form>
          )}
          {action.error !== null && !noMail && (
            // RATE_LIMITED here is the day's cap on verification mails, not a minute's wait.
            <ErrorBox
              error={action.error}
              text={action.error.code === 'RATE_LIMITED' ? E.tooMany : undefined}
            />
          )}
          {done !== null && (
            <p class="done" role="status" data-testid="email-done">
              {done.kind === 'sent' ? E.sent(done.address) : E.removed}
            </p>
          )}
        </>
      )}
    </section>
  );
}
