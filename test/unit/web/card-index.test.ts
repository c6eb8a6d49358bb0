/**
 * The cards' corner indices (web/src/cards/strings.ts `index`, drawn by card.tsx with web/src/cards/glyphs.ts):
 * court cards in the reader's letters — J Q K, Kn D K, В Д К — for display only, every letter of every language
 * drawn, and the widest index narrowed into its corner.
 */
import * as path from 'node:path';
import { GLYPHS, fitScale, setLine } from '../../../web/src/cards/glyphs';

type Language = 'en' | 'sv' | 'ru';
type Rank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K';

const WEB = path.resolve(__dirname, '..', '..', '..', 'web', 'src');

// The page's storage, which web/src/i18n.ts keeps the chosen language in (the edge of the world here).
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
});

// The client's modules, loaded by path: they are typed with the DOM's types (web/tsconfig.json), which this tier
// has not (as in test/unit/web/web-translations.test.ts).
/* eslint-disable @typescript-eslint/no-require-imports -- the client's modules, loaded by path */
const i18n = require(path.join(WEB, 'i18n.ts')) as { setLanguage(language: Language): void };
const cards = require(path.join(WEB, 'cards', 'strings.ts')) as {
  strings: { table: Record<Language, { index: Record<Rank, string> }> };
};
const text = require(path.join(WEB, 'cards', 'card-text.ts')) as {
  rankIndex(rank: Rank): string;
  cardText(card: string): string;
};
/* eslint-enable @typescript-eslint/no-require-imports */

afterAll(() => i18n.setLanguage('en'));

it('prints the court cards in each language’s letters, and every other rank alike', () => {
  const courts = (language: Language) => {
    const { J, Q, K } = cards.strings.table[language].index;
    return [J, Q, K];
  };
  expect(courts('en')).toEqual(['J', 'Q', 'K']);
  expect(courts('sv')).toEqual(['Kn', 'D', 'K']);
  expect(courts('ru')).toEqual(['В', 'Д', 'К']);
  for (const language of ['sv', 'ru'] as const) {
    const { J: _j, Q: _q, K: _k, ...others } = cards.strings.table[language].index;
    const { J: _ej, Q: _eq, K: _ek, ...english } = cards.strings.table.en.index;
    expect(others).toEqual(english);
  }
  expect(cards.strings.table.en.index.T).toBe('10');
});

it('uses the reader’s letters in running text, the notation staying J Q K', () => {
  i18n.setLanguage('sv');
  expect([text.rankIndex('J'), text.cardText('JH'), text.cardText('QS'), text.cardText('TD')]).toEqual([
    'Kn',
    'Kn♥',
    'D♠',
    '10♦',
  ]);
  i18n.setLanguage('ru');
  expect([text.cardText('JH'), text.cardText('KC'), text.cardText('*')]).toEqual(['В♥', 'К♣', 'джокер']);
  i18n.setLanguage('en');
  expect(text.cardText('QD')).toBe('Q♦');
});

it('has a glyph for every letter of every index, and for the declared rank’s "="', () => {
  const letters = new Set(['=']);
  for (const language of ['en', 'sv', 'ru'] as const) {
    for (const index of Object.values(cards.strings.table[language].index)) {
      for (const letter of index) letters.add(letter);
    }
  }
  expect([...letters].filter((letter) => GLYPHS[letter] === undefined)).toEqual([]);
});

it('sets an index letter by letter and narrows the widest into the corner', () => {
  const ten = setLine('10');
  expect(ten.glyphs.map((glyph) => glyph.x)).toEqual([0, GLYPHS['1']!.width + 0.8]);
  // The corner of card.tsx: 12 units high, at most 13 wide. A 7 keeps its height; "Kn" is narrowed to fit.
  expect(fitScale(setLine('7').width, 12, 13)).toBe(1.2);
  const kn = setLine('Kn');
  expect(kn.width * fitScale(kn.width, 12, 13)).toBeCloseTo(13);
  expect(ten.width * fitScale(ten.width, 12, 13)).toBeLessThanOrEqual(13);
});
