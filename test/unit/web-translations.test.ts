/**
 * Every text of the web client exists in English, Swedish and Russian (web/src/i18n.ts): the type checker makes
 * each table have every key; this test finds what it cannot — a Swedish or Russian text left in English, an empty
 * text, a function that throws or answers nothing for a sample argument.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * What `translations` in web/src/i18n.ts answers, as far as this test reads it (the client's files are typed by
 * web/tsconfig.json with the DOM's types, so this tier does not import them for their types).
 */
type Translated<T> = (() => T) & { readonly table: Readonly<Record<'en' | 'sv' | 'ru', T>> };

const WEB = path.resolve(__dirname, '..', '..', 'web', 'src');

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

/** Sample arguments for a text function: numbers and names work for every text the client has. */
function render(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const samples: unknown[][] = [
      [3, 2],
      ['Alice', 'Bob'],
      [['Alice'], 'x'],
      [null, 3],
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
  if (table !== null && typeof table === 'object' && !Array.isArray(table)) {
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

  it.each(['sv', 'ru'] as const)('has every text in %s, none left in English or empty', (language) => {
    const untranslated: string[] = [];
    for (const [exportName, translated] of tables) {
      const english = leaves(translated.table.en);
      const other = leaves(translated.table[language]);
      for (const [key, value] of english) {
        // Each text as its own language writes it (plurals and numbers follow the language in use).
        i18n.setLanguage(language);
        const ours = render(other.get(key));
        i18n.setLanguage('en');
        const theirs = render(value);
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
