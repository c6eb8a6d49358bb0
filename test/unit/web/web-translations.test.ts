/**
 * Every text of the web client exists in English, Swedish and Russian (web/src/i18n.ts): the type checker makes
 * each table have every key; this test finds what it cannot — a Swedish or Russian text left in English, an empty
 * text, a function that throws or answers nothing for its sample arguments, a rules page whose translation lost a
 * section, and a game term (side pile, pay-off pile, centre pile, stock) that one part of the client words
 * differently from the others (docs/web.md, "Languages").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * What `translations` in web/src/i18n.ts answers, as far as this test reads it (the client's files are typed by
 * web/tsconfig.json with the DOM's types, so this tier does not import them for their types).
 */
type Translated<T> = (() => T) & { readonly table: Readonly<Record<'en' | 'sv' | 'ru', T>> };

const WEB = path.resolve(__dirname, '..', '..', '..', 'web', 'src');

/** Texts that are the same in every language: names, units and symbols. */
const SAME_EVERYWHERE = new Set([
  ...['Malice', 'Live', 'Modern', 'Zloba', 'Glicko-2', 'API', 'URL', 'ID', 'JSON', 'OK', 'min', 'Bot'],
  // Words Swedish shares with English.
  ...['Webhooks', 'test', 'joker'],
  // The sample arguments below.
  ...['Alice', 'Bob', 'null', 'NaN', 'Invalid Date'],
]);

function stringsModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : stringsModules(full);
    return /strings\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Whether a text has words of its own, once the names and symbols that are the same everywhere are taken out. */
function hasWords(text: string): boolean {
  const rest = [...SAME_EVERYWHERE].reduce((left, name) => left.split(name).join(' '), text);
  return /\p{L}{3}/u.test(rest);
}

/**
 * A stand-in for an argument of any shape (a refusal's params, the words that name cards and piles): every field
 * is another stand-in, a call answers "X", and it reads as 3 where a number is wanted and "X" where a text is.
 */
function anything(): unknown {
  const stand: unknown = new Proxy(() => undefined, {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? 3 : 'X');
      if (key === Symbol.iterator)
        return function* () {
          yield 'X';
        };
      if (key === 'length') return 1;
      return anything();
    },
    apply: () => 'X',
  });
  return stand;
}

/** How a refusal names cards and piles (web/src/table/strings.ts `Words`), the same in every language here. */
const WORDS = { card: (text: string) => text, pile: (text: string) => text };

/**
 * Arguments for the texts a stand-in cannot open: those that choose their sentence by a field's value. Every
 * text function must render in English from the general samples or from these (the test below says which does
 * not, so a new one gets its samples here).
 */
const SAMPLES: Readonly<Record<string, readonly (readonly unknown[])[]>> = {
  'refusal.BAD_DECLARATION': [
    'ONLY_ON_SIDE_PILE',
    'NEVER_AN_ACE',
    'WILD_MUST_DECLARE',
    'NOTHING_TO_DECLARE',
  ].map((problem) => [{ problem, card: 'QC' }, WORDS]),
  'refusal.LOW_CARD_TO_SIDE': [true, false].map((centerFull) => [
    { centerFull, card: '2C', pile: 'd1', maxCenterPiles: 4 },
    WORDS,
  ]),
};

/** Sample arguments for a text function: numbers, names and stand-ins work for every text the client has. */
function render(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const samples: readonly (readonly unknown[])[] = [
      [3, 2],
      ['Alice', 'Bob'],
      [['Alice'], 'x'],
      [null, 3],
      [anything(), anything()],
      ...(SAMPLES[key] ?? []),
    ];
    return samples.flatMap((args) => {
      try {
        const out = fn(...args);
        return typeof out === 'string' ? [out] : [];
      } catch {
        return [];
      }
    });
  }
  return [];
}

/** Every leaf of a table by its dotted key. */
function leaves(table: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (table !== null && typeof table === 'object') {
    for (const [key, value] of Object.entries(table)) {
      for (const [leaf, v] of leaves(value, prefix === '' ? key : `${prefix}.${key}`)) out.set(leaf, v);
    }
  } else out.set(prefix, table);
  return out;
}

