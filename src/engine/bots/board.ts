/**
 * The greedy bot's working model of the table, built from one seat's view only: centre piles reduced to the
 * rank they have reached, the own hand and side piles as cards, and what is public about the other players
 * (pay-off tops and side piles, in turn order). It is mutable so that a search can play and undo cards.
 */
import { Card, formatCard, parseCard } from '../cards';
import { RuleOptions, topRankOf } from '../options';
import { isWild } from '../rules';
import { GameState, Seat, SideCard } from '../state';
import { GameView, parseSideCard } from '../view';

/** A centre slot with no pile. */
export const FREE = -1;

export interface Opponent {
  /** Cards left in their pay-off pile, or null where the piles cannot be counted (S18). */
  readonly payoffCount: number | null;
  /** How much this player's chances count: the next player most, later ones less (they move after others). */
  readonly weight: number;
  readonly payoffTop: Card | null;
  readonly sidePiles: readonly (readonly SideCard[])[];
}

export interface Board {
  readonly options: RuleOptions;
  /** The rank that completes a centre pile. */
  readonly topRank: number;
  readonly hand: Card[];
  /** Whether each card number is wild under these options (looked up often in the searches). */
  readonly wildCards: readonly boolean[];
  /** The top of each own side pile (deeper cards beyond a turn's reach are left out). */
  readonly sidePiles: SideCard[][];
  /** Whether each own side pile holds a wild card anywhere in it (the bot puts at most one on a pile). */
  readonly sidePileHasWild: readonly boolean[];
  /** Per slot (index = slot − 1): the rank the pile has reached, or `FREE`. */
  readonly center: number[];
  payoffTop: Card | null;
  /** Cards left in the own pay-off pile, or null where the piles cannot be counted (S18). */
  readonly payoffCount: number | null;
  readonly opponents: readonly Opponent[];
}

/**
 * Only the top of a side pile can matter within one turn: no chain is longer than a centre pile. Reading
 * just that much keeps the bot fast when side piles grow long (`sideBuild any`).
 */
const SIDE_DEPTH = 13;
/** The highest card number (K of the last suit); cards are `rank * 4 + suit`. */
const CARD_COUNT = 56;

const cardCache = new Map<string, Card>();
const sideCardCache = new WeakMap<RuleOptions, Map<string, SideCard>>();

function readCard(text: string): Card {
  let card = cardCache.get(text);
  if (card === undefined) {
    const parsed = parseCard(text);
    if (parsed === null) throw new Error(`bot: unreadable card ${text} in view`);
    card = parsed;
    cardCache.set(text, card);
  }
  return card;
}

function readSideCard(options: RuleOptions, text: string): SideCard {
  let cache = sideCardCache.get(options);
  if (cache === undefined) {
    cache = new Map();
    sideCardCache.set(options, cache);
  }
  let side = cache.get(text);
  if (side === undefined) {
    const parsed = parseSideCard(options, text);
    if (parsed === null) throw new Error(`bot: unreadable side card ${text} in view`);
    side = parsed;
    cache.set(text, side);
  }
  return side;
}

const wildTables = new WeakMap<RuleOptions, boolean[]>();

function wildTable(options: RuleOptions): boolean[] {
  let table = wildTables.get(options);
  if (table === undefined) {
    table = [];
    for (let card = 0; card < CARD_COUNT; card++) table.push(isWild(options, card));
    wildTables.set(options, table);
  }
  return table;
}

function readSidePile(options: RuleOptions, texts: readonly string[]): SideCard[] {
  const start = Math.max(0, texts.length - SIDE_DEPTH);
  const pile: SideCard[] = [];
  for (let i = start; i < texts.length; i++) pile.push(readSideCard(options, texts[i] as string));
  return pile;
}

