/**
 * Side-pile placement for the greedy bot: which hand card to end the turn with, and where. On
 * `sameOrOneLower` piles (classic, zloba: S12, R9) a pile whose top counts as _t_ takes only a _t_ or a
 * _t_ − 1, so the tops decide what the bot can still place next turn; a hand full of cards that fit no pile
 * and no centre pile is how a game blocks (docs/rules.md §2.9). So a placement is judged by what it leaves:
 * how many of the hand cards still fit some pile, how many ranks a drawn card could have and still fit, and
 * how many empty piles are kept (an empty pile takes anything).
 */
import { ACE, Card, KING, TWO } from '../cards';
import { Board, FREE, naturalRank, sideTopCard, wild } from './board';

/** The weights of a placement on `sameOrOneLower` piles; the unit is the tuning's "one natural card played". */
export interface PlacementWeights {
  /** Per hand card left that fits some side pile next turn. */
  readonly placeableHandCard: number;
  /** Per rank (of the 13) that a card drawn next turn could have and still fit some side pile. */
  readonly coveredRank: number;
  /** Per empty side pile kept: it takes any card, which is worth more than the ranks it covers. */
  readonly emptyPile: number;
  /** Putting a card on a pile whose top has the same rank: nothing is buried, the pile takes what it took. */
  readonly sameRank: number;
  /**
   * Per card that must reach the centre before the placed card fits there (at most 12): shed the cards the
   * centre needs last (kings, queens…), which are also the hardest to place later on descending piles.
   */
  readonly distantCard: number;
}

function centerFull(board: Board): boolean {
  return !board.center.includes(FREE);
}

/**
 * Whether a natural card of `rank` may go on a side pile whose top counts as `top` (null: empty), docs/rules.md §2.5:
 * `lowCardsToSide = centerFullOnly` (R10) keeps aces and 2s off side piles unless the centre is full, and then
 * allows only a 2 on a 3 or an ace on a 2.
 */
export function naturalFitsSide(board: Board, rank: number, top: number | null): boolean {
  if (board.options.lowCardsToSide === 'centerFullOnly' && (rank === ACE || rank === TWO)) {
    return centerFull(board) && top === rank + 1;
  }
  if (board.options.sideBuild === 'any' || top === null) return true;
  return rank === top || rank === top - 1;
}

/**
 * The worth of the side piles showing `tops` for a hand `hand` (the hand after the placement): what the bot
 * can still place next turn. Only natural hand cards count; wild cards are kept for need.
 */
export function placementRoom(
  board: Board,
  hand: readonly Card[],
  tops: readonly (number | null)[],
  weights: PlacementWeights,
): number {
  let placeable = 0;
  for (const card of hand) {
    if (wild(board, card)) continue;
    const rank = naturalRank(card);
    if (tops.some((top) => naturalFitsSide(board, rank, top))) placeable++;
  }
  let covered = 0;
  for (let rank = ACE; rank <= KING; rank++) {
    if (tops.some((top) => naturalFitsSide(board, rank, top))) covered++;
  }
  const empties = tops.filter((top) => top === null).length;
  return weights.placeableHandCard * placeable + weights.coveredRank * covered + weights.emptyPile * empties;
}

/** The ranks the side-pile tops count as (null: empty) with a card counting as `rank` put on pile `pile`. */
export function topsAfter(board: Board, pile: number, rank: number): (number | null)[] {
  return board.sidePiles.map((other, index) => (index === pile ? rank : (sideTopCard(other)?.rank ?? null)));
}
