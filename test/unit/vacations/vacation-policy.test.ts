/**
 * The vacation allowance (src/vacations/vacation-policy.ts): whole days, at most the allowance in any 365 days, a
 * vacation ended early counting the days begun, one at a time, and never for bots.
 */
import { daysLeft, daysTaken, decideStart, spansOf } from '../../../src/vacations/vacation-policy';

const DAY = 86_400_000;
const now = new Date('2026-12-07T12:00:00Z');
const ago = (days: number): Date => new Date(now.getTime() - days * DAY);
const human = { isBot: false };

function taken(startedDaysAgo: number, days: number, endedDaysAgo: number | null = null) {
  return {
    id: `v${startedDaysAgo}`,
    startsAt: ago(startedDaysAgo),
    endsAt: ago(startedDaysAgo - days),
    days,
    endedAt: endedDaysAgo === null ? null : ago(endedDaysAgo),
  };
}

it('counts the days planned, or the days begun when it ended early, within the last 365 days', () => {
  expect(daysTaken(taken(20, 5))).toBe(5);
  expect(daysTaken(taken(20, 5, 18.5))).toBe(2);
  expect(daysTaken(taken(20, 5, 19.99))).toBe(1);
  expect(daysLeft([taken(20, 5), taken(100, 10, 97)], 30, now)).toBe(22);
  // A vacation begun more than a year ago no longer counts.
  expect(daysLeft([taken(366, 20), taken(10, 3)], 30, now)).toBe(27);
});

it('decides a new vacation: whole days within what is left, one at a time, never for a bot or when off', () => {
  expect(decideStart([], human, 30, 7, now)).toEqual({
    ok: true,
    startsAt: now,
    endsAt: new Date(now.getTime() + 7 * DAY),
  });
  expect(decideStart([taken(40, 25)], human, 30, 6, now)).toMatchObject({
    ok: false,
    code: 'BAD_USER_INPUT',
  });
  expect(decideStart([taken(40, 25)], human, 30, 5, now)).toMatchObject({ ok: true });
  expect(decideStart([taken(1, 3)], human, 30, 1, now)).toMatchObject({
    ok: false,
    message: expect.stringMatching(/on vacation until/),
  });
  expect(decideStart([], human, 30, 1.5, now)).toMatchObject({ ok: false, code: 'BAD_USER_INPUT' });
  expect(decideStart([], human, 30, 0, now)).toMatchObject({ ok: false, code: 'BAD_USER_INPUT' });
  expect(decideStart([], { isBot: true }, 30, 1, now)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  expect(decideStart([], human, 0, 1, now)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
});

it('gives each vacation as the time away it was', () => {
  expect(spansOf([taken(20, 5), taken(10, 5, 8)])).toEqual([
    { from: ago(20), to: ago(15) },
    { from: ago(10), to: ago(8) },
  ]);
});
