/**
 * The friends page (/friends, signed in): four short lists — my friends (we follow each other), whom I follow, who
 * follows me, whom I block — each name a link to the player's page, with the buttons that apply: Challenge
 * (/new?opponent=<name>, as on the player page) and Unfollow for a friend, Unfollow for whom I follow, Unblock for
 * whom I block; "Online" beside a name when they have a page open (../players/online-badge.tsx), but not in the
 * blocked list. Every list is mine alone (docs/schema.graphql: following, followers, friends, blockedPlayers);
 * after a change all four are read again, since one change moves a player between lists. Above them, the games of
 * the players I follow (./followed-games.tsx), in the same read: a short feed first, the lists (which may be long)
 * after it, so that on a phone the feed is not at the bottom of a few hundred names.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { FriendsListsQuery, FriendsPlayerFragment } from '../generated/graphql';
import { OnlineBadge } from '../players/online-badge';
import { PlayerMarks } from '../players/player-marks';
import { RelationAction, changeRelation } from '../players/social';
import { strings as playersStrings } from '../players/strings';
import { Link } from '../router';
import { FollowedGames } from './followed-games';
import { FRIENDS_LISTS, FriendsList } from './lists';
import { FRIENDS } from './operations';
import { strings } from './strings';
import './friends.css';

/** A list's players in the answer. */
function playersOf(lists: FriendsListsQuery, list: FriendsList): readonly FriendsPlayerFragment[] {
  switch (list) {
    case 'friends':
      return lists.friends;
    case 'following':
      return lists.following;
    case 'followers':
      return lists.followers;
    case 'blocked':
      return lists.blockedPlayers;
    default: {
      const never: never = list;
      return never;
    }
  }
}

/** What a row of a list offers besides the name: who follows me asks nothing of me. */
function rowActions(list: FriendsList): { challenge: boolean; action: RelationAction | null } {
  switch (list) {
    case 'friends':
      return { challenge: true, action: 'unfollow' };
    case 'following':
      return { challenge: false, action: 'unfollow' };
    case 'followers':
      return { challenge: false, action: null };
    case 'blocked':
      return { challenge: false, action: 'unblock' };
    default: {
      const never: never = list;
      return never;
    }
  }
}

function Row({
  player,
  list,
  busy,
  onAct,
}: {
  player: FriendsPlayerFragment;
  list: FriendsList;
  busy: boolean;
  onAct: (action: RelationAction, username: string) => void;
}) {
  const P = playersStrings();
  const S = P.social;
  const { challenge, action } = rowActions(list);
  const name = player.username;
  return (
    <li class="friends-row" data-testid="friends-row" data-username={name}>
      <span class="friends-name">
        <Link to={{ page: 'player', username: name }} class="player-link">
          {name}
        </Link>{' '}
        <PlayerMarks player={player} />
        {/* Whom I have blocked is not someone to meet: their presence is left out there. */}
        {list !== 'blocked' && <OnlineBadge online={player.online} />}
      </span>
      <span class="friends-actions">
        {challenge && !player.deleted && (
          <Link
            to={`/new?opponent=${encodeURIComponent(name)}`}
            class="friends-challenge"
            testId="challenge"
            label={P.challengeName(name)}
          >
            {P.challenge}
          </Link>
        )}
        {action === 'unfollow' && (
          <button
            type="button"
            class="secondary"
            data-testid="unfollow"
            aria-label={S.unfollowName(name)}
            disabled={busy}
            onClick={() => onAct(action, name)}
          >
            {S.unfollow}
          </button>
        )}
        {action === 'unblock' && (
          <button
            type="button"
            class="secondary"
            data-testid="unblock"
            aria-label={S.unblockName(name)}
            disabled={busy}
            onClick={() => onAct(action, name)}
          >
            {S.unblock}
          </button>
        )}
      </span>
    </li>
  );
}

export function FriendsPage() {
  const S = strings();
  const [lists, setLists] = useState<FriendsListsQuery | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped after each change: the lists are read again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    request(FRIENDS, 'FriendsLists', {})
      .then((answer) => current && setLists(answer))
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => void (current = false);
  }, [version]);

  const act = async (action: RelationAction, username: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await changeRelation(action, username);
      setVersion((now) => now + 1);
    } catch (failure) {
      setError(asFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="friends-page" data-testid="friends" data-loaded={lists !== null}>
      <h1>{S.title}</h1>
      <p class="muted">{S.about}</p>
      {error !== null && <ErrorBox error={error} />}
      {lists !== null && (
        <FollowedGames
          playing={lists.playing.edges.map((edge) => edge.node)}
          results={lists.results.edges.map((edge) => edge.node)}
          followed={new Set(lists.following.map((player) => player.id))}
        />
      )}
      {lists === null
        ? error === null && <p class="muted">{playersStrings().loading}</p>
        : FRIENDS_LISTS.map((list) => {
            const players = playersOf(lists, list);
            return (
              <section
                key={list}
                class="friends-list"
                data-testid={`list-${list}`}
                aria-labelledby={`friends-${list}`}
              >
                <h2 id={`friends-${list}`}>
                  {S.list[list]} <span class="muted">({players.length})</span>
                </h2>
                {players.length === 0 ? (
                  <p class="muted" data-testid="list-empty">
                    {S.empty[list]}
                  </p>
                ) : (
                  <ul>
                    {players.map((player) => (
                      <Row
                        key={player.id}
                        player={player}
                        list={list}
                        busy={busy}
                        onAct={(action, username) => void act(action, username)}
                      />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
    </section>
  );
}
