/**
 * What may be played where (RULES §1.4–§1.8), from one player's perspective: everything here needs only
 * what that player may see, so the same code serves the full state (`decide`) and a player's view (bots).
 */
import { ACE, Card, JOKER, KING, Rank, TWO, formatCard, formatRank, rankOf } from './cards';
import { Move, MoveSource, formatMove } from './moves';
import { RuleOptions, topRankOf } from './options';
import { SideCard } from './state';
import { Violation, violation } from './violations';

/** What one player sees and may use on their turn. */
export interface Perspective {
  readonly options: RuleOptions;
  readonly maxCenterPiles: number;
  readonly hand: readonly Card[];
  readonly payoffTop: Card | null;
  readonly sidePiles: readonly (readonly SideCard[])[];
  /** Centre piles by slot (index = slot − 1), null for a free slot. */
  readonly center: readonly (readonly Card[] | null)[];
}

export function isWild(options: RuleOptions, card: Card): boolean {
  if (card === JOKER) return options.wildRanks.includes('JOKER');
  return rankOf(card) === KING && options.wildRanks.includes('K');
}

/** Whether `card` may go on a centre pile (RULES §1.4): the next rank, or a wild card, below the top rank. */
export function fitsCenterPile(options: RuleOptions, pile: readonly Card[], card: Card): boolean {
  const top = pile.length;
  if (top >= topRankOf(options)) return false;
  return isWild(options, card) || (card !== JOKER && rankOf(card) === top + 1);
}

export function centerCount(p: Perspective): number {
  let count = 0;
  for (const pile of p.center) if (pile !== null) count++;
  return count;
}

/** Only a natural ace starts a centre pile, and only while fewer than the maximum exist (RULES §1.4). */
export function canStartCenterPile(p: Perspective, card: Card): boolean {
  return card !== JOKER && rankOf(card) === ACE && centerCount(p) < p.maxCenterPiles;
}

export function sideTop(pile: readonly SideCard[]): SideCard | null {
  return pile.length === 0 ? null : (pile[pile.length - 1] as SideCard);
}

/** The card a source offers, or null when it is empty. */
export function sourceCard(p: Perspective, source: MoveSource): Card | null {
  switch (source.kind) {
    case 'hand':
      return p.hand.includes(source.card) ? source.card : null;
    case 'payoff':
      return p.payoffTop;
    case 'side': {
      const pile = p.sidePiles[source.pile - 1];
      return pile === undefined ? null : (sideTop(pile)?.card ?? null);
    }
  }
}

/** Why a hand card may not go on a side pile, or null when it may (with `declared` for a wild card). */
export function sidePlacementProblem(
  p: Perspective,
  card: Card,
  pileIndex: number,
  declared: Rank | null,
): Violation | null {
  const options = p.options;
  const pile = p.sidePiles[pileIndex];
  if (pile === undefined) return violation('NO_SUCH_PILE', `there is no side pile d${pileIndex + 1}`);
  const top = sideTop(pile);
  const wild = isWild(options, card);
  const natural = card === JOKER ? 0 : rankOf(card);
  if (options.lowCardsToSide === 'centerFullOnly' && !wild && (natural === ACE || natural === TWO)) {
    if (centerCount(p) < p.maxCenterPiles) {
      return violation(
        'LOW_CARD_TO_SIDE',
        `an ace or a 2 may go to a side pile only while all ${p.maxCenterPiles} centre piles exist (lowCardsToSide, R10)`,
      );
    }
    if (top === null || top.rank !== natural + 1) {
      return violation(
        'LOW_CARD_TO_SIDE',
        'with the centre full, only a 2 onto a 3 or an ace onto a 2 may go to a side pile (lowCardsToSide, R10)',
      );
    }
  }
  if (options.sideBuild === 'any') {
    if (declared !== null) {
      return violation(
        'BAD_DECLARATION',
        'a rank is declared only for a wild card on a sameOrOneLower side pile',
      );
    }
    return null;
  }
  if (wild) {
    if (declared === null) {
      return violation(
        'BAD_DECLARATION',
        `a wild card on a side pile must declare the rank it stands for, e.g. ${formatCard(card)}-d${pileIndex + 1}=8 (S14)`,
      );
    }
    if (declared === ACE)
      return violation('BAD_DECLARATION', 'a wild card never stands for an ace (S11, R15)');
    if (top !== null && declared !== top.rank && declared !== top.rank - 1)
      return sideBuildViolation(top.rank);
    return null;
  }
  if (declared !== null) return violation('BAD_DECLARATION', 'a rank is declared only for a wild card');
  if (top !== null && natural !== top.rank && natural !== top.rank - 1) return sideBuildViolation(top.rank);
  return null;
}

function sideBuildViolation(topRank: Rank): Violation {
  return violation(
    'SIDE_BUILD',
    `the side pile's top counts as ${formatRank(topRank)}: only the same rank or one lower may go on it (sideBuild sameOrOneLower, S12, R9)`,
  );
}

/** The ranks a wild card may declare on a `sameOrOneLower` side pile (never an ace). */
export function declarableRanks(pile: readonly SideCard[]): Rank[] {
  const top = sideTop(pile);
  const ranks: Rank[] = [];
  if (top === null) {
    for (let rank = TWO; rank <= KING; rank++) ranks.push(rank);
  } else {
    if (top.rank >= TWO) ranks.push(top.rank);
    if (top.rank - 1 >= TWO) ranks.push(top.rank - 1);
  }
  return ranks;
}

