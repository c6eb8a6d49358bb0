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
 *    and holds back cards that would make one;
 * 5. ends the turn with the side-pile card that keeps side piles descending, or passes when every side-pile
 *    card would bury something useful (where passing is allowed) — unless it is not ahead on pay-off cards
 *    (where they can be counted): then it plays on rather than help block the game into a loss.
 * Wild cards go to the centre only inside a chain to the pay-off card. The weights are in `tuning.ts`; they
 * were chosen by matches between tunings (seats swapped on each deal).
 */
import { ACE, Card, TWO, rankOf } from '../cards';
import { Move, parseMove } from '../moves';
import { SideCard } from '../state';
import type { Bot } from './bot';
import {
  Board,
  CenterPlay,
  FREE,
  Source,
  applyPlay,
  boardFromView,
  naturalRank,
  playText,
  sideTopCard,
  undoPlay,
  wild,
} from './board';
import { Context, findBestSequence, findHandEmptying, findPayoffChain } from './plan';
import { DEFAULT_TUNING, GreedyTuning } from './tuning';
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
      return { kind: 'hand', card: from.card };
    case 'side':
      return { kind: 'side', pile: from.pile - 1 };
    case 'payoff':
      return { kind: 'payoff' };
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
    const play: CenterPlay = {
      source: toSource(move),
      slot: move.to.kind === 'center' ? move.to.slot - 1 : null,
    };
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

/** How much a card on top of a side pile would be missed if it were covered. */
function coverCost(board: Board, side: SideCard): number {
  if (wild(board, side.card)) return 3;
  const before = cardsBefore(board, rankOf(side.card));
  return before === Infinity ? 0.2 : 2 / (1 + before);
}

/** The value of ending the turn with this hand card on this side pile. */
function discardScore(context: Context, move: Place): number {
  const { board, tuning } = context;
  if (move.from.kind !== 'hand' || move.to.kind !== 'side') return -Infinity;
  const card = move.from.card;
  const pile = board.sidePiles[move.to.pile - 1] ?? [];
  const top = sideTopCard(pile);
  const rank = move.declared ?? naturalRank(card);
  let score = tuning.discardValue;
  if (wild(board, card)) score -= tuning.wildDiscardPenalty;
  if (top === null) {
    const empties = board.sidePiles.filter((other) => other.length === 0).length;
    // A high card on an empty pile leaves room to build down on it (S12, R9); the last empty pile is precious.
    score += board.options.sideBuild === 'sameOrOneLower' ? (rank - 6) * tuning.emptyPileRankValue : 0.5;
    if (empties === 1) score -= tuning.lastEmptyPilePenalty;
  } else if (top.rank === rank + 1) {
    score += 2;
  } else if (top.rank === rank) {
    score += 1.5;
  } else {
    score -= coverCost(board, top);
  }
  if (board.options.sideBuild === 'any' && !wild(board, card)) {
    // With any card allowed anywhere, shed the card that is furthest from being playable.
    const before = cardsBefore(board, rank);
    score += 0.15 * Math.min(before === Infinity ? 12 : before, 12);
  }
  return score;
}

/** Whether the bot would not win a blocked game now: some opponent has as few pay-off cards or fewer. */
function notAhead(board: Board): boolean {
  const own = board.payoffCount;
  if (own === null) return false;
  return board.opponents.some((opponent) => opponent.payoffCount !== null && opponent.payoffCount <= own);
}

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

function chooseMove(context: Context, candidates: Candidates, legalMoves: readonly string[]): string {
  const { board, threats } = context;
  const text = (key: CenterPlay | Place): string => candidates.texts.get(key) as string;
  const legal = new Set(legalMoves);

  const payoff = best(candidates.payoff, (play) => -riskAfter(board, threats, play));
  if (payoff !== null) return text(payoff.item);

  for (const plan of [findPayoffChain(context), findHandEmptying(context)]) {
    const first = plan?.plays[0];
    if (first !== undefined && legal.has(playText(first))) return playText(first);
  }

  const sequence = findBestSequence(context)[0];
  if (sequence !== undefined && legal.has(playText(sequence))) return playText(sequence);

  const discard = best(candidates.discards, (move) => discardScore(context, move));
  if (discard !== null && (!candidates.pass || discard.score > 0)) return text(discard.item);
  if (candidates.pass && !(context.tuning.playOnWhenBehind && notAhead(board))) return 'pass';
  // Here either a forced play is pending (S6, R5, R7) and only centre plays are legal — make it rather than
  // spend other cards first — or passing now could let the game block while the bot is not ahead.
  const riskNow = feedRisk(board, threats);
  const center = best(
    candidates.center,
    (play) => centerPlayScore(context, riskNow, play) + (isForcedKind(board, play) ? FORCED_PLAY_BONUS : 0),
  );
  if (center !== null) return text(center.item);
  if (candidates.pass) return 'pass';
  return legalMoves[0] as string;
}

/** A greedy bot with its own weights (for measuring tunings against each other). */
export function greedyBotWith(tuning: GreedyTuning): Bot {
  return {
    name: 'greedy',
    choose(view, legalMoves) {
      if (legalMoves.length === 0) throw new Error('greedy bot: no legal move to choose from');
      if (legalMoves.length === 1) return legalMoves[0] as string;
      const board = boardFromView(view);
      const context: Context = { board, threats: threatsOf(board), tuning };
      return chooseMove(context, sortMoves(legalMoves), legalMoves);
    },
  };
}

export const greedyBot: Bot = greedyBotWith(DEFAULT_TUNING);
