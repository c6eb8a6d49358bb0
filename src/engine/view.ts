/**
 * What one seat (or a spectator) may see — docs/rules.md §2.8. Views are plain JSON with cards in notation, and are
 * the only form in which a running game leaves the engine. A bot or client can compute its legal moves from
 * its own view alone (`legalMovesInView`).
 */
import { Card, formatCard, formatRank, parseCard, parseRank, rankOf } from './cards';
import { RuleOptions } from './options';
import { Perspective, isWild, legalMovesFor } from './rules';
import { GameResult, GameState, Seat, SideCard } from './state';
import { RulesPart } from './versions';

export interface CenterPileView {
  /** The pile's slot, 1-based as in the notation (`c1`). */
  readonly slot: number;
  /** Bottom to top. */
  readonly cards: string[];
  /** The rank the pile has reached: its number of cards. */
  readonly topRank: number;
}

export interface SeatView {
  readonly seat: Seat;
  readonly handCount: number;
  /** The face-up pay-off card, or null when the pile is empty. */
  readonly payoffTop: string | null;
  /** Cards in the pay-off pile; null when `payoffCountVisible` is false (S18). */
  readonly payoffCount: number | null;
  /** Side piles bottom to top; a wild card on a `sameOrOneLower` pile shows its declared rank (`*=8`). */
  readonly sidePiles: string[][];
  /** True once the player has resigned or timed out of a game that goes on. */
  readonly out: boolean;
}

export interface GameView {
  /** The viewer's seat, or null for a spectator. */
  readonly seat: Seat | null;
  /** The viewer's hand; null for a spectator. */
  readonly hand: string[] | null;
  readonly stockCount: number;
  readonly setAsideCount: number;
  readonly centerPiles: CenterPileView[];
  readonly seats: SeatView[];
  /** The seat to move; null once the game is over. */
  readonly currentSeat: Seat | null;
  /** Turns completed. */
  readonly turn: number;
  /**
   * Null turns in a row just before this one (docs/rules.md §2.9): a round of them blocks the game. Public, like
   * every move.
   */
  readonly nullTurns: number;
  /** Whether the turn in progress has drawn or played a card yet (a pass now is then no null turn). */
  readonly turnActive: boolean;
  readonly maxCenterPiles: number;
  /** The rules part of the game's version: the legal moves follow it (forced plays, docs/rules.md §2.6). */
  readonly rules: RulesPart;
  readonly options: RuleOptions;
  readonly result: GameResult | null;
}

export function formatSideCard(options: RuleOptions, side: SideCard): string {
  const declared = isWild(options, side.card) && options.sideBuild === 'sameOrOneLower';
  return declared ? `${formatCard(side.card)}=${formatRank(side.rank)}` : formatCard(side.card);
}

/** Parses `8S`, `*=8`, `KH` (on an `any` pile); null for anything else. */
export function parseSideCard(options: RuleOptions, text: string): SideCard | null {
  const [cardText, rankText, extra] = text.split('=');
  const card = parseCard(cardText ?? '');
  if (card === null || extra !== undefined) return null;
  const declared = isWild(options, card) && options.sideBuild === 'sameOrOneLower';
  if (declared !== (rankText !== undefined)) return null;
  const rank = rankText === undefined ? rankOf(card) : parseRank(rankText);
  return rank === null ? null : { card, rank };
}

export function viewFor(state: GameState, viewer: Seat | null): GameView {
  const options = state.options;
  const own = viewer === null ? undefined : state.seats[viewer];
  return {
    seat: own === undefined ? null : viewer,
    hand: own === undefined ? null : own.hand.map(formatCard),
    stockCount: state.stock.length,
    setAsideCount: state.setAside.length,
    centerPiles: state.center.flatMap((pile, index) =>
      pile === null ? [] : [{ slot: index + 1, cards: pile.map(formatCard), topRank: pile.length }],
    ),
    seats: state.seats.map((seat, index) => ({
      seat: index,
      handCount: seat.hand.length,
      payoffTop: seat.payoff.length === 0 ? null : formatCard(seat.payoff[seat.payoff.length - 1] as Card),
      payoffCount: options.payoffCountVisible ? seat.payoff.length : null,
      sidePiles: seat.sidePiles.map((pile) => pile.map((side) => formatSideCard(options, side))),
      out: seat.out,
    })),
    currentSeat: state.result === null ? state.current : null,
    turn: state.turn,
    nullTurns: state.nullTurns,
    turnActive: state.turnActive,
    maxCenterPiles: state.maxCenterPiles,
    rules: state.rules,
    options,
    result: state.result,
  };
}

/** The viewer's perspective rebuilt from a view; null for a spectator's view. */
export function perspectiveFromView(view: GameView): Perspective | null {
  if (view.seat === null || view.hand === null) return null;
  const options = view.options;
  const own = view.seats[view.seat];
  if (own === undefined) return null;
  const center: (Card[] | null)[] = Array.from({ length: view.maxCenterPiles }, () => null);
  for (const pile of view.centerPiles)
    center[pile.slot - 1] = pile.cards.map((text) => parseCard(text) as Card);
  return {
    rules: view.rules,
    options,
    maxCenterPiles: view.maxCenterPiles,
    hand: view.hand.map((text) => parseCard(text) as Card),
    payoffTop: own.payoffTop === null ? null : parseCard(own.payoffTop),
    sidePiles: own.sidePiles.map((pile) => pile.map((text) => parseSideCard(options, text) as SideCard)),
    center,
  };
}

/** The legal moves of the viewer, from the view alone; empty when it is not the viewer's turn. */
export function legalMovesInView(view: GameView): string[] {
  const perspective = perspectiveFromView(view);
  if (perspective === null || view.currentSeat !== view.seat) return [];
  return legalMovesFor(perspective);
}
