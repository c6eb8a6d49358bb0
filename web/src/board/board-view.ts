/**
 * What the board shows, in card notation (docs/notation.md): the API's `GameView` and the engine's own view
 * (src/engine/view.ts, used by the local replay) both have this shape, so one Board draws the live table and
 * every step of a replay.
 */
export interface BoardSeat {
  readonly seat: number;
  readonly handCount: number;
  readonly payoffTop: string | null;
  readonly payoffCount: number | null;
  readonly sidePiles: readonly (readonly string[])[];
  readonly out: boolean;
}

export interface BoardView {
  /** The reader's hand; null for a spectator. */
  readonly hand: readonly string[] | null;
  readonly stockCount: number;
  readonly setAsideCount: number;
  readonly centerPiles: readonly { readonly slot: number; readonly cards: readonly string[] }[];
  readonly seats: readonly BoardSeat[];
}
