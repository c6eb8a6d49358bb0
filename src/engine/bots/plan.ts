/**
 * Short searches within one turn, on the bot's own board (its view only):
 * - a chain of centre plays that ends by playing the pay-off top (the only way to win), cheapest first:
 *   hand cards before side-pile tops before wild cards, then the chain that feeds the others least;
 * - where an emptied hand is refilled (E12), a cheap way to play out the whole hand;
 * - otherwise the run of natural centre plays that leaves the best table (cards played against homes left
 *   for the others' pay-off cards).
 * All are depth-first over the few cards that fit, with the board changed in place and undone, and each has
 * a node budget so that a decision stays within tens of microseconds.
 */
import { ACE, Card } from '../cards';
import {
  Board,
  CenterPlay,
  FREE,
  Source,
  Undo,
  applyPlay,
  centerPlay,
  handSource,
  payoffSource,
  sideSource,
  freeSlot,
  naturalRank,
  sideTopCard,
  undoPlay,
  wild,
} from './board';
import { Threat, feedRisk } from './threat';
import { GreedyTuning } from './tuning';

export interface Plan {
  readonly plays: readonly CenterPlay[];
  readonly cost: number;
}

/** What the bot knows and weighs while it searches. */
export interface Context {
  readonly board: Board;
  readonly threats: readonly Threat[];
  readonly tuning: GreedyTuning;
}

/** What a card costs to spend in a chain: wild cards are kept for need. */
function sourceCost(context: Context, source: Source): number {
  const { board, tuning } = context;
  switch (source.kind) {
    case 'hand':
      return wild(board, source.card) ? tuning.chainCost.wild : tuning.chainCost.hand;
    case 'side': {
      const top = sideTopCard(board.sidePiles[source.pile] ?? []);
      return top !== null && wild(board, top.card) ? tuning.chainCost.wild : tuning.chainCost.side;
    }
    case 'payoff':
      return 0;
  }
}

/** The sources that can supply `rank` to a centre pile: one per distinct option (equal hand cards are one option). */
function suppliers(board: Board, rank: number): Source[] {
  const found: Source[] = [];
  let handWild: Card | null = null;
  let handNatural: Card | null = null;
  for (const card of board.hand) {
    if (wild(board, card)) handWild ??= card;
    else if (naturalRank(card) === rank) handNatural ??= card;
  }
  if (handNatural !== null) found.push(handSource(handNatural));
  const sideWilds: Source[] = [];
  board.sidePiles.forEach((pile, index) => {
    const top = sideTopCard(pile);
    if (top === null) return;
    if (wild(board, top.card)) sideWilds.push(sideSource(index));
    else if (naturalRank(top.card) === rank) found.push(sideSource(index));
  });
  // A wild card never stands for an ace (S11, R15, E7).
  if (rank !== ACE) {
    if (handWild !== null) found.push(handSource(handWild));
    found.push(...sideWilds);
  }
  return found;
}

interface Search {
  readonly context: Context;
  readonly board: Board;
  readonly path: CenterPlay[];
  best: Plan | null;
  /** Nodes still to visit: the search gives up on what it has not reached by then (speed over perfection). */
  budget: number;
}

const PAYOFF_BUDGET = 2000;
const EMPTYING_BUDGET = 400;

function offer(search: Search, cost: number): void {
  const { board, threats, tuning } = search.context;
  const total = cost + tuning.chainFeedWeight * feedRisk(board, threats);
  if (search.best === null || total < search.best.cost)
    search.best = { plays: search.path.slice(), cost: total };
}

/**
 * Builds the pile in `slot` up to `endRank` card by card, then plays the pay-off top (`finalSlot`: where it
 * goes given the built pile's slot, null for a new pile). `slot` is null while the pile still has to be
 * started with an ace.
 */
function buildThenPay(
  search: Search,
  slot: number | null,
  height: number,
  endRank: number,
  finalSlot: (builtSlot: number) => number | null,
  cost: number,
): void {
  const board = search.board;
  if (search.best !== null && cost >= search.best.cost) return;
  if (--search.budget < 0) return;
  if (height === endRank && slot !== null) {
    const play = centerPlay(payoffSource(), finalSlot(slot));
    const undo = applyPlay(board, play);
    search.path.push(play);
    offer(search, cost);
    search.path.pop();
    undoPlay(board, undo);
    return;
  }
  for (const source of suppliers(board, height + 1)) {
    const play = centerPlay(source, slot);
    const stepCost = sourceCost(search.context, source);
    const undo = applyPlay(board, play);
    search.path.push(play);
    buildThenPay(search, undo.slot, height + 1, endRank, finalSlot, cost + stepCost);
    search.path.pop();
    undoPlay(board, undo);
  }
}

