/**
 * What may be played where (docs/rules.md §2.4–§2.7), from one player's perspective: everything here needs only
 * what that player may see, so the same code serves the full state (`decide`) and a player's view (bots).
 * Move generation is the engine's hot path: it works on card integers and builds no objects it can avoid.
 */
import { ACE, Card, JOKER, KING, Rank, TWO, formatCard, formatRank, rankOf } from './cards';
import { MoveSource } from './moves';
import { RuleOptions, topRankOf } from './options';
import { SideCard } from './state';
import { RulesPart } from './versions';
import { ForcedPlayReason, Violation, ViolationCode, violation } from './violations';

/** What one player sees and may use on their turn. */
export interface Perspective {
  /** The rules part of the game's version: whether forced plays are due at once (`forcedPlaysAtOnce`). */
  readonly rules: RulesPart;
  readonly options: RuleOptions;
  readonly maxCenterPiles: number;
  readonly hand: readonly Card[];
  readonly payoffTop: Card | null;
  readonly sidePiles: readonly (readonly SideCard[])[];
  /** Centre piles by slot (index = slot − 1), null for a free slot. */
  readonly center: readonly (readonly Card[] | null)[];
}

interface Wildness {
  readonly joker: boolean;
  readonly king: boolean;
}

const wildnessCache = new WeakMap<RuleOptions, Wildness>();

/** The last options asked about: a game asks about its own options thousands of times in a row. */
let lastOptions: RuleOptions | null = null;
let lastWildness: Wildness = { joker: false, king: false };

function wildness(options: RuleOptions): Wildness {
  if (options === lastOptions) return lastWildness;
  let cached = wildnessCache.get(options);
  if (cached === undefined) {
    cached = { joker: options.wildRanks.includes('JOKER'), king: options.wildRanks.includes('K') };
    wildnessCache.set(options, cached);
  }
  lastOptions = options;
  lastWildness = cached;
  return cached;
}

export function isWild(options: RuleOptions, card: Card): boolean {
  const wild = wildness(options);
  return card === JOKER ? wild.joker : wild.king && rankOf(card) === KING;
}

function isNatural(options: RuleOptions, card: Card, rank: Rank): boolean {
  return card !== JOKER && rankOf(card) === rank && !isWild(options, card);
}

/**
 * Whether `card` may go on a centre pile (docs/rules.md §2.4): the next rank, or a wild card, below the top
 * rank.
 */
export function fitsCenterPile(options: RuleOptions, pile: readonly Card[], card: Card): boolean {
  const top = pile.length;
  if (top >= topRankOf(options)) return false;
  return isWild(options, card) || (card !== JOKER && rankOf(card) === top + 1);
}

export function centerCount(p: Pick<Perspective, 'center'>): number {
  let count = 0;
  for (const pile of p.center) if (pile !== null) count++;
  return count;
}

