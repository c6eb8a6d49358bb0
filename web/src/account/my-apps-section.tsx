/**
 * Your apps (myOAuthApps), for developers: the third-party apps I registered, each with its client id, redirect
 * URIs, kind and whether an operator disabled it; a form to register one (registerOAuthApp: a name, redirect URIs
 * one per line, confidential or public), its client secret shown once; and per app Edit (updateOAuthApp), New
 * secret for a confidential one (replaceOAuthAppSecret, asked first: the old one stops working at once) and Delete
 * (deleteOAuthApp, asked first). A refusal the API ties to a field (`extensions.field`: name, redirectUris) shows
 * at that field (docs/api/apps-and-oauth.md#registeroauthapp). Not for a guest, whom the API refuses.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountOAuthAppFragment } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { strings as shared } from '../strings';
import { strings as appsStrings } from './apps-strings';
import { useAction, useLoad } from './hooks';
import { APPS } from './operations';
import { Question } from '../question';
import { CopyButton, SecretOnce } from './secret-once';
import { strings as accountStrings } from './strings';

/** The form's fields the API names in a refusal (src/oauth/oauth.service.ts: `field`). */
const FIELDS = ['name', 'redirectUris'] as const;
type Field = (typeof FIELDS)[number];

function fieldOf(error: ApiFailure | null): Field | null {
  const field = error?.extensions['field'];
  return typeof field === 'string' && (FIELDS as readonly string[]).includes(field) ? (field as Field) : null;
}

/** The redirect URIs typed one per line, without blank lines or the spaces around each. */
export function redirectUrisOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

interface Draft {
  readonly name: string;
  readonly redirectUris: string;
  readonly confidential: boolean;
}

/**
 * The name and redirect URIs of an app — a new one (with the confidential choice) or one being edited. `save`
 * answers whether it was saved; a new app's form then starts empty again.
 */
function AppForm({
  formId,
  initial,
  askKind,
  submitLabel,
  busy,
  error,
  save,
  onCancel,
}: {
  /** Makes the fields' ids unique on the page (one form per app being edited, and the new app's). */
  formId: string;
  initial: Draft;
  askKind: boolean;
  submitLabel: string;
  busy: boolean;
  error: ApiFailure | null;
  save: (draft: Draft) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const S = appsStrings().mine;
  const common = shared();
  const [draft, setDraft] = useState(initial);
  const field = fieldOf(error);
  const errorId = (at: Field): string => `${formId}-${at}-error`;

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if ((await save(draft)) && askKind) setDraft(initial);
  };
  const fieldError = (at: Field) =>
    error !== null && field === at ? (
      <div id={errorId(at)}>
        <ErrorBox error={error} />
      </div>
    ) : null;

  return (
    <form class="app-form" data-testid={`${formId}-form`} onSubmit={(event) => void submit(event)}>
      <label>
        {S.name}
        <input
          name="app-name"
          required
          minLength={2}
          maxLength={60}
          value={draft.name}
          aria-invalid={field === 'name'}
          aria-describedby={field === 'name' ? errorId('name') : undefined}
          onInput={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
        />
      </label>
      {fieldError('name')}
      <label>
        {S.redirectUris}
        <textarea
          name="app-redirect-uris"
          required
          rows={3}
          spellcheck={false}
          autocapitalize="off"
          value={draft.redirectUris}
          aria-invalid={field === 'redirectUris'}
          aria-describedby={
            field === 'redirectUris'
              ? `${formId}-uris-hint ${errorId('redirectUris')}`
              : `${formId}-uris-hint`
          }
          onInput={(event) => setDraft({ ...draft, redirectUris: event.currentTarget.value })}
        />
      </label>
      <p class="hint" id={`${formId}-uris-hint`}>
        {S.redirectUrisHint}
      </p>
      {fieldError('redirectUris')}
      {askKind && (
        <label class="check choice">
          <input
            type="checkbox"
            name="app-confidential"
            checked={draft.confidential}
            onChange={(event) => setDraft({ ...draft, confidential: event.currentTarget.checked })}
          />
          <span>{S.confidential}</span>
        </label>
      )}
      {error !== null && field === null && <ErrorBox error={error} />}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? common.working : submitLabel}
        </button>
        {onCancel !== undefined && (
          <button type="button" class="secondary" onClick={onCancel}>
            {appsStrings().cancel}
          </button>
        )}
      </div>
    </form>
  );
}

type RowMode = 'view' | 'edit' | 'newSecret' | 'delete';

