/**
 * What the table reads from `legalMoves` (docs/notation.md "Moves"): the targets of a source, and the ranks a wild
 * card may declare onto a side pile, and whether a pass ends the game. Pure functions of the move texts (and the
 * view's null turns), so the page highlights and warns without asking.
 */

import type { BlockedWhen } from '../generated/graphql';

/** A move's parts: `7H-d2=8` is source `7H`, target `d2`, declared `8`. */
export function splitMove(move: string): { source: string; target: string; declared: string | null } | null {
  const dash = move.lastIndexOf('-');
  if (dash <= 0) return null;
  const [target = '', declared] = move.slice(dash + 1).split('=');
  return { source: move.slice(0, dash), target, declared: declared ?? null };
}

/** The targets the legal moves allow for `source`. */
export function legalTargets(legalMoves: readonly string[], source: string | null): Set<string> {
  const targets = new Set<string>();
  if (source === null) return targets;
  for (const move of legalMoves) {
    const parts = splitMove(move);
    if (parts !== null && parts.source === source) targets.add(parts.target);
  }
  return targets;
}

/** The legal moves from `source` to `target`: one, or one per declarable rank (`*-d2=9`, `*-d2=8`). */
export function movesBetween(legalMoves: readonly string[], source: string, target: string): string[] {
  return legalMoves.filter((move) => {
    const parts = splitMove(move);
    return parts !== null && parts.source === source && parts.target === target;
  });
}

/** What `passEndsGame` reads of a game: its view's null turns and seats, and which null turns count. */
export interface PassContext {
  readonly view: {
    readonly nullTurns: number;
    readonly turnActive: boolean;
    readonly seats: readonly { readonly out: boolean }[];
  };
  readonly legalMoves: readonly string[];
  readonly blockedWhen: BlockedWhen;
}

/**
 * Whether a `pass` now ends the game as blocked (docs/rules.md §2.9): it is a null turn (this turn has neither
 * drawn nor played), it counts (under CANNOT only without a legal centre play, E18), and it completes a round of
 * them, one per player still in. The table asks "are you sure?" in those words before such a pass.
 */
export function passEndsGame({ view, legalMoves, blockedWhen }: PassContext): boolean {
  if (view.turnActive) return false;
  const counts =
    blockedWhen === 'CANNOT_OR_WILL_NOT' ||
    !legalMoves.some((move) => splitMove(move)?.target.startsWith('c'));
  const playersIn = view.seats.filter((seat) => !seat.out).length;
  return counts && view.nullTurns + 1 >= playersIn;
}

/**
 * This page's prefix for its move ids: 10 random base-36 characters (about 51 bits), drawn once per page load,
 * so another tab or a reload of the same player never repeats an id.
 */
const MOVE_ID_PREFIX = Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) =>
  (byte % 36).toString(36),
).join('');
let moveIdCount = 0;

/**
 * A move id for `clientMoveId`, one per attempt, so a retry of the same attempt is applied once: this page's
 * prefix and a count (`k3x9…q.17`). Unique among the player's moves as a random id would be, and once the game
 * is archived such ids take about a byte each where a random UUID takes 16 (docs/api/games-and-moves.md#makemove).
 */
export function newClientMoveId(): string {
  moveIdCount += 1;
  return `${MOVE_ID_PREFIX}.${moveIdCount}`;
}
