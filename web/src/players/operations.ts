/** The operations of the player pages and the leaderboard (players.graphql), typed for `request` (web/src/api.ts). */
import type {
  PlayersHeadToHeadQuery,
  PlayersHeadToHeadQueryVariables,
  PlayersHistoryQuery,
  PlayersHistoryQueryVariables,
  PlayersLeaderboardQuery,
  PlayersLeaderboardQueryVariables,
  PlayersProfileQuery,
  PlayersProfileQueryVariables,
  PlayersRatingHistoryQuery,
  PlayersRatingHistoryQueryVariables,
} from '../generated/graphql';
import PLAYERS from './players.graphql?raw';

declare module '../api' {
  interface Operations {
    PlayersProfile: [PlayersProfileQuery, PlayersProfileQueryVariables];
    PlayersRatingHistory: [PlayersRatingHistoryQuery, PlayersRatingHistoryQueryVariables];
    PlayersHistory: [PlayersHistoryQuery, PlayersHistoryQueryVariables];
    PlayersHeadToHead: [PlayersHeadToHeadQuery, PlayersHeadToHeadQueryVariables];
    PlayersLeaderboard: [PlayersLeaderboardQuery, PlayersLeaderboardQueryVariables];
  }
}

export { PLAYERS };
