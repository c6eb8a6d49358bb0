/**
 * My sessions (sessions): when each began, was last used and ends by itself, and which is this one; any can be
 * signed out (revokeSession). Signing this one out ends the page's session, so the page signs out.
 */
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountSessionFragment } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { useAction, useLoad } from './hooks';
import { ACCOUNT } from './operations';
import { strings } from './strings';

export function SessionsSection({ reloadKey, onSignedOut }: { reloadKey: number; onSignedOut: () => void }) {
  const S = strings();
  const sessions = useLoad(() => request(ACCOUNT, 'AccountSessions', {}), [reloadKey]);
  const action = useAction();

  const revoke = async (session: AccountSessionFragment): Promise<void> => {
    const ended = await action.run(() => request(ACCOUNT, 'AccountRevokeSession', { id: session.id }));
    if (ended === undefined) return;
    if (session.current) onSignedOut();
    else sessions.reload();
  };

  return (
    <section class="card account-section" data-testid="account-sessions" aria-labelledby="account-sessions-h">
      <div class="section-head">
        <h2 id="account-sessions-h">{S.sessions.heading}</h2>
        <button type="button" class="link" onClick={sessions.reload}>
          {S.refresh}
        </button>
      </div>
      <p class="hint">{S.sessions.about}</p>
      {sessions.error !== null && <ErrorBox error={sessions.error} />}
      {action.error !== null && <ErrorBox error={action.error} />}
      <ul class="rows">
        {(sessions.data?.sessions ?? []).map((session) => (
          <li
            key={session.id}
            class={session.current ? 'row current' : 'row'}
            data-testid="session"
            data-session-id={session.id}
            data-current={String(session.current)}
          >
            <div class="row-text">
              <strong>{session.current ? S.sessions.thisOne : S.sessions.other}</strong>
              <span class="muted">{S.sessions.created(formatDateTime(session.createdAt))}</span>
              <span class="muted">
                {S.sessions.lastUsed(
                  session.lastUsedAt === null ? S.never : formatDateTime(session.lastUsedAt),
                )}
              </span>
              <span class="muted">{S.sessions.expires(formatDateTime(session.expiresAt))}</span>
            </div>
            <button
              type="button"
              class="secondary"
              disabled={action.busy}
              aria-label={`${session.current ? S.sessions.revokeThis : S.sessions.revoke}: ${
                session.current ? S.sessions.thisOne : S.sessions.other
              }, ${S.sessions.created(formatDateTime(session.createdAt))}`}
              onClick={() => void revoke(session)}
            >
              {session.current ? S.sessions.revokeThis : S.sessions.revoke}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
