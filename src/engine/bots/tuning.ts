/**
 * The greedy bot's weights, in one place so that they can be measured against each other (bots playing
 * bots with different tunings). The unit is "one natural card played to the centre".
 */
export interface GreedyTuning {
  /** Spending a card in a chain to the pay-off card (cheapest chain wins). */
  readonly chainCost: { readonly hand: number; readonly side: number; readonly wild: number };
  /** Weight of the feed risk when choosing between chains to the pay-off card. */
  readonly chainFeedWeight: number;
  /**
   * Where an emptied hand is refilled: how much a plan that plays out the hand may cost beyond its hand
   * cards (wild cards spent, others fed) and still be worth the new hand.
   */
  readonly emptyingExtraCost: number;
  /** Where an emptied hand is refilled: the worth of a run of centre plays that empties it (a new hand). */
  readonly refillValue: number;
  /** What one natural card played to the centre is worth by itself: more cards drawn next turn, a side card dug out. */
  readonly playValue: { readonly hand: number; readonly side: number };
  /** How much a certain home for the next player's pay-off card weighs against one card played. */
  readonly feedWeight: number;
  /**
   * Ending the turn with a side-pile card rather than a pass: one more card drawn next turn, and the game
   * kept moving (a round of null turns blocks it, docs/rules.md §2.9).
   */
  readonly discardValue: number;
  /**
   * Play on rather than pass when not ahead on pay-off cards, so that a round of passes does not block the
   * game into a loss (docs/rules.md §2.9, §2.10); only where pay-off piles can be counted.
   */
  readonly playOnWhenBehind: boolean;
  /** A wild card put on a side pile is no longer free to go anywhere. */
  readonly wildDiscardPenalty: number;
  /** Per rank above (or below) 6, for a card put on an empty `sameOrOneLower` side pile: high cards leave room to build down. */
  readonly emptyPileRankValue: number;
  /** Using the last empty side pile. */
  readonly lastEmptyPilePenalty: number;
}

export const DEFAULT_TUNING: GreedyTuning = {
  chainCost: { hand: 1, side: 1.1, wild: 6 },
  chainFeedWeight: 2,
  emptyingExtraCost: 1,
  refillValue: 1,
  playValue: { hand: 0.5, side: 0.6 },
  feedWeight: 10,
  discardValue: 3,
  playOnWhenBehind: true,
  wildDiscardPenalty: 4,
  emptyPileRankValue: 0.25,
  lastEmptyPilePenalty: 0.5,
};
