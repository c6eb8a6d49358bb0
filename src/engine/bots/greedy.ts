/**
 * The greedy bot: a heuristic player that decides from its view alone. In order of priority it
 * 1. plays its pay-off top whenever it fits (that is how the game is won), onto the pile that feeds the others least;
 * 2. otherwise plays toward it: the cheapest chain of centre plays this turn that ends with the pay-off card
 *    (hand cards before side-pile tops before wild cards);
 * 3. where an emptied hand is refilled (E12), plays out the whole hand to draw a new one, when that spends
 *    no wild card and feeds nobody;
 * 4. makes the run of natural centre plays that leaves the best table: each card played counts for it, each
 *    home left for an opponent's pay-off top (a pile one below it) against it, weighted by how likely the
 *    opponent can reach it from their visible side piles — so it covers such homes, builds piles past them,
 *    and holds back cards that would make one; a run that empties the centre counts against it while it holds
 *    no ace (then only an ace could be played anywhere);
 * 5. ends the turn (`endOfTurn`): a natural card onto the side pile that leaves the most room — on descending
 *    piles (S12, R9) the hand cards that still fit somewhere, the ranks a drawn card could have and still fit,
 *    the empty piles kept (side.ts) — so it builds down or onto the same rank before it opens an empty pile,
 *    and sheds the cards the centre needs last; a wild card only when no natural card may go, never two on
 *    one pile; otherwise a centre play; and it passes only when nothing else is legal (or only a second wild
 *    card on one pile is), so it never blocks a game it could keep moving.
 * Wild cards go to the centre only inside a chain to the pay-off card, or when nothing else would keep the
 * game moving. The weights are in `tuning.ts`; they were chosen by matches between tunings (seats swapped on
 * each deal) and by the share of blocked games between two greedy bots (docs/bots.md).
 */
import { ACE, Card, TWO, rankOf } from '../cards';
import { Move, parseMove } from '../moves';
import { SideCard } from '../state';
import type { Bot, BotVersion } from './bot';
import {
  Board,
  CenterPlay,
  FREE,
  Source,
  applyPlay,
  boardFromView,
  centerPlay,
  handSource,
  payoffSource,
  sideSource,
  naturalRank,
  playText,
  sideTopCard,
  undoPlay,
  wild,
} from './board';
import { Context, findBestSequence, findHandEmptying, findPayoffChain } from './plan';
import { DEFAULT_TUNING, GreedyTuning } from './tuning';
import { placementRoom, topsAfter } from './side';
import { Threat, feedRisk, threatsOf } from './threat';

/** A wild card played outside a chain to the pay-off card is wasted. */
const WILD_PLAY_PENALTY = 5;
/** Enough to put a forced play before any other centre play when nothing else may end the turn. */
const FORCED_PLAY_BONUS = 100;

type Place = Extract<Move, { kind: 'place' }>;

interface Candidates {
  readonly payoff: CenterPlay[];
  readonly center: CenterPlay[];
  readonly discards: Place[];
  readonly pass: boolean;
  readonly texts: Map<CenterPlay | Place, string>;
}

function toSource(move: Place): Source {
  const from = move.from;
  switch (from.kind) {
    case 'hand':
      return handSource(from.card);
    case 'side':
      return sideSource(from.pile - 1);
    case 'payoff':
      return payoffSource();
  }
}

function sortMoves(legalMoves: readonly string[]): Candidates {
  const candidates: Candidates = { payoff: [], center: [], discards: [], pass: false, texts: new Map() };
  const mutable = candidates as { pass: boolean };
  for (const text of legalMoves) {
    const move = parseMove(text);
    if (move === null) continue;
    if (move.kind === 'pass') {
      mutable.pass = true;
      continue;
    }
    if (move.to.kind === 'side') {
      candidates.discards.push(move);
      candidates.texts.set(move, text);
      continue;
    }
    const play = centerPlay(toSource(move), move.to.kind === 'center' ? move.to.slot - 1 : null);
    candidates.texts.set(play, text);
    if (play.source.kind === 'payoff') candidates.payoff.push(play);
    else candidates.center.push(play);
  }
  return candidates;
}

function riskAfter(board: Board, threats: readonly Threat[], play: CenterPlay): number {
  const undo = applyPlay(board, play);
  const risk = feedRisk(board, threats);
  undoPlay(board, undo);
  return risk;
}

function sourceCardOf(board: Board, source: Source): Card | null {
  switch (source.kind) {
    case 'hand':
      return source.card;
    case 'side':
      return sideTopCard(board.sidePiles[source.pile] ?? [])?.card ?? null;
    case 'payoff':
      return board.payoffTop;
  }
}

