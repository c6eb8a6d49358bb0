/**
 * Follows and blocks (docs/social.md), pure. A follow is one way: the follower sees the followee's games and results
 * in a feed; two follows both ways make **friends**. A **block** counts both ways: neither of the two may invite
 * the other, join the other's waiting games, or be matched with the other by a seek (and, with chat, talk to the
 * other). Blocking someone ends the follows between the two, both ways. Blocks are private: the blocked player is
 * told only that the other "does not play with you" when a path is refused.
 */

/** Players one may follow, and block: enough for anyone, bounded so that every list is one bounded read. */
export const MAX_FOLLOWS = 500;
export const MAX_BLOCKS = 500;

/** What a follow or a block is refused for, or null. */
export type RelationRefusal = 'self' | 'bot' | 'limit' | 'blocked';

/** Why `me` may not follow `them`, or null. */
export function followRefusal(
  me: { readonly id: string },
  them: { readonly id: string },
  state: { readonly following: number; readonly blockedEitherWay: boolean },
): RelationRefusal | null {
  if (me.id === them.id) return 'self';
  if (state.blockedEitherWay) return 'blocked';
  if (state.following >= MAX_FOLLOWS) return 'limit';
  return null;
}

/** Why `me` may not block `them`, or null: the built-in bots are never blocked (they only answer). */
export function blockRefusal(
  me: { readonly id: string },
  them: { readonly id: string; readonly builtinBot: boolean },
  state: { readonly blocking: number },
): RelationRefusal | null {
  if (me.id === them.id) return 'self';
  if (them.builtinBot) return 'bot';
  if (state.blocking >= MAX_BLOCKS) return 'limit';
  return null;
}

export const RELATION_MESSAGES: Readonly<Record<RelationRefusal, string>> = {
  self: 'you cannot follow or block yourself',
  bot: 'the built-in bots only answer: there is nothing to block',
  limit: 'that is as many as one may follow or block',
  blocked: 'one of you blocked the other',
};
