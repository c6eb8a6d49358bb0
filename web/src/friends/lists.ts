/** The friends page's four lists, in the order it shows them (web/src/friends/friends-page.tsx). */
export const FRIENDS_LISTS = ['friends', 'following', 'followers', 'blocked'] as const;
export type FriendsList = (typeof FRIENDS_LISTS)[number];

/** The feed's two lists of games of players I follow, in the order the page shows them (./followed-games.tsx). */
export const FEED_LISTS = ['playing', 'results'] as const;
export type FeedList = (typeof FEED_LISTS)[number];
