/**
 * The pairing of one Swiss round, from the standings so far. Pure and deterministic: the same entrants, in any
 * order, give the same round.
 *
 * Hard rules: nobody meets an opponent twice; nobody gets a second bye; with an odd number of players the bye goes
 * to the lowest-ranked player who may have it. When no round keeps the hard rules, the result is `exhausted` and the
 * caller decides (the service ends the tournament early).
 *
 * Soft rule, score groups: among the rounds that keep the hard rules, one with the least sum over its games of
 * (difference of the two players' half points)², so players meet their own score group and a player who must float
 * floats as little as possible. Ties between such rounds are broken by seed (`tieTerm`). Both are one maximum-weight
 * matching (`edmonds-blossom-fixed`, van Rantwijk's blossom algorithm) with integer weights built so that the number
 * of games counts first, then the squared differences, then the tie term.
 */
import maxWeightMatching from 'edmonds-blossom-fixed';
import type { Pairing } from './vocabulary';

/** An active player of the tournament (the caller leaves withdrawn players out), as the standings stand. */
export interface SwissEntrant {
  readonly id: string;
  /** Half points so far (win 2, draw 1, loss 0, bye 2): a whole number, at least 0. */
  readonly halfPoints: number;
  /** Starting rank: 1 is the best rated at the start. */
  readonly seed: number;
  /** Whether the player has had a bye in an earlier round. */
  readonly hadBye: boolean;
  /** Everyone the player has been paired with so far (finished or not, withdrawn since or not). */
  readonly opponents: readonly string[];
}

export type SwissPairingResult =
  | {
      readonly kind: 'paired';
      /** Board order: by the `first` player's standing. `first` is the better-standing player of the two. */
      readonly pairings: readonly Pairing[];
      readonly bye: string | null;
    }
  | { readonly kind: 'exhausted' };

const EXHAUSTED: SwissPairingResult = { kind: 'exhausted' };

