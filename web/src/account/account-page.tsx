/**
 * My account: password, two-factor sign-in, sessions, e-mail, notifications (push devices and preferences),
 * online status, vacation, API tokens, connected apps, my own apps, webhooks and my data (docs/web.md, "Account"),
 * and a link to what the server keeps (/privacy). Each section reads and acts on its own through the public API; a changed password reads the
 * sessions (and, when they were revoked with it, the tokens) again, since the API ended them.
 */
import { useState } from 'preact/hooks';
import type { Me } from '../me';
import './account.css';
import { Link } from '../router';
import { ConnectedAppsSection } from './connected-apps-section';
import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { MyAppsSection } from './my-apps-section';
import { PasswordSection } from './password-section';
import { PresenceSection } from './presence-section';
import { SessionsSection } from './sessions-section';
import { strings } from './strings';
import { TokensSection } from './tokens-section';
import { TwoFactorSection } from './two-factor-section';
import { VacationSection } from './vacation-section';
import { WebhooksSection } from './webhooks-section';

export function AccountPage({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const S = strings();
  const [sessionsRound, setSessionsRound] = useState(0);
  const [tokensRound, setTokensRound] = useState(0);
  const passwordChanged = (tokensRevoked: boolean): void => {
    setSessionsRound((round) => round + 1);
    if (tokensRevoked) setTokensRound((round) => round + 1);
  };
  return (
    <div class="account" data-testid="account" data-me={me.username}>
      <h1>{S.heading}</h1>
      {/* A guest keeps the account first (the bar over the page offers it): password, two-factor sign-in,
          e-mail, vacation, tokens, apps and webhooks are a kept account's
          (docs/api/players-and-accounts.md#startguest; a guest cannot approve an app, so has none connected). */}
      {!me.isGuest && <PasswordSection username={me.username} onChanged={passwordChanged} />}
      {!me.isGuest && <TwoFactorSection username={me.username} />}
      <SessionsSection reloadKey={sessionsRound} onSignedOut={onSignedOut} />
      {!me.isGuest && <EmailSection />}
      <NotificationsSection reloadKey={sessionsRound} />
      <PresenceSection />
      {!me.isGuest && <VacationSection />}
      {!me.isGuest && <TokensSection reloadKey={tokensRound} />}
      {!me.isGuest && <ConnectedAppsSection />}
      {!me.isGuest && <MyAppsSection />}
      {!me.isGuest && <WebhooksSection />}
      <DataSection me={me} onSignedOut={onSignedOut} />
      <p class="muted">
        <Link to={{ page: 'privacy' }} testId="account-privacy">
          {S.privacy}
        </Link>
      </p>
    </div>
  );
}
