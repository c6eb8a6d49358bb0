/**
 * A turn's clock with the player's time away (docs/correspondence.md#vacation): while a player is on vacation, the
 * deadline of a turn of theirs moves by the time away — a turn that was running when they left gets the days they
 * were gone, and a turn that began while they were away starts counting when they are back. Pure; the same rule in
 * rated and unrated games.
 */
import { REMINDER_SHARE, type TurnClock, newTurnClock } from './life';

/** A stretch of time away: from its start to its end (the planned end, or when it was ended early). */
export interface AwaySpan {
  readonly from: Date;
  readonly to: Date;
}

/** How long of `spans` falls after `since`, in milliseconds. */
export function awayAfter(spans: readonly AwaySpan[], since: Date): number {
  let total = 0;
  for (const span of spans) {
    const from = Math.max(span.from.getTime(), since.getTime());
    total += Math.max(0, span.to.getTime() - from);
  }
  return total;
}

/**
 * The clock of the turn that began at `turnStartedAt`, in a game of `secondsPerMove`, for a player away during
 * `spans`: the turn's own clock (newTurnClock) with its reminder and deadline moved by the time away since the turn
 * began. Null without a time control.
 */
export function clockWithTimeAway(
  turnStartedAt: Date,
  secondsPerMove: number | null,
  spans: readonly AwaySpan[],
): TurnClock | null {
  if (secondsPerMove === null) return null;
  const own = newTurnClock(secondsPerMove, turnStartedAt);
  const away = awayAfter(spans, turnStartedAt);
  return {
    turnStartedAt,
    remindAt: new Date(turnStartedAt.getTime() + Math.round(secondsPerMove * 1000 * REMINDER_SHARE) + away),
    deadline: new Date(own.deadline!.getTime() + away),
  };
}
