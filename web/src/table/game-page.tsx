/** A game's page: the table while it is played, the finished game (replay) once it is over. */
import type { Me } from '../me';
import { FinishedGame } from '../replay/finished-game';

export function GamePage({ id, me }: { id: string; me: Me }) {
  return <FinishedGame id={id} me={me} />;
}