/** Standing order: more half points first, then the better (lower) seed, then the id (a total order). */
function byStanding(a: SwissEntrant, b: SwissEntrant): number {
  return b.halfPoints - a.halfPoints || a.seed - b.seed || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The next round for these players. Fewer than two players cannot be paired: `exhausted`.
 *
 * With an odd number, the bye candidates are the players without a bye so far, from the lowest-ranked up (fewest
 * half points, then the worst seed); the bye goes to the first of them whose absence leaves a round that keeps the
 * hard rules, and the rest are paired as with an even number. If none does, `exhausted`.
 */
export function pairSwissRound(entrants: readonly SwissEntrant[]): SwissPairingResult {
  checkEntrants(entrants);
  const ranked = [...entrants].sort(byStanding);
  if (ranked.length < 2) return EXHAUSTED;
  if (ranked.length % 2 === 0) {
    const pairings = perfectPairing(ranked);
    return pairings === null ? EXHAUSTED : { kind: 'paired', pairings, bye: null };
  }
  const candidates = ranked.filter((entrant) => !entrant.hadBye).reverse();
  for (const candidate of candidates) {
    const pairings = perfectPairing(ranked.filter((entrant) => entrant !== candidate));
    if (pairings !== null) return { kind: 'paired', pairings, bye: candidate.id };
  }
  return EXHAUSTED;
}

function checkEntrants(entrants: readonly SwissEntrant[]): void {
  const ids = new Set<string>();
  for (const entrant of entrants) {
    if (ids.has(entrant.id)) throw new RangeError(`Swiss entrant ${entrant.id} is given twice.`);
    ids.add(entrant.id);
    if (!Number.isSafeInteger(entrant.halfPoints) || entrant.halfPoints < 0) {
      throw new RangeError(
        `Swiss entrant ${entrant.id} has half points ${entrant.halfPoints}: not a whole number ≥ 0.`,
      );
    }
    if (!Number.isSafeInteger(entrant.seed)) {
      throw new RangeError(`Swiss entrant ${entrant.id} has seed ${entrant.seed}: not a whole number.`);
    }
  }
}

/**
 * The tie term of a possible game between `upper` and `lower` (`upper` standing higher), from their places in
 * their score groups (players with equal half points, counted among those being paired, place 0 the best seed):
 * - the same group of size g: |2 × (place of lower − place of upper) − g|. It is 0 when the two are g / 2 places
 *   apart, top half against bottom half (1 v g/2+1, 2 v g/2+2, …), which is the only round of a whole even group
 *   with all terms 0; so the first round, everyone on 0, pairs seed 1 with seed n/2+1 and so on.
 * - different groups: (places below `upper` in its group) + (place of `lower` in its group): the player who floats
 *   down is preferably the lowest of its group, and meets the highest of the group below.
 * Never above the number of players being paired.
 */
function tieTerm(upperPlace: number, upperGroupSize: number, lowerPlace: number, sameGroup: boolean): number {
  if (sameGroup) return Math.abs(2 * (lowerPlace - upperPlace) - upperGroupSize);
  return upperGroupSize - 1 - upperPlace + lowerPlace;
}

/**
 * A round of all these players (an even number, in standing order) without a rematch, best by the soft rule; null
 * if there is none.
 *
 * Weights, all integers: each allowed game costs SCALE × (difference in half points)² + tie term, and weighs
 * BIG − cost. The tie terms of one round add up to at most n/2 × n < SCALE, so one less unit of squared difference
 * outweighs any tie terms; a round's costs add up to less than BIG, so a round with one more game outweighs any
 * costs (the matching also asks for the most games, `maxCardinality`, so this is a second guard).
 */
function perfectPairing(players: readonly SwissEntrant[]): Pairing[] | null {
  const count = players.length;
  if (count === 0) return [];
  const groupSize = new Map<number, number>();
  const place: number[] = [];
  for (const player of players) {
    const size = groupSize.get(player.halfPoints) ?? 0;
    place.push(size);
    groupSize.set(player.halfPoints, size + 1);
  }
  const met = players.map((player) => new Set(player.opponents));
  const points = players.map((player) => player.halfPoints);
  const widest = Math.max(...points) - Math.min(...points);
  const maxTie = count;
  const scale = (count / 2) * maxTie + 1;
  const big = (count / 2) * (scale * widest * widest + maxTie) + 1;
  // The matching compares sums of a few weights and duals: keep them exact in doubles with room to spare.
  if (big * 8 > Number.MAX_SAFE_INTEGER)
    throw new RangeError('Swiss weights too large: too many players or points.');

  const edges: [number, number, number][] = [];
  for (let upper = 0; upper < count; upper++) {
    const a = players[upper] as SwissEntrant;
    for (let lower = upper + 1; lower < count; lower++) {
      const b = players[lower] as SwissEntrant;
      if (met[upper]?.has(b.id) || met[lower]?.has(a.id)) continue;
      const difference = a.halfPoints - b.halfPoints;
      const tie = tieTerm(
        place[upper] ?? 0,
        groupSize.get(a.halfPoints) ?? 0,
        place[lower] ?? 0,
        difference === 0,
      );
      edges.push([upper, lower, big - (scale * difference * difference + tie)]);
    }
  }
  if (edges.length === 0) return null;
  const mate = maxWeightMatching(edges, true);
  const allowed = new Set(edges.map(([upper, lower]) => upper * count + lower));
  const pairings: Pairing[] = [];
  for (let upper = 0; upper < count; upper++) {
    // An isolated vertex past the highest one in an edge has no entry in `mate` (blossom.d.ts).
    const lower = mate[upper] ?? -1;
    if (lower < 0 || mate[lower] !== upper) return null;
    if (upper > lower) continue;
    if (!allowed.has(upper * count + lower))
      throw new Error('The matching paired two players without an edge.');
    pairings.push({
      first: (players[upper] as SwissEntrant).id,
      second: (players[lower] as SwissEntrant).id,
    });
  }
  return pairings;
}
