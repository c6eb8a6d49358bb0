/**
 * What the tournaments pages work out before they draw (web/src/tournaments/tournament-view.ts): the form (with the
 * server's own limits, src/tournaments/domain/vocabulary.ts) finds a problem exactly when the server would refuse the
 * input it sends, at the same field first; the refusal the server names leads back to the problem; scores
 * in quarters are written with ¼ ½ ¾ and read back to the same value; the rounds come latest first, each board once,
 * by board number; and a board tells each of its two players how it went.
 */
import fc from 'fast-check';
import * as lifecycle from '../../../src/tournaments/domain/lifecycle';
import { TOURNAMENT_SHAPE_REFUSALS } from '../../../src/tournaments/domain/vocabulary';
import * as view from '../../../web/src/tournaments/tournament-view';
import type { Board, TournamentForm } from '../../../web/src/tournaments/tournament-view';

const NOW = new Date('2026-12-09T12:00:00Z');

describe('the new-tournament form', () => {
  /** A whole number as a field holds it, sometimes empty or with a fraction. */
  const numberText = (low: number, high: number) =>
    fc.oneof(
      fc.integer({ min: low, max: high }).map(String),
      fc.constant(''),
      fc.integer({ min: low * 4, max: high * 4 }).map((quarters) => String(quarters / 4)),
    );
  /** Mostly a value near the limits (so every field is reached), now and then anything. */
  const mostly = <T>(near: fc.Arbitrary<T>, wild: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: near, weight: 5 }, { arbitrary: wild, weight: 1 });
  const forms: fc.Arbitrary<TournamentForm> = fc.record({
    name: mostly(
      fc.constantFrom('Winter cup', 'x'.repeat(80), ' Ann’s 🂡 open '),
      fc.string({ maxLength: 90 }),
    ),
    format: fc.constantFrom('ROUND_ROBIN' as const, 'SWISS' as const),
    preset: fc.constantFrom('CLASSIC' as const, 'MODERN' as const, 'ZLOBA' as const),
    rated: fc.boolean(),
    daysPerMove: mostly(fc.integer({ min: 0, max: 15 }).map(String), numberText(-1, 16)),
    minPlayers: mostly(fc.integer({ min: 2, max: 18 }).map(String), numberText(0, 260)),
    maxPlayers: mostly(fc.integer({ min: 3, max: 18 }).map(String), numberText(0, 260)),
    rounds: mostly(fc.integer({ min: 0, max: 8 }).map(String), numberText(0, 22)),
    // Minutes from now, never now itself (the server takes "now", the form wants a start still ahead).
    startsAt: fc
      .integer({ min: -5_000, max: 90 * 24 * 60 })
      .filter((minutes) => minutes !== 0)
      .map((minutes) => view.localInputValue(new Date(NOW.getTime() + minutes * 60_000))),
    maxTimeoutRate: fc.oneof(
      fc.constant(''),
      fc.integer({ min: -1_000, max: 11_000 }).map((hundredths) => String(hundredths / 100)),
    ),
  });

  it('finds a problem exactly when the server refuses what it sends, at the server’s first field', () => {
    fc.assert(
      fc.property(forms, (form) => {
        const problems = view.formProblems(form, NOW);
        const input = view.toInput(form);
        const refusal = lifecycle.requestRefusal(
          {
            ...input,
            rounds: input.rounds ?? null,
            maxTimeoutRate: input.maxTimeoutRate ?? null,
            startsAt: new Date(input.startsAt),
          },
          NOW,
          0,
        );
        expect(problems[0]?.field ?? null).toBe(refusal?.field ?? null);
      }),
      { numRuns: 2_000 },
    );
  });

  it('opens with nothing to correct, whatever the time', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (now) => {
          const form = { ...view.initialForm(now), name: 'Spring cup' };
          expect(view.formProblems(form, now)).toEqual([]);
          for (const format of ['ROUND_ROBIN', 'SWISS'] as const)
            expect(view.formProblems({ ...form, format, ...view.FORMAT_DEFAULTS[format] }, now)).toEqual([]);
        },
      ),
    );
  });

  it('sends a percentage as a share, and a round robin without rounds', () => {
    const form = { ...view.initialForm(NOW), name: ' Cup ', maxTimeoutRate: '7', rounds: '3' };
    expect(view.toInput(form)).toMatchObject({ name: 'Cup', maxTimeoutRate: 0.07, rounds: null });
    expect(view.toInput({ ...form, maxTimeoutRate: '' }).maxTimeoutRate).toBeNull();
    expect(view.toInput({ ...form, format: 'SWISS' }).rounds).toBe(3);
  });

  it('marks the number of players that is wrong, not the other', () => {
    const form = { format: 'ROUND_ROBIN' as const, minPlayers: '4', maxPlayers: '20' };
    expect(view.playersInputs('PLAYERS_OUT_OF_RANGE', form)).toEqual(['max']);
    expect(view.playersInputs('PLAYERS_OUT_OF_RANGE', { ...form, minPlayers: '2' })).toEqual(['min', 'max']);
    expect(view.playersInputs('PLAYERS_OUT_OF_RANGE', { ...form, format: 'SWISS', minPlayers: '3' })).toEqual(
      ['min'],
    );
    expect(view.playersInputs('PLAYERS_NOT_INTEGER', { ...form, minPlayers: '4.5' })).toEqual(['min']);
    expect(view.playersInputs('PLAYERS_NOT_INTEGER', { ...form, maxPlayers: '' })).toEqual(['max']);
    expect(view.playersInputs('MIN_ABOVE_MAX', form)).toEqual(['min', 'max']);
    expect(view.playersInputs('ROUNDS_NOT_BELOW_PLAYERS', form)).toEqual(['min', 'rounds']);
  });

  it('leads each refusal the server names back to its problem', () => {
    for (const reason of TOURNAMENT_SHAPE_REFUSALS)
      expect(view.problemOfRefusal(reason)).toEqual({ field: 'players', kind: reason });
    expect(view.problemOfRefusal('TOO_MANY_ORGANISED')).toEqual({ field: 'name', kind: 'tooMany' });
    expect(view.problemOfRefusal('NAME_LENGTH')).toEqual({ field: 'name', kind: 'nameLength' });
    expect(view.problemOfRefusal('DAYS_PER_MOVE')).toEqual({ field: 'daysPerMove', kind: 'daysPerMove' });
    expect(view.problemOfRefusal('STARTS_AT')).toEqual({ field: 'startsAt', kind: 'startsAt' });
    expect(view.problemOfRefusal('MAX_TIMEOUT_RATE')).toEqual({
      field: 'maxTimeoutRate',
      kind: 'maxTimeoutRate',
    });
    expect(view.problemOfRefusal('SOMETHING_NEW')).toBeNull();
    expect(view.problemOfRefusal(undefined)).toBeNull();
  });
});

