/**
 * Commands (what a player asks for) and events (what was decided). Only decisions are stored: draws, turned
 * pay-off cards and reshuffles follow from them and the seed, and are recomputed by `evolve`
 * (docs/notation.md, "Commands and events").
 * Events are plain JSON and public: a played card is seen by everyone.
 */
import { Seat } from './state';

export type Command =
  | { readonly type: 'move'; readonly seat: Seat; readonly move: string }
  | { readonly type: 'resign'; readonly seat: Seat }
  | { readonly type: 'timeout'; readonly seat: Seat };

export type GameEvent =
  /** A card went to a centre pile. `move` is as sent (`p-c` for a new pile); `slot` is the pile it went to; `card` the card. */
  | {
      readonly type: 'played';
      readonly seat: Seat;
      readonly move: string;
      readonly card: string;
      readonly slot: number;
    }
  /** A card from hand went onto a side pile; this ends the turn. */
  | { readonly type: 'discarded'; readonly seat: Seat; readonly move: string; readonly card: string }
  /** The turn ended without a side-pile card. */
  | { readonly type: 'passed'; readonly seat: Seat }
  | { readonly type: 'resigned'; readonly seat: Seat }
  /** The seat to move ran out of time (decided by the service's clock). */
  | { readonly type: 'timedOut'; readonly seat: Seat };

export type GameEventType = GameEvent['type'];

/** Every event type, in the order above: the list the API's move types follow. */
export const GAME_EVENT_TYPES = ['played', 'discarded', 'passed', 'resigned', 'timedOut'] as const;
// The list holds exactly the union's types: one missing on either side does not compile.
type ListedEventType = (typeof GAME_EVENT_TYPES)[number];
const everyEventTypeListed: [GameEventType] extends [ListedEventType]
  ? [ListedEventType] extends [GameEventType]
    ? true
    : never
  : never = true;
void everyEventTypeListed;

/** The command that an event records; `decide` on the state before it gives back the same event. */
export function commandOf(event: GameEvent): Command {
  switch (event.type) {
    case 'played':
    case 'discarded':
      return { type: 'move', seat: event.seat, move: event.move };
    case 'passed':
      return { type: 'move', seat: event.seat, move: 'pass' };
    case 'resigned':
      return { type: 'resign', seat: event.seat };
    case 'timedOut':
      return { type: 'timeout', seat: event.seat };
  }
}
