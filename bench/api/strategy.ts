/**
 * The bots' move choice: deterministic and cheap, so the benchmark measures the service rather than the bot,
 * and the same seeds give the same games on every run. From the caller's `legalMoves` (in notation) it takes,
 * in this order: a pay-off play (`p-…`, which only ever goes to the centre), then any other centre play (a
 * side-pile top or a hand card onto `c`, `c1`, `c2`, …), then a side-pile card (`8S-d1`, `*-d2=8`, which ends
 * the turn), then `pass`. Within a kind it keeps the engine's order (docs/notation.md "The order of
 * legalMoves"), so the first listed move of the preferred kind wins.
 */

export type MoveKind = 'payoff' | 'center' | 'side' | 'pass' | 'other';

const CENTER_TARGET = /-c[0-9]*$/;
const SIDE_TARGET = /-d[0-9]+(=[2-9TJQK])?$/;

/** Which of the strategy's preferences a move in notation falls under. */
export function moveKind(move: string): MoveKind {
  if (move === 'pass') return 'pass';
  if (move.startsWith('p-')) return 'payoff';
  if (CENTER_TARGET.test(move)) return 'center';
  if (SIDE_TARGET.test(move)) return 'side';
  return 'other';
}

const PREFERENCE: readonly MoveKind[] = ['payoff', 'center', 'side', 'pass', 'other'];

/** The move to send, always one of `legal`; null when there is none (not the caller's turn, or game over). */
export function pickMove(legal: readonly string[]): string | null {
  for (const kind of PREFERENCE) {
    const move = legal.find((candidate) => moveKind(candidate) === kind);
    if (move !== undefined) return move;
  }
  return null;
}