/** The cheapest chain of centre plays this turn that ends with the pay-off top on a centre pile, if any. */
export function findPayoffChain(context: Context): Plan | null {
  const board = context.board;
  const payoff = board.payoffTop;
  if (payoff === null) return null;
  const search: Search = { context, board, path: [], best: null, budget: PAYOFF_BUDGET };
  const free = freeSlot(board);
  if (wild(board, payoff)) {
    // A wild pay-off card needs some pile to go on: start one with an ace.
    if (free >= 0 && board.center.every((top) => top === FREE)) {
      buildThenPay(search, null, 0, 1, (slot) => slot, 0);
    }
    return search.best;
  }
  const rank = naturalRank(payoff);
  if (rank === ACE) {
    // With every slot taken, an ace needs a pile to be completed first (it then leaves the centre).
    if (free < 0) {
      board.center.forEach((top, slot) => {
        if (top !== FREE) buildThenPay(search, slot, top, board.topRank, () => null, 0);
      });
    }
    return search.best;
  }
  board.center.forEach((top, slot) => {
    if (top !== FREE && top < rank - 1) buildThenPay(search, slot, top, rank - 1, (built) => built, 0);
  });
  if (free >= 0) buildThenPay(search, null, 0, rank - 1, (built) => built, 0);
  return search.best;
}

/** Appends every centre play of `card` from `source`: a new pile for a natural ace, and each pile it fits. */
function addCenterPlays(
  board: Board,
  plays: CenterPlay[],
  source: Source,
  card: Card,
  freeSlotExists: boolean,
): void {
  const isWild = wild(board, card);
  const rank = naturalRank(card);
  if (!isWild && rank === ACE && freeSlotExists) plays.push(centerPlay(source, null));
  const center = board.center;
  for (let slot = 0; slot < center.length; slot++) {
    const top = center[slot]!;
    if (top !== FREE && top < board.topRank && (isWild || rank === top + 1))
      plays.push(centerPlay(source, slot));
  }
}

/**
 * Every centre play of a hand card or (as a bridge) a natural side-pile top, wild cards onto every pile. Written
 * as plain loops: the search of `findHandEmptying` calls it at every board it reaches.
 */
function emptyingPlays(board: Board): CenterPlay[] {
  const plays: CenterPlay[] = [];
  const freeSlotExists = freeSlot(board) >= 0;
  const hand = board.hand;
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!;
    if (hand.indexOf(card) < i) continue;
    addCenterPlays(board, plays, handSource(card), card, freeSlotExists);
  }
  const sidePiles = board.sidePiles;
  for (let index = 0; index < sidePiles.length; index++) {
    const top = sideTopCard(sidePiles[index]!);
    if (top !== null && !wild(board, top.card))
      addCenterPlays(board, plays, sideSource(index), top.card, freeSlotExists);
  }
  return plays;
}

function emptyHand(search: Search, cost: number): void {
  const board = search.board;
  if (search.best !== null && cost >= search.best.cost) return;
  if (--search.budget < 0) return;
  if (board.hand.length === 0) {
    offer(search, cost);
    return;
  }
  for (const play of emptyingPlays(board)) {
    // Once the budget is spent, or where the play alone costs as much as the best plan, the call below would
    // return at once: skip it without playing the card (the same search, fewer steps).
    if (search.budget <= 0) return;
    const next = cost + sourceCost(search.context, play.source);
    if (search.best !== null && next >= search.best.cost) continue;
    const undo = applyPlay(board, play);
    search.path.push(play);
    emptyHand(search, next);
    search.path.pop();
    undoPlay(board, undo);
  }
}

/**
 * A quick necessary condition for playing out the hand, so that the search runs only when it may succeed:
 * every natural hand card needs a pile it can be built up to from cards the bot holds (hand or side piles)
 * and its wild cards.
 */
function mayEmptyHand(board: Board): boolean {
  const held = new Array<boolean>(board.topRank + 1).fill(false);
  let wilds = 0;
  const note = (card: Card): void => {
    if (wild(board, card)) wilds++;
    else held[naturalRank(card)] = true;
  };
  board.hand.forEach(note);
  for (const pile of board.sidePiles) for (const side of pile) note(side.card);
  const hasFreeSlot = freeSlot(board) >= 0;
  const starts = board.center.filter((top) => top !== FREE);
  if (hasFreeSlot && held[ACE] === true) starts.push(0);
  for (const card of board.hand) {
    if (wild(board, card)) {
      if (starts.length === 0) return false;
      continue;
    }
    const rank = naturalRank(card);
    if (rank === ACE && hasFreeSlot) continue;
    const reachable = starts.some((top) => {
      if (top >= rank) return false;
      let missing = 0;
      for (let needed = top + 1; needed < rank; needed++) if (held[needed] !== true) missing++;
      return missing <= wilds;
    });
    if (!reachable) return false;
  }
  return true;
}