const modules = stringsModules(WEB);

/** The page's storage, which web/src/i18n.ts keeps the chosen language in (the edge of the world here). */
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
});
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the one i18n module the tables use
const i18n = require(path.join(WEB, 'i18n.ts')) as { setLanguage(language: 'en' | 'sv' | 'ru'): void };

it('writes plurals by the language’s own rules (so the texts below are rendered, not skipped)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shared table, loaded as the others
  const shared = require(path.join(WEB, 'strings.ts')) as {
    strings: Translated<{ awaitingCount(count: number): string }>;
  };
  i18n.setLanguage('ru');
  expect([1, 3, 5, 21].map((n) => shared.strings().awaitingCount(n))).toEqual([
    '1 партия ждёт вашего хода.',
    '3 партии ждут вашего хода.',
    '5 партий ждут вашего хода.',
    '21 партия ждёт вашего хода.',
  ]);
  i18n.setLanguage('en');
  expect(shared.strings().awaitingCount(3)).toBe('3 games await your move.');
});

it('finds the client’s texts', () => {
  expect(modules.map((file) => path.relative(WEB, file))).toContain('strings.ts');
});

describe.each(modules.map((file) => [path.relative(WEB, file), file]))('%s', (_name, file) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each part's table, loaded by path
  const exported = require(file) as Record<string, unknown>;
  const tables = Object.entries(exported).filter(
    (entry): entry is [string, Translated<unknown>] =>
      typeof entry[1] === 'function' && 'table' in (entry[1] as object),
  );

  it('has translated tables', () => {
    expect(tables.length).toBeGreaterThan(0);
  });

  it('renders every text function in English from its sample arguments', () => {
    i18n.setLanguage('en');
    const silent: string[] = [];
    for (const [exportName, translated] of tables) {
      for (const [key, value] of leaves(translated.table.en)) {
        if (typeof value !== 'function') continue;
        const texts = render(value, key);
        if (texts.length === 0 || texts.some((text) => text.trim() === ''))
          silent.push(`${exportName}.${key}`);
      }
    }
    expect(silent).toEqual([]);
  });

  it.each(['sv', 'ru'] as const)('has every text in %s, none left in English or empty', (language) => {
    const untranslated: string[] = [];
    for (const [exportName, translated] of tables) {
      const english = leaves(translated.table.en);
      const other = leaves(translated.table[language]);
      for (const [key, value] of english) {
        // Each text as its own language writes it (plurals and numbers follow the language in use).
        i18n.setLanguage(language);
        const ours = render(other.get(key), key);
        i18n.setLanguage('en');
        const theirs = render(value, key);
        if (ours.length === 0 && theirs.length > 0) untranslated.push(`${exportName}.${key}: missing`);
        ours.forEach((text, i) => {
          if (text.trim() === '') untranslated.push(`${exportName}.${key}: empty`);
          else if (text === theirs[i] && hasWords(text)) untranslated.push(`${exportName}.${key}: "${text}"`);
        });
      }
    }
    expect(untranslated).toEqual([]);
  });
});

/** The rules pages' texts, one module per language (web/src/rules/rules-page.tsx loads one at a time). */
function rulesTexts(language: 'en' | 'sv' | 'ru'): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each language's module, loaded by path
  const loaded = require(path.join(WEB, 'rules', `rules-${language}.ts`)) as { rules: unknown };
  return loaded.rules;
}

/** A text's shape: its keys and how many entries each list has, without the words. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return typeof value;
}

describe('the rules pages (web/src/rules/rules-*.ts)', () => {
  it.each(['sv', 'ru'] as const)(
    'exist in %s with the same presets, sections and paragraphs as in English',
    (language) => {
      expect(shape(rulesTexts(language))).toEqual(shape(rulesTexts('en')));
    },
  );

  it.each(['sv', 'ru'] as const)(
    'have every heading and paragraph in %s, none empty or left in English',
    (language) => {
      const english = leaves(rulesTexts('en'));
      const other = leaves(rulesTexts(language));
      const wrong = [...english].flatMap(([key, text]) => {
        const ours = other.get(key);
        if (typeof ours !== 'string' || ours.trim() === '') return [`${key}: missing`];
        return ours === text && hasWords(ours) ? [`${key}: "${ours}"`] : [];
      });
      expect(wrong).toEqual([]);
    },
  );
});

/**
 * The game's words, one per language, as the rule texts use them (docs/rules.md quotes them; docs/web.md,
 * "Languages"): where an English text names the thing, its Swedish and Russian text must use that word, and no
 * text may use one of the words the client used before for the same thing.
 */
