/**
 * Round-robin rounds by Berger tables (src/tournaments/domain/round-robin.ts), checked for every allowed size, and
 * the shape check of a tournament (src/tournaments/domain/vocabulary.ts), whose limits the sizes come from.
 */
import fc from 'fast-check';
import { roundRobinRounds } from '../../../src/tournaments/domain/round-robin';
import {
  ROUND_ROBIN_MAX_PLAYERS,
  ROUND_ROBIN_MIN_PLAYERS,
  SWISS_MAX_PLAYERS,
  SWISS_MAX_ROUNDS,
  SWISS_MIN_PLAYERS,
  TOURNAMENT_SHAPE_MESSAGES,
  validateTournamentShape,
} from '../../../src/tournaments/domain/vocabulary';

const players = (count: number): string[] => Array.from({ length: count }, (_, index) => `p${index + 1}`);
const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
const sizes = Array.from(
  { length: ROUND_ROBIN_MAX_PLAYERS - ROUND_ROBIN_MIN_PLAYERS + 1 },
  (_, index) => ROUND_ROBIN_MIN_PLAYERS + index,
);

describe('roundRobinRounds', () => {
  it.each(sizes)('every pair of %i players meets exactly once', (count) => {
    const ids = players(count);
    const met = new Map<string, number>();
    for (const round of roundRobinRounds(ids)) {
      for (const { first, second } of round.pairings) {
        expect(first).not.toBe(second);
        met.set(pairKey(first, second), (met.get(pairKey(first, second)) ?? 0) + 1);
      }
    }
    const expected = new Map<string, number>();
    for (const [index, a] of ids.entries())
      for (const b of ids.slice(index + 1)) expected.set(pairKey(a, b), 1);
    expect(met).toEqual(expected);
  });

  it.each(sizes)(
    'nobody among %i players plays twice in a round, and every player is in every round',
    (count) => {
      const ids = players(count);
      for (const round of roundRobinRounds(ids)) {
        const seen = round.pairings.flatMap(({ first, second }) => [first, second]);
        if (round.bye !== null) seen.push(round.bye);
        expect(seen).toHaveLength(count);
        expect(new Set(seen)).toEqual(new Set(ids));
      }
    },
  );

  it.each(sizes)('%i players: n − 1 rounds when even, n when odd, each player sitting out once', (count) => {
    const ids = players(count);
    const rounds = roundRobinRounds(ids);
    const byes = rounds.map((round) => round.bye);
    if (count % 2 === 0) {
      expect(rounds).toHaveLength(count - 1);
      expect(byes.every((bye) => bye === null)).toBe(true);
    } else {
      expect(rounds).toHaveLength(count);
      expect([...byes].sort()).toEqual([...ids].sort());
    }
    for (const round of rounds) expect(round.pairings).toHaveLength(Math.floor(count / 2));
  });

  it('follows the Berger table for 6 players', () => {
    // FIDE's Berger table for 6 (C.05 Annex 1), seed numbers.
    const berger = [
      ['1-6', '2-5', '3-4'],
      ['6-4', '5-3', '1-2'],
      ['2-6', '3-1', '4-5'],
      ['6-5', '1-4', '2-3'],
      ['3-6', '4-2', '5-1'],
    ];
    const rounds = roundRobinRounds(['1', '2', '3', '4', '5', '6']);
    expect(rounds.map((round) => round.pairings.map(({ first, second }) => `${first}-${second}`))).toEqual(
      berger,
    );
  });

  it('is balanced in who is first: each player of an even field is first ⌊(n−1)/2⌋ or ⌈(n−1)/2⌉ times', () => {
    for (const count of sizes.filter((size) => size % 2 === 0)) {
      const ids = players(count);
      const firsts = new Map(ids.map((id) => [id, 0]));
      for (const round of roundRobinRounds(ids)) {
        for (const { first } of round.pairings) firsts.set(first, (firsts.get(first) ?? 0) + 1);
      }
      for (const times of firsts.values()) {
        expect(times).toBeGreaterThanOrEqual(Math.floor((count - 1) / 2));
        expect(times).toBeLessThanOrEqual(Math.ceil((count - 1) / 2));
      }
    }
  });

  it('depends on the seed order only: renaming players renames the rounds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), {
          minLength: ROUND_ROBIN_MIN_PLAYERS,
          maxLength: ROUND_ROBIN_MAX_PLAYERS,
        }),
        (ids) => {
          const byIndex = roundRobinRounds(ids.map((_, index) => String(index)));
          const named = byIndex.map((round) => ({
            pairings: round.pairings.map(({ first, second }) => ({
              first: ids[Number(first)],
              second: ids[Number(second)],
            })),
            bye: round.bye === null ? null : ids[Number(round.bye)],
          }));
          expect(roundRobinRounds(ids)).toEqual(named);
        },
      ),
    );
  });

  it('refuses a field with a player twice', () => {
    expect(() => roundRobinRounds(['a', 'b', 'a'])).toThrow(RangeError);
  });
});

