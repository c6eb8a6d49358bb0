/**
 * The one reader of times callers send (src/common/iso-time.ts), used by the REST downloads and GraphQL's
 * DateTime arguments. Properties: every time the API writes reads back as itself; a text of the accepted shape is
 * read exactly when each of its fields exists on the calendar (checked against JavaScript's own calendar
 * arithmetic, which rolls an impossible field over instead), and then as the time those fields name.
 */
import fc from 'fast-check';
import { parseIsoTime } from '../../../src/common/iso-time';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

describe('parseIsoTime', () => {
  it('reads every time the API writes (toISOString) back as itself', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z') }),
        (at) => {
          fc.pre(!Number.isNaN(at.getTime()));
          expect(parseIsoTime(at.toISOString())?.getTime()).toBe(at.getTime());
        },
      ),
    );
  });

  it('reads fields exactly when they are on the calendar, as the time they name', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 61 }),
        fc.integer({ min: 0, max: 61 }),
        fc.constantFrom('Z', '+00:00', '+05:30', '-11:00', '+23:59', '+24:00', '-01:60'),
        (year, month, day, hour, minute, second, zone) => {
          const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${zone}`;
          // JavaScript's calendar arithmetic: an impossible field rolls over into the next one.
          const rolled = new Date(0);
          rolled.setUTCFullYear(year, month - 1, day);
          rolled.setUTCHours(hour, minute, second, 0);
          const onCalendar =
            rolled.getUTCFullYear() === year &&
            rolled.getUTCMonth() === month - 1 &&
            rolled.getUTCDate() === day &&
            rolled.getUTCHours() === hour &&
            rolled.getUTCMinutes() === minute &&
            rolled.getUTCSeconds() === second;
          const zoneOk = !['+24:00', '-01:60'].includes(zone);
          const read = parseIsoTime(text);
          if (!onCalendar || !zoneOk) {
            expect(read).toBeNull();
            return;
          }
          const sign = zone === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
          const offset = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
          expect(read?.getTime()).toBe(rolled.getTime() - offset * 60_000);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('reads a date alone as midnight UTC, and the shorter and longer forms of a time', () => {
    expect(parseIsoTime('2026-11-29')?.toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(parseIsoTime('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoTime('2026-11-29T17:48Z')?.toISOString()).toBe('2026-11-29T17:48:00.000Z');
    expect(parseIsoTime('2026-11-29T17:48:38.123456789+01:00')?.toISOString()).toBe(
      '2026-11-29T16:48:38.123Z',
    );
  });

  it('refuses what is not an ISO 8601 time with its zone, however JavaScript would read it', () => {
    for (const text of [
      '2026-13-45T99:99:99Z',
      '2025-02-29',
      '1900-02-29',
      '2026-11-29T12:00:00',
      '2026-11-29T12Z',
      '2026-11-29 12:00:00Z',
      '2026-11-29T12:00:00.Z',
      '2026-11-29T12:00:00.1234567890Z',
      '+002026-11-29',
      '20261129',
      '1',
      '2026',
      'yesterday',
      'Sun Nov 29 2026',
      ' 2026-11-29',
      '',
    ]) {
      expect({ text, read: parseIsoTime(text) }).toEqual({ text, read: null });
    }
  });
});
