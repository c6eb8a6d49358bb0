/**
 * The rounds of a round robin, by Berger tables (the circle method in the order FIDE publishes): every pair of
 * players meets exactly once. Pure.
 */
import type { Pairing, Round } from './vocabulary';

/**
 * Every round of a round robin among `seedOrder` (the first is seed 1), in order.
 *
 * With an even count n: n - 1 rounds of n / 2 games. With an odd count a phantom player makes the count even and
 * whoever is drawn against it sits out that round (`bye`): n rounds of (n - 1) / 2 games. A round-robin sit-out
 * scores nothing (vocabulary.ts HALF_POINTS.ROUND_ROBIN_SIT_OUT): everyone sits out exactly once, so it costs every
 * player the same and the standings stay fair without a bonus.
 *
 * The tables: the last seed (or the phantom) stays put and the others turn around a circle by n / 2 places a round,
 * which is what alternates who is `first`. Round 1 is 1–n, 2–(n−1), …; the fixed player is `second` in odd rounds
 * and `first` in even ones; on the other boards the player ahead on the circle is `first`.
 */
export function roundRobinRounds(seedOrder: readonly string[]): Round[] {
  if (new Set(seedOrder).size !== seedOrder.length)
    throw new RangeError('A round robin needs distinct players.');
  if (seedOrder.length < 2) return [];
  // The circle's seats: null is the phantom of an odd count.
  const players: (string | null)[] = seedOrder.length % 2 === 0 ? [...seedOrder] : [...seedOrder, null];
  const size = players.length;
  const turning = size - 1;
  const fixed = players[turning] ?? null;
  const rounds: Round[] = [];
  for (let round = 0; round < turning; round++) {
    const at = (place: number): string | null => players[(round * (size / 2) + place) % turning] ?? null;
    const boards: [string | null, string | null][] = [round % 2 === 0 ? [at(0), fixed] : [fixed, at(0)]];
    for (let place = 1; place < size / 2; place++) boards.push([at(place), at(turning - place)]);
    const pairings: Pairing[] = [];
    let bye: string | null = null;
    for (const [first, second] of boards) {
      if (first === null) bye = second;
      else if (second === null) bye = first;
      else pairings.push({ first, second });
    }
    rounds.push({ pairings, bye });
  }
  return rounds;
}
