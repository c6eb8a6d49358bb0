/**
 * The expert bot: determinized Monte-Carlo search from its own view (docs/bots.md, "Expert").
 *
 * A view hides the other hands, the face-down pay-off cards and the stock order (docs/rules.md §2.8). The bot
 * deals them out at random, consistently with what the view shows — the cards it cannot see are the whole
 * deck less every visible card; the view's counts say how many go to each hand, the stock and the set-aside
 * cards — and so gets full states that its own seat cannot tell from the real one ("determinizations"). On
 * each it tries every candidate move, lets greedy play the rest of the turn and the next few turns for every
 * seat — its own seat with `EXPERT_TUNING`, the others as `greedy` itself, the model of the opponents — and
 * scores what it reaches by the pay-off cards left (S17, docs/rules.md §2.10: the pay-off pile decides the
 * game). The move with the best mean over the same determinizations wins; candidates are narrowed by
 * successive halving so that a fixed number of playouts goes to the promising ones, fewer where the playouts run
 * long (a cap on the moves simulated per decision).
 *
 * It reads nothing but its arguments: the budget is a count of playouts and moves, never a clock, and all
 * randomness comes from the `rng` it is handed, so the same view, legal moves and RNG state give the same move on
 * any machine. Legal moves and their effects come only from the engine (`legalMoves`, `decide`, `applyEvent`), so
 * the search follows any rule option without code of its own.
 */
import { Card, JOKER, parseCard, standardDeck } from '../cards';
import { decide } from '../decide';
import { applyEvent } from '../evolve';
import { legalMoves } from '../game';
import { isWild } from '../rules';
import { RngState, nextUint32, shuffleInPlace, xoshiro128ssFrom } from '../rng';
import { GameState, Seat, SeatState, SideCard, cloneState } from '../state';
import { GameView, parseSideCard } from '../view';
import type { Bot, BotVersion } from './bot';
import { boardFromState } from './board';
import { greedyBotWith, greedyMoveOnBoard } from './greedy';
import { findPayoffChain } from './plan';
import { threatsOf } from './threat';
import { DEFAULT_TUNING, EXPERT_TUNING, GreedyTuning } from './tuning';

/**
 * The expert bot's version (docs/bots.md, "Versions"): raise it with any change that may make the bot choose
 * another move in some position — the search, the budget, the evaluation, or a change of `greedy` or of
 * `EXPERT_TUNING`, which play its playouts.
 */
export const EXPERT_VERSION: BotVersion = 'expert-6';

/** How much the expert searches: counts only, so a decision is the same on a fast or a slow machine. */
export interface ExpertBudget {
  /** Playouts per decision, over all candidates (successive halving spends them). */
  readonly playouts: number;
  /** A playout is scored once this many turns have ended after the current one began (or the game is over). */
  readonly horizonTurns: number;
  /** At most this many candidate moves are searched (the move of its own play always among them). */
  readonly maxCandidates: number;
  /** A safety cap on the moves of one playout. */
  readonly maxPlayoutMoves: number;
  /**
   * A cap on the moves played in all playouts of one decision (the candidate moves and the moves greedy plays
   * after them), for two seats; with more seats it falls as 2/seats, since each simulated move then weighs more
   * opponents and more centre piles. Each round of the successive halving may spend its share of it; it gives
   * fewer playouts only to the positions whose playouts run long (many plays in a turn), which set the slowest
   * decisions. Counted in moves, never in time, so the decision stays the same on any machine.
   */
  readonly simulatedMoves: number;
  /**
   * The move of its own play (greedy with `ownTuning`) stays unless another move's mean beats it by more than
   * this (in pay-off cards): a few playouts are noisy, and greedy's heuristics see further than a playout's
   * short horizon (side piles kept open, wild cards kept), so a move has to earn its way past it.
   */
  readonly ownPlayMargin: number;
  /**
   * For experiments, off (0) in `EXPERT_BUDGET`: the worth of the seat to move at the horizon finding greedy's
   * chain to its pay-off top (it has drawn its hand by then), for it (+) or for an opponent (−). Tried for
   * `expert-2` and not adopted (docs/bots.md, "Tried and not adopted").
   */
  readonly reachValue: number;
  /**
   * For experiments, off in `EXPERT_BUDGET`: when greedy plays on to the centre (or passes), no side-pile card
   * is a candidate. Tried for `expert-2` and not adopted (docs/bots.md, "Tried and not adopted").
   */
  readonly keepPlaying: boolean;
  /**
   * The weights of the expert's own greedy play: the move it starts from (the first candidate) and its own seat
   * in the playouts; the other seats play `greedy` (`DEFAULT_TUNING`), the model of the opponents.
   */
  readonly ownTuning: GreedyTuning;
}