/** The board as the viewer sees it; throws for a spectator's view (a bot always plays a seat). */
export function boardFromView(view: GameView): Board {
  const seat = view.seat;
  if (seat === null || view.hand === null)
    throw new Error('bot: a bot needs a seat view, not a spectator view');
  const options = view.options;
  const own = view.seats[seat];
  if (own === undefined) throw new Error(`bot: the view has no seat ${seat}`);
  const wildCards = wildTable(options);
  const center: number[] = new Array<number>(view.maxCenterPiles).fill(FREE);
  for (const pile of view.centerPiles) center[pile.slot - 1] = pile.topRank;
  const opponents: Opponent[] = [];
  let weight = 1;
  for (let step = 1; step < view.seats.length; step++) {
    const other = view.seats[(seat + step) % view.seats.length];
    if (other === undefined || other.out) continue;
    opponents.push({
      payoffCount: other.payoffCount,
      weight,
      payoffTop: other.payoffTop === null ? null : readCard(other.payoffTop),
      sidePiles: other.sidePiles.map((pile) => readSidePile(options, pile)),
    });
    weight /= 2;
  }
  return {
    options,
    topRank: topRankOf(options),
    hand: view.hand.map(readCard),
    wildCards,
    sidePiles: own.sidePiles.map((pile) => readSidePile(options, pile)),
    sidePileHasWild: own.sidePiles.map((pile) =>
      pile.some((text) => wildCards[readSideCard(options, text).card] === true),
    ),
    center,
    payoffTop: own.payoffTop === null ? null : readCard(own.payoffTop),
    payoffCount: own.payoffCount,
    opponents,
  };
}

/** The top of a side pile, as deep as a turn can reach (`SIDE_DEPTH`); a state's side cards are the view's. */
function sidePileTop(pile: readonly SideCard[]): SideCard[] {
  return pile.slice(Math.max(0, pile.length - SIDE_DEPTH));
}

/**
 * The board of `seat` straight from a full state: the same board as `boardFromView(viewFor(state, seat))`,
 * without writing the view's card texts and reading them back. For the expert's playouts, which already hold
 * full states of their own (sampled, never the real one) and build a board at every move of them.
 */
export function boardFromState(state: GameState, seat: Seat): Board {
  const options = state.options;
  const own = state.seats[seat];
  if (own === undefined) throw new Error(`bot: the state has no seat ${seat}`);
  const wildCards = wildTable(options);
  const center = state.center.map((pile) => (pile === null ? FREE : pile.length));
  const visibleCount = (payoff: readonly Card[]): number | null =>
    options.payoffCountVisible ? payoff.length : null;
  const opponents: Opponent[] = [];
  let weight = 1;
  const seats = state.seats.length;
  for (let step = 1; step < seats; step++) {
    const other = state.seats[(seat + step) % seats];
    if (other === undefined || other.out) continue;
    opponents.push({
      payoffCount: visibleCount(other.payoff),
      weight,
      payoffTop: other.payoff.at(-1) ?? null,
      sidePiles: other.sidePiles.map(sidePileTop),
    });
    weight /= 2;
  }
  return {
    options,
    topRank: topRankOf(options),
    hand: own.hand.slice(),
    wildCards,
    sidePiles: own.sidePiles.map(sidePileTop),
    sidePileHasWild: own.sidePiles.map((pile) => pile.some((side) => wildCards[side.card] === true)),
    center,
    payoffTop: own.payoff.at(-1) ?? null,
    payoffCount: visibleCount(own.payoff),
    opponents,
  };
}

export function wild(board: Board, card: Card): boolean {
  return board.wildCards[card] === true;
}

/** The rank a natural card has (0 for a joker, which is never natural where jokers are wild). */
export function naturalRank(card: Card): number {
  return card >> 2;
}

export function freeSlot(board: Board): number {
  return board.center.indexOf(FREE);
}

export function sideTopCard(pile: readonly SideCard[]): SideCard | null {
  return pile.length === 0 ? null : (pile[pile.length - 1] as SideCard);
}

/** Where a card comes from, as the notation names it. */
export type Source = { kind: 'hand'; card: Card } | { kind: 'side'; pile: number } | { kind: 'payoff' };

/** A centre play: `slot` is 0-based, or null to start a new pile. */
export interface CenterPlay {
  readonly source: Source;
  readonly slot: number | null;
}

/**
 * Sources and centre plays are values, never changed once made: the searches share one object per source and per
 * source and slot (`centerPlay`) rather than make new ones at every board they reach. The expert's playouts run
 * many searches, and collecting those objects took a sixth of their time.
 */
