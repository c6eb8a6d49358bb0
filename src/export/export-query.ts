/**
 * The query strings of the export endpoints, read strictly: an unknown parameter, a repeated one or a value
 * outside its list is BAD_USER_INPUT naming the parameter, so that a typo (`?staus=FINISHED`) is an error
 * instead of a silently unfiltered download of every game. Pure.
 */
import { PRESET_NAMES, PresetName } from '../engine';
import { parseIsoTime } from '../common/iso-time';
import { ApiError, invalidTime } from '../errors/api-error';
import type { ListOutcome, ListStatus } from '../games/persistence/games-list';
import { GAME_STATUSES, OUTCOMES } from '../games/domain/vocabulary';

/**
 * How an export is written: one JSON document, or newline-delimited JSON
 * (docs/api/exports-and-verification.md#exports).
 */
export const EXPORT_FORMATS = ['json', 'ndjson'] as const;
export type ExportFormatName = (typeof EXPORT_FORMATS)[number];

/** The GraphQL GamesFilter fields the player-games stream takes (the subject player is in the path). */
export interface PlayerGamesFilter {
  readonly status?: ListStatus;
  readonly preset?: PresetName;
  readonly opponent?: string;
  readonly result?: ListOutcome;
  readonly rated?: boolean;
  readonly finishedAfter?: Date;
  readonly finishedBefore?: Date;
}

type Query = Readonly<Record<string, unknown>>;

const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;

/** `GET /api/games/:id/export`: `format` only (default json). */
export function parseExportQuery(query: Query): ExportFormatName {
  refuseUnknown(query, ['format']);
  const format = single(query, 'format');
  if (format === undefined) return 'json';
  return oneOf('format', format.toLowerCase(), EXPORT_FORMATS);
}

/** `GET /api/players/:username/games.ndjson`: the GamesFilter fields that make sense without a caller. */
export function parsePlayerGamesQuery(query: Query): PlayerGamesFilter {
  refuseUnknown(query, [
    'status',
    'preset',
    'opponent',
    'result',
    'rated',
    'finishedAfter',
    'finishedBefore',
  ]);
  const status = single(query, 'status');
  const preset = single(query, 'preset');
  const opponent = single(query, 'opponent');
  const result = single(query, 'result');
  const rated = single(query, 'rated');
  const finishedAfter = single(query, 'finishedAfter');
  const finishedBefore = single(query, 'finishedBefore');
  if (opponent !== undefined && !USERNAME.test(opponent)) {
    throw new ApiError('NOT_FOUND', `no player named ${printable(opponent)}`);
  }
  return {
    status: status === undefined ? undefined : oneOf('status', status.toUpperCase(), GAME_STATUSES),
    preset: preset === undefined ? undefined : oneOf('preset', preset.toLowerCase(), PRESET_NAMES),
    opponent,
    result: result === undefined ? undefined : oneOf('result', result.toUpperCase(), OUTCOMES),
    rated: rated === undefined ? undefined : oneOf('rated', rated, ['true', 'false'] as const) === 'true',
    finishedAfter: finishedAfter === undefined ? undefined : time('finishedAfter', finishedAfter),
    finishedBefore: finishedBefore === undefined ? undefined : time('finishedBefore', finishedBefore),
  };
}

/** A username from a path: one that cannot exist is simply not found (and never reaches the database). */
export function checkUsername(username: string): string {
  if (!USERNAME.test(username)) throw new ApiError('NOT_FOUND', `no player named ${printable(username)}`);
  return username;
}

function refuseUnknown(query: Query, known: readonly string[]): void {
  const unknown = Object.keys(query).find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw new ApiError(
      'BAD_USER_INPUT',
      `unknown query parameter ${printable(unknown)}; this endpoint takes ${known.join(', ')}`,
      { field: printable(unknown) },
    );
  }
}

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new ApiError('BAD_USER_INPUT', `${name} is given more than once`, { field: name });
  }
  return value;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) {
    throw new ApiError('BAD_USER_INPUT', `${name} must be one of ${allowed.join(', ')}`, { field: name });
  }
  return found;
}

/** A time as GraphQL's DateTime arguments read it (src/common/iso-time.ts). */
function time(name: string, value: string): Date {
  const at = parseIsoTime(value);
  if (at === null) throw invalidTime(name);
  return at;
}

/** Echoes caller text in a message only as far as it is harmless and short. */
function printable(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
