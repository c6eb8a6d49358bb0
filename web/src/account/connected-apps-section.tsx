/**
 * Connected apps (connectedApps): the third-party apps I let act for me — one entry per app, however often I
 * approved it — what each may do in words, when I last approved it and when it last used its access, each with
 * Revoke (revokeConnectedApp, asked first): its tokens stop working at once
 * (docs/api/apps-and-oauth.md#revokeconnectedapp).
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountConnectedAppsQuery } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { strings as oauthStrings } from '../oauth/strings';
import { strings as appsStrings } from './apps-strings';
import { useAction, useLoad } from './hooks';
import { APPS } from './operations';
import { Question } from '../question';
import { strings as accountStrings } from './strings';

type ConnectedApp = AccountConnectedAppsQuery['connectedApps'][number];

function ConnectedAppRow({ connected, onRevoked }: { connected: ConnectedApp; onRevoked: () => void }) {
  const S = appsStrings().connected;
  const words = oauthStrings();
  const common = accountStrings();
  const action = useAction();
  const [asking, setAsking] = useState(false);
  const { app } = connected;

  const revoke = async (): Promise<void> => {
    if ((await action.run(() => request(APPS, 'AccountRevokeConnectedApp', { appId: app.id }))) !== undefined)
      onRevoked();
  };

  return (
    <li class="row connected-app" data-testid="connected-app" data-app-id={app.id}>
      <div class="row-text">
        <strong>{words.appBy(app.name, app.ownerName)}</strong>
        <ul class="scope-words">
          {connected.scopes.map((scope) => (
            <li key={scope} data-scope={scope}>
              {words.scope[scope]}
            </li>
          ))}
        </ul>
        <span class="muted">
          {S.approvedAt(formatDateTime(connected.approvedAt))} ·{' '}
          {S.lastUsed(connected.lastUsedAt === null ? common.never : formatDateTime(connected.lastUsedAt))}
        </span>
      </div>
      {asking ? (
        <Question
          question={S.revokeQuestion(app.name)}
          about={S.revokeAbout}
          yes={S.revokeYes}
          no={appsStrings().cancel}
          busy={action.busy}
          testId="revoke-app"
          className="question"
          buttonsClass="actions"
          danger
          onYes={() => void revoke()}
          onNo={() => setAsking(false)}
        />
      ) : (
        <button
          type="button"
          class="secondary"
          aria-label={`${S.revoke}: ${app.name}`}
          onClick={() => setAsking(true)}
        >
          {S.revoke}
        </button>
      )}
      {action.error !== null && <ErrorBox error={action.error} />}
    </li>
  );
}

export function ConnectedAppsSection() {
  const S = appsStrings().connected;
  const common = accountStrings();
  const apps = useLoad(() => request(APPS, 'AccountConnectedApps', {}), []);
  const list = apps.data?.connectedApps ?? [];
  return (
    <section
      class="card account-section"
      data-testid="account-connected-apps"
      aria-labelledby="account-connected-h"
    >
      <div class="section-head">
        <h2 id="account-connected-h">{S.heading}</h2>
        <button type="button" class="link" onClick={apps.reload}>
          {common.refresh}
        </button>
      </div>
      <p class="hint">{S.about}</p>
      {apps.error !== null && <ErrorBox error={apps.error} />}
      {apps.data !== null && list.length === 0 && <p class="muted">{S.none}</p>}
      <ul class="rows">
        {list.map((connected) => (
          <ConnectedAppRow key={connected.app.id} connected={connected} onRevoked={apps.reload} />
        ))}
      </ul>
    </section>
  );
}