describe('scores', () => {
  /** The number a written score says. */
  function readBack(text: string): number {
    const fraction = view.FRACTIONS.indexOf(text.slice(-1) as view.Fraction);
    if (fraction > 0) return Number(text.slice(0, -1) || '0') + fraction / 4;
    return Number(text);
  }

  it('writes whole quarters with ¼ ½ ¾, never as 0½, and reads back to the same value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000 }), (quarters) => {
        const text = view.formatScore(quarters / 4);
        expect(readBack(text)).toBe(quarters / 4);
        expect(text).toMatch(/^(0|[1-9]\d*[¼½¾]?|[¼½¾])$/);
      }),
    );
    expect([0, 0.5, 2.5, 3, 1.25, 0.75].map((value) => view.formatScore(value))).toEqual([
      '0',
      '½',
      '2½',
      '3',
      '1¼',
      '¾',
    ]);
  });

  it('writes the whole part the reader’s way', () => {
    expect(view.formatScore(1234.5, (n) => n.toLocaleString('sv-SE'))).toBe('1\u00a0234½');
  });
});

describe('rounds and boards', () => {
  const NAMES = ['ann', 'bob', 'cy', 'dee', 'eve'];
  const boards: fc.Arbitrary<Board[]> = fc
    .uniqueArray(
      fc.record({
        round: fc.integer({ min: 1, max: 6 }),
        board: fc.integer({ min: 1, max: 4 }),
        first: fc.constantFrom(...NAMES),
        second: fc.option(fc.constantFrom(...NAMES)),
        result: fc.option(fc.constantFrom('FIRST_WON' as const, 'SECOND_WON' as const, 'DRAW' as const)),
        over: fc.boolean(),
      }),
      { selector: (board) => `${board.round}/${board.board}` },
    )
    .map((list) =>
      list.map((board) => ({
        ...board,
        first: { username: board.first },
        second: board.second === null ? null : { username: board.second },
        gameId: board.second === null ? null : `${board.round}-${board.board}`,
      })),
    );

  it('come latest round first, each board once, by board number', () => {
    fc.assert(
      fc.property(boards, (list) => {
        const rounds = view.roundsOf(list);
        expect(rounds.map((round) => round.round)).toEqual(
          [...new Set(list.map((board) => board.round))].sort((a, b) => b - a),
        );
        for (const round of rounds) {
          expect(round.boards.every((board) => board.round === round.round)).toBe(true);
          expect(round.boards.map((board) => board.board)).toEqual(
            [...round.boards.map((board) => board.board)].sort((a, b) => a - b),
          );
        }
        expect(rounds.flatMap((round) => round.boards)).toHaveLength(list.length);
      }),
    );
  });

  it('tell the two players of a decided game opposite outcomes, and anyone else none', () => {
    fc.assert(
      fc.property(boards, fc.constantFrom(...NAMES), (list, someone) => {
        for (const board of list) {
          if (board.second === null || board.second.username === board.first.username) continue;
          const first = view.outcomeFor(board, board.first.username);
          const second = view.outcomeFor(board, board.second.username);
          const expected = {
            FIRST_WON: ['won', 'lost'],
            SECOND_WON: ['lost', 'won'],
            DRAW: ['drawn', 'drawn'],
          };
          expect([first, second]).toEqual(board.result === null ? [null, null] : expected[board.result]);
          if (someone !== board.first.username && someone !== board.second.username)
            expect(view.outcomeFor(board, someone)).toBeNull();
        }
      }),
    );
  });

  it('say a lone player’s board is a Swiss bye or a round robin’s sit-out, and a game over without result so', () => {
    const alone: Board = {
      round: 1,
      board: 3,
      first: { username: 'ann' },
      second: null,
      gameId: null,
      result: null,
      over: true,
    };
    expect(view.boardState(alone, 'SWISS')).toEqual({ kind: 'bye' });
    expect(view.boardState(alone, 'ROUND_ROBIN')).toEqual({ kind: 'sitOut' });
    const game: Board = { ...alone, second: { username: 'bob' }, gameId: 'g', over: false };
    expect(view.boardState(game, 'SWISS')).toEqual({ kind: 'playing' });
    expect(view.boardState({ ...game, over: true }, 'SWISS')).toEqual({ kind: 'noResult' });
    expect(view.boardState({ ...game, over: true, result: 'DRAW' }, 'SWISS')).toEqual({
      kind: 'result',
      result: 'DRAW',
    });
  });
});
