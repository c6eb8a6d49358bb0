/**
 * The greedy bot's weights, in one place so that they can be measured against each other (bots playing
 * bots with different tunings). The unit is "one natural card played to the centre".
 */
import type { PlacementWeights } from './side';
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
  /** A wild card put on a side pile is no longer free to go anywhere. */
  readonly wildDiscardPenalty: number;
  /**
   * A run of centre plays that empties the centre while the bot holds no ace: then only an ace can be
   * played anywhere, and a game whose hands hold none blocks (most of the blocked `zloba` games ended so).
   */
  readonly emptyCenterPenalty: number;
  /** Using the last empty side pile (`sideBuild any`). */
  readonly lastEmptyPilePenalty: number;
  /** How a placement on `sameOrOneLower` side piles is judged (side.ts). */
  readonly placement: PlacementWeights;
}

export const DEFAULT_TUNING: GreedyTuning = {
  chainCost: { hand: 1, side: 1.1, wild: 6 },
  chainFeedWeight: 2,
  emptyingExtraCost: 1,
  refillValue: 1,
  playValue: { hand: 0.5, side: 0.6 },
  feedWeight: 10,
  discardValue: 3,
  wildDiscardPenalty: 4,
  lastEmptyPilePenalty: 0.5,
  emptyCenterPenalty: 2,
  placement: {
    placeableHandCard: 1,
    coveredRank: 0.25,
    emptyPile: 1,
    sameRank: 0.5,
    distantCard: 0.1,
  },
};

/**
 * The expert's own play (docs/bots.md, "Expert"): greedy's weights, except that a side-pile top played to the
 * centre is worth nothing by itself, so side-pile cards go to the centre only on the way to a hand card, a
 * chain to the pay-off card or a better table. Head to head against `DEFAULT_TUNING` (2,000 games per preset,
 * seats rotated) it won 53.2 % of the decided classic games, 52.0 % in zloba and 57.0 % in modern; `greedy`
 * keeps its weights (it is the middle level, and the measured blocked shares are its own).
 */
export const EXPERT_TUNING: GreedyTuning = {
  ...DEFAULT_TUNING,
  playValue: { ...DEFAULT_TUNING.playValue, side: 0 },
};