/** Every source the player may play from, in notation order: pay-off, side piles, then distinct hand cards. */
function sources(p: Perspective): { source: MoveSource; card: Card }[] {
  const list: { source: MoveSource; card: Card }[] = [];
  if (p.payoffTop !== null) list.push({ source: { kind: 'payoff' }, card: p.payoffTop });
  p.sidePiles.forEach((pile, index) => {
    const top = sideTop(pile);
    if (top !== null) list.push({ source: { kind: 'side', pile: index + 1 }, card: top.card });
  });
  const seen = new Set<Card>();
  for (const card of p.hand) {
    if (seen.has(card)) continue;
    seen.add(card);
    list.push({ source: { kind: 'hand', card }, card });
  }
  return list;
}

/** Every centre play available now. */
export function centerPlays(p: Perspective): Move[] {
  const moves: Move[] = [];
  for (const { source, card } of sources(p)) {
    if (canStartCenterPile(p, card))
      moves.push({ kind: 'place', from: source, to: { kind: 'newCenter' }, declared: null });
    p.center.forEach((pile, index) => {
      if (pile !== null && fitsCenterPile(p.options, pile, card)) {
        moves.push({ kind: 'place', from: source, to: { kind: 'center', slot: index + 1 }, declared: null });
      }
    });
  }
  return moves;
}

export function hasCenterPlay(p: Perspective): boolean {
  for (const { card } of sources(p)) {
    if (canStartCenterPile(p, card)) return true;
    for (const pile of p.center) if (pile !== null && fitsCenterPile(p.options, pile, card)) return true;
  }
  return false;
}

/** Every hand card → side pile placement that ends the turn. */
export function sidePlacements(p: Perspective): Move[] {
  const moves: Move[] = [];
  const seen = new Set<Card>();
  for (const card of p.hand) {
    if (seen.has(card)) continue;
    seen.add(card);
    const wild = isWild(p.options, card) && p.options.sideBuild === 'sameOrOneLower';
    p.sidePiles.forEach((pile, index) => {
      const ranks = wild ? declarableRanks(pile) : [null];
      for (const declared of ranks) {
        if (sidePlacementProblem(p, card, index, declared) === null) {
          moves.push({
            kind: 'place',
            from: { kind: 'hand', card },
            to: { kind: 'side', pile: index + 1 },
            declared,
          });
        }
      }
    });
  }
  return moves;
}

/**
 * The forced play (RULES §1.8) that keeps the turn from ending, described for a player, or null. Only natural
 * cards are forced; the player may make other plays first.
 */
export function pendingForcedPlay(p: Perspective): string | null {
  const options = p.options;
  const available = sources(p);
  if (options.forcedAces && centerCount(p) < p.maxCenterPiles) {
    const ace = available.find(({ card }) => canStartCenterPile(p, card));
    if (ace !== undefined) {
      return `the ace ${describeSource(ace.source, ace.card)} must start a centre pile before the turn ends (forcedAces, S6, R5)`;
    }
  }
  if (options.forcedTwoOnAce) {
    const aceSlot = p.center.findIndex((pile) => pile !== null && pile.length === 1);
    const two = available.find(
      ({ card }) => card !== JOKER && rankOf(card) === TWO && !isWild(options, card),
    );
    if (aceSlot >= 0 && two !== undefined) {
      return `the 2 ${describeSource(two.source, two.card)} must go on the ace of centre pile ${aceSlot + 1} before the turn ends (forcedTwoOnAce, R7)`;
    }
  }
  if (options.forcedPayoffPlay && p.payoffTop !== null && !isWild(options, p.payoffTop)) {
    const card = p.payoffTop;
    if (canStartCenterPile(p, card)) {
      return `the pay-off card ${formatCard(card)} must start a centre pile before the turn ends (forcedPayoffPlay, S15)`;
    }
    const slot = p.center.findIndex((pile) => pile !== null && fitsCenterPile(options, pile, card));
    if (slot >= 0) {
      return `the pay-off card ${formatCard(card)} fits centre pile ${slot + 1} and must be played before the turn ends (forcedPayoffPlay, S15)`;
    }
  }
  return null;
}

function describeSource(source: MoveSource, card: Card): string {
  switch (source.kind) {
    case 'hand':
      return `${formatCard(card)} in hand`;
    case 'payoff':
      return `${formatCard(card)} on the pay-off pile`;
    case 'side':
      return `${formatCard(card)} on side pile d${source.pile}`;
  }
}

/** Why `pass` is not allowed now, or null when it is (RULES §1.7d). Forced plays are checked separately. */
export function passProblem(p: Perspective): string | null {
  if (p.options.turnEnd === 'optional' || p.hand.length === 0) return null;
  if (sidePlacements(p).length === 0) return null;
  return 'the turn must end with a card from hand onto a side pile; pass only with an empty hand (turnEnd mandatory, E13)';
}

/** Every legal move for the player to move, in a fixed order: centre plays, side-pile cards, pass. */
export function legalMovesFor(p: Perspective): Move[] {
  const moves = centerPlays(p);
  if (pendingForcedPlay(p) !== null) return moves;
  moves.push(...sidePlacements(p));
  if (passProblem(p) === null) moves.push({ kind: 'pass' });
  return moves;
}

export function legalMoveTextsFor(p: Perspective): string[] {
  return legalMovesFor(p).map(formatMove);
}