describe('validateTournamentShape', () => {
  it('accepts the limits themselves', () => {
    expect(
      validateTournamentShape({
        format: 'ROUND_ROBIN',
        minPlayers: ROUND_ROBIN_MIN_PLAYERS,
        maxPlayers: ROUND_ROBIN_MAX_PLAYERS,
        rounds: null,
      }),
    ).toBeNull();
    expect(
      validateTournamentShape({
        format: 'SWISS',
        minPlayers: SWISS_MAX_ROUNDS + 1,
        maxPlayers: SWISS_MAX_PLAYERS,
        rounds: SWISS_MAX_ROUNDS,
      }),
    ).toBeNull();
    expect(
      validateTournamentShape({
        format: 'SWISS',
        minPlayers: SWISS_MIN_PLAYERS,
        maxPlayers: SWISS_MIN_PLAYERS,
        rounds: 1,
      }),
    ).toBeNull();
  });

  it.each([
    [{ format: 'ROUND_ROBIN', minPlayers: 2, maxPlayers: 8, rounds: null }, 'PLAYERS_OUT_OF_RANGE'],
    [{ format: 'ROUND_ROBIN', minPlayers: 4, maxPlayers: 17, rounds: null }, 'PLAYERS_OUT_OF_RANGE'],
    [{ format: 'ROUND_ROBIN', minPlayers: 4.5, maxPlayers: 8, rounds: null }, 'PLAYERS_NOT_INTEGER'],
    [{ format: 'ROUND_ROBIN', minPlayers: 8, maxPlayers: 4, rounds: null }, 'MIN_ABOVE_MAX'],
    [{ format: 'ROUND_ROBIN', minPlayers: 4, maxPlayers: 8, rounds: 3 }, 'ROUNDS_NOT_ALLOWED'],
    [{ format: 'SWISS', minPlayers: 3, maxPlayers: 8, rounds: 2 }, 'PLAYERS_OUT_OF_RANGE'],
    [{ format: 'SWISS', minPlayers: 8, maxPlayers: 257, rounds: 2 }, 'PLAYERS_OUT_OF_RANGE'],
    [{ format: 'SWISS', minPlayers: 8, maxPlayers: 16, rounds: null }, 'ROUNDS_REQUIRED'],
    [{ format: 'SWISS', minPlayers: 8, maxPlayers: 16, rounds: 2.5 }, 'ROUNDS_NOT_INTEGER'],
    [{ format: 'SWISS', minPlayers: 8, maxPlayers: 16, rounds: 0 }, 'ROUNDS_OUT_OF_RANGE'],
    [{ format: 'SWISS', minPlayers: 30, maxPlayers: 64, rounds: 21 }, 'ROUNDS_OUT_OF_RANGE'],
    [{ format: 'SWISS', minPlayers: 8, maxPlayers: 64, rounds: 8 }, 'ROUNDS_NOT_BELOW_PLAYERS'],
  ] as const)('refuses %o: %s', (shape, reason) => {
    expect(validateTournamentShape(shape)).toEqual({ reason, message: TOURNAMENT_SHAPE_MESSAGES[reason] });
  });
});
