/**
 * When each demo game happened. A run's games finish one after another, in stream order, spread over its
 * window: the past year, or — when the database already holds games — from just after the last of them up to
 * now, so that ratings, which evolve in the order games finish, carry on from the ones stored. Each game was
 * created, waited for its players, was dealt, and its moves fall between the deal and the finish.
 */
export const DAY_MS = 24 * 3_600_000;
const YEAR_MS = 365 * DAY_MS;

export interface RunWindow {
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The window for `games` games: the year before `now`, starting after `latestFinished` when that is later. At
 * least a millisecond per game, so that finish times are distinct (a run right after another may then reach
 * a little past now).
 */
export function runWindow(now: Date, latestFinished: Date | null, games: number): RunWindow {
  const startMs = Math.max(now.getTime() - YEAR_MS, (latestFinished?.getTime() ?? -Infinity) + 1);
  return { startMs, endMs: Math.max(now.getTime(), startMs + games) };
}

/**
 * The finish time of the `position`-th game of the run (0-based) of `games`: inside its own slice of the
 * window, placed by `slot` ∈ [0, 1), and always after `previousMs` (the game before it).
 */
export function finishTime(
  window: RunWindow,
  position: number,
  games: number,
  slot: number,
  previousMs: number,
): number {
  const slice = (window.endMs - window.startMs) / games;
  const at = Math.floor(window.startMs + slice * (position + 0.05 + 0.9 * slot));
  return Math.max(at, previousMs + 1);
}

export interface GameTimes {
  readonly createdAt: Date;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  /** By seat: the creator sits at creation, the last player joins as the cards are dealt. */
  readonly joinedAt: readonly Date[];
  /** By decision (one command's events share a time, as they share a statement in the service). */
  readonly decidedAt: readonly Date[];
}

export function gameTimes(
  finishedMs: number,
  durationMs: number,
  waitMs: number,
  seats: number,
  decisions: number,
): GameTimes {
  const startedMs = finishedMs - durationMs;
  const createdMs = startedMs - waitMs;
  const joinedAt = Array.from(
    { length: seats },
    (_, seat) => new Date(createdMs + Math.round((waitMs * seat) / (seats - 1))),
  );
  const decidedAt = Array.from(
    { length: decisions },
    (_, decision) => new Date(startedMs + Math.round((durationMs * (decision + 1)) / decisions)),
  );
  return {
    createdAt: new Date(createdMs),
    startedAt: new Date(startedMs),
    finishedAt: new Date(finishedMs),
    joinedAt,
    decidedAt,
  };
}

/**
 * When a new demo player signed up: well before the run's first game (which may have begun up to a few days
 * before its window), at a time that follows from the name.
 */
export function signedUpAt(window: RunWindow, unit: number): Date {
  return new Date(window.startMs - 4 * DAY_MS - Math.floor(unit * 60 * DAY_MS));
}