const HAND_SOURCES: readonly Source[] = Array.from({ length: CARD_COUNT }, (_, card) => ({
  kind: 'hand',
  card,
}));
const SIDE_SOURCES: Source[] = [];
const PAYOFF_SOURCE: Source = { kind: 'payoff' };

export function handSource(card: Card): Source {
  return HAND_SOURCES[card] as Source;
}

export function sideSource(pile: number): Source {
  return (SIDE_SOURCES[pile] ??= { kind: 'side', pile });
}

export function payoffSource(): Source {
  return PAYOFF_SOURCE;
}

/** Shared centre plays, by source (`playKey`) and then slot + 1 (0: a new pile). */
const CENTER_PLAYS: CenterPlay[][] = [];

function playKey(source: Source): number {
  switch (source.kind) {
    case 'hand':
      return source.card;
    case 'payoff':
      return CARD_COUNT;
    case 'side':
      return CARD_COUNT + 1 + source.pile;
  }
}

/** The one `CenterPlay` of `source` to `slot` (null: a new pile); `source` must be a shared one (`handSource`…). */
export function centerPlay(source: Source, slot: number | null): CenterPlay {
  const plays = (CENTER_PLAYS[playKey(source)] ??= []);
  return (plays[slot === null ? 0 : slot + 1] ??= { source, slot });
}

export function sourceText(source: Source): string {
  switch (source.kind) {
    case 'hand':
      return formatCard(source.card);
    case 'side':
      return `d${source.pile + 1}`;
    case 'payoff':
      return 'p';
  }
}

const playTexts = new WeakMap<CenterPlay, string>();

/** The play in the notation; written once per shared play (`centerPlay`), since every greedy move asks for it. */
export function playText(play: CenterPlay): string {
  let text = playTexts.get(play);
  if (text === undefined) {
    text = `${sourceText(play.source)}-${play.slot === null ? 'c' : `c${play.slot + 1}`}`;
    playTexts.set(play, text);
  }
  return text;
}

/** What a play changed, so it can be undone. */
export interface Undo {
  readonly play: CenterPlay;
  readonly card: Card;
  /** The side card as it lay, declared rank included. */
  readonly side: SideCard | null;
  readonly slot: number;
  readonly handIndex: number;
  readonly previousTop: number;
}

/** Plays a centre play on the board in place (a completed pile frees its slot) and returns how to undo it. */
export function applyPlay(board: Board, play: CenterPlay): Undo {
  let card: Card;
  let handIndex = -1;
  let sideCard: SideCard | null = null;
  const source = play.source;
  switch (source.kind) {
    case 'hand':
      handIndex = board.hand.indexOf(source.card);
      if (handIndex < 0) throw new Error('bot: played a card not in hand');
      card = board.hand.splice(handIndex, 1)[0] as Card;
      break;
    case 'side': {
      const side = board.sidePiles[source.pile]?.pop();
      if (side === undefined) throw new Error('bot: played from an empty side pile');
      card = side.card;
      sideCard = side;
      break;
    }
    case 'payoff':
      if (board.payoffTop === null) throw new Error('bot: played from an empty pay-off pile');
      card = board.payoffTop;
      board.payoffTop = null;
      break;
  }
  const slot = play.slot ?? freeSlot(board);
  const previousTop = board.center[slot] as number;
  const reached = previousTop === FREE ? 1 : previousTop + 1;
  board.center[slot] = reached >= board.topRank ? FREE : reached;
  return { play, card, side: sideCard, slot, handIndex, previousTop };
}

export function undoPlay(board: Board, undo: Undo): void {
  board.center[undo.slot] = undo.previousTop;
  const source = undo.play.source;
  switch (source.kind) {
    case 'hand':
      board.hand.splice(undo.handIndex, 0, undo.card);
      break;
    case 'side': {
      (board.sidePiles[source.pile] as SideCard[]).push(undo.side as SideCard);
      break;
    }
    case 'payoff':
      board.payoffTop = undo.card;
      break;
  }
}
