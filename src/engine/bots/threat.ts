/**
 * How likely the table we leave lets the other players play their pay-off cards ("don't feed the next
 * player"). Only public facts are used: each opponent's pay-off top and side piles. Their hands are unknown,
 * so every rank their side piles cannot supply counts as a card they would need in hand, and the chance of
 * holding a run of such cards falls quickly with its length.
 */
import { ACE } from '../cards';
import { Board, FREE, naturalRank, wild } from './board';

/** Chance that an opponent holds the missing cards, by how many are missing (a rough model: 5 cards in hand, few wilds). */
const CHANCE_BY_MISSING = [1, 0.55, 0.25, 0.1, 0.04];

export interface Threat {
  readonly weight: number;
  /** `any`: the pay-off top is wild and fits every pile; `rank`: it needs a pile at `rank − 1` (or a free slot for an ace). */
  readonly kind: 'none' | 'any' | 'rank';
  readonly rank: number;
  /** The opponent's side piles, which `missingFrom` reads. */
  readonly sidePiles: Board['sidePiles'];
  /**
   * `missingFrom`'s answers so far, by pile height. Worked out when first asked: a search asks about the few
   * heights the centre piles show, many times over, and never about most of the others.
   */
  readonly missing: (number | undefined)[];
}

/** The cards an opponent's side piles can bring to a pile at height `from` on the way to `rank − 1`. */
function missingWithSidePiles(board: Board, piles: Board['sidePiles'], from: number, rank: number): number {
  const depth = piles.map((pile) => pile.length);
  let missing = 0;
  for (let needed = from + 1; needed < rank; needed++) {
    let found = -1;
    for (let i = 0; i < piles.length && found < 0; i++) {
      const top = depth[i]! > 0 ? piles[i]![depth[i]! - 1]! : null;
      if (top !== null && !wild(board, top.card) && naturalRank(top.card) === needed) found = i;
    }
    if (found < 0 && needed !== ACE) {
      for (let i = 0; i < piles.length && found < 0; i++) {
        const top = depth[i]! > 0 ? piles[i]![depth[i]! - 1]! : null;
        if (top !== null && wild(board, top.card)) found = i;
      }
    }
    if (found >= 0) depth[found]!--;
    else missing++;
  }
  return missing;
}

/**
 * For a pile at height `from` (below `rank − 1`): how many of the ranks from `from + 1` to `rank − 1` the
 * opponent's side piles cannot supply; 99 (never) for any other height.
 */
function missingFrom(board: Board, threat: Threat, from: number): number {
  if (from < 0 || from >= threat.rank - 1) return 99;
  let missing = threat.missing[from];
  if (missing === undefined) {
    missing = missingWithSidePiles(board, threat.sidePiles, from, threat.rank);
    threat.missing[from] = missing;
  }
  return missing;
}

export function threatsOf(board: Board): Threat[] {
  return board.opponents.map((opponent) => {
    const top = opponent.payoffTop;
    const sidePiles = opponent.sidePiles as Board['sidePiles'];
    const threat = (kind: Threat['kind'], rank: number): Threat => ({
      weight: opponent.weight,
      kind,
      rank,
      sidePiles,
      missing: [],
    });
    if (top === null) return threat('none', 0);
    if (wild(board, top)) return threat('any', 0);
    return threat('rank', naturalRank(top));
  });
}

function chance(missing: number): number {
  return CHANCE_BY_MISSING[missing] ?? 0;
}

/** The chance that one opponent can play their pay-off top on the board as it stands. */
function threatChance(board: Board, threat: Threat): number {
  switch (threat.kind) {
    case 'none':
      return 0;
    case 'any':
      return board.center.some((top) => top !== FREE) ? 1 : 0.5;
    case 'rank': {
      const hasFreeSlot = board.center.includes(FREE);
      if (threat.rank === ACE) return hasFreeSlot ? 1 : 0;
      let none = 1;
      for (const top of board.center) {
        if (top === FREE || top >= threat.rank) continue;
        if (top === threat.rank - 1) return 1;
        none *= 1 - chance(missingFrom(board, threat, top));
      }
      // A free slot lets them start from an ace of their own.
      if (hasFreeSlot) none *= 1 - chance(missingFrom(board, threat, 0));
      return 1 - none;
    }
  }
}

/** The weighted chance, over the other players, that the board feeds someone's pay-off pile. */
export function feedRisk(board: Board, threats: readonly Threat[]): number {
  let risk = 0;
  for (const threat of threats) risk += threat.weight * threatChance(board, threat);
  return risk;
}