export const EXPERT_BUDGET: ExpertBudget = {
  playouts: 384,
  horizonTurns: 3,
  maxCandidates: 8,
  maxPlayoutMoves: 80,
  simulatedMoves: 8000,
  ownPlayMargin: 0.3,
  reachValue: 0,
  keepPlaying: false,
  ownTuning: EXPERT_TUNING,
};

/** A won game counts as this many pay-off cards ahead, a lost one as this many behind. */
const WIN_VALUE = 20;
const CARD_CODES = 56;

interface SeatTemplate {
  readonly hand: readonly Card[] | null;
  readonly handCount: number;
  readonly payoffTop: Card | null;
  /** Face-down pay-off cards (under the top): the view's count less one, or an even share when hidden (S18). */
  readonly payoffHidden: number;
  readonly sidePiles: readonly (readonly SideCard[])[];
  readonly out: boolean;
}

/** What the view fixes of the full state, and the cards it leaves unseen. */
export interface Template {
  readonly view: GameView;
  readonly seat: Seat;
  readonly seats: readonly SeatTemplate[];
  readonly center: readonly (readonly Card[] | null)[];
  /** The cards nobody at this seat can see, in card order. */
  readonly unseen: readonly Card[];
  /**
   * With `separate` decks the pay-off piles come from one 52-card deck without jokers (S1, S2): so their
   * face-down cards are distinct natural cards, none the same as a face-up pay-off card.
   */
  readonly distinctPayoff: boolean;
}

function readCard(text: string): Card {
  const card = parseCard(text);
  if (card === null) throw new Error(`expert bot: unreadable card ${text} in view`);
  return card;
}

function readSide(view: GameView, text: string): SideCard {
  const side = parseSideCard(view.options, text);
  if (side === null) throw new Error(`expert bot: unreadable side card ${text} in view`);
  return side;
}

/** Every card of the game: the decks as setup.ts deals them (docs/rules.md §2.2). */
function fullDeckCounts(view: GameView): number[] {
  const counts = new Array<number>(CARD_CODES).fill(0);
  const options = view.options;
  const decks =
    options.deckMode === 'separate'
      ? [standardDeck(0), standardDeck(options.jokersPerDeck)]
      : view.seats.map(() => standardDeck(options.jokersPerDeck));
  for (const deck of decks) for (const card of deck) counts[card]!++;
  return counts;
}

export function templateOf(view: GameView, seat: Seat): Template {
  const counts = fullDeckCounts(view);
  const see = (card: Card): void => {
    counts[card]!--;
  };
  const hand = (view.hand ?? []).map(readCard);
  hand.forEach(see);
  const center: (Card[] | null)[] = Array.from({ length: view.maxCenterPiles }, () => null);
  for (const pile of view.centerPiles) {
    const cards = pile.cards.map(readCard);
    cards.forEach(see);
    center[pile.slot - 1] = cards;
  }
  const partial = view.seats.map((other) => {
    const payoffTop = other.payoffTop === null ? null : readCard(other.payoffTop);
    if (payoffTop !== null) see(payoffTop);
    const sidePiles = other.sidePiles.map((pile) => pile.map((text) => readSide(view, text)));
    for (const pile of sidePiles) for (const side of pile) see(side.card);
    return { payoffTop, sidePiles, other };
  });
  const unseen: Card[] = [];
  counts.forEach((count, card) => {
    for (let i = 0; i < count; i++) unseen.push(card);
  });
  // Face-down pay-off cards the view does not count (S18): what is left after the hands, the stock and the
  // set-aside cards, shared evenly among the piles that still have a top.
  let otherHands = 0;
  for (const other of view.seats) if (other.seat !== seat) otherHands += other.handCount;
  const hiddenTotal = Math.max(0, unseen.length - otherHands - view.stockCount - view.setAsideCount);
  const uncounted = partial.filter((entry) => entry.payoffTop !== null && entry.other.payoffCount === null);
  const counted = partial.reduce(
    (sum, entry) => (entry.other.payoffCount === null ? sum : sum + Math.max(0, entry.other.payoffCount - 1)),
    0,
  );
  const toShare = Math.max(0, hiddenTotal - counted);
  let shared = 0;
  const seats = partial.map(({ payoffTop, sidePiles, other }) => {
    let payoffHidden = 0;
    if (other.payoffCount !== null) payoffHidden = Math.max(0, other.payoffCount - 1);
    else if (payoffTop !== null) {
      const index = shared++;
      payoffHidden = Math.floor(toShare / uncounted.length) + (index < toShare % uncounted.length ? 1 : 0);
    }
    return {
      hand: other.seat === seat ? hand : null,
      handCount: other.handCount,
      payoffTop,
      payoffHidden,
      sidePiles,
      out: other.out,
    };
  });
  return {
    view,
    seat,
    seats,
    center,
    unseen,
    distinctPayoff: view.options.deckMode === 'separate',
  };
}

