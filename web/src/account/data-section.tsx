/**
 * My data: the export (GET /api/me/export, docs/api/exports-and-verification.md#get-apimeexport) fetched with the session token in the Authorization
 * header and saved from a Blob URL — the token never goes into a URL — and deleting the account
 * (deleteAccount), which asks for the password and the username typed again; then the session is gone, so the
 * page signs out.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, request, storedToken } from '../api';
import { ErrorBox } from '../error-box';
import type { Me } from '../me';
import { strings as shared } from '../strings';
import { useAction } from './hooks';
import { ACCOUNT } from './operations';
import { strings } from './strings';

/** A download's refusal as docs/api/exports-and-verification.md describes it: `{"error": {"code", "message"}}`. */
async function refusal(response: Response): Promise<ApiFailure> {
  const body: unknown = await response.json().catch(() => null);
  const error =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'
      ? body.error
      : null;
  const message =
    error !== null && 'message' in error && typeof error.message === 'string' ? error.message : null;
  const code = error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;
  return message === null
    ? ApiFailure.ofClient({ kind: 'HTTP_STATUS', status: response.status }, code)
    : new ApiFailure(message, code);
}

/** The file name the server gives (Content-Disposition), else `<username>.ndjson`. */
function fileName(response: Response, username: string): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return named?.[1] ?? `${username}.ndjson`;
}

async function downloadExport(username: string): Promise<void> {
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch('/api/me/export', {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  } catch {
    throw ApiFailure.ofClient({ kind: 'UNREACHABLE' }, 'NETWORK');
  }
  if (!response.ok) throw await refusal(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response, username);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the download started; the URL is let go a little later, not at once, since
  // some browsers read it asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function ExportData({ me }: { me: Me }) {
  const S = strings();
  const common = shared();
  const action = useAction();
  const [done, setDone] = useState(false);
  const download = async (): Promise<void> => {
    setDone(false);
    if ((await action.run(() => downloadExport(me.username))) !== undefined) setDone(true);
  };
  return (
    <div class="data-part">
      <p class="hint">{S.data.exportAbout}</p>
      <button type="button" disabled={action.busy} onClick={() => void download()}>
        {action.busy ? common.working : S.data.download}
      </button>
      {done && (
        <p class="done" role="status">
          {S.data.downloaded}
        </p>
      )}
      {action.error !== null && <ErrorBox error={action.error} />}
    </div>
  );
}

function DeleteAccount({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const S = strings();
  const common = shared();
  const action = useAction();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const confirmed = confirmation.trim().toLowerCase() === me.username.toLowerCase();
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (!confirmed) return;
    if ((await action.run(() => request(ACCOUNT, 'AccountDelete', { password }))) !== undefined)
      onSignedOut();
  };
  return (
    <form class="data-part danger" onSubmit={(event) => void submit(event)}>
      <h3>{S.data.deleteHeading}</h3>
      <p class="hint">{S.data.deleteAbout}</p>
      <input type="hidden" name="username" autocomplete="username" value={me.username} />
      {/* A guest has no password (docs/api/players-and-accounts.md#deleteaccount): the name typed again is the
          confirmation. */}
      {!me.isGuest && (
        <label>
          {S.data.password}
          <input
            name="delete-password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
        </label>
      )}
      <label>
        {S.data.confirm(me.username)}
        <input
          name="delete-confirm"
          autocomplete="off"
          required
          value={confirmation}
          onInput={(event) => setConfirmation(event.currentTarget.value)}
        />
      </label>
      {action.error !== null && <ErrorBox error={action.error} />}
      <button type="submit" class="danger" disabled={action.busy || !confirmed}>
        {action.busy ? common.working : S.data.deleteButton}
      </button>
    </form>
  );
}

export function DataSection({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const S = strings();
  return (
    <section class="card account-section" data-testid="account-data" aria-labelledby="account-data-h">
      <h2 id="account-data-h">{S.data.heading}</h2>
      <ExportData me={me} />
      <DeleteAccount me={me} onSignedOut={onSignedOut} />
    </section>
  );
}
