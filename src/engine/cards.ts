/**
 * Cards. Internally a card is a small integer so the fold and move generation stay allocation-free:
 * `rank * 4 + suit` for the 52 natural cards (rank 1 = ace … 13 = king; suits S H D C = 0…3) and
 * `JOKER` (0) for every joker. Suits never matter to the rules (S7, S12, E8) but they are part of the
 * notation, so they are kept. Notation: rank `A 2 3 4 5 6 7 8 9 T J Q K` + suit `S H D C`, joker `*`.
 */

export type Card = number;
/** 1 = ace … 13 = king; 0 is the joker's rank (it has none of its own). */
export type Rank = number;

export const JOKER: Card = 0;
export const ACE = 1;
export const TWO = 2;
export const QUEEN = 12;
export const KING = 13;

const RANK_CHARS = 'A23456789TJQK';
const SUIT_CHARS = 'SHDC';

export function rankOf(card: Card): Rank {
  return card >> 2;
}

export function makeCard(rank: Rank, suit: number): Card {
  return rank * 4 + suit;
}

export function formatRank(rank: Rank): string {
  const char = RANK_CHARS[rank - 1];
  if (char === undefined) throw new RangeError(`no rank ${rank}`);
  return char;
}

/** Parses a rank letter (`A`…`K`), or returns null. */
export function parseRank(text: string): Rank | null {
  if (text.length !== 1) return null;
  const index = RANK_CHARS.indexOf(text);
  return index < 0 ? null : index + 1;
}

/** Card names by code, built once: formatting is on the move-generation hot path. */
const CARD_NAMES: readonly string[] = Array.from({ length: (KING + 1) * 4 }, (_, code) =>
  code === JOKER
    ? '*'
    : code >> 2 >= ACE
      ? (RANK_CHARS[(code >> 2) - 1] as string) + (SUIT_CHARS[code & 3] as string)
      : '?',
);

export function formatCard(card: Card): string {
  const name = CARD_NAMES[card];
  if (name === undefined || name === '?') throw new RangeError(`no card ${card}`);
  return name;
}

/** Parses `7H`, `TD`, `*`; returns null for anything else (never throws). */
export function parseCard(text: string): Card | null {
  if (text === '*') return JOKER;
  if (text.length !== 2) return null;
  const rank = parseRank(text[0] as string);
  const suit = SUIT_CHARS.indexOf(text[1] as string);
  if (rank === null || suit < 0) return null;
  return makeCard(rank, suit);
}

/** One standard 52-card deck (ace to king in each suit) followed by `jokers` jokers. */
export function standardDeck(jokers: number): Card[] {
  const deck: Card[] = [];
  for (let suit = 0; suit < 4; suit++)
    for (let rank = ACE; rank <= KING; rank++) deck.push(makeCard(rank, suit));
  for (let i = 0; i < jokers; i++) deck.push(JOKER);
  return deck;
}

/**
 * Splits a run of card tokens written back to back (`7HTD*AS`) into cards; null if any token is bad.
 * A joker is one character, every other card two.
 */
export function parseCardRun(text: string): Card[] | null {
  const cards: Card[] = [];
  let i = 0;
  while (i < text.length) {
    const width = text[i] === '*' ? 1 : 2;
    const card = parseCard(text.slice(i, i + width));
    if (card === null) return null;
    cards.push(card);
    i += width;
  }
  return cards;
}

export function formatCardRun(cards: readonly Card[]): string {
  return cards.map(formatCard).join('');
}
