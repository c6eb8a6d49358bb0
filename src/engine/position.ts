/**
 * Positions: a whole `GameState` as one line of text (like FEN for chess), so custom games, puzzles and tests
 * can start anywhere. The rule options are not part of a position; they are given alongside it.
 *
 *   <center> <stock> <setAside> <seats> <current> <turn> <nullTurns> <activity> <rng>
 *
 * See docs/notation.md, "Positions", for every field. Parsing is strict, as for moves: every accepted text that
 * carries its rng is exactly what `formatPosition` writes for the state it gives back. The rng field is the
 * generator's state in the form of the game's version: 32 hex digits of xoshiro128** state under
 * `xoshiro128ss-sha256-v1`, `chacha20:<key>:<nonce>:<position>` under `chacha20-v2`.
 */
import {
  ACE,
  Card,
  JOKER,
  formatCard,
  formatCardRun,
  formatRank,
  parseCard,
  parseCardRun,
  parseRank,
  rankOf,
} from './cards';
import {
  RuleOptions,
  StoredOptions,
  frozenOptions,
  optionsUnderRules,
  resolveMaxCenterPiles,
  topRankOf,
  validateOptions,
} from './options';
import { CHACHA20_BLOCK_WORDS, bytesLittleEndian, chacha20Stream, streamPosition } from './chacha20';
import { RngState, seedXoshiro128ss, xoshiro128ssFrom } from './rng';
import { Deal, dealGenerator } from './seeding';
import { bytesToHex } from './sha256';
import { GeneratorPart, versionParts } from './versions';
import { isWild } from './rules';
import { GameState, Seat, SeatState, SideCard } from './state';
import { formatSideCard, parseSideCard } from './view';

export type PositionResult =
  { readonly ok: true; readonly state: GameState } | { readonly ok: false; readonly error: string };

const FIELD_NAMES = 'center stock setAside seats current turn nullTurns activity rng';
/** Far above the longest real position (six combined decks with jokers, every card written out). */
const MAX_POSITION_LENGTH = 8192;
/** No rule lets a hand grow past `handSize` (at most 20); anything this long is a typo or an attack. */
const MAX_HAND_LENGTH = 60;
const EMPTY = '-';

export function formatPosition(state: GameState): string {
  const center = state.center.flatMap((pile, index) =>
    pile === null ? [] : [`c${index + 1}=${formatCardRun(pile)}`],
  );
  return [
    center.length === 0 ? EMPTY : center.join(','),
    formatRun(state.stock),
    formatRun(state.setAside),
    state.seats.map((seat, index) => formatSeat(state, seat, index)).join('/'),
    String(state.current),
    String(state.turn),
    String(state.nullTurns),
    state.turnActive ? 'a' : 'n',
    formatRng(state.rng),
  ].join(' ');
}

function formatRun(cards: readonly Card[]): string {
  return cards.length === 0 ? EMPTY : formatCardRun(cards);
}

function formatSeat(state: GameState, seat: SeatState, index: Seat): string {
  const sides = seat.sidePiles.map((pile) =>
    pile.length === 0 ? EMPTY : pile.map((side) => formatSideCard(state.options, side)).join(''),
  );
  const parts = [formatRun(seat.payoff), formatRun(seat.hand), sides.join(',')];
  if (seat.out) {
    const order = state.departed.indexOf(index) + 1;
    if (order === 0) throw new RangeError(`seat ${index} is out but not among the departed seats`);
    parts.push(`out${order}`);
  }
  return parts.join(':');
}

const CHACHA20_PREFIX = 'chacha20';
/** Outputs of one key and nonce: 2³² blocks of 16 words. */
const CHACHA20_STREAM_WORDS = 2 ** 32 * CHACHA20_BLOCK_WORDS;

