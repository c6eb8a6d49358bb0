/**
 * A turn's clock with its player's time away (src/games/domain/vacation-clock.ts): the deadline moves by exactly
 * the time away since the turn began — a running turn by the whole vacation, a turn begun while away by what was
 * left of it — and never for time away before the turn.
 */
import * as fc from 'fast-check';
import { newTurnClock } from '../../../src/games/domain/life';
import { awayAfter, clockWithTimeAway } from '../../../src/games/domain/vacation-clock';

const H = 3_600_000;
const at = (hours: number): Date => new Date(Date.UTC(2026, 11, 7) + hours * H);

it('a running turn gets the whole time away; a turn begun while away, what is left of it', () => {
  const vacation = [{ from: at(10), to: at(58) }];
  // The turn began at 0 with a day to play: 48 hours away move its deadline from 24 to 72.
  expect(clockWithTimeAway(at(0), 86_400, vacation)).toEqual({
    turnStartedAt: at(0),
    remindAt: new Date(at(0).getTime() + 0.8 * 24 * H + 48 * H),
    deadline: at(72),
  });
  // Begun at 20, during the vacation: the day counts from 58.
  expect(clockWithTimeAway(at(20), 86_400, vacation)!.deadline).toEqual(at(58 + 24));
  // Time away that ended before the turn began changes nothing.
  expect(clockWithTimeAway(at(60), 86_400, vacation)).toEqual(newTurnClock(86_400, at(60)));
  expect(clockWithTimeAway(at(0), null, vacation)).toBeNull();
});

it('moves the deadline by the time away after the turn began, whatever the spans (property)', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc
          .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 200 }))
          .map(([from, length]) => ({
            from: at(from),
            to: at(from + length),
          })),
        { maxLength: 4 },
      ),
      fc.integer({ min: 0, max: 600 }),
      fc.integer({ min: 60, max: 14 * 86_400 }),
      (spans, started, secondsPerMove) => {
        const clock = clockWithTimeAway(at(started), secondsPerMove, spans)!;
        const own = newTurnClock(secondsPerMove, at(started));
        const away = awayAfter(spans, at(started));
        expect(clock.deadline!.getTime() - own.deadline!.getTime()).toBe(away);
        expect(clock.remindAt!.getTime() - own.remindAt!.getTime()).toBe(away);
        expect(away).toBeGreaterThanOrEqual(0);
        expect(clock.remindAt!.getTime()).toBeLessThan(clock.deadline!.getTime());
      },
    ),
  );
});