/** Only a natural ace starts a centre pile, and only while fewer than the maximum exist (docs/rules.md §2.4). */
export function canStartCenterPile(p: Perspective, card: Card): boolean {
  return isNatural(p.options, card, ACE) && centerCount(p) < p.maxCenterPiles;
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

/** The codes a hand card → side pile placement may break. */
type SidePlacementCode = Extract<
  ViolationCode,
  'NO_SUCH_PILE' | 'LOW_CARD_TO_SIDE' | 'BAD_DECLARATION' | 'SIDE_BUILD'
>;

/**
 * The rule a hand card → side pile placement breaks, or null when it is allowed (docs/rules.md §2.5). Kept
 * free of string building: move generation calls it for every card and pile.
 */
function sidePlacementCode(
  p: Perspective,
  card: Card,
  pileIndex: number,
  declared: Rank | null,
): SidePlacementCode | null {
  const options = p.options;
  const pile = p.sidePiles[pileIndex];
  if (pile === undefined) return 'NO_SUCH_PILE';
  const top = sideTop(pile);
  const wild = isWild(options, card);
  const natural = rankOf(card);
  // R10: A and 2 belong in the centre; they reach a side pile only when it is full, and only 2 on 3 or A on 2.
  if (options.lowCardsToSide === 'centerFullOnly' && !wild && (natural === ACE || natural === TWO)) {
    if (centerCount(p) < p.maxCenterPiles || top === null || top.rank !== natural + 1)
      return 'LOW_CARD_TO_SIDE';
  }
  if (options.sideBuild === 'any') return declared === null ? null : 'BAD_DECLARATION';
  // S12, R9: same rank or one lower; a wild card declares the rank it stands for there (S14), never an ace.
  if (wild !== (declared !== null) || declared === ACE) return 'BAD_DECLARATION';
  const rank = declared ?? natural;
  if (top !== null && rank !== top.rank && rank !== top.rank - 1) return 'SIDE_BUILD';
  return null;
}

/** Why a hand card may not go on a side pile, or null when it may (with `declared` for a wild card). */
export function sidePlacementProblem(
  p: Perspective,
  card: Card,
  pileIndex: number,
  declared: Rank | null,
): Violation | null {
  const code = sidePlacementCode(p, card, pileIndex, declared);
  if (code === null) return null;
  const top = sideTop(p.sidePiles[pileIndex] ?? []);
  const place = `d${pileIndex + 1}`;
  const named = formatCard(card);
  switch (code) {
    case 'NO_SUCH_PILE':
      return violation(code, `there is no side pile ${place}`, { pile: place });
    case 'LOW_CARD_TO_SIDE': {
      const centerFull = centerCount(p) >= p.maxCenterPiles;
      return violation(
        code,
        centerFull
          ? 'with the centre full, only a 2 onto a 3 or an ace onto a 2 may go to a side pile (low cards stay in the centre)'
          : `an ace or a 2 may go to a side pile only while all ${p.maxCenterPiles} centre piles exist (low cards stay in the centre)`,
        { card: named, pile: place, centerFull, maxCenterPiles: p.maxCenterPiles },
        ['R10'],
      );
    }
    case 'BAD_DECLARATION':
      if (declared === ACE)
        return violation(
          code,
          'a wild card never stands for an ace',
          { problem: 'NEVER_AN_ACE', card: named },
          ['S11', 'R15'],
        );
      if (declared === null) {
        return violation(
          code,
          `a wild card on a side pile declares the rank it stands for there, e.g. ${named}-${place}=8`,
          { problem: 'WILD_MUST_DECLARE', card: named },
          ['S14'],
        );
      }
      return violation(
        code,
        'a rank is declared only for a wild card going onto a sameOrOneLower side pile',
        { problem: 'NOTHING_TO_DECLARE', card: named },
        ['S14'],
      );
    case 'SIDE_BUILD':
      return violation(
        code,
        `side pile ${place} shows ${formatRank(top?.rank ?? 0)}: only the same rank or one lower may go on it`,
        { card: named, pile: place, top: formatRank(top?.rank ?? 0) },
        ['S12', 'R9'],
      );
    default: {
      const never: never = code;
      return never;
    }
  }
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

/** The cards the player may play from and their notation: pay-off top, side-pile tops, then distinct hand cards. */
interface Sources {
  readonly cards: Card[];
  readonly names: string[];
  /** How many of the leading entries are not hand cards. */
  readonly tableCount: number;
}

const SIDE_NAMES = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8'];

function sourcesOf(p: Perspective): Sources {
  const cards: Card[] = [];
  const names: string[] = [];
  if (p.payoffTop !== null) {
    cards.push(p.payoffTop);
    names.push('p');
  }
  for (let i = 0; i < p.sidePiles.length; i++) {
    const top = sideTop(p.sidePiles[i] as SideCard[]);
    if (top !== null) {
      cards.push(top.card);
      names.push(SIDE_NAMES[i] ?? `d${i + 1}`);
    }
  }
  const tableCount = cards.length;
  for (const card of p.hand) {
    if (cards.indexOf(card, tableCount) >= 0) continue;
    cards.push(card);
    names.push(formatCard(card));
  }
  return { cards, names, tableCount };
}

function centerPlayTexts(p: Perspective, sources: Sources, into: string[]): void {
  const canStart = centerCount(p) < p.maxCenterPiles;
  for (let i = 0; i < sources.cards.length; i++) {
    const card = sources.cards[i] as Card;
    const name = sources.names[i] as string;
    if (canStart && isNatural(p.options, card, ACE)) into.push(`${name}-c`);
    for (let slot = 0; slot < p.center.length; slot++) {
      const pile = p.center[slot];
      if (pile !== null && pile !== undefined && fitsCenterPile(p.options, pile, card)) {
        into.push(`${name}-c${slot + 1}`);
      }
    }
  }
}

/**
 * Whether any available card (pay-off top, side-pile tops, hand) can go to the centre. Allocation-free: the E18
 * stuck check asks it for every player after every event once the stock has run out.
 */
export function hasCenterPlay(p: Perspective): boolean {
  return cardsReachCenter(p, p.payoffTop, p.sidePiles, p.hand);
}

/** The shared table: what decides whether a card may go to the centre. */
type Table = Pick<Perspective, 'options' | 'maxCenterPiles' | 'center'>;

/** `hasCenterPlay` for one seat's cards, without building a perspective (the game state is a Table). */
export function cardsReachCenter(
  table: Table,
  payoffTop: Card | null,
  sidePiles: readonly (readonly SideCard[])[],
  hand: readonly Card[],
): boolean {
  const canStart = centerCount(table) < table.maxCenterPiles;
  if (payoffTop !== null && playableInCenter(table, canStart, payoffTop)) return true;
  for (const pile of sidePiles) {
    const top = sideTop(pile);
    if (top !== null && playableInCenter(table, canStart, top.card)) return true;
  }
  for (const card of hand) if (playableInCenter(table, canStart, card)) return true;
  return false;
}

function playableInCenter(table: Table, canStart: boolean, card: Card): boolean {
  if (canStart && isNatural(table.options, card, ACE)) return true;
  for (const pile of table.center)
    if (pile !== null && fitsCenterPile(table.options, pile, card)) return true;
  return false;
}

/** Every hand card → side pile placement (each ends the turn), in notation. */
function sidePlacementTexts(p: Perspective, sources: Sources, into: string[]): void {
  const declares = p.options.sideBuild === 'sameOrOneLower';
  for (let i = sources.tableCount; i < sources.cards.length; i++) {
    const card = sources.cards[i] as Card;
    const name = sources.names[i] as string;
    const wild = declares && isWild(p.options, card);
    for (let pile = 0; pile < p.sidePiles.length; pile++) {
      const target = SIDE_NAMES[pile] ?? `d${pile + 1}`;
      if (!wild) {
        if (sidePlacementCode(p, card, pile, null) === null) into.push(`${name}-${target}`);
        continue;
      }
      for (const rank of declarableRanks(p.sidePiles[pile] as SideCard[])) {
        if (sidePlacementCode(p, card, pile, rank) === null)
          into.push(`${name}-${target}=${formatRank(rank)}`);
      }
    }
  }
}

function hasSidePlacement(p: Perspective): boolean {
  const found: string[] = [];
  sidePlacementTexts(p, sourcesOf(p), found);
  return found.length > 0;
}

/**
 * Whether a forced play is due at once (docs/rules.md §2.6): under `malice-rules-2` it is, so that an obligation
 * cannot be dodged by first covering the pile it fits (S15, R7); `malice-rules-1` checked forced plays only when
 * the turn would end, and its games replay so.
 */
export function forcedPlaysAtOnce(rules: RulesPart): boolean {
  switch (rules) {
    case 'malice-rules-1':
      return false;
    case 'malice-rules-2':
    case 'malice-rules-3':
      return true;
    default: {
      const never: never = rules;
      return never;
    }
  }
}

/** A forced play (docs/rules.md §2.6): the move in notation and the rule that forces it. */
export interface ForcedPlay {
  readonly move: string;
  readonly reason: ForcedPlayReason;
}

/** The first forced play still due: which rule, which card from where (`p`, `dN`, `hand`), onto which pile. */
interface PendingForced {
  readonly forced: ForcedPlayReason;
  readonly card: Card;
  readonly from: string;
  /** `cN`, or `c` for a new pile. */
  readonly pile: string;
}

/**
 * The forced play (docs/rules.md §2.6) still to be made, or null. Only natural cards are forced. Under
 * `malice-rules-1` it keeps the turn from ending and other plays may come first; under `malice-rules-2` it is due
 * before any other move.
 */
function firstPendingForced(p: Perspective): PendingForced | null {
  const options = p.options;
  if (options.forcedAces && centerCount(p) < p.maxCenterPiles) {
    const ace = findAvailableNatural(p, ACE);
    if (ace !== null) return { forced: 'FORCED_ACE', ...ace, pile: 'c' };
  }
  if (options.forcedTwoOnAce) {
    const aceSlot = firstSlot(p, (pile) => pile.length === ACE);
    const two = aceSlot < 0 ? null : findAvailableNatural(p, TWO);
    if (two !== null) return { forced: 'FORCED_TWO_ON_ACE', ...two, pile: `c${aceSlot + 1}` };
  }
  const top = p.payoffTop;
  if (options.forcedPayoffPlay && top !== null && !isWild(options, top)) {
    // A pay-off ace that may start a pile fits (S15); this matters only where forcedAces is off.
    if (canStartCenterPile(p, top)) return { forced: 'FORCED_PAYOFF_PLAY', card: top, from: 'p', pile: 'c' };
    const slot = firstSlot(p, (pile) => fitsCenterPile(options, pile, top));
    if (slot >= 0) return { forced: 'FORCED_PAYOFF_PLAY', card: top, from: 'p', pile: `c${slot + 1}` };
  }
  return null;
}

/** The sentences each forced play rests on. */
const FORCED_SENTENCES: Readonly<Record<ForcedPlayReason, readonly string[]>> = {
  FORCED_ACE: ['S6', 'R5'],
  FORCED_TWO_ON_ACE: ['R7'],
  FORCED_PAYOFF_PLAY: ['S15'],
};

/** The forced play still to be made, as the refusal of anything else (FORCED_PLAY_PENDING), or null. */
export function pendingForcedPlay(p: Perspective): Violation | null {
  const pending = firstPendingForced(p);
  if (pending === null) return null;
  const atOnce = forcedPlaysAtOnce(p.rules);
  const when = atOnce ? 'now, before any other move' : 'before the turn ends';
  const card = formatCard(pending.card);
  const where =
    pending.from === 'p'
      ? 'on the pay-off pile'
      : pending.from === 'hand'
        ? 'in hand'
        : `on side pile ${pending.from}`;
  let reason: string;
  switch (pending.forced) {
    case 'FORCED_ACE':
      reason = `the ace ${card} ${where} must start a centre pile ${when} (forced aces)`;
      break;
    case 'FORCED_TWO_ON_ACE':
      reason = `the 2 ${card} ${where} must go on the ace of centre pile ${pending.pile} ${when} (forced 2 on an ace)`;
      break;
    case 'FORCED_PAYOFF_PLAY':
      reason =
        pending.pile === 'c'
          ? `the pay-off card ${card} must start a centre pile ${when} (forced pay-off play)`
          : `the pay-off card ${card} fits centre pile ${pending.pile} and must be played ${when} (forced pay-off play)`;
      break;
  }
  const from = pending.from === 'hand' ? card : pending.from;
  return violation(
    'FORCED_PLAY_PENDING',
    reason,
    {
      forced: pending.forced,
      card,
      from: pending.from,
      pile: pending.pile,
      move: `${from}-${pending.pile}`,
      atOnce,
    },
    FORCED_SENTENCES[pending.forced],
  );
}

/**
 * Why a centre play that is legal in itself is one of the forced plays (docs/rules.md §2.6), or null when it is
 * not: a natural ace starting a pile (forcedAces, S6, R5), a natural 2 on a centre ace (forcedTwoOnAce, R7), or
 * the natural pay-off top (forcedPayoffPlay, S15 — an ace starting a pile included). `pileRank` is the target
 * pile's rank, or 0 for a new pile.
 */
export function forcedCenterPlayReason(
  options: RuleOptions,
  fromPayoff: boolean,
  card: Card,
  pileRank: number,
): ForcedPlayReason | null {
  if (card === JOKER || isWild(options, card)) return null;
  if (fromPayoff && options.forcedPayoffPlay) return 'FORCED_PAYOFF_PLAY';
  const rank = rankOf(card);
  if (pileRank === 0) return rank === ACE && options.forcedAces ? 'FORCED_ACE' : null;
  return rank === TWO && pileRank === ACE && options.forcedTwoOnAce ? 'FORCED_TWO_ON_ACE' : null;
}

/** Whether a centre play that is legal in itself is one of the forced plays (`forcedCenterPlayReason`). */
export function isForcedCenterPlay(
  options: RuleOptions,
  fromPayoff: boolean,
  card: Card,
  pileRank: number,
): boolean {
  return forcedCenterPlayReason(options, fromPayoff, card, pileRank) !== null;
}

/**
 * Every forced play (docs/rules.md §2.6) in notation, in the order of `centerPlayTexts`; none when nothing is
 * forced. With `reasons`, the rule forcing each move goes there, index for index.
 */
function forcedPlayTexts(
  p: Perspective,
  sources: Sources,
  into: string[],
  reasons?: ForcedPlayReason[],
): void {
  const options = p.options;
  if (!options.forcedAces && !options.forcedTwoOnAce && !options.forcedPayoffPlay) return;
  const canStart = centerCount(p) < p.maxCenterPiles;
  for (let i = 0; i < sources.cards.length; i++) {
    const card = sources.cards[i] as Card;
    const fromPayoff = i === 0 && p.payoffTop !== null;
    if (card === JOKER || isWild(options, card)) continue;
    // Cheap card-level filter first, so that a turn with nothing forced costs one pass over the sources: an ace
    // only starts a pile (it never fits one), and only a 2 or the pay-off card can be forced onto a pile.
    const rank = rankOf(card);
    const payoffForced = fromPayoff && options.forcedPayoffPlay;
    if (rank === ACE) {
      const reason = canStart ? forcedCenterPlayReason(options, fromPayoff, card, 0) : null;
      if (reason !== null) {
        into.push(`${sources.names[i]}-c`);
        reasons?.push(reason);
      }
      continue;
    }
    if (!payoffForced && !(rank === TWO && options.forcedTwoOnAce)) continue;
    const name = sources.names[i] as string;
    for (let slot = 0; slot < p.center.length; slot++) {
      const pile = p.center[slot];
      if (pile === null || pile === undefined || !fitsCenterPile(options, pile, card)) continue;
      const reason = forcedCenterPlayReason(options, fromPayoff, card, pile.length);
      if (reason !== null) {
        into.push(`${name}-c${slot + 1}`);
        reasons?.push(reason);
      }
    }
  }
}

/**
 * The forced plays of the player to move (docs/rules.md §2.6), each with the rule forcing it, in the order of the
 * legal moves. Under `malice-rules-2` they are the only legal moves while any exists; under `malice-rules-1` one of
 * them must be made before the turn ends.
 */
export function forcedPlaysFor(p: Perspective): ForcedPlay[] {
  const moves: string[] = [];
  const reasons: ForcedPlayReason[] = [];
  forcedPlayTexts(p, sourcesOf(p), moves, reasons);
  return moves.map((move, index) => ({ move, reason: reasons[index] as ForcedPlayReason }));
}

/** The first available natural card of `rank` (pay-off top, side-pile tops, hand), and where it is. */
function findAvailableNatural(p: Perspective, rank: Rank): { card: Card; from: string } | null {
  const options = p.options;
  if (p.payoffTop !== null && isNatural(options, p.payoffTop, rank)) return { card: p.payoffTop, from: 'p' };
  for (let i = 0; i < p.sidePiles.length; i++) {
    const top = sideTop(p.sidePiles[i] as SideCard[]);
    if (top !== null && isNatural(options, top.card, rank)) return { card: top.card, from: `d${i + 1}` };
  }
  for (const card of p.hand) if (isNatural(options, card, rank)) return { card, from: 'hand' };
  return null;
}

/** The index of the first centre pile that matches, or −1. */
function firstSlot(p: Perspective, matches: (pile: readonly Card[]) => boolean): number {
  for (let slot = 0; slot < p.center.length; slot++) {
    const pile = p.center[slot];
    if (pile !== null && pile !== undefined && matches(pile)) return slot;
  }
  return -1;
}

const MANDATORY_END =
  'the turn must end with a card from hand onto a side pile; pass only with an empty hand (mandatory turn end)';

/**
 * Why `pass` is not allowed now, or null when it is (docs/rules.md §2.7). Forced plays are checked separately.
 * Under `turnEnd = mandatory`, pass is also allowed when no side-pile placement exists (only reachable
 * through overrides such as `sideBuild = sameOrOneLower`), so a turn can always end.
 */
export function passProblem(p: Perspective): string | null {
  if (p.options.turnEnd === 'optional' || p.hand.length === 0) return null;
  return hasSidePlacement(p) ? MANDATORY_END : null;
}

/**
 * Every legal move for the player to move, in notation, in a fixed order: centre plays, side-pile cards, pass.
 * Under `malice-rules-2`, while a forced play exists the legal moves are exactly the forced plays (docs/rules.md
 * §2.6); under `malice-rules-1` a forced play only keeps the turn from ending.
 */
export function legalMovesFor(p: Perspective): string[] {
  const sources = sourcesOf(p);
  const moves: string[] = [];
  const atOnce = forcedPlaysAtOnce(p.rules);
  if (atOnce) {
    forcedPlayTexts(p, sources, moves);
    if (moves.length > 0) return moves;
  }
  centerPlayTexts(p, sources, moves);
  if (!atOnce && pendingForcedPlay(p) !== null) return moves;
  const before = moves.length;
  sidePlacementTexts(p, sources, moves);
  const canDiscard = moves.length > before;
  if (p.options.turnEnd === 'optional' || p.hand.length === 0 || !canDiscard) moves.push('pass');
  return moves;
}