/**
 * The least a plan that plays out the hand can cost beyond its hand cards (compared with `emptyingExtraCost`):
 * each hand card is played from the hand once, at its `sourceCost`, and what else a plan holds — side-pile
 * cards as bridges, the feed risk — only adds to it while their weights are not negative. Under greedy's
 * tunings a wild card in hand alone costs more than a plan may, so where one is held the search cannot return a
 * plan; in the expert's playouts of `modern` most hands hold one, and those searches took a fifth of a decision.
 * Exported for the test that it is a lower bound.
 */
export function leastEmptyingExtraCost(context: Context): number {
  const { board, tuning } = context;
  if (tuning.chainCost.side < 0 || tuning.chainFeedWeight < 0) return -Infinity;
  let extra = 0;
  for (const card of board.hand) extra += sourceCost(context, handSource(card)) - tuning.chainCost.hand;
  return extra;
}

/** Where an emptied hand is refilled (E12): the cheapest way to play every hand card to the centre, if any. */
export function findHandEmptying(context: Context): Plan | null {
  const board = context.board;
  if (!board.options.refillWhenHandEmpty || board.hand.length === 0) return null;
  // Two quick checks before the search, the cheaper first: any plan would cost too much, or a hand card has no pile.
  if (leastEmptyingExtraCost(context) > context.tuning.emptyingExtraCost || !mayEmptyHand(board)) return null;
  return searchHandEmptying(context);
}

/** The search of `findHandEmptying`, run once its quick checks let it (exported for the tests). */
export function searchHandEmptying(context: Context): Plan | null {
  const board = context.board;
  const search: Search = { context, board, path: [], best: null, budget: EMPTYING_BUDGET };
  emptyHand(search, 0);
  const best = search.best as Plan | null;
  const extra = best === null ? 0 : best.cost - board.hand.length * context.tuning.chainCost.hand;
  return extra <= context.tuning.emptyingExtraCost ? best : null;
}

const SEQUENCE_BUDGET = 300;
const SEQUENCE_DEPTH = 10;

/**
 * Every centre play of a natural card from hand (one card per rank) or a side-pile top (no wild cards, no pay-off
 * card). Plain loops: the search of `findBestSequence` calls it at every board it reaches.
 */
function naturalPlays(board: Board): CenterPlay[] {
  const plays: CenterPlay[] = [];
  const freeSlotExists = freeSlot(board) >= 0;
  let ranksSeen = 0;
  for (const card of board.hand) {
    const bit = 1 << naturalRank(card);
    if ((ranksSeen & bit) !== 0) continue;
    ranksSeen |= bit;
    // A natural card's plays are exactly `addCenterPlays`' (centre tops are never 0, nor `topRank`).
    if (!wild(board, card)) addCenterPlays(board, plays, handSource(card), card, freeSlotExists);
  }
  const sidePiles = board.sidePiles;
  for (let index = 0; index < sidePiles.length; index++) {
    const top = sideTopCard(sidePiles[index]!);
    if (top !== null && !wild(board, top.card))
      addCenterPlays(board, plays, sideSource(index), top.card, freeSlotExists);
  }
  return plays;
}

/** Hand cards per rank, reused by `boardKey` (ranks are 0 … 13: `naturalRank`). */
const rankCounts = new Array<number>(14).fill(0);
const keyCodes: number[] = [];

/**
 * What tells two boards of one search apart: the centre tops, the side-pile lengths and the hand's ranks
 * (suits never matter to the rules: S7, S12, E8), one character each. The centre and the side piles have a
 * fixed number of slots within a search, so the key is one-to-one. The text form, for boards too large for
 * `KeyPlaces` (none of the presets).
 */
function boardKey(board: Board): string {
  keyCodes.length = 0;
  for (const top of board.center) keyCodes.push(top + 2);
  for (const pile of board.sidePiles) keyCodes.push(pile.length);
  rankCounts.fill(0);
  for (const card of board.hand) rankCounts[naturalRank(card)]!++;
  for (const count of rankCounts) keyCodes.push(count);
  return String.fromCharCode(...keyCodes);
}

/**
 * The same key as a number, for the searches of every preset: within one search cards only leave the hand and
 * the side piles for the centre, so each side-pile length and each hand count stays between 0 and its value at
 * the start, and each centre top between `FREE` and `topRank − 1`. Read as digits of a mixed-radix number with
 * these place values, the board is one number, one-to-one while that number stays a safe integer; and a play
 * changes it by a step read off its `Undo` (`keyAfter`), so the search, which makes one key per board it
 * reaches (and the expert's playouts make many searches), needs neither text nor a pass over the board.
 */
interface KeyPlaces {
  readonly center: readonly number[];
  readonly side: readonly number[];
  /** Per rank (`naturalRank`); 0 for a rank the hand does not hold. */
  readonly hand: readonly number[];
}

