/**
 * The export endpoints' query strings and error answers (src/export/export-query.ts, src/http/http-error.ts): strict
 * parameters, every refusal a closed-list code with the HTTP status that says the same.
 */
import { API_ERROR_CODES, ApiError } from '../../../src/errors/api-error';
import { checkUsername, parseExportQuery, parsePlayerGamesQuery } from '../../../src/export/export-query';
import { INTERNAL_ANSWER, httpErrorAnswer, httpStatusOf } from '../../../src/http/http-error';

function refusal(run: () => unknown): { code: string; field: unknown; message: string } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, field: error.extensions.field, message: error.message };
  }
  throw new Error('expected a refusal');
}

describe('parseExportQuery', () => {
  it('takes json (the default) or ndjson, in any case', () => {
    expect(parseExportQuery({})).toBe('json');
    expect(parseExportQuery({ format: 'json' })).toBe('json');
    expect(parseExportQuery({ format: 'NDJSON' })).toBe('ndjson');
  });

  it('refuses another format, a repeated one, and unknown parameters', () => {
    expect(refusal(() => parseExportQuery({ format: 'xml' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'format',
    });
    expect(refusal(() => parseExportQuery({ format: ['json', 'ndjson'] }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'format',
    });
    expect(refusal(() => parseExportQuery({ fromat: 'json' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'fromat',
    });
  });
});

describe('parsePlayerGamesQuery', () => {
  it('reads every GamesFilter field the stream takes', () => {
    expect(
      parsePlayerGamesQuery({
        status: 'finished',
        preset: 'CLASSIC',
        opponent: 'Bob_2',
        result: 'win',
        rated: 'false',
        finishedAfter: '2026-11-29',
        finishedBefore: '2026-11-30T12:30:00.250+01:00',
      }),
    ).toEqual({
      status: 'FINISHED',
      preset: 'classic',
      opponent: 'Bob_2',
      result: 'WIN',
      rated: false,
      finishedAfter: new Date('2026-11-29T00:00:00.000Z'),
      finishedBefore: new Date('2026-11-30T11:30:00.250Z'),
    });
    expect(parsePlayerGamesQuery({})).toEqual({
      status: undefined,
      preset: undefined,
      opponent: undefined,
      result: undefined,
      rated: undefined,
      finishedAfter: undefined,
      finishedBefore: undefined,
    });
    expect(parsePlayerGamesQuery({ rated: 'true' }).rated).toBe(true);
  });

  it.each([
    ['status', 'DONE'],
    ['preset', 'chess'],
    ['result', 'WON'],
    ['rated', 'yes'],
    ['finishedAfter', 'yesterday'],
    ['finishedBefore', '2026-13-01T00:00:00Z'],
    ['finishedBefore', '2026-11-30T12:00:00'],
    ['finishedAfter', '2026-02-30'],
    ['finishedAfter', '2026-11-30T24:00:00Z'],
  ])('refuses %s=%s naming the parameter', (name, value) => {
    expect(refusal(() => parsePlayerGamesQuery({ [name]: value }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: name,
    });
  });

  it('refuses parameters it does not know (mine and myTurn need a caller: not here)', () => {
    expect(refusal(() => parsePlayerGamesQuery({ mine: 'true' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'mine',
    });
  });

  it('answers a username that cannot exist with NOT_FOUND, before any database is asked', () => {
    expect(refusal(() => parsePlayerGamesQuery({ opponent: 'a\u0000b' })).code).toBe('NOT_FOUND');
    expect(refusal(() => checkUsername('x')).code).toBe('NOT_FOUND');
    expect(refusal(() => checkUsername('bad\u0000name')).message).not.toContain('\u0000');
    expect(checkUsername('alice')).toBe('alice');
  });
});

describe('HTTP error answers', () => {
  it('give every code of the closed list a status', () => {
    const statuses = Object.fromEntries(API_ERROR_CODES.map((code) => [code, httpStatusOf(code)]));
    expect(statuses).toMatchObject({
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      BAD_USER_INPUT: 400,
      GAME_NOT_ACTIVE: 409,
      RATE_LIMITED: 429,
      INTERNAL: 500,
    });
  });

  it('carry the code, the message and the details in the body, and the gate’s headers as headers', () => {
    const error = new ApiError('RATE_LIMITED', 'too many requests; try again in 60 s', { retryAfter: 60 });
    (error.extensions as Record<string, unknown>).http = {
      status: 429,
      headers: new Map([['Retry-After', '60']]),
    };
    expect(httpErrorAnswer(error)).toEqual({
      status: 429,
      headers: { 'Retry-After': '60' },
      body: {
        error: { code: 'RATE_LIMITED', message: 'too many requests; try again in 60 s', retryAfter: 60 },
      },
    });
    expect(httpErrorAnswer(new ApiError('NOT_FOUND', 'no such game'))).toEqual({
      status: 404,
      headers: {},
      body: { error: { code: 'NOT_FOUND', message: 'no such game' } },
    });
    expect(INTERNAL_ANSWER.body.error).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
  });
});