/** The value of a centre play that is not part of a plan: the card's own worth less what it feeds the others. */
function centerPlayScore(context: Context, riskNow: number, play: CenterPlay): number {
  const { board, threats, tuning } = context;
  const card = sourceCardOf(board, play.source);
  if (card === null) return -Infinity;
  let score = play.source.kind === 'side' ? tuning.playValue.side : tuning.playValue.hand;
  if (wild(board, card)) score -= WILD_PLAY_PENALTY;
  return score - tuning.feedWeight * (riskAfter(board, threats, play) - riskNow);
}

/**
 * How many cards must reach the centre before `rank` can be played there (0: it fits now). Cards needed
 * soon are the ones worth keeping reachable.
 */
function cardsBefore(board: Board, rank: number): number {
  let best = rank - 1;
  if (!board.center.includes(FREE)) best = Infinity;
  for (const top of board.center) if (top !== FREE && top < rank) best = Math.min(best, rank - 1 - top);
  return best;
}

/** `cardsBefore`, at most 12: how far a card is from fitting the centre, for shedding the furthest first. */
function distanceToCenter(board: Board, rank: number): number {
  return Math.min(cardsBefore(board, rank), 12);
}

/** How much a card on top of a side pile would be missed if it were covered. */
function coverCost(board: Board, side: SideCard): number {
  if (wild(board, side.card)) return 3;
  const before = cardsBefore(board, rankOf(side.card));
  return before === Infinity ? 0.2 : 2 / (1 + before);
}

/** The hand as it would be without one copy of `card`. */
function handWithout(board: Board, card: Card): Card[] {
  const hand = board.hand.slice();
  const index = hand.indexOf(card);
  if (index >= 0) hand.splice(index, 1);
  return hand;
}

/**
 * The value of ending the turn with this hand card on this side pile. On `sameOrOneLower` piles (S12, R9):
 * what the piles still take afterwards (`placementRoom`: hand cards that still fit, ranks a drawn card could
 * have, empty piles kept), less what the card buries. So the bot builds down on a pile or onto a card of the
 * same rank before it opens an empty pile, and opens one only with the card that leaves the most room.
 */
function discardScore(context: Context, move: Place): number {
  const { board, tuning } = context;
  if (move.from.kind !== 'hand' || move.to.kind !== 'side') return -Infinity;
  const card = move.from.card;
  const pileIndex = move.to.pile - 1;
  const pile = board.sidePiles[pileIndex] ?? [];
  const top = sideTopCard(pile);
  const rank = move.declared ?? naturalRank(card);
  if (board.options.sideBuild === 'sameOrOneLower') {
    const weights = tuning.placement;
    let score = placementRoom(board, handWithout(board, card), topsAfter(board, pileIndex, rank), weights);
    if (top !== null) {
      const sameRank = !wild(board, card) && !wild(board, top.card) && naturalRank(top.card) === rank;
      score += sameRank ? weights.sameRank : -coverCost(board, top);
    }
    if (!wild(board, card)) score += weights.distantCard * distanceToCenter(board, rank);
    return score;
  }
  let score = tuning.discardValue;
  if (wild(board, card)) score -= tuning.wildDiscardPenalty;
  if (top === null) {
    const empties = board.sidePiles.filter((other) => other.length === 0).length;
    score += 0.5;
    if (empties === 1) score -= tuning.lastEmptyPilePenalty;
  } else if (top.rank === rank + 1) {
    score += 2;
  } else if (top.rank === rank) {
    score += 1.5;
  } else {
    score -= coverCost(board, top);
  }
  // With any card allowed anywhere, shed the card that is furthest from being playable.
  if (!wild(board, card)) score += 0.15 * distanceToCenter(board, rank);
  return score;
}

/**
 * The greedy bot's version (docs/bots.md, "Versions"): raise it with any change that may make the bot choose
 * another move in some position (a heuristic, a weight in `DEFAULT_TUNING`, a fix).
 */
export const GREEDY_VERSION: BotVersion = 'greedy-2';

/** Whether a play is of a kind the rules may force: an ace starting a pile (S6, R5), a 2 on an ace (R7). */
function isForcedKind(board: Board, play: CenterPlay): boolean {
  const card = sourceCardOf(board, play.source);
  if (card === null || wild(board, card)) return false;
  const rank = naturalRank(card);
  if (rank === ACE) return board.options.forcedAces && play.slot === null;
  if (rank === TWO)
    return board.options.forcedTwoOnAce && play.slot !== null && board.center[play.slot] === ACE;
  return false;
}

function best<T>(items: readonly T[], score: (item: T) => number): { item: T; score: number } | null {
  let found: { item: T; score: number } | null = null;
  for (const item of items) {
    const value = score(item);
    if (found === null || value > found.score) found = { item, score: value };
  }
  return found;
}

