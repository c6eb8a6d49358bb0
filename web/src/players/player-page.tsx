/** A player's page: ratings per preset with their graph, history with filters, head-to-head with me. */
import type { Me } from '../me';

export function PlayerPage({ username }: { username: string; me: Me | null }) {
  return <section data-testid="player" data-username={username} />;
}
