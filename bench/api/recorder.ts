/**
 * What each side of the benchmark records while it is measured: client-side latencies in milliseconds and error
 * counts by code. Warm-up runs use their own recorder, which is then thrown away.
 */

export class ApiRecorder {
  /** Accepted makeMove calls. */
  readonly moveMs: number[] = [];
  /** `game(id)` queries at the start of a turn, to learn the new mover's legal moves. */
  readonly queryMs: number[] = [];
  /** createGame and joinGame calls when a finished game is replaced. */
  readonly setupMs: number[] = [];
  /** Failed calls (any operation) by error code. */
  readonly errors = new Map<string, number>();
  /** Events the accepted moves appended (the game version moves by this much). */
  events = 0;
  /**
   * `--watch`: `gameUpdated` pushes received (bench/api/watcher.ts), and per accepted move the time from sending it
   * to the first push showing it.
   */
  pushes = 0;
  readonly pushMs: number[] = [];
  gamesStarted = 0;
  gamesFinished = 0;
  elapsedMs = 0;

  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }
}

export class FloorRecorder {
  /** Committed transactions. */
  readonly transactionMs: number[] = [];
  /** The UPDATE matched no row: the version had moved (must not happen: every client has its own row). */
  conflicts = 0;
  readonly errors = new Map<string, number>();
  elapsedMs = 0;

  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }
}

export function errorCounts(errors: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries([...errors.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
