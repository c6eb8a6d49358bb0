/**
 * Swiss pairing (src/tournaments/domain/swiss.ts). Random tournaments are simulated round by round, each round
 * paired from the history so far, and every round is checked against the hard rules (no rematch, at most one bye
 * each, everyone paired or the bye once) and against the test's own searches, written without the matching
 * library: a backtracking search for a round without rematches (to check the bye went to the lowest-ranked player
 * who could have it, and that `exhausted` means no round exists), and for small fields a brute force over every
 * such round (to check the score groups: the least sum of squared score differences).
 */
import fc from 'fast-check';
import {
  pairSwissRound,
  type SwissEntrant,
  type SwissPairingResult,
} from '../../../src/tournaments/domain/swiss';
import type { GameResult, Pairing } from '../../../src/tournaments/domain/vocabulary';

/** A small deterministic generator (mulberry32), so that a fast-check seed fixes a whole tournament. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Whether two of these entrants may meet: they have not met, by either one's list. */
function mayMeet(a: SwissEntrant, b: SwissEntrant): boolean {
  return !a.opponents.includes(b.id) && !b.opponents.includes(a.id);
}

/** Whether `players` can all be paired without a rematch: backtracking on the first unpaired player, memoised. */
function hasRound(players: readonly SwissEntrant[]): boolean {
  const failed = new Set<bigint>();
  const search = (unpaired: bigint): boolean => {
    if (unpaired === 0n) return true;
    if (failed.has(unpaired)) return false;
    let first = 0;
    while (((unpaired >> BigInt(first)) & 1n) === 0n) first++;
    const a = players[first] as SwissEntrant;
    for (let other = first + 1; other < players.length; other++) {
      const bit = 1n << BigInt(other);
      if ((unpaired & bit) === 0n || !mayMeet(a, players[other] as SwissEntrant)) continue;
      if (search(unpaired & ~bit & ~(1n << BigInt(first)))) return true;
    }
    failed.add(unpaired);
    return false;
  };
  if (players.length % 2 !== 0) return false;
  return search((1n << BigInt(players.length)) - 1n);
}

/** Every round of `players` without a rematch (brute force; small fields only). */
function allRounds(players: readonly SwissEntrant[]): [SwissEntrant, SwissEntrant][][] {
  if (players.length === 0) return [[]];
  const [a, ...rest] = players as [SwissEntrant, ...SwissEntrant[]];
  const rounds: [SwissEntrant, SwissEntrant][][] = [];
  for (const b of rest) {
    if (!mayMeet(a, b)) continue;
    for (const round of allRounds(rest.filter((player) => player !== b))) rounds.push([[a, b], ...round]);
  }
  return rounds;
}

/** The bye candidates in the documented order: fewest half points first, then the worst seed. */
function byeOrder(entrants: readonly SwissEntrant[]): SwissEntrant[] {
  return entrants
    .filter((entrant) => !entrant.hadBye)
    .sort((a, b) => a.halfPoints - b.halfPoints || b.seed - a.seed);
}

function squaredDifferences(pairings: readonly Pairing[], byId: ReadonlyMap<string, SwissEntrant>): number {
  return pairings.reduce((sum, { first, second }) => {
    const difference = (byId.get(first)?.halfPoints ?? NaN) - (byId.get(second)?.halfPoints ?? NaN);
    return sum + difference * difference;
  }, 0);
}

/**
 * Checks one round against the rules and the independent searches; returns nothing, fails the test on a breach.
 * `bruteForce`: also compare the score-group cost with the minimum over every round.
 */
