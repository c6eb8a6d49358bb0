/**
 * Vacation (docs/correspondence.md#vacation): whole days away, at most the allowance (VACATION_DAYS) in any 365
 * days. Pure: the time is an input. What a vacation does to a game's clock is the games module's
 * (src/games/domain/vacation-clock.ts).
 */
import type { AwaySpan } from '../games/domain/vacation-clock';

const DAY_MS = 86_400_000;
/** The allowance counts the days taken in the vacations begun this many days before. */
export const WINDOW_DAYS = 365;

/** A vacation as stored. */
export interface TakenVacation {
  readonly id: string;
  readonly startsAt: Date;
  /** The planned end. */
  readonly endsAt: Date;
  readonly days: number;
  /** When the player came back early. */
  readonly endedAt: Date | null;
}

/** The days a vacation counts: those planned, or — ended early — the days begun before it ended. */
export function daysTaken(vacation: TakenVacation): number {
  if (vacation.endedAt === null) return vacation.days;
  const begun = Math.ceil((vacation.endedAt.getTime() - vacation.startsAt.getTime()) / DAY_MS);
  return Math.min(vacation.days, Math.max(1, begun));
}

/** The vacation running at `now`, if any. */
export function currentVacation(vacations: readonly TakenVacation[], now: Date): TakenVacation | null {
  return (
    vacations.find(
      (vacation) =>
        vacation.startsAt.getTime() <= now.getTime() &&
        now.getTime() < (vacation.endedAt ?? vacation.endsAt).getTime(),
    ) ?? null
  );
}

/** The days of the allowance left at `now`: those not taken by the vacations begun in the last WINDOW_DAYS. */
export function daysLeft(vacations: readonly TakenVacation[], allowance: number, now: Date): number {
  const windowStart = now.getTime() - WINDOW_DAYS * DAY_MS;
  const taken = vacations
    .filter((vacation) => vacation.startsAt.getTime() > windowStart)
    .reduce((sum, vacation) => sum + daysTaken(vacation), 0);
  return Math.max(0, allowance - taken);
}

/** Each vacation as the time away it is (the planned end, or the early one). */
export function spansOf(vacations: readonly TakenVacation[]): AwaySpan[] {
  return vacations.map((vacation) => ({ from: vacation.startsAt, to: vacation.endedAt ?? vacation.endsAt }));
}

export type VacationRefusal = { readonly code: 'BAD_USER_INPUT' | 'FORBIDDEN'; readonly message: string };

/** A new vacation of `days` from `now`, or why not. */
export function decideStart(
  vacations: readonly TakenVacation[],
  player: { readonly isBot: boolean },
  allowance: number,
  days: number,
  now: Date,
):
  | { readonly ok: true; readonly startsAt: Date; readonly endsAt: Date }
  | ({ readonly ok: false } & VacationRefusal) {
  if (player.isBot) return { ok: false, code: 'FORBIDDEN', message: 'bots never take vacation' };
  if (allowance === 0)
    return { ok: false, code: 'FORBIDDEN', message: 'vacation is turned off on this server' };
  const current = currentVacation(vacations, now);
  if (current !== null) {
    return {
      ok: false,
      code: 'BAD_USER_INPUT',
      message: `you are on vacation until ${current.endsAt.toISOString()}: end it first`,
    };
  }
  if (!Number.isInteger(days) || days < 1)
    return { ok: false, code: 'BAD_USER_INPUT', message: 'days: a whole number of days, at least 1' };
  const left = daysLeft(vacations, allowance, now);
  if (days > left) {
    return {
      ok: false,
      code: 'BAD_USER_INPUT',
      message: `days: ${left} of your ${allowance} vacation days in any ${WINDOW_DAYS} days are left`,
    };
  }
  return { ok: true, startsAt: now, endsAt: new Date(now.getTime() + days * DAY_MS) };
}