const TERMS: readonly {
  readonly name: string;
  readonly en: RegExp;
  readonly sv: RegExp;
  readonly ru: RegExp;
  readonly not: { readonly sv: RegExp; readonly ru: RegExp };
}[] = [
  {
    name: 'side pile',
    en: /\bside[- ]piles?\b/i,
    sv: /hjälprad/i,
    ru: /боков\p{L}* стоп/iu,
    not: { sv: /sidohög/i, ru: /резервн\p{L}* стоп/iu },
  },
  {
    name: 'pay-off pile',
    en: /\bpay-?off\b/i,
    sv: /trav/i,
    ru: /расчётн/iu,
    not: { sv: /betalningshög/i, ru: /основн\p{L}* стоп|колод\p{L}* выплат/iu },
  },
  {
    name: 'centre pile',
    en: /\bcent(?:re|er)(?: piles?\b| \d)/i,
    sv: /mitthög/i,
    ru: /центральн\p{L}* стоп/iu,
    not: { sv: /\bhög(?:ar|arna|en)? i mitten/i, ru: /стоп\p{L}* в центре/iu },
  },
  {
    name: 'stock',
    // The stock deck (classic, zloba) is the deck the stock is dealt from: "den andra leken", "колода Б".
    en: /\bstock\b(?! deck)/i,
    sv: /talong/i,
    ru: /резерв/iu,
    not: { sv: /draghög/i, ru: /прикуп/iu },
  },
];

/** Every text of every strings table and of the rules pages, by where it is, in one language. */
function allTexts(language: 'en' | 'sv' | 'ru'): Map<string, string[]> {
  const out = new Map<string, string[]>();
  i18n.setLanguage(language);
  for (const file of modules) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each part's table, loaded by path
    const exported = require(file) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exported)) {
      if (typeof value !== 'function' || !('table' in value)) continue;
      const table = (value as Translated<unknown>).table[language];
      for (const [key, text] of leaves(table)) {
        out.set(`${path.relative(WEB, file)} ${exportName}.${key}`, render(text, key));
      }
    }
  }
  for (const [key, text] of leaves(rulesTexts(language)))
    out.set(`rules-${language}.ts ${key}`, [String(text)]);
  i18n.setLanguage('en');
  return out;
}

describe('the game’s words', () => {
  const english = allTexts('en');

  it('are found in the tables of the board, the table, the replay, the new-game page and the rules pages', () => {
    const where = (term: RegExp) =>
      [...english]
        .filter(([, texts]) => texts.some((text) => term.test(text)))
        .map(([key]) => key.split(/[ /]/)[0]);
    const parts = ['board', 'table', 'replay', 'new-game', 'rules-en.ts'];
    expect(
      Object.fromEntries(
        TERMS.map((term) => [term.name, parts.filter((part) => where(term.en).includes(part))]),
      ),
    ).toEqual(Object.fromEntries(TERMS.map((term) => [term.name, parts])));
  });

  it.each(['sv', 'ru'] as const)('are the same in every part of the client in %s', (language) => {
    const other = new Map(
      [...allTexts(language)].map(([key, texts]) => [key.replace(`rules-${language}`, 'rules-en'), texts]),
    );
    const wrong: string[] = [];
    for (const [key, texts] of english) {
      const ours = other.get(key) ?? [];
      for (const term of TERMS) {
        ours.forEach((text, i) => {
          if (term.not[language].test(text)) wrong.push(`${key}: "${text}" is not the word for ${term.name}`);
          else if (term.en.test(texts[i] ?? '') && !term[language].test(text)) {
            wrong.push(`${key}: "${text}" names the ${term.name} without "${term[language].source}"`);
          }
        });
      }
    }
    expect(wrong).toEqual([]);
  });
});
