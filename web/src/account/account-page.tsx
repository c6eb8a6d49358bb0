/** My account: password, sessions, API tokens and webhooks. */
import type { Me } from '../me';

export function AccountPage({ me }: { me: Me; onSignedOut: () => void }) {
  return <section data-testid="account" data-me={me.username} />;
}
