/** New game: preset (with its summary), rule overrides, seats, time control, rated, and who to play. */
import type { Me } from '../me';

export function NewGamePage({ me }: { me: Me }) {
  return <section data-testid="new-game" data-me={me.username} />;
}
