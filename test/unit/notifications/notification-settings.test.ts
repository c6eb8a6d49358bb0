/**
 * A player's notification settings (src/notifications/notification-settings.ts): quiet hours in the player's own
 * time zone (wrapping past midnight, across a change of the clocks), what they hold, and what a change may set.
 */
import * as fc from 'fast-check';
import {
  DEFAULT_KINDS,
  DEFAULT_SETTINGS,
  type NotificationSettings,
  TELLABLE_KINDS,
  changedSettings,
  heldUntil,
  isTimeZone,
  kindsOf,
  minuteOfDay,
  quietUntil,
} from '../../../src/notifications/notification-settings';

const at = (iso: string): Date => new Date(iso);
const quiet = (from: number, to: number, timeZone = 'UTC'): NotificationSettings => ({
  ...DEFAULT_SETTINGS,
  timeZone,
  quietHours: { from, to },
});

describe('quiet hours', () => {
  it('hold from their start to their end, in the player’s time zone', () => {
    // 22:00–07:00 in Stockholm (UTC+1 in winter).
    const settings = quiet(22 * 60, 7 * 60, 'Europe/Stockholm');
    expect(quietUntil(at('2026-12-07T20:59:00Z'), settings)).toBeNull(); // 21:59 local
    expect(quietUntil(at('2026-12-07T21:00:00Z'), settings)).toEqual(at('2026-12-08T06:00:00Z'));
    expect(quietUntil(at('2026-12-08T02:30:10Z'), settings)).toEqual(at('2026-12-08T06:00:00Z'));
    expect(quietUntil(at('2026-12-08T06:00:00Z'), settings)).toBeNull(); // 07:00 local: over
  });

  it('need not wrap midnight', () => {
    const settings = quiet(13 * 60, 14 * 60);
    expect(quietUntil(at('2026-12-07T12:59:59Z'), settings)).toBeNull();
    expect(quietUntil(at('2026-12-07T13:15:00Z'), settings)).toEqual(at('2026-12-07T14:00:00Z'));
    expect(quietUntil(at('2026-12-07T14:00:00Z'), settings)).toBeNull();
  });

  it('end at their local end across a change of the clocks', () => {
    // New York, the night the clocks go back (2026-11-01, 02:00 EDT → 01:00 EST): 00:00–06:00 local.
    const settings = quiet(0, 6 * 60, 'America/New_York');
    expect(minuteOfDay(at('2026-11-01T05:30:00Z'), 'America/New_York')).toBe(60 + 30); // 01:30 EDT
    expect(quietUntil(at('2026-11-01T05:30:00Z'), settings)).toEqual(at('2026-11-01T11:00:00Z')); // 06:00 EST
    // Stockholm, the night they go forward (2026-03-29, 02:00 CET → 03:00 CEST): 23:00–07:00 local.
    const spring = quiet(23 * 60, 7 * 60, 'Europe/Stockholm');
    expect(quietUntil(at('2026-03-28T23:30:00Z'), spring)).toEqual(at('2026-03-29T05:00:00Z')); // 07:00 CEST
  });

  it('hold everything but a reminder whose deadline falls inside them, and a test', () => {
    const settings = quiet(22 * 60, 7 * 60);
    const night = at('2026-12-07T23:00:00Z');
    const morning = at('2026-12-08T07:00:00Z');
    expect(heldUntil(night, settings, 'YOUR_TURN', at('2026-12-08T03:00:00Z'))).toEqual(morning);
    expect(heldUntil(night, settings, 'REMINDER', at('2026-12-08T03:00:00Z'))).toBeNull();
    expect(heldUntil(night, settings, 'REMINDER', at('2026-12-08T09:00:00Z'))).toEqual(morning);
    expect(heldUntil(night, settings, 'TEST', null)).toBeNull();
    expect(heldUntil(night, DEFAULT_SETTINGS, 'YOUR_TURN', null)).toBeNull();
  });

  it('end within a day, at a moment that is itself outside them (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 1439 }),
        fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('UTC', 'Europe/Stockholm', 'Europe/Moscow', 'Asia/Kolkata', 'America/New_York'),
        (from, length, now, timeZone) => {
          const settings = quiet(from, (from + length) % 1440, timeZone);
          const until = quietUntil(now, settings);
          if (until === null) return;
          expect(until.getTime()).toBeGreaterThan(now.getTime());
          expect(until.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3600_000);
          expect(minuteOfDay(until, timeZone)).toBe(settings.quietHours!.to);
          expect(quietUntil(until, settings)).toBeNull();
        },
      ),
    );
  });
});

describe('a change of settings', () => {
  it('keeps what it leaves out, and sets kinds in the vocabulary’s order, each once', () => {
    const changed = changedSettings(DEFAULT_SETTINGS, {
      timeZone: 'Europe/Moscow',
      kinds: { push: ['REMINDER', 'YOUR_TURN', 'REMINDER'] },
    });
    expect(changed).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_SETTINGS,
        timeZone: 'Europe/Moscow',
        kinds: { page: null, push: ['YOUR_TURN', 'REMINDER'], mail: null },
      },
    });
    if (!changed.ok) return;
    expect(kindsOf(changed.settings, 'page')).toEqual(DEFAULT_KINDS.page);
    const back = changedSettings(changed.settings, {
      kinds: { push: null },
      quietHours: { from: 0, to: 60 },
    });
    expect(back.ok && back.settings).toEqual({
      ...DEFAULT_SETTINGS,
      timeZone: 'Europe/Moscow',
      quietHours: { from: 0, to: 60 },
    });
  });

  it('sets or stops the digest, and refuses a minute out of the day', () => {
    expect(changedSettings(DEFAULT_SETTINGS, { digestMinute: null })).toMatchObject({
      ok: true,
      settings: { digestMinute: null },
    });
    expect(changedSettings(DEFAULT_SETTINGS, { digestMinute: 1439 })).toMatchObject({
      ok: true,
      settings: { digestMinute: 1439 },
    });
    for (const minute of [-1, 1440, 7.5]) {
      expect(changedSettings(DEFAULT_SETTINGS, { digestMinute: minute })).toMatchObject({
        ok: false,
        problem: { field: 'digestMinute' },
      });
    }
  });

  it('refuses a time zone that is none, and quiet hours out of the day or empty', () => {
    expect(isTimeZone('Europe/Stockholm')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(changedSettings(DEFAULT_SETTINGS, { timeZone: 'Mars/Olympus' })).toMatchObject({
      ok: false,
      problem: { field: 'timeZone' },
    });
    for (const hours of [
      { from: -1, to: 60 },
      { from: 0, to: 1440 },
      { from: 30, to: 30 },
      { from: 1.5, to: 60 },
    ]) {
      expect(changedSettings(DEFAULT_SETTINGS, { quietHours: hours })).toMatchObject({
        ok: false,
        problem: { field: 'quietHours' },
      });
    }
  });

  it('offers every kind the service still tells, and pushes by default only what needs an answer', () => {
    expect(TELLABLE_KINDS).not.toContain('GAME_UNRATED');
    expect(DEFAULT_KINDS.push).toEqual(['YOUR_TURN', 'CHALLENGE_RECEIVED', 'REMINDER']);
    expect(DEFAULT_KINDS.page).toEqual(TELLABLE_KINDS);
    // By e-mail, only the daily digest (at 08:00) until the player chooses.
    expect(DEFAULT_KINDS.mail).toEqual([]);
    expect(DEFAULT_SETTINGS.digestMinute).toBe(480);
  });
});
