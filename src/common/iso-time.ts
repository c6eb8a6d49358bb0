/**
 * The one reader of times that callers send, for the REST downloads' query strings (src/export/export-query.ts)
 * and GraphQL's DateTime arguments (src/graphql/date-time.scalar.ts) alike, so that both accept the same texts and
 * refuse the rest with the same error (`invalidTime`, src/errors/api-error.ts). Pure.
 *
 * Accepted: ISO 8601 (as RFC 3339 profiles it) — a date, read as midnight UTC (`2026-11-29`), or a date and time
 * with its zone (`2026-11-29T17:48`, `…:38`, `…:38.858`, then `Z` or `+01:00`): a time without a zone would be
 * read in the server's. Every field must exist on the calendar: no month 13, no 30 February, no hour 24, no
 * second 60 (JavaScript's own parser rolls 2026-02-30 over into March, and reads `1` as the year 2001).
 */
const ISO_TIME =
  /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(?:\.\d{1,9})?)?(?:Z|[+-](\d\d):(\d\d)))?$/;

/** The time `text` names, or null when it is not one as described above. */
export function parseIsoTime(text: string): Date | null {
  const match = ISO_TIME.exec(text);
  if (match === null) return null;
  const field = (index: number): number => Number(match[index] ?? 0);
  const [year, month, day] = [field(1), field(2), field(3)];
  const [hour, minute, second, zoneHours, zoneMinutes] = [field(4), field(5), field(6), field(7), field(8)];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || zoneHours > 23 || zoneMinutes > 59) return null;
  // The fields are sound, and the form is one JavaScript's Date reads exactly (ECMAScript's date time format).
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}