function checkRound(
  entrants: readonly SwissEntrant[],
  result: SwissPairingResult,
  bruteForce: boolean,
): void {
  const byId = new Map(entrants.map((entrant) => [entrant.id, entrant]));
  const odd = entrants.length % 2 === 1;
  // The candidates whose absence (or no absence, for an even field) leaves a round without rematches.
  const firstPossibleBye = odd
    ? byeOrder(entrants).find((candidate) => hasRound(entrants.filter((entrant) => entrant !== candidate)))
    : undefined;
  const possible = odd ? firstPossibleBye !== undefined : hasRound(entrants);
  if (result.kind === 'exhausted') {
    // Exhausted only when no round exists.
    expect(possible).toBe(false);
    return;
  }
  expect(possible).toBe(true);
  // Every active player is paired or has the bye, exactly once.
  const seen = result.pairings.flatMap(({ first, second }) => [first, second]);
  if (result.bye !== null) seen.push(result.bye);
  expect([...seen].sort()).toEqual(entrants.map((entrant) => entrant.id).sort());
  // Never a rematch.
  for (const { first, second } of result.pairings) {
    expect(mayMeet(byId.get(first) as SwissEntrant, byId.get(second) as SwissEntrant)).toBe(true);
  }
  // A bye exactly when the field is odd; to the lowest-ranked player who can have it.
  if (odd) {
    expect(result.bye).toBe(firstPossibleBye?.id);
    expect(byId.get(result.bye ?? '')?.hadBye).toBe(false);
  } else {
    expect(result.bye).toBeNull();
  }
  // `first` is the better-standing player.
  for (const { first, second } of result.pairings) {
    const a = byId.get(first) as SwissEntrant;
    const b = byId.get(second) as SwissEntrant;
    expect(a.halfPoints > b.halfPoints || (a.halfPoints === b.halfPoints && a.seed < b.seed)).toBe(true);
  }
  if (bruteForce) {
    const paired = entrants.filter((entrant) => entrant.id !== result.bye);
    const least = Math.min(
      ...allRounds(paired).map((round) =>
        round.reduce((sum, [a, b]) => sum + (a.halfPoints - b.halfPoints) ** 2, 0),
      ),
    );
    expect(squaredDifferences(result.pairings, byId)).toBe(least);
  }
}

interface Simulated {
  readonly id: string;
  readonly seed: number;
  halfPoints: number;
  hadBye: boolean;
  readonly opponents: string[];
}

const snapshot = (players: readonly Simulated[]): SwissEntrant[] =>
  players.map(({ id, seed, halfPoints, hadBye, opponents }) => ({
    id,
    seed,
    halfPoints,
    hadBye,
    opponents: [...opponents],
  }));

/**
 * Plays a tournament of `count` players and `rounds` rounds with random results (and a few draws), checking every
 * round with `checkRound`. Ids are unrelated to seeds, and the input order is shuffled each round. Stops early on
 * `exhausted`.
 */
function simulate(count: number, rounds: number, seed: number, bruteForce: boolean): void {
  const next = random(seed);
  const seeds = shuffled(
    Array.from({ length: count }, (_, index) => index + 1),
    next,
  );
  const players: Simulated[] = seeds.map((playerSeed, index) => ({
    id: `id${String(index).padStart(2, '0')}`,
    seed: playerSeed,
    halfPoints: 0,
    hadBye: false,
    opponents: [],
  }));
  const byId = new Map(players.map((player) => [player.id, player]));
  for (let round = 0; round < rounds; round++) {
    const entrants = shuffled(snapshot(players), next);
    const result = pairSwissRound(entrants);
    checkRound(entrants, result, bruteForce);
    if (result.kind === 'exhausted') return;
    for (const { first, second } of result.pairings) {
      const a = byId.get(first) as Simulated;
      const b = byId.get(second) as Simulated;
      a.opponents.push(b.id);
      b.opponents.push(a.id);
      const roll = next();
      const outcome: GameResult = roll < 0.45 ? 'FIRST_WON' : roll < 0.9 ? 'SECOND_WON' : 'DRAW';
      a.halfPoints += outcome === 'FIRST_WON' ? 2 : outcome === 'DRAW' ? 1 : 0;
      b.halfPoints += outcome === 'SECOND_WON' ? 2 : outcome === 'DRAW' ? 1 : 0;
    }
    if (result.bye !== null) {
      const player = byId.get(result.bye) as Simulated;
      // At most one bye per player.
      expect(player.hadBye).toBe(false);
      player.hadBye = true;
      player.halfPoints += 2;
    }
  }
}

