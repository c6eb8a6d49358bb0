/**
 * Following and blocking a player (social.graphql), typed for `request` (web/src/api.ts), and the one way the client
 * changes how it stands with a player: `changeRelation`, for the player page's buttons (./social-actions.tsx) and
 * the friends page's (web/src/friends/friends-page.tsx).
 */
import { request } from '../api';
import type {
  PlayersBlockMutation,
  PlayersBlockMutationVariables,
  PlayersFollowMutation,
  PlayersFollowMutationVariables,
  PlayersRelationFragment,
  PlayersStandingQuery,
  PlayersStandingQueryVariables,
  PlayersUnblockMutation,
  PlayersUnblockMutationVariables,
  PlayersUnfollowMutation,
  PlayersUnfollowMutationVariables,
} from '../generated/graphql';
import SOCIAL from './social.graphql?raw';

declare module '../api' {
  interface Operations {
    PlayersStanding: [PlayersStandingQuery, PlayersStandingQueryVariables];
    PlayersFollow: [PlayersFollowMutation, PlayersFollowMutationVariables];
    PlayersUnfollow: [PlayersUnfollowMutation, PlayersUnfollowMutationVariables];
    PlayersBlock: [PlayersBlockMutation, PlayersBlockMutationVariables];
    PlayersUnblock: [PlayersUnblockMutation, PlayersUnblockMutationVariables];
  }
}

/** How I stand with another player (`Player.relation`). */
export type Relation = PlayersRelationFragment;

/** What a button may do to how I stand with a player. */
export const RELATION_ACTIONS = ['follow', 'unfollow', 'block', 'unblock'] as const;
export type RelationAction = (typeof RELATION_ACTIONS)[number];

/** How I stand with `username` now, as the server says (null: no such player, or it is me). */
async function standing(username: string): Promise<Relation | null> {
  return (await request(SOCIAL, 'PlayersStanding', { username })).player?.relation ?? null;
}

/**
 * Does `action` to `username` and answers how I stand with them after it: follow and block answer it themselves;
 * unfollow and unblock answer only whether there was anything to end, so it is read again.
 */
export async function changeRelation(action: RelationAction, username: string): Promise<Relation | null> {
  switch (action) {
    case 'follow':
      return (await request(SOCIAL, 'PlayersFollow', { username })).followPlayer.relation;
    case 'block':
      return (await request(SOCIAL, 'PlayersBlock', { username })).blockPlayer.relation;
    case 'unfollow':
      await request(SOCIAL, 'PlayersUnfollow', { username });
      return standing(username);
    case 'unblock':
      await request(SOCIAL, 'PlayersUnblock', { username });
      return standing(username);
    default: {
      const never: never = action;
      return never;
    }
  }
}
