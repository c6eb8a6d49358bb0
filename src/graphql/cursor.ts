/**
 * Opaque page cursors (games, leaderboard, rating history): the parts of a row's sort key joined by `|` and
 * base64url-encoded. A cursor that is not one of ours is BAD_USER_INPUT on the `after` argument.
 */
import { ApiError } from '../errors/api-error';

export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** The parts of a cursor, exactly `count` of them (one of `counts` when several formats are accepted). */
export function cursorParts(text: string, counts: readonly number[], list: string): string[] {
  const parts = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!counts.includes(parts.length)) throw notACursor(list);
  return parts;
}

export function notACursor(list: string): ApiError {
  return new ApiError('BAD_USER_INPUT', `after: not a cursor from this ${list}`, { field: 'after' });
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A time exactly as `toISOString()` writes it (one Postgres can hold), or null. */
export function cursorTime(text: string | undefined): Date | null {
  if (text === undefined || !ISO_TIME.test(text)) return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time;
}