/**
 * One full state that the viewer cannot tell from the real one: the unseen cards shuffled and dealt to the
 * face-down pay-off cards, the other hands, the stock and the set-aside cards. The state's own generator (for
 * reshuffles during a playout) is seeded from `rng` too.
 */
export function sampleState(template: Template, rng: RngState): GameState {
  const view = template.view;
  const pool = template.unseen.slice();
  shuffleInPlace(rng, pool);
  const used = new Uint8Array(pool.length);
  const payoffs: Card[][] = template.seats.map(() => []);
  if (template.distinctPayoff) {
    const taken = new Uint8Array(CARD_CODES);
    for (const seat of template.seats) if (seat.payoffTop !== null) taken[seat.payoffTop] = 1;
    let next = 0;
    template.seats.forEach((seat, index) => {
      const pile = payoffs[index] as Card[];
      while (pile.length < seat.payoffHidden && next < pool.length) {
        const card = pool[next] as Card;
        if (card !== JOKER && taken[card] === 0) {
          taken[card] = 1;
          used[next] = 1;
          pile.push(card);
        }
        next++;
      }
    });
  }
  const rest: Card[] = [];
  for (let i = 0; i < pool.length; i++) if (used[i] === 0) rest.push(pool[i] as Card);
  const take = (count: number): Card[] => rest.splice(rest.length - Math.min(count, rest.length));
  if (!template.distinctPayoff) {
    template.seats.forEach((seat, index) => {
      payoffs[index] = take(seat.payoffHidden);
    });
  }
  const seats: SeatState[] = template.seats.map((seat, index) => {
    const payoff = payoffs[index] as Card[];
    if (seat.payoffTop !== null) payoff.push(seat.payoffTop);
    return {
      hand: seat.hand === null ? take(seat.handCount) : seat.hand.slice(),
      payoff,
      sidePiles: seat.sidePiles.map((pile) => pile.slice()),
      out: seat.out,
    };
  });
  const stock = take(view.stockCount);
  const setAside = take(view.setAsideCount);
  return {
    rules: view.rules,
    options: view.options,
    maxCenterPiles: view.maxCenterPiles,
    seats,
    center: template.center.map((pile) => (pile === null ? null : pile.slice())),
    stock,
    setAside,
    rng: xoshiro128ssFrom([nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)]),
    current: template.seat,
    turn: view.turn,
    // As the view says, so that a pass in a playout blocks the game exactly when it would in the game.
    turnActive: view.turnActive,
    nullTurns: view.nullTurns,
    departed: template.seats.flatMap((seat, index) => (seat.out ? [index] : [])),
    result: null,
  };
}

/** Plays `move` for the seat to move; false when the engine refuses it. */
function playMove(state: GameState, move: string): boolean {
  const decision = decide(state, { type: 'move', seat: state.current, move });
  if (!decision.ok) return false;
  for (const event of decision.events) applyEvent(state, event);
  return true;
}

/**
 * Greedy for every seat until the horizon turn or the end of the game: `budget.ownTuning` for `seat`, `greedy`'s
 * own weights for the others. Each seat's board is built from the sampled state as its view would show it
 * (`boardFromState`), so each plays from what it could see. Returns the number of moves played.
 */
function playOut(state: GameState, untilTurn: number, budget: ExpertBudget, seat: Seat): number {
  let moves = 0;
  for (; moves < budget.maxPlayoutMoves; moves++) {
    if (state.result !== null || state.turn >= untilTurn) break;
    const legal = legalMoves(state);
    const tuning = state.current === seat ? budget.ownTuning : DEFAULT_TUNING;
    const move =
      legal.length === 1
        ? (legal[0] as string)
        : greedyMoveOnBoard(boardFromState(state, state.current), legal, tuning);
    if (!playMove(state, move)) break;
  }
  return moves;
}

/**
 * The worth of a state for `seat`, in pay-off cards: how many fewer it has left than the best-placed opponent
 * (the fewest pay-off cards wins a blocked game, docs/rules.md §2.10), and `WIN_VALUE` for a decided game.
 */
