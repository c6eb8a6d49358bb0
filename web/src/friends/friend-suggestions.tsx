/**
 * My friends' names as suggestions for a name field (a `<datalist>`: the field's `list` names its id), so that
 * inviting a friend is choosing a name (the new-game page's invitation by name, web/src/new-game/new-game-page.tsx).
 */
import { useEffect, useState } from 'preact/hooks';
import { request } from '../api';
import type { FriendsNamesQuery, FriendsNamesQueryVariables } from '../generated/graphql';
import SUGGESTIONS from './suggestions.graphql?raw';

declare module '../api' {
  interface Operations {
    FriendsNames: [FriendsNamesQuery, FriendsNamesQueryVariables];
  }
}

export function FriendSuggestions({ id }: { id: string }) {
  // null until read (and when the read failed).
  const [names, setNames] = useState<readonly string[] | null>(null);
  useEffect(() => {
    let current = true;
    request(SUGGESTIONS, 'FriendsNames', {}).then(
      (answer) => current && setNames(answer.friends.map((friend) => friend.username)),
      // Suggestions only help: without them the name is typed, and the field works as before.
      () => undefined,
    );
    return () => void (current = false);
  }, []);
  return (
    <datalist id={id} data-testid="friend-suggestions" data-loaded={names !== null}>
      {(names ?? []).map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
