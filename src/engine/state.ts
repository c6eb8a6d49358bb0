/**
 * The full game state. It holds hidden cards (hands, face-down pay-off cards, the stock order and the RNG)
 * and so never leaves the engine: everything shown to anyone goes through `viewFor` (docs/rules.md §2.8).
 * Every pile is stored bottom to top: the last element is the top card.
 */
import { Card, Rank } from './cards';
import { RngState, cloneRng } from './rng';
import { RuleOptions } from './options';
import { RulesPart } from './versions';

export type Seat = number;

/** A card on a side pile. `rank` is the rank it counts as there: a wild card's declared rank on a
 * `sameOrOneLower` pile (S14), otherwise the card's own rank (0 for a joker on an `any` pile). */
export interface SideCard {
  readonly card: Card;
  readonly rank: Rank;
}

export interface SeatState {
  hand: Card[];
  /** Face down except the top (last) card, which is face up. */
  payoff: Card[];
  sidePiles: SideCard[][];
  /**
   * Set when the player resigned or timed out in a game of three or more: the seat is skipped
   * (docs/rules.md §2.9).
   */
  out: boolean;
}

/** Why a game ended (docs/rules.md §2.9, §2.10). */
export const END_REASONS = [
  'payoffEmptied',
  'blocked',
  'stuck',
  'turnLimit',
  'resigned',
  'timedOut',
] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface GameResult {
  readonly reason: EndReason;
  /** The winning seat, or null for a draw. */
  readonly winner: Seat | null;
  /** The winner's score (docs/rules.md §2.10); 0 for a draw. */
  readonly score: number;
  /** Placement groups, best first; seats in one group tied. Players who left are last, the first to leave lowest. */
  readonly ranking: readonly (readonly Seat[])[];
  /** Cards left in each seat's pay-off pile at the end. */
  readonly payoffLeft: readonly number[];
}

export interface GameState {
  /** The rules part of the game's version (versions.ts): rules behaviour that is not an option follows it. */
  readonly rules: RulesPart;
  readonly options: RuleOptions;
  /** `options.maxCenterPiles` resolved for this game's seat count. */
  readonly maxCenterPiles: number;
  readonly seats: SeatState[];
  /** Centre piles by slot (index = slot − 1); null for a free slot. A pile's rank is its length. */
  center: (Card[] | null)[];
  stock: Card[];
  /** Completed centre piles waiting to be recycled (`setAsideRecycle`). */
  setAside: Card[];
  rng: RngState;
  /** The seat to move. */
  current: Seat;
  /** Turns completed so far. */
  turn: number;
  /** Whether the current turn has drawn or played a card yet (a turn that does neither is a null turn). */
  turnActive: boolean;
  /** Consecutive null turns just before the current one (docs/rules.md §2.9). */
  nullTurns: number;
  /** Seats in the order they left the game (resigned or timed out). */
  departed: Seat[];
  result: GameResult | null;
}

export function cloneState(state: GameState): GameState {
  return {
    rules: state.rules,
    options: state.options,
    maxCenterPiles: state.maxCenterPiles,
    seats: state.seats.map((seat) => ({
      hand: seat.hand.slice(),
      payoff: seat.payoff.slice(),
      sidePiles: seat.sidePiles.map((pile) => pile.slice()),
      out: seat.out,
    })),
    center: state.center.map((pile) => (pile === null ? null : pile.slice())),
    stock: state.stock.slice(),
    setAside: state.setAside.slice(),
    rng: cloneRng(state.rng),
    current: state.current,
    turn: state.turn,
    turnActive: state.turnActive,
    nullTurns: state.nullTurns,
    departed: state.departed.slice(),
    result: state.result,
  };
}

export function playersIn(state: GameState): number {
  let count = 0;
  for (const seat of state.seats) if (!seat.out) count++;
  return count;
}
