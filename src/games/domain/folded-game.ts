/**
 * A game's folded state as the move path keeps it (src/games/persistence/game-store.ts caches it), and how a decided
 * move advances it. Pure: the decider (src/games/write/decide-change.ts) advances it, the store folds and caches it.
 */
import { type GameEvent, type GameState, applyEvent, cloneState } from '../../engine';
import type { StoredEvent } from './stored-event';

/** A game's folded state at a version, and what of its log a move needs. */
export interface FoldedGame {
  readonly version: number;
  readonly state: GameState;
  /** The log's last event (what made this version); null before the first. */
  readonly last: StoredEvent | null;
  /** The seats that made any event of the log, in seat order (a timeout asks whether the mover ever moved). */
  readonly movedSeats: readonly number[];
}

/** The seats that made an event, `moved` and those of `events`, in seat order. */
export function withMovers(
  moved: readonly number[],
  events: readonly { readonly event: GameEvent }[],
): readonly number[] {
  if (events.every((stored) => moved.includes(stored.event.seat))) return moved;
  return [...new Set([...moved, ...events.map((stored) => stored.event.seat)])].sort((a, b) => a - b);
}

/**
 * The folded game after appending `events` (which `decide` produced on `folded.state`), and the events as the log
 * stores them.
 */
export function advance(
  folded: FoldedGame,
  events: readonly GameEvent[],
  createdAt: Date,
  clientMoveId: string | null,
): { readonly next: FoldedGame; readonly appended: readonly StoredEvent[] } {
  const state = cloneState(folded.state);
  for (const event of events) applyEvent(state, event);
  const appended = events.map((event, index) => ({
    seq: folded.version + index + 1,
    event,
    createdAt,
    clientMoveId: index === 0 ? clientMoveId : null,
  }));
  return {
    next: {
      version: folded.version + events.length,
      state,
      last: appended.at(-1) ?? folded.last,
      movedSeats: withMovers(folded.movedSeats, appended),
    },
    appended,
  };
}
