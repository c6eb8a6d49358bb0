/** A username as a link to its player page (/players/<name>), for any list of players in the client. */
import { Link } from '../router';

export function PlayerLink({ username }: { username: string }) {
  return (
    <Link to={{ page: 'player', username }} class="player-link">
      {username}
    </Link>
  );
}
