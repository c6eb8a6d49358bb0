/** The cards' accessible names in the three languages (web/src/i18n.ts): "seven of hearts", "hjärter sju", "семёрка червей". */
import { translations } from '../i18n';
import type { Rank, Suit } from './notation';

/** The indices every language prints alike: the ace and the numbers. */
const PIPS = {
  A: 'A',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  T: '10',
} as const;

const en = {
  rank: {
    A: 'ace',
    '2': 'two',
    '3': 'three',
    '4': 'four',
    '5': 'five',
    '6': 'six',
    '7': 'seven',
    '8': 'eight',
    '9': 'nine',
    T: 'ten',
    J: 'jack',
    Q: 'queen',
    K: 'king',
  } satisfies Record<Rank, string>,
  suit: { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' } satisfies Record<Suit, string>,
  natural: (rank: string, suit: string) => `${rank} of ${suit}`,
  joker: 'joker',
  /** A wild card with its declared rank: "joker as an eight". */
  declaredAs: (card: string, rank: Rank, rankName: string) =>
    `${card} as ${rank === '8' || rank === 'A' ? 'an' : 'a'} ${rankName}`,
  back: 'face-down card',
  empty: 'empty',
  /**
   * The index printed in a card's corners (card.tsx, card-text.ts): for display only — the notation, the data-*
   * attributes and the API keep J Q K. Every letter here must have a drawn glyph (web/src/cards/glyphs.ts).
   */
  index: { ...PIPS, J: 'J', Q: 'Q', K: 'K' } satisfies Record<Rank, string>,
};

export const strings = translations(en, {
  sv: {
    rank: {
      A: 'ess',
      '2': 'två',
      '3': 'tre',
      '4': 'fyra',
      '5': 'fem',
      '6': 'sex',
      '7': 'sju',
      '8': 'åtta',
      '9': 'nio',
      T: 'tio',
      J: 'knekt',
      Q: 'dam',
      K: 'kung',
    },
    suit: { S: 'spader', H: 'hjärter', D: 'ruter', C: 'klöver' },
    natural: (rank, suit) => `${suit} ${rank}`,
    joker: 'joker',
    declaredAs: (card, _rank, rankName) => `${card} som ${rankName}`,
    back: 'nedvänt kort',
    empty: 'tom',
    // Swedish decks: knekt Kn, dam D, kung K.
    index: { ...PIPS, J: 'Kn', Q: 'D', K: 'K' },
  },
  ru: {
    rank: {
      A: 'туз',
      '2': 'двойка',
      '3': 'тройка',
      '4': 'четвёрка',
      '5': 'пятёрка',
      '6': 'шестёрка',
      '7': 'семёрка',
      '8': 'восьмёрка',
      '9': 'девятка',
      T: 'десятка',
      J: 'валет',
      Q: 'дама',
      K: 'король',
    },
    suit: { S: 'пик', H: 'червей', D: 'бубен', C: 'треф' },
    natural: (rank, suit) => `${rank} ${suit}`,
    joker: 'джокер',
    declaredAs: (card, _rank, rankName) => `${card} как ${rankName}`,
    back: 'карта рубашкой вверх',
    empty: 'пусто',
    // Russian decks: валет В, дама Д, король К (Cyrillic letters).
    index: { ...PIPS, J: 'В', Q: 'Д', K: 'К' },
  },
});
