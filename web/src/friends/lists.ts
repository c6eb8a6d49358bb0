/** The friends page's four lists, in the order it shows them (web/src/friends/friends-page.tsx). */
export const FRIENDS_LISTS = ['friends', 'following', 'followers', 'blocked'] as const;
export type FriendsList = (typeof FRIENDS_LISTS)[number];
