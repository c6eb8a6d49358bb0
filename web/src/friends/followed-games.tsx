/**
 * The friends page's feed (./friends-page.tsx): the games of players I follow, read with the four lists
 * (friends.graphql: `games(filter: { following: true, status })`, ten of each) — those being played now, with who
 * is to move, and the latest results, with who won (or a draw) and when the game ended in the reader's locale. Each
 * row is one link to the game, named by its players; those I follow are in <strong>, so the markup says it and not
 * the look alone. The server orders both lists (docs/schema.graphql GamesFilter): results by end time, the newest
 * first.
 */
import type { FriendsFeedGameFragment } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { Link } from '../router';
import { strings as sharedStrings } from '../strings';
import { FEED_LISTS, FeedList } from './lists';
import { strings } from './strings';

/** The username at a seat, if anyone sits there. */
function nameAt(game: FriendsFeedGameFragment, seat: number | null): string | undefined {
  return game.players.find((each) => each.seat === seat)?.player.username;
}

/** The row's words after the preset: who is to move in a game being played, who won a finished one. */
function standing(game: FriendsFeedGameFragment, list: FeedList): string {
  const S = strings().feed;
  switch (list) {
    case 'playing': {
      const toMove = nameAt(game, game.currentSeat);
      return toMove === undefined ? '' : sharedStrings().toMove(toMove);
    }
    case 'results': {
      if (game.result === null) return '';
      const winner = nameAt(game, game.result.winner);
      return winner === undefined ? S.draw : S.won(winner);
    }
    default: {
      const never: never = list;
      return never;
    }
  }
}

function FeedRow({
  game,
  list,
  followed,
}: {
  game: FriendsFeedGameFragment;
  list: FeedList;
  followed: ReadonlySet<string>;
}) {
  const S = strings().feed;
  const shared = sharedStrings();
  const said = standing(game, list);
  const winner = list === 'results' ? (nameAt(game, game.result?.winner ?? null) ?? '') : undefined;
  return (
    <li class="feed-row" data-testid="feed-row" data-game-id={game.id} data-winner={winner}>
      <Link to={{ page: 'game', id: game.id }} class="feed-game">
        <span>
          {game.players.map((seat, index) => (
            <span key={seat.id}>
              {index > 0 && ` ${S.versus} `}
              {followed.has(seat.player.id) ? (
                <strong data-testid="followed">{seat.player.username}</strong>
              ) : (
                seat.player.username
              )}
            </span>
          ))}
        </span>
      </Link>
      <span class="feed-about muted">
        {shared.preset[game.preset]}
        {said !== '' && ` · ${said}`}
        {list === 'results' && game.finishedAt !== null && (
          <>
            {` · ${S.ended} `}
            <time dateTime={game.finishedAt} data-testid="ended">
              {formatDateTime(game.finishedAt)}
            </time>
          </>
        )}
      </span>
    </li>
  );
}

export function FollowedGames({
  playing,
  results,
  followed,
}: {
  playing: readonly FriendsFeedGameFragment[];
  results: readonly FriendsFeedGameFragment[];
  /** The ids of the players I follow, whose names the rows set in bold. */
  followed: ReadonlySet<string>;
}) {
  const S = strings().feed;
  const gamesOf = (list: FeedList): readonly FriendsFeedGameFragment[] => {
    switch (list) {
      case 'playing':
        return playing;
      case 'results':
        return results;
      default: {
        const never: never = list;
        return never;
      }
    }
  };
  return (
    <section class="friends-feed" data-testid="feed" aria-labelledby="friends-feed">
      <h2 id="friends-feed">{S.title}</h2>
      {followed.size === 0 ? (
        <p class="muted" data-testid="feed-none-followed">
          {S.noneFollowed}
        </p>
      ) : (
        FEED_LISTS.map((list) => {
          const games = gamesOf(list);
          return (
            <section
              key={list}
              class="feed-list"
              data-testid={`feed-${list}`}
              aria-labelledby={`friends-feed-${list}`}
            >
              <h3 id={`friends-feed-${list}`}>{S.list[list]}</h3>
              {games.length === 0 ? (
                <p class="muted" data-testid="feed-empty">
                  {S.empty[list]}
                </p>
              ) : (
                <ul>
                  {games.map((game) => (
                    <FeedRow key={game.id} game={game} list={list} followed={followed} />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </section>
  );
}
