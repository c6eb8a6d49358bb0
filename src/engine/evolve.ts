/**
 * `evolve(state, event)`: the state after a decided event, with everything that follows from it — turned
 * pay-off cards, completed piles, draws, the next turn and the end of the game
 * (docs/rules.md §2.3–§2.4, §2.9–§2.10).
 * It is total: an event that does not fit the state (which `decide` never produces) leaves it unchanged.
 * `applyEvent` does the same work in place and is what `replay` folds with.
 */
import { Card, parseCard, rankOf } from './cards';
import { GameEvent } from './events';
import { parseMove } from './moves';
import { topRankOf } from './options';
import { shuffleInPlace } from './rng';
import { Perspective, cardsReachCenter } from './rules';
import { GameResult, GameState, Seat, cloneState, playersIn } from './state';
import { RulesPart } from './versions';

export function evolve(state: GameState, event: GameEvent): GameState {
  const next = cloneState(state);
  return applyEvent(next, event) ? next : state;
}

export function perspectiveOf(state: GameState, seat: Seat): Perspective {
  const own = state.seats[seat]!;
  return {
    rules: state.rules,
    options: state.options,
    maxCenterPiles: state.maxCenterPiles,
    hand: own.hand,
    payoffTop: own.payoff.length === 0 ? null : (own.payoff[own.payoff.length - 1] as Card),
    sidePiles: own.sidePiles,
    center: state.center,
  };
}

/** Applies `event` to `state` in place; returns false (and changes nothing) when it does not fit the state. */
export function applyEvent(state: GameState, event: GameEvent): boolean {
  if (state.result !== null) return false;
  const seat = state.seats[event.seat];
  if (seat === undefined || seat.out) return false;
  switch (event.type) {
    case 'played':
      return event.seat === state.current && applyPlay(state, event);
    case 'discarded':
      return event.seat === state.current && applyDiscard(state, event);
    case 'passed':
      if (event.seat !== state.current) return false;
      endTurn(state, state.turnActive || !passCountsAsNull(state));
      return true;
    case 'resigned':
      leave(state, event.seat, 'resigned');
      return true;
    case 'timedOut':
      if (event.seat !== state.current) return false;
      leave(state, event.seat, 'timedOut');
      return true;
  }
}

function applyPlay(state: GameState, event: Extract<GameEvent, { type: 'played' }>): boolean {
  const move = parseMove(event.move);
  const card = parseCard(event.card);
  const pileIndex = event.slot - 1;
  if (move === null || move.kind !== 'place' || card === null || !(pileIndex in state.center)) return false;
  const seat = state.seats[event.seat]!;
  const pile = state.center[pileIndex];
  const targetFits =
    move.to.kind === 'newCenter'
      ? pile === null
      : move.to.kind === 'center' && pile !== null && move.to.slot === event.slot;
  if (!targetFits) return false;

  const from = move.from;
  switch (from.kind) {
    case 'hand': {
      const at = seat.hand.indexOf(card);
      if (at < 0 || from.card !== card) return false;
      removeAt(seat.hand, at);
      break;
    }
    case 'payoff':
      if (seat.payoff[seat.payoff.length - 1] !== card) return false;
      seat.payoff.pop();
      break;
    case 'side': {
      const side = seat.sidePiles[from.pile - 1];
      if (side === undefined || side[side.length - 1]?.card !== card) return false;
      side.pop();
      break;
    }
  }
  const target = pile ?? [];
  target.push(card);
  state.center[pileIndex] = target;
  state.turnActive = true;

  // S17, R18, E16: the last pay-off card wins at once.
  if (from.kind === 'payoff' && seat.payoff.length === 0) {
    finish(state, winByPayoff(state, event.seat, 'payoffEmptied'));
    return true;
  }
  if (target.length >= topRankOf(state.options)) completePile(state, pileIndex);
  // E12: emptying the hand draws a new hand and the turn goes on.
  if (from.kind === 'hand' && seat.hand.length === 0 && state.options.refillWhenHandEmpty) {
    draw(state, seat.hand, state.options.handSize);
  }
  checkStuck(state);
  return true;
}

function applyDiscard(state: GameState, event: Extract<GameEvent, { type: 'discarded' }>): boolean {
  const move = parseMove(event.move);
  if (move === null || move.kind !== 'place' || move.from.kind !== 'hand' || move.to.kind !== 'side')
    return false;
  const seat = state.seats[event.seat]!;
  const card = move.from.card;
  const side = seat.sidePiles[move.to.pile - 1];
  const at = seat.hand.indexOf(card);
  if (side === undefined || at < 0) return false;
  removeAt(seat.hand, at);
  side.push({ card, rank: move.declared ?? rankOf(card) });
  endTurn(state, true);
  return true;
}

