/**
 * The projection row's game-derived columns, computed from a folded state. The service writes them with each
 * move, and the projection check (src/cli/check-projections.ts) recomputes them from the log: one definition.
 */
import { GameResult, GameState } from '../../engine';

export interface GameProjection {
  readonly version: number;
  readonly status: 'ACTIVE' | 'FINISHED';
  readonly currentSeat: number | null;
  readonly currentPlayerId: string | null;
  readonly result: GameResult | null;
}

/** `players` maps seats to player ids. */
export function projectionOf(
  state: GameState,
  version: number,
  players: readonly { seat: number; playerId: string }[],
): GameProjection {
  const finished = state.result !== null;
  const currentSeat = finished ? null : state.current;
  return {
    version,
    status: finished ? 'FINISHED' : 'ACTIVE',
    currentSeat,
    currentPlayerId:
      currentSeat === null ? null : (players.find((entry) => entry.seat === currentSeat)?.playerId ?? null),
    result: state.result,
  };
}

/** Field by field: a result read back from jsonb does not keep its key order. */
export function sameResult(a: GameResult | null, b: GameResult | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.reason === b.reason &&
    a.winner === b.winner &&
    a.score === b.score &&
    JSON.stringify(a.ranking) === JSON.stringify(b.ranking) &&
    JSON.stringify(a.payoffLeft) === JSON.stringify(b.payoffLeft)
  );
}