function evaluate(state: GameState, seat: Seat, budget: ExpertBudget): number {
  const result = state.result;
  if (result !== null) {
    if (result.winner === null) return 0;
    return result.winner === seat ? WIN_VALUE : -WIN_VALUE;
  }
  let reach = 0;
  if (budget.reachValue !== 0 && !state.seats[state.current]!.out) {
    const board = boardFromState(state, state.current);
    const chain =
      board.payoffTop !== null &&
      findPayoffChain({ board, threats: threatsOf(board), tuning: DEFAULT_TUNING }) !== null;
    if (chain) reach = state.current === seat ? budget.reachValue : -budget.reachValue;
  }
  const own = state.seats[seat]!.payoff.length;
  let best = Infinity;
  state.seats.forEach((other, index) => {
    if (index !== seat && !other.out) best = Math.min(best, other.payoff.length);
  });
  return best === Infinity ? reach : best - own + reach;
}

interface Candidate {
  readonly move: string;
  readonly index: number;
  total: number;
  samples: number;
}

/**
 * What a candidate does, in the order the kinds are offered: a pass (searched only where it is judged, see
 * `candidatesOf`), or where a card goes and whether it is wild.
 */
const CANDIDATE_KINDS = ['pass', 'naturalCentre', 'naturalSide', 'wildCentre', 'wildSide'] as const;
type CandidateKind = (typeof CANDIDATE_KINDS)[number];

/**
 * How many candidates of each kind are searched at most, before the rest of the room is filled in kind order.
 * Without a quota the centre plays took every place when there were many (classic's eight centre piles, S7), and
 * ending the turn on a side pile instead, often the move that decides what the next player can do, went unsearched.
 */
const KIND_QUOTA: Readonly<Record<CandidateKind, number>> = {
  pass: 1,
  naturalCentre: 4,
  naturalSide: 4,
  wildCentre: 1,
  wildSide: 1,
};

/** Own side piles as the view shows them (card texts, bottom first). */
function ownSidePiles(view: GameView): readonly (readonly string[])[] {
  return view.seats.find((entry) => entry.seat === view.seat)?.sidePiles ?? [];
}

/** Whether a card text of a move or a side pile (`7H`, `*`, `*=8`) is wild under the view's rules (isWild). */
function isWildText(view: GameView, text: string): boolean {
  const card = parseCard(text.split('=')[0]!);
  return card !== null && isWild(view.options, card);
}

function kindOf(view: GameView, move: string): CandidateKind {
  if (move === 'pass') return 'pass';
  const [source = '', target = ''] = move.split('-');
  const sidePile = /^d(\d+)$/.exec(source);
  const wildSource = sidePile
    ? isWildText(view, ownSidePiles(view)[Number(sidePile[1]) - 1]?.at(-1) ?? '')
    : source !== 'p' && isWildText(view, source);
  const toSide = target.startsWith('d');
  if (wildSource) return toSide ? 'wildSide' : 'wildCentre';
  return toSide ? 'naturalSide' : 'naturalCentre';
}

/**
 * Moves that do the same up to suits (suits never matter to the rules: S7, S12, E8) and up to which of two piles
 * with the same top they go to share a key: `7H-d1` and `7S-d2` onto two 8s, or `5C-c1` and `5D-c3` onto two 4s.
 * One of them stands for all.
 */
function effectKey(view: GameView, move: string): string {
  const match = /^([^-=]+)-([^-=]+)(=.)?$/.exec(move);
  if (match === null) return move;
  const [, source = '', target = '', declared = ''] = match;
  const sourceKey = /^[A2-9TJQK][SHDC]$/.test(source) ? source[0] : source;
  let targetKey: string;
  if (target === 'c') targetKey = 'c+';
  else if (target.startsWith('c')) {
    const pile = view.centerPiles.find((entry) => entry.slot === Number(target.slice(1)));
    targetKey = `c${pile?.topRank ?? target}`;
  } else {
    const top = ownSidePiles(view)[Number(target.slice(1)) - 1]?.at(-1);
    targetKey = top === undefined ? 'd' : `d${top.replace(/[SHDC]$/, '')}`;
  }
  return `${sourceKey}>${targetKey}${declared}`;
}