/** Removes one element keeping the order of the rest (the hand's order is what its owner sees), without allocating. */
function removeAt(cards: Card[], at: number): void {
  for (let i = at; i < cards.length - 1; i++) cards[i] = cards[i + 1] as Card;
  cards.pop();
}

/** S9, R17: shuffled into the stock at once; E10: set aside for later. */
function completePile(state: GameState, pileIndex: number): void {
  const pile = state.center[pileIndex] as Card[];
  state.center[pileIndex] = null;
  if (state.options.completedPile === 'shuffleIntoStock') {
    for (const card of pile) state.stock.push(card);
    shuffleInPlace(state.rng, state.stock);
  } else {
    for (const card of pile) state.setAside.push(card);
  }
}

/** Draws up to `count` cards into `hand` from the top of the stock; returns how many it drew. */
function draw(state: GameState, hand: Card[], count: number): number {
  let drawn = 0;
  while (drawn < count) {
    if (state.stock.length === 0) {
      // E17: an empty stock is rebuilt from the set-aside piles, shuffled.
      if (state.setAside.length === 0) break;
      state.stock = state.setAside;
      state.setAside = [];
      shuffleInPlace(state.rng, state.stock);
    }
    hand.push(state.stock.pop() as Card);
    drawn++;
  }
  if (drawn > 0) state.turnActive = true;
  return drawn;
}

function nextSeatIn(state: GameState, from: Seat): Seat {
  const count = state.seats.length;
  for (let step = 1; step <= count; step++) {
    const seat = (from + step) % count;
    if (!state.seats[seat]!.out) return seat;
  }
  return from;
}

/**
 * docs/rules.md §2.9: whether a pass that ends a null turn counts toward the blocked end. Under `blockedWhen =
 * cannot` (E18: the game ends only when no player can play) it counts only if its player had no legal centre play;
 * one who declined a play breaks the run of null turns as an active turn does. (A null turn drew nothing and
 * played nothing, so the state at the pass is the one the player had all turn.)
 */
function passCountsAsNull(state: GameState): boolean {
  switch (state.options.blockedWhen) {
    case 'cannotOrWillNot':
      return true;
    case 'cannot': {
      const seat = state.seats[state.current]!;
      const payoffTop = seat.payoff.length === 0 ? null : (seat.payoff[seat.payoff.length - 1] as Card);
      return !cardsReachCenter(state, payoffTop, seat.sidePiles, seat.hand);
    }
    default: {
      const never: never = state.options.blockedWhen;
      return never;
    }
  }
}

/** Ends the current turn and starts the next one, with its draw (docs/rules.md §2.3) and the end checks (§2.9). */
function endTurn(state: GameState, wasActive: boolean): void {
  state.nullTurns = wasActive ? 0 : state.nullTurns + 1;
  state.turn++;
  if (state.nullTurns >= playersIn(state)) {
    finish(state, byFewestPayoff(state, 'blocked'));
    return;
  }
  if (state.turn >= state.options.maxTurns) {
    finish(state, byFewestPayoff(state, 'turnLimit'));
    return;
  }
  state.current = nextSeatIn(state, state.current);
  state.turnActive = false;
  const hand = state.seats[state.current]!.hand;
  if (hand.length < state.options.handSize) draw(state, hand, state.options.handSize - hand.length);
  checkStuck(state);
}

/** docs/rules.md §2.9: with two players in, the other wins; with more, the seat leaves and play goes on. */
function leave(state: GameState, seat: Seat, reason: 'resigned' | 'timedOut'): void {
  if (playersIn(state) <= 2) {
    const winner = nextSeatIn(state, seat);
    state.departed.push(seat);
    state.seats[seat]!.out = true;
    finish(state, winByPayoff(state, winner, reason, seat));
    return;
  }
  if (state.current === seat) {
    state.seats[seat]!.out = true;
    state.departed.push(seat);
    endTurn(state, true);
    return;
  }
  if (leaverNullTurnsDropped(state.rules)) dropNullTurnOf(state, seat);
  state.seats[seat]!.out = true;
  state.departed.push(seat);
  checkStuck(state);
}

