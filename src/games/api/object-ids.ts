/**
 * Ids for the objects of a game that are not nodes of their own (docs/api/types.md#node): stable for the same
 * thing, so a caching client keeps one copy of each and replaces it when a newer answer brings it. Made of
 * the game's UUID and what the object is within it; `node(id:)` does not take them (they are found through
 * their game).
 */

/** A seat of the game and who sits there (`GamePlayer`). */
export const gamePlayerId = (gameId: string, seat: number): string => `${gameId}/players/${seat}`;

/** The board as one seat, or a spectator, sees it (`GameView`): what each may see differs, so each has its own. */
export const gameViewId = (gameId: string, viewerSeat: number | null): string =>
  `${gameId}/view/${viewerSeat ?? 'spectator'}`;

/** What everyone may see of one seat (`SeatView`): the same for every viewer. */
export const seatViewId = (gameId: string, seat: number): string => `${gameId}/seats/${seat}`;

/** A centre pile by its slot (`CenterPile`); a slot emptied and started again is the same pile to a cache. */
export const centerPileId = (gameId: string, slot: number): string => `${gameId}/piles/${slot}`;