function AppRow({ app, onChanged }: { app: AccountOAuthAppFragment; onChanged: () => void }) {
  const S = appsStrings().mine;
  const action = useAction();
  const [mode, setMode] = useState<RowMode>('view');
  const [secret, setSecret] = useState<string | null>(null);

  const change = (next: RowMode): void => {
    action.clear();
    setMode(next);
  };
  const save = async (draft: Draft): Promise<boolean> => {
    const saved = await action.run(() =>
      request(APPS, 'AccountUpdateOAuthApp', {
        id: app.id,
        app: { name: draft.name.trim(), redirectUris: redirectUrisOf(draft.redirectUris) },
      }),
    );
    if (saved === undefined) return false;
    setMode('view');
    onChanged();
    return true;
  };
  const replaceSecret = async (): Promise<void> => {
    const answer = await action.run(() => request(APPS, 'AccountReplaceOAuthAppSecret', { id: app.id }));
    if (answer === undefined) return;
    setSecret(answer.replaceOAuthAppSecret);
    setMode('view');
  };
  const remove = async (): Promise<void> => {
    if ((await action.run(() => request(APPS, 'AccountDeleteOAuthApp', { id: app.id }))) !== undefined)
      onChanged();
  };

  return (
    <li
      class="row oauth-app"
      data-testid="oauth-app"
      data-app-id={app.id}
      data-disabled={app.disabledAt !== null}
    >
      <div class="row-text">
        <strong>
          {app.name} <span class="muted">({S.kind[app.confidential ? 'confidential' : 'public']})</span>
        </strong>
        <span class="app-client-id">
          {S.clientId}: <code data-testid="oauth-app-client-id">{app.id}</code>{' '}
          <CopyButton text={app.id} label={`${S.clientId}: ${app.name}`} />
        </span>
        <span>{S.redirectUris}:</span>
        <ul class="redirect-uris">
          {app.redirectUris.map((uri) => (
            <li key={uri}>
              <code>{uri}</code>
            </li>
          ))}
        </ul>
        <span class="muted">{S.registeredAt(formatDateTime(app.createdAt))}</span>
        {app.disabledAt !== null && (
          <p class="warning" data-testid="oauth-app-disabled">
            {S.disabled(formatDateTime(app.disabledAt))}
          </p>
        )}
      </div>
      {mode === 'view' && (
        <div class="actions">
          <button
            type="button"
            class="secondary"
            aria-label={`${S.edit}: ${app.name}`}
            onClick={() => change('edit')}
          >
            {S.edit}
          </button>
          {app.confidential && (
            <button
              type="button"
              class="secondary"
              aria-label={`${S.newSecret}: ${app.name}`}
              onClick={() => change('newSecret')}
            >
              {S.newSecret}
            </button>
          )}
          <button
            type="button"
            class="secondary"
            aria-label={`${S.remove}: ${app.name}`}
            onClick={() => change('delete')}
          >
            {S.remove}
          </button>
        </div>
      )}
      {mode === 'edit' && (
        <AppForm
          formId={`app-${app.id}`}
          initial={{
            name: app.name,
            redirectUris: app.redirectUris.join('\n'),
            confidential: app.confidential,
          }}
          askKind={false}
          submitLabel={S.save}
          busy={action.busy}
          error={action.error}
          save={save}
          onCancel={() => change('view')}
        />
      )}
      {mode === 'newSecret' && (
        <Question
          question={S.newSecretQuestion(app.name)}
          about={S.newSecretAbout}
          yes={S.newSecretYes}
          no={appsStrings().cancel}
          busy={action.busy}
          testId="replace-secret"
          className="question"
          buttonsClass="actions"
          danger
          onYes={() => void replaceSecret()}
          onNo={() => change('view')}
        />
      )}
      {mode === 'delete' && (
        <Question
          question={S.removeQuestion(app.name)}
          about={S.removeAbout}
          yes={S.removeYes}
          no={appsStrings().cancel}
          busy={action.busy}
          testId="delete-app"
          className="question"
          buttonsClass="actions"
          danger
          onYes={() => void remove()}
          onNo={() => change('view')}
        />
      )}
      {mode !== 'edit' && action.error !== null && <ErrorBox error={action.error} />}
      {secret !== null && (
        <SecretOnce
          label={S.secretLabel(app.name)}
          secret={secret}
          testId="app-secret"
          onDone={() => setSecret(null)}
        />
      )}
    </li>
  );
}

const EMPTY: Draft = { name: '', redirectUris: '', confidential: false };

export function MyAppsSection() {
  const S = appsStrings().mine;
  const apps = useLoad(() => request(APPS, 'AccountOAuthApps', {}), []);
  const action = useAction();
  /** What registration answered: the name, and a confidential app's secret, shown this once. */
  const [registered, setRegistered] = useState<{ name: string; secret: string | null } | null>(null);

  const register = async (draft: Draft): Promise<boolean> => {
    setRegistered(null);
    const answer = await action.run(() =>
      request(APPS, 'AccountRegisterOAuthApp', {
        app: { name: draft.name.trim(), redirectUris: redirectUrisOf(draft.redirectUris) },
        confidential: draft.confidential,
      }),
    );
    if (answer === undefined) return false;
    setRegistered({ name: answer.registerOAuthApp.app.name, secret: answer.registerOAuthApp.clientSecret });
    apps.reload();
    return true;
  };

  const list = apps.data?.myOAuthApps ?? [];
  return (
    <section class="card account-section" data-testid="account-my-apps" aria-labelledby="account-my-apps-h">
      <div class="section-head">
        <h2 id="account-my-apps-h">{S.heading}</h2>
        <button type="button" class="link" onClick={apps.reload}>
          {accountStrings().refresh}
        </button>
      </div>
      <p class="hint">{S.about}</p>
      {apps.error !== null && <ErrorBox error={apps.error} />}
      {apps.data !== null && list.length === 0 && <p class="muted">{S.none}</p>}
      <ul class="rows">
        {list.map((app) => (
          <AppRow key={app.id} app={app} onChanged={apps.reload} />
        ))}
      </ul>
      {registered !== null &&
        (registered.secret === null ? (
          <p class="done" role="status" data-testid="app-registered">
            {S.registered(registered.name)}
          </p>
        ) : (
          <SecretOnce
            label={S.secretLabel(registered.name)}
            secret={registered.secret}
            testId="app-secret"
            onDone={() => setRegistered(null)}
          />
        ))}
      <h3>{S.registerHeading}</h3>
      <AppForm
        formId="new-app"
        initial={EMPTY}
        askKind
        submitLabel={S.register}
        busy={action.busy}
        error={action.error}
        save={register}
      />
    </section>
  );
}