/**
 * Whether a player leaving out of turn takes their null turn out of the run toward the blocked end (docs/rules.md
 * §2.9): since `malice-rules-3` it does, so that `blocked` needs a counted null turn from every player still in;
 * before, the leaver's null turn went on counting, and a game could end blocked before a player still in had
 * passed (under `blockedWhen = cannot` even one who could play).
 */
function leaverNullTurnsDropped(rules: RulesPart): boolean {
  switch (rules) {
    case 'malice-rules-1':
    case 'malice-rules-2':
      return false;
    case 'malice-rules-3':
      return true;
    default: {
      const never: never = rules;
      return never;
    }
  }
}

/**
 * Takes `seat`'s turn out of the run of null turns if it is in it. The run is the last `nullTurns` turns, fewer than
 * the players still in (or the game would have ended), so they were taken by the seats still in just before the one
 * to move, one each; call it while `seat` is still in.
 */
function dropNullTurnOf(state: GameState, seat: Seat): void {
  let taker = state.current;
  for (let turn = 0; turn < state.nullTurns; turn++) {
    taker = previousSeatIn(state, taker);
    if (taker === seat) {
      state.nullTurns--;
      return;
    }
  }
}

function previousSeatIn(state: GameState, from: Seat): Seat {
  const count = state.seats.length;
  for (let step = 1; step <= count; step++) {
    const seat = (from - step + count) % count;
    if (!state.seats[seat]!.out) return seat;
  }
  return from;
}

/** E18: with stock and set-aside empty and no centre play for anyone still in, the game is blocked at once. */
function checkStuck(state: GameState): void {
  if (!state.options.blockWhenStuck || state.result !== null) return;
  if (state.stock.length > 0 || state.setAside.length > 0) return;
  for (const seat of state.seats) {
    const payoffTop = seat.payoff.length === 0 ? null : (seat.payoff[seat.payoff.length - 1] as Card);
    if (!seat.out && cardsReachCenter(state, payoffTop, seat.sidePiles, seat.hand)) return;
  }
  finish(state, byFewestPayoff(state, 'stuck'));
}

function finish(state: GameState, result: GameResult): void {
  // Frozen: views and states share the result object.
  state.result = Object.freeze(result);
}

function payoffCounts(state: GameState): number[] {
  return state.seats.map((seat) => seat.payoff.length);
}

/** Players still in, grouped by pay-off cards left (fewest first), then those who left, last to leave first. */
function ranking(state: GameState, first: Seat | null): Seat[][] {
  const left = payoffCounts(state);
  const groups: Seat[][] = [];
  const inSeats = state.seats
    .map((_, seat) => seat)
    .filter((seat) => !state.seats[seat]!.out && seat !== first);
  inSeats.sort((a, b) => left[a]! - left[b]! || a - b);
  for (const seat of inSeats) {
    const last = groups[groups.length - 1];
    if (last !== undefined && left[last[0]!] === left[seat]) last.push(seat);
    else groups.push([seat]);
  }
  if (first !== null) groups.unshift([first]);
  for (let i = state.departed.length - 1; i >= 0; i--) groups.push([state.departed[i]!]);
  return groups;
}

/**
 * docs/rules.md §2.10: the winner scores the pay-off cards left to the opponents still in (and to the player whose
 * resignation or timeout ended the game); players who left earlier do not count.
 */
function winByPayoff(
  state: GameState,
  winner: Seat,
  reason: GameResult['reason'],
  endedBy?: Seat,
): GameResult {
  const left = payoffCounts(state);
  let score = 0;
  state.seats.forEach((seat, index) => {
    if (index !== winner && (!seat.out || index === endedBy)) score += left[index]!;
  });
  return { reason, winner, score, ranking: ranking(state, winner), payoffLeft: left };
}

/**
 * docs/rules.md §2.10: the fewest pay-off cards wins and scores the differences to the others still in; a tie is a
 * draw.
 */
function byFewestPayoff(state: GameState, reason: GameResult['reason']): GameResult {
  const order = ranking(state, null);
  const left = payoffCounts(state);
  const best = order[0]!;
  if (best.length > 1) return { reason, winner: null, score: 0, ranking: order, payoffLeft: left };
  const winner = best[0]!;
  let score = 0;
  state.seats.forEach((seat, index) => {
    if (index !== winner && !seat.out) score += left[index]! - left[winner]!;
  });
  return { reason, winner, score, ranking: order, payoffLeft: left };
}