describe('pairSwissRound', () => {
  it('small tournaments played to exhaustion keep the hard rules and the least score-group cost (brute force)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 9 }), fc.integer(), (count, seed) => {
        // As many rounds as could ever be paired: the tournament runs until pairing is exhausted.
        simulate(count, count, seed, true);
      }),
      { numRuns: 300 },
    );
  });

  it('tournaments of up to 40 players never rematch, give one bye at most, and the bye to the lowest eligible', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 40 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer(),
        (count, rounds, seed) => {
          simulate(count, Math.min(rounds, count - 1), seed, false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('arbitrary histories of small fields: exhausted exactly when no round exists, else the least cost', () => {
    const history = fc.integer({ min: 2, max: 9 }).chain((count) =>
      fc.record({
        count: fc.constant(count),
        points: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: count, maxLength: count }),
        byes: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
        // Each possible pair met before with some probability; dense histories make exhaustion likely.
        met: fc.array(fc.boolean(), {
          minLength: (count * (count - 1)) / 2,
          maxLength: (count * (count - 1)) / 2,
        }),
      }),
    );
    fc.assert(
      fc.property(history, ({ count, points, byes, met }) => {
        const ids = Array.from({ length: count }, (_, index) => `q${index}`);
        const opponents = ids.map(() => [] as string[]);
        let edge = 0;
        for (let a = 0; a < count; a++) {
          for (let b = a + 1; b < count; b++) {
            if (met[edge++]) {
              opponents[a]?.push(ids[b] as string);
              opponents[b]?.push(ids[a] as string);
            }
          }
        }
        const entrants: SwissEntrant[] = ids.map((id, index) => ({
          id,
          seed: count - index,
          halfPoints: points[index] ?? 0,
          hadBye: byes[index] ?? false,
          opponents: opponents[index] ?? [],
        }));
        const result = pairSwissRound(entrants);
        checkRound(entrants, result, true);
      }),
      { numRuns: 2000 },
    );
  });

  it('pairs the first round top half against bottom half by seed (the lowest seed has the bye when odd)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 64 }), fc.integer(), (count, seed) => {
        const next = random(seed);
        const seeds = shuffled(
          Array.from({ length: count }, (_, index) => index + 1),
          next,
        );
        const entrants = seeds.map((playerSeed) => ({
          id: `s${playerSeed}`,
          seed: playerSeed,
          halfPoints: 0,
          hadBye: false,
          opponents: [],
        }));
        const paired = count % 2 === 0 ? count : count - 1;
        const expected = Array.from({ length: paired / 2 }, (_, index) => ({
          first: `s${index + 1}`,
          second: `s${index + 1 + paired / 2}`,
        }));
        expect(pairSwissRound(entrants)).toEqual({
          kind: 'paired',
          pairings: expected,
          bye: count % 2 === 0 ? null : `s${count}`,
        });
      }),
      { numRuns: 100 },
    );
  });

  it('keeps score groups together and floats the lowest of a group to the top of the next', () => {
    // Four on 2 half points (seeds 1, 3, 5, 7), four on 0 (2, 4, 6, 8), nobody has met: each group pairs within
    // itself, top half against bottom half.
    const entrants: SwissEntrant[] = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => ({
      id: `s${seed}`,
      seed,
      halfPoints: seed % 2 === 1 ? 2 : 0,
      hadBye: false,
      opponents: [],
    }));
    expect(pairSwissRound(entrants)).toEqual({
      kind: 'paired',
      pairings: [
        { first: 's1', second: 's5' },
        { first: 's3', second: 's7' },
        { first: 's2', second: 's6' },
        { first: 's4', second: 's8' },
      ],
      bye: null,
    });
    // Three on 2 (seeds 1, 2, 3), three on 0 (4, 5, 6): seed 3 floats down to meet seed 4.
    const odd: SwissEntrant[] = [1, 2, 3, 4, 5, 6].map((seed) => ({
      id: `s${seed}`,
      seed,
      halfPoints: seed <= 3 ? 2 : 0,
      hadBye: false,
      opponents: [],
    }));
    expect(pairSwissRound(odd)).toEqual({
      kind: 'paired',
      pairings: [
        { first: 's1', second: 's2' },
        { first: 's3', second: 's4' },
        { first: 's5', second: 's6' },
      ],
      bye: null,
    });
  });

  it('passes the bye up past a player who had one, and past one whose absence leaves no round', () => {
    const entrant = (id: string, seed: number, halfPoints: number, hadBye: boolean, opponents: string[]) => ({
      id,
      seed,
      halfPoints,
      hadBye,
      opponents,
    });
    // e is the lowest but had a bye; d is next, but c has met everyone else, so without d nobody is left for c:
    // the bye passes to c, and a–d, b–e remain.
    const entrants = [
      entrant('a', 1, 4, false, ['b', 'c']),
      entrant('b', 2, 4, false, ['a', 'c']),
      entrant('c', 3, 2, false, ['a', 'b', 'e']),
      entrant('d', 4, 0, false, []),
      entrant('e', 5, 0, true, ['c']),
    ];
    expect(pairSwissRound(entrants)).toEqual({
      kind: 'paired',
      pairings: [
        { first: 'a', second: 'd' },
        { first: 'b', second: 'e' },
      ],
      bye: 'c',
    });
  });

  it('is exhausted when the last vertex is isolated or no game is possible at all (the library’s quirks)', () => {
    const all = ['a', 'b', 'c', 'd'];
    // d, the lowest-ranked and so the last vertex, has met everyone: the library's mate array stops before it.
    const isolated: SwissEntrant[] = all.map((id, index) => ({
      id,
      seed: index + 1,
      halfPoints: 0,
      hadBye: false,
      opponents: id === 'd' ? ['a', 'b', 'c'] : ['d'],
    }));
    expect(pairSwissRound(isolated)).toEqual({ kind: 'exhausted' });
    // Everyone has met everyone: no edge at all (the library returns its empty input).
    const complete: SwissEntrant[] = all.map((id, index) => ({
      id,
      seed: index + 1,
      halfPoints: 0,
      hadBye: false,
      opponents: all.filter((other) => other !== id),
    }));
    expect(pairSwissRound(complete)).toEqual({ kind: 'exhausted' });
    expect(pairSwissRound([])).toEqual({ kind: 'exhausted' });
  });

  it('is deterministic: the same entrants in any order, with their lists in any order, give the same round', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 24 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer(),
        (count, rounds, seed) => {
          // A history from a simulated tournament, then the next round asked for twice, shuffled differently.
          const next = random(seed);
          const players: Simulated[] = Array.from({ length: count }, (_, index) => ({
            id: `id${index}`,
            seed: index + 1,
            halfPoints: 0,
            hadBye: false,
            opponents: [],
          }));
          const byId = new Map(players.map((player) => [player.id, player]));
          for (let round = 0; round < Math.min(rounds, count - 2); round++) {
            const result = pairSwissRound(snapshot(players));
            if (result.kind === 'exhausted') break;
            for (const { first, second } of result.pairings) {
              (byId.get(first) as Simulated).opponents.push(second);
              (byId.get(second) as Simulated).opponents.push(first);
              (byId.get(next() < 0.5 ? first : second) as Simulated).halfPoints += 2;
            }
            if (result.bye !== null) {
              (byId.get(result.bye) as Simulated).hadBye = true;
              (byId.get(result.bye) as Simulated).halfPoints += 2;
            }
          }
          const once = pairSwissRound(snapshot(players));
          const again = pairSwissRound(
            shuffled(snapshot(players), next).map((entrant) => ({
              ...entrant,
              opponents: shuffled(entrant.opponents, next),
            })),
          );
          expect(again).toEqual(once);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses malformed entrants', () => {
    const entrant = { id: 'a', seed: 1, halfPoints: 0, hadBye: false, opponents: [] };
    expect(() => pairSwissRound([entrant, { ...entrant, seed: 2 }])).toThrow(RangeError);
    expect(() =>
      pairSwissRound([
        { ...entrant, halfPoints: 1.5 },
        { ...entrant, id: 'b' },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      pairSwissRound([
        { ...entrant, halfPoints: -2 },
        { ...entrant, id: 'b' },
      ]),
    ).toThrow(RangeError);
  });

  it('pairs 256 players, the most a tournament takes', () => {
    const entrants: SwissEntrant[] = Array.from({ length: 256 }, (_, index) => ({
      id: `p${index}`,
      seed: index + 1,
      halfPoints: 2 * (index % 7),
      hadBye: false,
      opponents: [`p${(index + 1) % 256}`, `p${(index + 255) % 256}`],
    }));
    const result = pairSwissRound(entrants);
    checkRound(entrants, result, false);
    expect(result.kind).toBe('paired');
  });
});