function formatRng(rng: RngState): string {
  switch (rng.generator) {
    case 'xoshiro128ss':
      return rng.s.map((word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
    case 'chacha20':
      return [
        CHACHA20_PREFIX,
        bytesToHex(bytesLittleEndian(rng.key)),
        bytesToHex(bytesLittleEndian(rng.nonce)),
        String(streamPosition(rng)),
      ].join(':');
  }
}

/**
 * Reads a position for a game under `options` (read as the deal's rules version does, `optionsUnderRules`), dealt as
 * `deal` says (its version decides the rng field's form and the rules);
 * never throws. The error names the field at fault. The state has no result yet, `maxCenterPiles` resolved for its
 * seat count and `departed` rebuilt from the `out<n>` markers. Without the rng field the generator is the deal's
 * (`chacha20-v2`: from the server seed, so nobody who only knows the text can foresee a reshuffle); games recorded
 * under `xoshiro128ss-sha256-v1` seeded it from the text itself (the other eight fields), and still replay so.
 */
export function parsePosition(stored: StoredOptions, text: string, deal: Deal): PositionResult {
  try {
    if (typeof stored !== 'object' || stored === null) fail('options', 'must be a rule options object');
    const options = optionsUnderRules(versionParts(deal.version).rules, stored);
    return { ok: true, state: readPosition(options, text, deal) };
  } catch (error) {
    if (error instanceof PositionError) return { ok: false, error: error.message };
    throw error;
  }
}

/** `parsePosition` under a name that reads well where a game is set up from a position. */
export function setupFromPosition(options: StoredOptions, text: string, deal: Deal): PositionResult {
  return parsePosition(options, text, deal);
}

/** Raised inside the parser only; `parsePosition` turns it into `{ ok: false }`. */
class PositionError extends Error {}

function fail(where: string, problem: string): never {
  throw new PositionError(`${where}: ${problem}`);
}

function readPosition(options: RuleOptions, text: string, deal: Deal): GameState {
  if (typeof text !== 'string') fail('position', 'must be a string');
  if (text.length > MAX_POSITION_LENGTH)
    fail('position', `is ${text.length} characters long; at most ${MAX_POSITION_LENGTH} are read`);
  const fields = text.split(' ');
  if (fields.length !== 8 && fields.length !== 9) {
    fail(
      'position',
      `needs the fields "${FIELD_NAMES}" separated by single spaces (rng may be left out); found ${fields.length}`,
    );
  }
  if (fields.includes(''))
    fail('position', 'has an empty field: separate fields by exactly one space, write - for empty');
  const [centerText, stockText, setAsideText, seatsText, currentText, turnText, nullTurnsText, activityText] =
    fields as [string, string, string, string, string, string, string, string];
  const rngText = fields[8];
  const generator = versionParts(deal.version).generator;

  const seatTexts = seatsText.split('/');
  checkOptions(options, seatTexts.length);
  const maxCenterPiles = resolveMaxCenterPiles(options, seatTexts.length);
  const copies = new CopyCounter(options, seatTexts.length);

  const center = readCenter(options, centerText, maxCenterPiles, copies);
  const stock = readRun('stock', stockText, copies);
  const setAside = readRun('setAside', setAsideText, copies);
  const described = seatTexts.map((seatText, seat) => readSeat(options, seatText, seat, copies));
  const seats = described.map((entry) => entry.seat);
  const departed = readDeparted(described.map((entry) => entry.outOrder));
  if (seats.length - departed.length < 2)
    fail('seats', 'at least two seats must still be in: a game with fewer is over');

  const current = readCounter('current', currentText);
  if (current >= seats.length)
    fail('current', `must be a seat from 0 to ${seats.length - 1}; found ${current}`);
  if (seats[current]!.out)
    fail('current', `seat ${current} has left the game and cannot be the seat to move`);

  return {
    rules: versionParts(deal.version).rules,
    options: frozenOptions(options),
    maxCenterPiles,
    seats,
    center,
    stock,
    setAside,
    rng: rngText === undefined ? generatorOf(generator, text, deal) : readRng(generator, rngText),
    current,
    turn: readCounter('turn', turnText),
    turnActive: readActivity(activityText),
    nullTurns: readCounter('nullTurns', nullTurnsText),
    departed,
    result: null,
  };
}

/** The options must be sound for this many seats before anything that depends on them is read. */
function checkOptions(options: RuleOptions, seatCount: number): void {
  if (typeof options !== 'object' || options === null) fail('options', 'must be a rule options object');
  const general = validateOptions(options);
  if (general.length > 0) fail('options', general.map((problem) => problem.message).join('; '));
  const forSeats = validateOptions(options, seatCount);
  if (forSeats.length > 0) {
    fail(
      'seats',
      `${seatCount} seats do not fit these options (${forSeats.map((problem) => problem.message).join('; ')})`,
    );
  }
}

/**
 * Counts every card against what the decks hold: `separate` is one 52-card pay-off deck plus one stock deck of
 * 52 and the jokers (S1, R1); `combined` is one deck with its jokers per seat (E1, E19). Fewer is fine (puzzles).
 */
class CopyCounter {
  private readonly seen = new Map<Card, number>();
  private readonly naturalCopies: number;
  private readonly jokerCopies: number;
  private readonly decks: string;

  constructor(options: RuleOptions, seatCount: number) {
    if (options.deckMode === 'separate') {
      this.naturalCopies = 2;
      this.jokerCopies = options.jokersPerDeck;
      this.decks = 'the pay-off and stock decks (deckMode separate)';
    } else {
      this.naturalCopies = seatCount;
      this.jokerCopies = seatCount * options.jokersPerDeck;
      this.decks = `${seatCount} decks (deckMode combined)`;
    }
  }

  add(where: string, cards: readonly Card[]): void {
    for (const card of cards) {
      const count = (this.seen.get(card) ?? 0) + 1;
      this.seen.set(card, count);
      const limit = card === JOKER ? this.jokerCopies : this.naturalCopies;
      if (count > limit) {
        fail(where, `${formatCard(card)} is copy ${count}, but ${this.decks} hold only ${limit}`);
      }
    }
  }
}

function readRun(where: string, text: string, copies: CopyCounter): Card[] {
  if (text === EMPTY) return [];
  if (text === '') fail(where, 'is empty: write - for no cards');
  const cards = parseCardRun(text);
  if (cards === null) fail(where, `"${text}" is not a run of cards such as 7H5S*QD (or - for none)`);
  copies.add(where, cards);
  return cards;
}

function readCenter(
  options: RuleOptions,
  text: string,
  maxCenterPiles: number,
  copies: CopyCounter,
): (Card[] | null)[] {
  const center: (Card[] | null)[] = Array.from({ length: maxCenterPiles }, () => null);
  if (text === EMPTY) return center;
  let previous = 0;
  for (const part of text.split(',')) {
    const match = /^c([1-9][0-9]*)=(.*)$/.exec(part);
    if (match === null) fail('center', `"${part}" is not a pile written c<slot>=<cards>`);
    const slot = Number(match[1]);
    if (slot > maxCenterPiles) {
      fail('center', `slot c${slot} is beyond the ${maxCenterPiles} centre piles these options allow`);
    }
    if (center[slot - 1] !== null) fail('center', `slot c${slot} appears twice`);
    if (slot < previous)
      fail('center', `slot c${slot} comes after c${previous}: list the slots in ascending order`);
    previous = slot;
    const where = `center c${slot}`;
    const cards = readRun(where, match[2] as string, copies);
    if (cards.length === 0) fail(where, 'an empty slot is left out, not written');
    checkCenterPile(options, where, cards);
    center[slot - 1] = cards;
  }
  return center;
}

/**
 * docs/rules.md §2.4: a centre pile starts with a natural ace and goes up one rank a card; a complete pile never
 * stays.
 */
function checkCenterPile(options: RuleOptions, where: string, cards: readonly Card[]): void {
  const topRank = topRankOf(options);
  if (cards.length >= topRank) {
    fail(
      where,
      `${cards.length} cards reach ${formatRank(topRank)}: a complete pile leaves the centre at once`,
    );
  }
  cards.forEach((card, index) => {
    const rank = index + 1;
    if (index === 0 && (card === JOKER || rankOf(card) !== ACE)) {
      fail(where, `the bottom card must be a natural ace, not ${formatCard(card)}`);
    }
    const fits = isWild(options, card) || (card !== JOKER && rankOf(card) === rank);
    if (!fits)
      fail(
        where,
        `${formatCard(card)} cannot be card ${rank}: that needs a ${formatRank(rank)} or a wild card`,
      );
  });
}

interface DescribedSeat {
  readonly seat: SeatState;
  /** The `out<n>` marker's n, or null for a seat still in. */
  readonly outOrder: number | null;
}

function readSeat(options: RuleOptions, text: string, index: Seat, copies: CopyCounter): DescribedSeat {
  const where = `seats: seat ${index}`;
  const parts = text.split(':');
  if (parts.length !== 3 && parts.length !== 4) {
    fail(where, `"${text}" is not <payoff>:<hand>:<sides>, with :out<n> added for a seat that has left`);
  }
  const [payoffText, handText, sidesText, outText] = parts as [string, string, string, string | undefined];
  const payoff = readRun(`${where} pay-off`, payoffText, copies);
  const hand = readRun(`${where} hand`, handText, copies);
  if (hand.length > MAX_HAND_LENGTH)
    fail(`${where} hand`, `holds ${hand.length} cards; at most ${MAX_HAND_LENGTH}`);
  const sideTexts = sidesText.split(',');
  if (sideTexts.length !== options.sidePiles) {
    fail(
      `${where} side piles`,
      `${sideTexts.length} given, but the options have sidePiles ${options.sidePiles} (write - for an empty pile)`,
    );
  }
  const sidePiles = sideTexts.map((pileText, pile) => {
    const pileWhere = `${where} side pile d${pile + 1}`;
    const sides = readSidePile(options, pileWhere, pileText);
    copies.add(
      pileWhere,
      sides.map((side) => side.card),
    );
    return sides;
  });
  let outOrder: number | null = null;
  if (outText !== undefined) {
    const match = /^out([1-9][0-9]*)$/.exec(outText);
    if (match === null)
      fail(where, `"${outText}" is not an out<n> marker (n = 1 for the first seat to leave)`);
    outOrder = Number(match[1]);
  }
  return { seat: { hand, payoff, sidePiles, out: outOrder !== null }, outOrder };
}

/** Side-pile cards run together; each is `*` or two characters, then `=<rank>` when it declares one. */
function readSidePile(options: RuleOptions, where: string, text: string): SideCard[] {
  if (text === EMPTY) return [];
  if (text === '') fail(where, 'is empty: write - for an empty side pile');
  const pile: SideCard[] = [];
  let at = 0;
  while (at < text.length) {
    let end = at + (text[at] === '*' ? 1 : 2);
    if (text[end] === '=') end += 2;
    const side = readSideCard(options, where, text.slice(at, end));
    const below = pile[pile.length - 1];
    if (options.sideBuild === 'sameOrOneLower' && below !== undefined) checkSideBuild(where, below, side);
    pile.push(side);
    at = end;
  }
  return pile;
}

function readSideCard(options: RuleOptions, where: string, token: string): SideCard {
  const [cardText, declaredText] = token.split('=') as [string, string | undefined];
  const card = parseCard(cardText);
  if (card === null) fail(where, `"${token}" is not a card`);
  // validateOptions allows jokers only when they are wild, so a joker that is not wild is in no deck.
  if (card === JOKER && !isWild(options, card)) fail(where, 'these options have no jokers (jokersPerDeck 0)');
  const mustDeclare = isWild(options, card) && options.sideBuild === 'sameOrOneLower';
  if (declaredText === undefined) {
    if (mustDeclare) {
      fail(
        where,
        `the wild ${cardText} must carry the rank it stands for, e.g. ${cardText}=8 (sideBuild sameOrOneLower, S14)`,
      );
    }
  } else {
    if (!mustDeclare) fail(where, `${token}: only a wild card on a sameOrOneLower side pile declares a rank`);
    const declared = parseRank(declaredText);
    if (declared === null) fail(where, `${token}: "${declaredText}" is not a rank`);
    if (declared === ACE) fail(where, `${token}: a wild card never stands for an ace (S11, R15)`);
  }
  const side = parseSideCard(options, token);
  if (side === null) fail(where, `"${token}" is not a side-pile card`);
  return side;
}

/** S12, R9: on a `sameOrOneLower` pile each card counts as the same rank as the one under it, or one lower. */
function checkSideBuild(where: string, below: SideCard, side: SideCard): void {
  if (side.rank === below.rank || side.rank === below.rank - 1) return;
  fail(
    where,
    `a card counting as ${formatRank(side.rank)} cannot lie on one counting as ${formatRank(below.rank)}: ` +
      'each card is the same rank or one lower (sideBuild sameOrOneLower, S12, R9)',
  );
}

/** `departed` lists seats in the order they left; the markers must number them 1, 2, … with no gap or repeat. */
function readDeparted(outOrders: readonly (number | null)[]): Seat[] {
  const leftCount = outOrders.filter((order) => order !== null).length;
  const departed: Seat[] = Array.from({ length: leftCount }, () => -1);
  outOrders.forEach((order, seat) => {
    if (order === null) return;
    if (order > leftCount || departed[order - 1] !== -1) {
      const found = outOrders.flatMap((other) => (other === null ? [] : [`out${other}`])).join(', ');
      fail(
        'seats',
        `the out markers must number the seats that left 1, 2, … without gaps or repeats; found ${found}`,
      );
    }
    departed[order - 1] = seat;
  });
  return departed;
}

function readCounter(field: string, text: string): number {
  const value = Number(text);
  if (!/^(0|[1-9][0-9]*)$/.test(text) || !Number.isSafeInteger(value)) {
    fail(field, `"${text}" is not a whole number of 0 or more (written without leading zeros)`);
  }
  return value;
}

function readActivity(text: string): boolean {
  if (text === 'a') return true;
  if (text === 'n') return false;
  return fail('activity', `"${text}" must be a (the turn has drawn or played a card) or n (not yet)`);
}

/** The generator of a position written without its rng field. */
function generatorOf(generator: GeneratorPart, text: string, deal: Deal): RngState {
  switch (generator) {
    case 'chacha20-v2':
      return dealGenerator(deal);
    case 'xoshiro128ss-sha256-v1':
      return seedXoshiro128ss(text);
  }
}

function readRng(generator: GeneratorPart, text: string): RngState {
  switch (generator) {
    case 'xoshiro128ss-sha256-v1':
      return readXoshiro128ss(text);
    case 'chacha20-v2':
      return readChaCha20(text);
  }
}

function readXoshiro128ss(text: string): RngState {
  if (!/^[0-9a-f]{32}$/.test(text))
    fail(
      'rng',
      `"${text}" is not 32 lowercase hex digits (four 32-bit words of xoshiro128** state, xoshiro128ss-sha256-v1)`,
    );
  const words = [0, 1, 2, 3].map((word) => parseInt(text.slice(word * 8, word * 8 + 8), 16));
  // xoshiro128** never leaves the all-zero state: every draw would be 0 and every shuffle the same.
  if ((words[0]! | words[1]! | words[2]! | words[3]!) === 0) fail('rng', 'must not be all zero');
  return xoshiro128ssFrom([words[0]!, words[1]!, words[2]!, words[3]!]);
}

/** `chacha20:<64 hex digits of key>:<24 hex digits of nonce>:<outputs drawn, in decimal>`. */
function readChaCha20(text: string): RngState {
  const match = /^chacha20:([0-9a-f]{64}):([0-9a-f]{24}):(0|[1-9][0-9]{0,10})$/.exec(text);
  if (match === null) {
    fail(
      'rng',
      `"${text}" is not chacha20:<key>:<nonce>:<position> (64 and 24 lowercase hex digits, then the outputs ` +
        'drawn in decimal; chacha20-v2)',
    );
  }
  const position = Number(match[3]);
  if (position >= CHACHA20_STREAM_WORDS)
    fail('rng', `position ${position} is past the end of the stream (${CHACHA20_STREAM_WORDS} outputs)`);
  const key = hexBytes(match[1] as string);
  const nonce = hexBytes(match[2] as string);
  return chacha20Stream(
    key,
    nonce,
    Math.floor(position / CHACHA20_BLOCK_WORDS),
    position % CHACHA20_BLOCK_WORDS,
  );
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