/** The place values for a search from `board`, or null when its keys could exceed a safe integer. */
function keyPlacesOf(board: Board): KeyPlaces | null {
  let place = 1;
  const center = board.center.map(() => {
    const value = place;
    place *= board.topRank + 1;
    return value;
  });
  const side = board.sidePiles.map((pile) => {
    const value = place;
    place *= pile.length + 1;
    return value;
  });
  const hand = new Array<number>(14).fill(0);
  const counts = new Array<number>(14).fill(0);
  for (const card of board.hand) counts[naturalRank(card)]!++;
  counts.forEach((count, rank) => {
    if (count === 0) return;
    hand[rank] = place;
    place *= count + 1;
  });
  return place <= Number.MAX_SAFE_INTEGER ? { center, side, hand } : null;
}

function numericKey(board: Board, places: KeyPlaces): number {
  let key = 0;
  board.center.forEach((top, slot) => {
    key += (top + 1) * places.center[slot]!;
  });
  board.sidePiles.forEach((pile, index) => {
    key += pile.length * places.side[index]!;
  });
  for (const card of board.hand) key += places.hand[naturalRank(card)]!;
  return key;
}

/** The key of the board after the play that `undo` can take back, from the key before it. */
function keyAfter(board: Board, places: KeyPlaces, before: number, undo: Undo): number {
  let key = before + (board.center[undo.slot]! - undo.previousTop) * places.center[undo.slot]!;
  const source = undo.play.source;
  if (source.kind === 'side') key -= places.side[source.pile]!;
  else key -= places.hand[naturalRank(undo.card)]!;
  return key;
}

interface SequenceSearch {
  readonly context: Context;
  readonly board: Board;
  readonly path: CenterPlay[];
  /** The keys of the boards reached: numbers where `places` is set, else `boardKey` texts. */
  readonly seen: Set<number | string>;
  readonly places: KeyPlaces | null;
  /** Whether an emptied centre would count against a run: the centre is not empty now and the bot holds no ace. */
  readonly emptiesCenter: boolean;
  best: { plays: CenterPlay[]; value: number };
  budget: number;
}

function exploreSequences(search: SequenceSearch, value: number, depth: number, key: number): void {
  const { board, threats, tuning } = search.context;
  const refill = board.options.refillWhenHandEmpty && board.hand.length === 0 ? tuning.refillValue : 0;
  let total = value + refill - tuning.feedWeight * feedRisk(board, threats);
  if (search.emptiesCenter && board.center.every((top) => top === FREE)) total -= tuning.emptyCenterPenalty;
  if (total > search.best.value + 1e-9) search.best = { plays: search.path.slice(), value: total };
  if (depth >= SEQUENCE_DEPTH) return;
  for (const play of naturalPlays(board)) {
    if (--search.budget < 0) return;
    const gain = play.source.kind === 'side' ? tuning.playValue.side : tuning.playValue.hand;
    const undo = applyPlay(board, play);
    const places = search.places;
    const next = places === null ? 0 : keyAfter(board, places, key, undo);
    const seenKey = places === null ? boardKey(board) : next;
    if (!search.seen.has(seenKey)) {
      search.seen.add(seenKey);
      search.path.push(play);
      exploreSequences(search, value + gain, depth + 1, next);
      search.path.pop();
    }
    undoPlay(board, undo);
  }
}

/** Whether the bot can start a centre pile itself: a natural ace in hand, on a side-pile top or on its pay-off pile. */
function holdsAce(board: Board): boolean {
  const isAce = (card: Card | null | undefined): boolean =>
    card !== null && card !== undefined && !wild(board, card) && naturalRank(card) === ACE;
  return (
    board.hand.some(isAce) ||
    isAce(board.payoffTop) ||
    board.sidePiles.some((pile) => isAce(sideTopCard(pile)?.card))
  );
}

/**
 * The best run of natural centre plays this turn, judged by the table it leaves: cards played count for it,
 * homes left for the others' pay-off cards against it. Empty when doing nothing is best; a run can pass
 * through a dangerous table on its way to a safe one (e.g. build a pile past the next player's pay-off card).
 */
export function findBestSequence(context: Context): readonly CenterPlay[] {
  const board = context.board;
  const places = keyPlacesOf(board);
  const key = places === null ? 0 : numericKey(board, places);
  const search: SequenceSearch = {
    context,
    board,
    path: [],
    seen: new Set([places === null ? boardKey(board) : key]),
    places,
    emptiesCenter: board.center.some((top) => top !== FREE) && !holdsAce(board),
    best: { plays: [], value: -Infinity },
    budget: SEQUENCE_BUDGET,
  };
  exploreSequences(search, 0, 0, key);
  return search.best.plays;
}
