/** The friends page's read (friends.graphql), typed for `request` (web/src/api.ts). */
import type { FriendsListsQuery, FriendsListsQueryVariables } from '../generated/graphql';
import FRIENDS from './friends.graphql?raw';

declare module '../api' {
  interface Operations {
    FriendsLists: [FriendsListsQuery, FriendsListsQueryVariables];
  }
}

export { FRIENDS };