function isWildPlacement(board: Board, move: Place): boolean {
  return move.from.kind === 'hand' && wild(board, move.from.card);
}

function isWildPlay(board: Board, play: CenterPlay): boolean {
  const card = sourceCardOf(board, play.source);
  return card !== null && wild(board, card);
}

function chooseMove(context: Context, candidates: Candidates, legalMoves: readonly string[]): string {
  const { board, threats } = context;
  const text = (key: CenterPlay | Place): string => candidates.texts.get(key) as string;
  const isLegal = (play: CenterPlay | undefined): play is CenterPlay =>
    play !== undefined && legalMoves.includes(playText(play));

  const payoff = best(candidates.payoff, (play) => -riskAfter(board, threats, play));
  if (payoff !== null) return text(payoff.item);

  // The hand-emptying search runs only when no chain to the pay-off card leads (it costs the most of the two).
  for (const plan of [findPayoffChain, findHandEmptying]) {
    const first = plan(context)?.plays[0];
    if (isLegal(first)) return playText(first);
  }

  const sequence = findBestSequence(context)[0];
  if (isLegal(sequence)) return playText(sequence);

  return endOfTurn(context, candidates, legalMoves);
}

/**
 * The move once no plan or run of centre plays is worth more: in order, a natural card onto a side pile, a
 * wild card onto a side pile that holds none, a natural centre play, a wild centre play, and only then
 * `pass`. A side-pile card or a centre play keeps the game moving (the hand is refilled next turn); a round
 * of turns with neither blocks it (docs/rules.md §2.9), and most blocked games between the earlier greedy
 * bots were blocks one of them chose.
 *
 * WHEN GREEDY PASSES (docs/bots.md, "When greedy passes"): only when
 *   1. `pass` is its only legal move, or
 *   2. every other legal move would put a second wild card onto a side pile (wild cards are kept for need;
 *      two on one pile would bury one of them).
 */
function endOfTurn(context: Context, candidates: Candidates, legalMoves: readonly string[]): string {
  const { board, threats } = context;
  const text = (key: CenterPlay | Place): string => candidates.texts.get(key) as string;
  const score = (move: Place): number => discardScore(context, move);
  const natural = best(
    candidates.discards.filter((move) => !isWildPlacement(board, move)),
    score,
  );
  if (natural !== null) return text(natural.item);
  const wildPlacement = best(
    candidates.discards.filter(
      (move) =>
        isWildPlacement(board, move) &&
        move.to.kind === 'side' &&
        board.sidePileHasWild[move.to.pile - 1] !== true,
    ),
    score,
  );
  if (wildPlacement !== null) return text(wildPlacement.item);
  // A forced play pending (S6, R5, R7, S15) comes first: then only centre plays are legal.
  const riskNow = feedRisk(board, threats);
  const centerScore = (play: CenterPlay): number =>
    centerPlayScore(context, riskNow, play) + (isForcedKind(board, play) ? FORCED_PLAY_BONUS : 0);
  const naturalPlay = best(
    candidates.center.filter((play) => !isWildPlay(board, play)),
    centerScore,
  );
  if (naturalPlay !== null) return text(naturalPlay.item);
  const wildPlay = best(candidates.center, centerScore);
  if (wildPlay !== null) return text(wildPlay.item);
  if (candidates.pass) return 'pass';
  const anyDiscard = best(candidates.discards, score);
  if (anyDiscard !== null) return text(anyDiscard.item);
  return legalMoves[0] as string;
}

/**
 * Greedy's move on a board with the given weights: what `greedyBotWith(tuning)` chooses for a view whose board
 * this is. The expert's playouts call it with boards built straight from their states (`boardFromState`). It
 * reads no randomness: greedy's move is a function of the board and the legal moves.
 */
export function greedyMoveOnBoard(board: Board, legalMoves: readonly string[], tuning: GreedyTuning): string {
  if (legalMoves.length === 0) throw new Error('greedy bot: no legal move to choose from');
  if (legalMoves.length === 1) return legalMoves[0] as string;
  const context: Context = { board, threats: threatsOf(board), tuning };
  return chooseMove(context, sortMoves(legalMoves), legalMoves);
}

/** A greedy bot with its own weights (for measuring tunings against each other). */
export function greedyBotWith(tuning: GreedyTuning): Bot {
  return {
    name: 'greedy',
    version: GREEDY_VERSION,
    choose(view, legalMoves) {
      if (legalMoves.length === 1) return legalMoves[0] as string;
      return greedyMoveOnBoard(boardFromView(view), legalMoves, tuning);
    },
  };
}

export const greedyBot: Bot = greedyBotWith(DEFAULT_TUNING);
