/**
 * The tournament table (src/tournaments/domain/standings.ts): two small tournaments worked out by hand in the
 * comments below, and properties of random ones (points add up, ranks are a permutation, the order follows the
 * documented keys, unfinished games count for nothing).
 */
import fc from 'fast-check';
import {
  standings,
  type StandingRow,
  type StandingsGame,
  type StandingsInput,
} from '../../../src/tournaments/domain/standings';
import {
  GAME_RESULTS,
  TOURNAMENT_FORMATS,
  type TournamentFormat,
} from '../../../src/tournaments/domain/vocabulary';

/** A table row, the counts as [half points, played, won, drawn, lost, byes] and [Buchholz, SB]. */
const row = (
  id: string,
  seed: number,
  rank: number,
  [halfPoints, played, won, drawn, lost, byes]: readonly [number, number, number, number, number, number],
  [buchholzHalf, sonnebornBergerQuarter]: readonly [number, number],
  withdrawn = false,
): StandingRow => ({
  id,
  seed,
  withdrawn,
  rank,
  halfPoints,
  played,
  won,
  drawn,
  lost,
  byes,
  buchholzHalf,
  sonnebornBergerQuarter,
});

describe('standings', () => {
  it('a 4-player round robin with draws: Sonneborn–Berger parts two players level on points', () => {
    // Results (Berger rounds for 4):  A–D 0:1, B–C 1:0;  D–C 0:1, A–B ½:½;  B–D ½:½, C–A 0:1.
    // Half points: A 0+1+2 = 3, B 2+1+1 = 4, C 0+2+0 = 2, D 2+0+1 = 3 (sum 12 = 2 × 6 games).
    // Buchholz (opponents' half points): A = D3+B4+C2 = 9, B = A3+C2+D3 = 8, C = B4+D3+A3 = 10, D = A3+C2+B4 = 9.
    // SB in quarter points (2 × beaten's half points + 1 × drawn's): A = B4 + 2×C2 = 8, B = 2×C2 + A3 + D3 = 10,
    // C = 2×D3 = 6, D = 2×A3 + B4 = 10. A and D: 3 each, Buchholz 9 each, SB 8 v 10: D above A despite seed 1.
    // D has withdrawn since: its results stand.
    const input: StandingsInput = {
      format: 'ROUND_ROBIN',
      entrants: [
        { id: 'A', seed: 1, withdrawn: false },
        { id: 'B', seed: 2, withdrawn: false },
        { id: 'C', seed: 3, withdrawn: false },
        { id: 'D', seed: 4, withdrawn: true },
      ],
      games: [
        { round: 1, first: 'A', second: 'D', result: 'SECOND_WON' },
        { round: 1, first: 'B', second: 'C', result: 'FIRST_WON' },
        { round: 2, first: 'D', second: 'C', result: 'SECOND_WON' },
        { round: 2, first: 'A', second: 'B', result: 'DRAW' },
        { round: 3, first: 'B', second: 'D', result: 'DRAW' },
        { round: 3, first: 'C', second: 'A', result: 'SECOND_WON' },
      ],
      byes: [],
    };
    expect(standings(input)).toEqual([
      row('B', 2, 1, [4, 3, 1, 2, 0, 0], [8, 10]),
      row('D', 4, 2, [3, 3, 1, 1, 1, 0], [9, 10], true),
      row('A', 1, 3, [3, 3, 1, 1, 1, 0], [9, 8]),
      row('C', 3, 4, [2, 3, 1, 0, 2, 0], [10, 6]),
    ]);
  });

  it('a 5-player Swiss with byes: Buchholz first, so the same games order differently as a round robin', () => {
    // Round 1: P1–P3 1:0, P2–P4 ½:½, bye P5.  Round 2: P5–P1 1:0, P3–P2 ½:½, bye P4.  Round 3 begun: P1–P4 unfinished.
    // Half points: P1 2+0 = 2, P2 1+1 = 2, P3 0+1 = 1, P4 1+2(bye) = 3, P5 2(bye)+2 = 4
    // (sum 12 = 2 × 4 finished games + 2 × 2 byes; the unfinished game adds nothing).
    // Buchholz: P1 = P3 1 + P5 4 = 5, P2 = P4 3 + P3 1 = 4, P3 = P1 2 + P2 2 = 4, P4 = P2 2 = 2, P5 = P1 2 = 2.
    // SB (quarter points): P1 = 2×P3 1 = 2, P2 = P4 3 + P3 1 = 4, P3 = P2 2 = 2, P4 = P2 2 = 2, P5 = 2×P1 2 = 4.
    // P1 and P2 are level on 2: Swiss puts P1 first (Buchholz 5 v 4), a round robin P2 (SB 4 v 2).
    const input: StandingsInput = {
      format: 'SWISS',
      entrants: [1, 2, 3, 4, 5].map((seed) => ({ id: `P${seed}`, seed, withdrawn: false })),
      games: [
        { round: 1, first: 'P1', second: 'P3', result: 'FIRST_WON' },
        { round: 1, first: 'P2', second: 'P4', result: 'DRAW' },
        { round: 2, first: 'P5', second: 'P1', result: 'FIRST_WON' },
        { round: 2, first: 'P3', second: 'P2', result: 'DRAW' },
        { round: 3, first: 'P1', second: 'P4', result: null },
      ],
      byes: [
        { round: 1, playerId: 'P5' },
        { round: 2, playerId: 'P4' },
      ],
    };
    const swiss = [
      row('P5', 5, 1, [4, 1, 1, 0, 0, 1], [2, 4]),
      row('P4', 4, 2, [3, 1, 0, 1, 0, 1], [2, 2]),
      row('P1', 1, 3, [2, 2, 1, 0, 1, 0], [5, 2]),
      row('P2', 2, 4, [2, 2, 0, 2, 0, 0], [4, 4]),
      row('P3', 3, 5, [1, 2, 0, 1, 1, 0], [4, 2]),
    ];
    expect(standings(input)).toEqual(swiss);
    expect(standings({ ...input, format: 'ROUND_ROBIN' }).map(({ id, rank }) => [id, rank])).toEqual([
      ['P5', 1],
      ['P4', 2],
      ['P2', 3],
      ['P1', 4],
      ['P3', 5],
    ]);
  });

  it('ranks players level on everything by seed', () => {
    // Both draw each other: 1 half point each, Buchholz 1, SB 1: seed 1 first, whatever the input order.
    const table = standings({
      format: 'SWISS',
      entrants: [
        { id: 'z', seed: 2, withdrawn: false },
        { id: 'y', seed: 1, withdrawn: false },
      ],
      games: [{ round: 1, first: 'z', second: 'y', result: 'DRAW' }],
      byes: [],
    });
    expect(table.map(({ id, rank }) => [id, rank])).toEqual([
      ['y', 1],
      ['z', 2],
    ]);
  });

  it('refuses a game or a bye of someone who is not an entrant', () => {
    const entrants = [{ id: 'a', seed: 1, withdrawn: false }];
    expect(() =>
      standings({
        format: 'SWISS',
        entrants,
        games: [{ round: 1, first: 'a', second: 'b', result: null }],
        byes: [],
      }),
    ).toThrow(RangeError);
    expect(() =>
      standings({ format: 'SWISS', entrants, games: [], byes: [{ round: 1, playerId: 'b' }] }),
    ).toThrow(RangeError);
  });

  /** A random tournament: entrants with shuffled seeds, games between any two of them, some unfinished, byes. */
  const tournament = fc.integer({ min: 2, max: 12 }).chain((count) =>
    fc.record({
      format: fc.constantFrom<TournamentFormat>(...TOURNAMENT_FORMATS),
      entrants: fc
        .shuffledSubarray(
          Array.from({ length: count }, (_, index) => index + 1),
          { minLength: count, maxLength: count },
        )
        .chain((seeds) =>
          fc.tuple(
            ...seeds.map((seed, index) =>
              fc.boolean().map((withdrawn) => ({ id: `e${index}`, seed, withdrawn })),
            ),
          ),
        ),
      games: fc.array(
        fc
          .tuple(
            fc.integer({ min: 0, max: count - 1 }),
            fc.integer({ min: 1, max: count - 1 }),
            fc.integer({ min: 1, max: 10 }),
            fc.option(fc.constantFrom(...GAME_RESULTS), { freq: 4 }),
          )
          .map(([first, offset, round, result]) => ({
            round,
            first: `e${first}`,
            second: `e${(first + offset) % count}`,
            result,
          })),
        { maxLength: 40 },
      ),
      byes: fc.array(
        fc
          .tuple(fc.integer({ min: 0, max: count - 1 }), fc.integer({ min: 1, max: 10 }))
          .map(([player, round]) => ({
            round,
            playerId: `e${player}`,
          })),
        { maxLength: 5 },
      ),
    }),
  );

  it('half points add up: their sum is 2 × finished games + 2 × byes, and each row is 2 × won + drawn + 2 × byes', () => {
    fc.assert(
      fc.property(tournament, (input) => {
        const table = standings(input);
        const finished = input.games.filter((game) => game.result !== null).length;
        expect(table.reduce((sum, { halfPoints }) => sum + halfPoints, 0)).toBe(
          2 * finished + 2 * input.byes.length,
        );
        for (const line of table) {
          expect(line.halfPoints).toBe(2 * line.won + line.drawn + 2 * line.byes);
          expect(line.played).toBe(line.won + line.drawn + line.lost);
        }
        expect(table.reduce((sum, { won }) => sum + won, 0)).toBe(
          table.reduce((sum, { lost }) => sum + lost, 0),
        );
      }),
    );
  });

  it('ranks are a permutation of 1..n, in table order, and every entrant has its row with its flag', () => {
    fc.assert(
      fc.property(tournament, (input) => {
        const table = standings(input);
        expect(table.map(({ rank }) => rank)).toEqual(table.map((_, index) => index + 1));
        expect(
          table.map(({ id, seed, withdrawn }) => ({ id, seed, withdrawn })).sort((a, b) => a.seed - b.seed),
        ).toEqual([...input.entrants].sort((a, b) => a.seed - b.seed));
      }),
    );
  });

  it('orders by points, then the format’s tie-breaks (Swiss: Buchholz, SB; round robin: SB, Buchholz), then seed', () => {
    fc.assert(
      fc.property(tournament, (input) => {
        const table = standings(input);
        const key = (line: StandingRow): number[] =>
          input.format === 'SWISS'
            ? [line.halfPoints, line.buchholzHalf, line.sonnebornBergerQuarter, -line.seed]
            : [line.halfPoints, line.sonnebornBergerQuarter, line.buchholzHalf, -line.seed];
        for (let index = 1; index < table.length; index++) {
          const above = key(table[index - 1] as StandingRow);
          const below = key(table[index] as StandingRow);
          const differs = above.findIndex((value, place) => value !== below[place]);
          // The first key that differs is greater above (seeds are distinct, so one always differs).
          expect(differs).toBeGreaterThanOrEqual(0);
          expect(above[differs]).toBeGreaterThan(below[differs] as number);
        }
      }),
    );
  });

  it('Buchholz and Sonneborn–Berger follow their definitions from the final half points', () => {
    fc.assert(
      fc.property(tournament, (input) => {
        const table = standings(input);
        const points = new Map(table.map((line) => [line.id, line.halfPoints]));
        for (const line of table) {
          let buchholz = 0;
          let sonnebornBerger = 0;
          for (const game of input.games) {
            if (game.result === null || (game.first !== line.id && game.second !== line.id)) continue;
            const opponent = game.first === line.id ? game.second : game.first;
            const theirs = points.get(opponent) ?? NaN;
            buchholz += theirs;
            const won = game.result === (game.first === line.id ? 'FIRST_WON' : 'SECOND_WON');
            // In points: all of a beaten opponent's, half of a drawn one's; ×4 for quarter points.
            if (won) sonnebornBerger += 4 * (theirs / 2);
            if (game.result === 'DRAW') sonnebornBerger += 4 * (theirs / 2 / 2);
          }
          expect(line.buchholzHalf).toBe(buchholz);
          expect(line.sonnebornBergerQuarter).toBe(sonnebornBerger);
        }
      }),
    );
  });

  it('counts unfinished games for nothing', () => {
    fc.assert(
      fc.property(tournament, (input) => {
        const finishedOnly: StandingsGame[] = input.games.filter((game) => game.result !== null);
        expect(standings(input)).toEqual(standings({ ...input, games: finishedOnly }));
      }),
    );
  });
});
