/**
 * Two-factor sign-in (docs/api/players-and-accounts.md#starttwofactor): off → **Turn on** (`startTwoFactor`) shows the secret and the
 * app's otpauth:// link as text, each with a copy button — no QR code: drawing one needs an encoder the client
 * does not carry — and asks for the app's code (`confirmTwoFactor`), which answers the ten recovery codes, shown
 * this once until the reader says they saved them; on → how many recovery codes are left, and **Turn off** with
 * the password and a code (`disableTwoFactor`). The secret and the codes live in this component's state only.
 * Signing in with a code is the sign-in form's (web/src/auth.tsx).
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountStartTwoFactorMutation } from '../generated/graphql';
import { strings as shared } from '../strings';
import { useAction, useLoad } from './hooks';
import { TWO_FACTOR } from './operations';
import { CopyButton } from './secret-once';
import { strings } from './strings';

type Setup = AccountStartTwoFactorMutation['startTwoFactor'];

/** Where the section is: the API's status, or a step only this page is at (a setup begun, codes to save). */
type Step =
  | { readonly at: 'status' }
  | { readonly at: 'setup'; readonly setup: Setup }
  | { readonly at: 'codes'; readonly codes: readonly string[] };

function SetupForm({
  setup,
  onCodes,
  onCancel,
}: {
  setup: Setup;
  onCodes(codes: string[]): void;
  onCancel(): void;
}) {
  const T = strings().twoFactor;
  const common = shared();
  const action = useAction();
  const [code, setCode] = useState('');
  const confirm = async (event: Event): Promise<void> => {
    event.preventDefault();
    const answer = await action.run(() =>
      request(TWO_FACTOR, 'AccountConfirmTwoFactor', { code: code.trim() }),
    );
    if (answer !== undefined) onCodes(answer.confirmTwoFactor);
  };
  return (
    <div class="account-part" data-testid="two-factor-setup">
      <p>{T.scan}</p>
      <p>
        <strong>{T.secret}</strong>
      </p>
      <code class="secret" data-testid="two-factor-secret">
        {setup.secret}
      </code>
      <p class="actions">
        <CopyButton text={setup.secret} label={T.secret} />
      </p>
      <p>
        <strong>{T.uri}</strong>
      </p>
      <code class="secret" data-testid="two-factor-uri">
        <a href={setup.uri}>{setup.uri}</a>
      </code>
      <p class="actions">
        <CopyButton text={setup.uri} label={T.uri} />
      </p>
      <form onSubmit={(event) => void confirm(event)}>
        <label>
          {T.code}
          <input
            name="two-factor-code"
            autocomplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            required
            aria-describedby="two-factor-code-hint"
            value={code}
            onInput={(event) => setCode(event.currentTarget.value)}
          />
        </label>
        <p class="hint" id="two-factor-code-hint">
          {T.codeHint}
        </p>
        {action.error !== null && <ErrorBox error={action.error} />}
        <p class="actions">
          <button type="submit" disabled={action.busy}>
            {action.busy ? common.working : T.confirm}
          </button>
          <button type="button" class="secondary" onClick={onCancel}>
            {T.cancel}
          </button>
        </p>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved(): void }) {
  const S = strings();
  const T = S.twoFactor;
  return (
    <div class="secret-once" data-testid="recovery-codes">
      <p>
        <strong>{T.recoveryCodes}</strong> — {T.recoveryAbout}
      </p>
      <ul class="recovery-codes">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div class="actions">
        <CopyButton text={codes.join('\n')} label={T.recoveryCodes} />
        <button type="button" class="secondary" onClick={onSaved}>
          {T.savedThem}
        </button>
      </div>
    </div>
  );
}

function TurnOff({ username, onOff }: { username: string; onOff(): void }) {
  const T = strings().twoFactor;
  const common = shared();
  const action = useAction();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const answer = await action.run(() =>
      request(TWO_FACTOR, 'AccountDisableTwoFactor', { password, code: code.trim() }),
    );
    if (answer !== undefined) onOff();
  };
  return (
    <form data-testid="two-factor-off" onSubmit={(event) => void submit(event)}>
      {/* For password managers: which account this form is for. */}
      <input type="hidden" name="username" autocomplete="username" value={username} />
      <label>
        {T.password}
        <input
          name="two-factor-password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
      </label>
      <label>
        {T.offCode}
        <input
          name="two-factor-off-code"
          autocomplete="one-time-code"
          required
          value={code}
          onInput={(event) => setCode(event.currentTarget.value)}
        />
      </label>
      {action.error !== null && <ErrorBox error={action.error} />}
      <button type="submit" class="danger" disabled={action.busy}>
        {action.busy ? common.working : T.turnOff}
      </button>
    </form>
  );
}

export function TwoFactorSection({ username }: { username: string }) {
  const T = strings().twoFactor;
  const common = shared();
  const status = useLoad(() => request(TWO_FACTOR, 'AccountTwoFactor', {}), []);
  const action = useAction();
  const [step, setStep] = useState<Step>({ at: 'status' });

  const start = async (): Promise<void> => {
    const answer = await action.run(() => request(TWO_FACTOR, 'AccountStartTwoFactor', {}));
    if (answer !== undefined) setStep({ at: 'setup', setup: answer.startTwoFactor });
  };
  const backToStatus = (): void => {
    setStep({ at: 'status' });
    status.reload();
  };

  const enabled = status.data?.twoFactor.enabled ?? false;
  const state = step.at !== 'status' ? step.at : status.data === null ? 'loading' : enabled ? 'on' : 'off';
  return (
    <section
      class="card account-section"
      data-testid="account-two-factor"
      data-state={state}
      aria-labelledby="account-two-factor-h"
    >
      <h2 id="account-two-factor-h">{T.heading}</h2>
      <p class="hint">{T.about}</p>
      {status.error !== null && <ErrorBox error={status.error} />}
      {step.at === 'setup' && (
        <SetupForm
          setup={step.setup}
          onCodes={(codes) => setStep({ at: 'codes', codes })}
          onCancel={() => setStep({ at: 'status' })}
        />
      )}
      {step.at === 'codes' && <RecoveryCodes codes={step.codes} onSaved={backToStatus} />}
      {step.at === 'status' && status.data !== null && !enabled && (
        <>
          <p data-testid="two-factor-status">{T.off}</p>
          {action.error !== null && <ErrorBox error={action.error} />}
          <p class="actions">
            <button type="button" disabled={action.busy} onClick={() => void start()}>
              {action.busy ? common.working : T.turnOn}
            </button>
          </p>
        </>
      )}
      {step.at === 'status' && status.data !== null && enabled && (
        <>
          <p data-testid="two-factor-status">{T.on}</p>
          <p data-testid="recovery-codes-left" data-left={status.data.twoFactor.recoveryCodesLeft}>
            {T.codesLeft(status.data.twoFactor.recoveryCodesLeft)}
          </p>
          <TurnOff username={username} onOff={status.reload} />
        </>
      )}
    </section>
  );
}