export function candidatesOf(
  view: GameView,
  legal: readonly string[],
  first: string,
  budget: ExpertBudget,
): string[] {
  const keys = new Set([effectKey(view, first)]);
  // A round of null turns blocks the game, and the fewest pay-off cards win it (docs/rules.md §2.9, §2.10; S17,
  // R18). Where the counts show (zloba, modern) the playouts score such an end exactly, so a pass is searched:
  // leading, the expert may end the game so, or make the next player choose between playing on and losing the
  // block. Where they are hidden (classic, S18) the sampled counts are a guess, so a pass where greedy would play
  // on is left out.
  const passJudged = view.options.payoffCountVisible;
  const distinct = legal.filter((move) => {
    if (move === 'pass' && !passJudged) return false;
    const key = effectKey(view, move);
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  });
  const byKind = new Map<CandidateKind, string[]>(CANDIDATE_KINDS.map((kind) => [kind, []]));
  for (const move of distinct) byKind.get(kindOf(view, move))!.push(move);
  if (budget.keepPlaying && !first.includes('-d')) {
    byKind.set('naturalSide', []);
    byKind.set('wildSide', []);
  }
  const room = budget.maxCandidates - 1;
  const chosen = CANDIDATE_KINDS.flatMap((kind) => byKind.get(kind)!.splice(0, KIND_QUOTA[kind]));
  const rest = CANDIDATE_KINDS.flatMap((kind) => byKind.get(kind)!);
  return [first, ...chosen, ...rest].slice(0, room + 1);
}

function mean(candidate: Candidate): number {
  return candidate.samples === 0 ? -Infinity : candidate.total / candidate.samples;
}

/** Best mean first, the move of its own play (index 0) ahead by `margin`; then the candidate order. */
function comparer(margin: number): (a: Candidate, b: Candidate) => number {
  const score = (c: Candidate): number => mean(c) + (c.index === 0 ? margin : 0);
  return (a, b) => score(b) - score(a) || a.index - b.index;
}

/** The expert's choice with a given budget (for tuning and for the benchmarks). */
export function expertChoice(
  view: GameView,
  legal: readonly string[],
  rng: RngState,
  budget: ExpertBudget = EXPERT_BUDGET,
): string {
  if (legal.length === 0) throw new Error('expert bot: no legal move to choose from');
  if (legal.length === 1) return legal[0] as string;
  const seat = view.seat;
  if (seat === null || view.hand === null) throw new Error('expert bot: a bot needs a seat view');
  const own = greedyBotWith(budget.ownTuning);
  const first = own.choose(view, legal, rng);
  // The pay-off card played is the one sure step toward winning (S17); nothing the search could find beats it
  // often enough to pay for the search. The first step of a chain to it is searched like any other move: a chain
  // may spend wild cards the next turns need, or leave the next player a home for their pay-off card.
  if (first.startsWith('p-')) return first;
  const names = candidatesOf(view, legal, first, budget);
  if (names.length === 1) return first;
  const template = templateOf(view, seat);
  const untilTurn = view.turn + budget.horizonTurns;
  const samples: GameState[] = [];
  const sample = (index: number): GameState => {
    while (samples.length <= index) samples.push(sampleState(template, rng));
    return samples[index] as GameState;
  };
  let alive: Candidate[] = names.map((move, index) => ({ move, index, total: 0, samples: 0 }));
  const rounds = Math.max(1, Math.ceil(Math.log2(alive.length)));
  const perRound = budget.playouts / rounds;
  const movesPerRound = (budget.simulatedMoves * 2) / view.seats.length / rounds;
  for (let round = 0; round < rounds; round++) {
    // Sweeps give every candidate left one more playout, on the same determinization, until the round's share
    // of playouts or (after the first sweep) of simulated moves is spent.
    const sweeps = Math.max(1, Math.floor(perRound / alive.length));
    let moves = 0;
    for (let sweep = 0; sweep < sweeps && (sweep === 0 || moves < movesPerRound); sweep++) {
      for (const candidate of alive) {
        const state = cloneState(sample(candidate.samples));
        let value = -Infinity;
        if (playMove(state, candidate.move)) {
          moves += 1 + playOut(state, untilTurn, budget, seat);
          value = evaluate(state, seat, budget);
        }
        candidate.total += value;
        candidate.samples++;
      }
    }
    if (round === rounds - 1) break;
    // Halve the field, but never drop the move of its own play: every challenger is finally measured against it.
    const base = alive[0] as Candidate;
    const challengers = alive.slice(1).sort(comparer(0));
    alive = [base, ...challengers.slice(0, Math.max(1, Math.ceil(alive.length / 2) - 1))];
  }
  alive.sort(comparer(budget.ownPlayMargin));
  return (alive[0] as Candidate).move;
}

export const expertBot: Bot = {
  name: 'expert',
  version: EXPERT_VERSION,
  choose(view, legalMoves, rng) {
    return expertChoice(view, legalMoves, rng);
  },
};

/** An expert bot with its own budget (for measuring budgets against each other). */
export function expertBotWith(budget: ExpertBudget): Bot {
  return {
    name: 'expert',
    version: EXPERT_VERSION,
    choose(view, legalMoves, rng) {
      return expertChoice(view, legalMoves, rng, budget);
    },
  };
}
