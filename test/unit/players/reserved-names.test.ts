/**
 * Names that look like a built-in bot's are reserved (src/players/reserved-names.ts). Property tests: every
 * decoration of every built-in bot's name (case, separators, look-alike characters, anything around it) is
 * refused; a name that differs from a bot's in one real letter, however decorated, is free; and so are
 * ordinary names. The look-alikes here are the test's own list, written from what a reader would mistake,
 * not copied from the code under test.
 */
import fc from 'fast-check';
import { BUILTIN_BOTS } from '../../../src/players/builtin-bots';
import { builtinBotLookAlike, staffWordIn } from '../../../src/players/reserved-names';

/** What a letter may be written as so that a reader still sees that letter. */
const DISGUISES: Readonly<Record<string, readonly string[]>> = {
  a: ['4', '@', 'а', 'А', 'α', 'á', 'Ａ'],
  b: ['8', 'в', 'В', 'β', 'ь'],
  d: ['cl', 'c1', 'ԁ'],
  e: ['3', 'е', 'Е', 'ε', '€', 'é', 'ë'],
  g: ['9', '6', 'ɡ'],
  i: ['1', 'l', '|', '!', 'і', 'ι'],
  l: ['1', 'i', 'I', '|', '!', 'і'],
  m: ['rn', 'м', 'М'],
  n: ['п', 'η'],
  o: ['0', 'о', 'О', 'ο', 'ö', 'ó', 'Ｏ'],
  r: ['г'],
  s: ['5', '$', 'ѕ'],
  t: ['7', '+', 'т', 'Т', 'τ'],
  y: ['у', 'У', 'γ', 'ý'],
};

/** Every way to write `letter`: itself in either case, and its disguises. */
function spellings(letter: string): string[] {
  return [letter, letter.toUpperCase(), ...(DISGUISES[letter] ?? [])];
}

const separator = fc.constantFrom('', '', '', '_', '-', '.', ' ', '__');
const surrounding = fc.string({ maxLength: 8 });

/** A bot's name written with look-alikes and separators, with anything before and after it. */
function decorated(name: string): fc.Arbitrary<string> {
  const letters = [...name.toLowerCase()];
  return fc
    .tuple(
      surrounding,
      fc.tuple(...letters.map((letter) => fc.constantFrom(...spellings(letter)))),
      fc.array(separator, { minLength: letters.length, maxLength: letters.length }),
      surrounding,
    )
    .map(
      ([before, written, gaps, after]) =>
        before + written.map((letter, index) => letter + gaps[index]).join('') + after,
    );
}

/** The same name with the letter at one place replaced by another letter that does not look like it. */
function nearMiss(name: string): fc.Arbitrary<string> {
  const letters = [...name.toLowerCase()];
  return fc
    .tuple(
      fc.nat({ max: letters.length - 1 }),
      fc.constantFrom(...'abcdefghjkmnopqrstuvwxyz'),
      fc.array(fc.boolean(), { minLength: letters.length, maxLength: letters.length }),
      fc.array(separator, { minLength: letters.length, maxLength: letters.length }),
    )
    .filter(([at, replacement]) => {
      const original = letters[at]!;
      return replacement !== original && !spellings(original).includes(replacement);
    })
    .map(([at, replacement, upper, gaps]) =>
      letters
        .map((letter, index) => (index === at ? replacement : letter))
        .map((letter, index) => (upper[index] ? letter.toUpperCase() : letter) + gaps[index])
        .join(''),
    );
}

describe('names that look like a built-in bot', () => {
  it('the attack: Greedy-Botcf2, GreedyB0t, greedybot, Random_Bot and the bots’ own names are reserved', () => {
    expect(builtinBotLookAlike('Greedy-Botcf2')?.username).toBe('GreedyBot');
    expect(builtinBotLookAlike('GreedyB0t')?.username).toBe('GreedyBot');
    expect(builtinBotLookAlike('greedybot')?.username).toBe('GreedyBot');
    expect(builtinBotLookAlike('Random_Bot')?.username).toBe('RandomBot');
    for (const bot of BUILTIN_BOTS) expect(builtinBotLookAlike(bot.username)).toBe(bot);
  });

  it('every decoration of every built-in bot’s name is reserved, as that bot', () => {
    for (const bot of BUILTIN_BOTS) {
      fc.assert(
        fc.property(decorated(bot.username), (name) => {
          expect(builtinBotLookAlike(name)).toBe(bot);
        }),
        { numRuns: 2_000 },
      );
    }
  });

  it('a name one real letter away from a bot’s, however written, is free', () => {
    for (const bot of BUILTIN_BOTS) {
      fc.assert(
        fc.property(nearMiss(bot.username), (name) => {
          expect(builtinBotLookAlike(name)).toBeUndefined();
        }),
        { numRuns: 1_000 },
      );
    }
  });

  it('ordinary names are free, also with digits, separators and the words greedy, random or bot in them', () => {
    const words = [
      'alice',
      'bob',
      'carol',
      'dave',
      'erin',
      'frank',
      'grace',
      'greedy',
      'random',
      'robot',
      'bot',
      'botanist',
      'abbot',
      'randy',
      'greed',
      'domino',
      'rando',
      'tom',
      'access',
    ];
    // Two words at most, so that "greedy" and "bot" never meet; with digits and separators around them.
    const ordinary = fc
      .tuple(
        fc.constantFrom(...words),
        separator,
        fc.constantFrom(...words.filter((word) => !/bot/.test(word))),
        // No 8: it reads as a b, and random + 807 does spell RandomBot.
        fc.stringMatching(/^[0-79_-]{0,4}$/),
        fc.boolean(),
      )
      .map(([first, gap, second, tail, capital]) => {
        const name = first + gap + second + tail;
        return capital ? name[0]!.toUpperCase() + name.slice(1) : name;
      });
    fc.assert(
      fc.property(ordinary, (name) => {
        expect(builtinBotLookAlike(name)).toBeUndefined();
      }),
      { numRuns: 2_000 },
    );
    for (const name of ['ThirdBot', 'Robot_Rita', 'GreedyGus', 'RandomAccess', 'bot_maker', 'Abbott7']) {
      expect(builtinBotLookAlike(name)).toBeUndefined();
    }
  });
});

/**
 * The staff's words (STAFF_WORDS): reserved by an exact skeleton, or as a whole word between separators, digits or
 * the name's ends, never by containment. The disguises are letters and digits only (what a username may hold), again
 * the test's own list.
 */
describe('staff words', () => {
  const STAFF = [
    'admin',
    'administrator',
    'moderator',
    'mod',
    'support',
    'staff',
    'system',
    'root',
    'malice',
  ] as const;
  /** Letters and digits a reader takes for a letter. */
  const STAFF_DISGUISES: Readonly<Record<string, readonly string[]>> = {
    a: ['4', 'A'],
    d: ['cl', 'D'],
    e: ['3', 'E'],
    i: ['1', 'l', 'I'],
    l: ['1', 'I'],
    m: ['rn', 'M'],
    o: ['0', 'O'],
    s: ['5', 'S'],
    t: ['7', 'T'],
    y: ['Y'],
  };
  const boundary = fc.constantFrom('_', '-', '0', '1', '2', '7', '9', '42');
  /** What may stand beyond a boundary: ordinary words, digits, separators (none a staff word). */
  const beyond = fc.array(fc.constantFrom('alice', 'team', 'fan', 'bob', 'x', '2', '_', '-', 'the'), {
    maxLength: 3,
  });

  function disguised(word: string): fc.Arbitrary<string> {
    return fc
      .tuple(...[...word].map((letter) => fc.constantFrom(letter, ...(STAFF_DISGUISES[letter] ?? []))))
      .map((letters) => letters.join(''));
  }

  it('the attack: admin, Admin1, moderator, mod_team and Support-2 are reserved, each as its word', () => {
    for (const [name, word] of [
      ['admin', 'admin'],
      ['Admin1', 'admin'],
      ['moderator', 'moderator'],
      ['mod_team', 'mod'],
      ['Support-2', 'support'],
      ['Adm1n', 'admin'],
      ['a-d-m-i-n', 'admin'],
      ['R00T', 'root'],
      ['x_4dmin', 'admin'],
      ['rnoderator', 'moderator'],
      ['5ystem_42', 'system'],
      ['team7staff', 'staff'],
      ['Mal1ce', 'malice'],
      ['Administrator', 'administrator'],
    ] as const) {
      expect({ name, word: staffWordIn(name) }).toEqual({ name, word });
    }
  });

  it('never by containment: Badminton, Modig, Rooted, Systematic and their like are free', () => {
    for (const name of [
      'Badminton',
      'Modig',
      'Rooted',
      'Systematic',
      'modern',
      'Commodore',
      'supporter',
      'Staffan',
      'malicious',
      'Rootbeer_7',
      'administrate',
      'moderate-1',
      'systems',
      'alice',
      'GreedyGus',
    ]) {
      expect({ name, word: staffWordIn(name) }).toEqual({ name, word: undefined });
    }
  });

  it('every disguise of every staff word, alone or between boundaries, is reserved', () => {
    for (const word of STAFF) {
      fc.assert(
        fc.property(
          disguised(word),
          fc.option(fc.tuple(beyond, boundary)),
          fc.option(fc.tuple(boundary, beyond)),
          (written, before, after) => {
            const name =
              (before === null ? '' : before[0].join('') + before[1]) +
              written +
              (after === null ? '' : after[0] + after[1].join(''));
            expect({ name, reserved: staffWordIn(name) !== undefined }).toEqual({ name, reserved: true });
          },
        ),
        { numRuns: 500 },
      );
    }
  });

  it('a staff word with letters glued to both sides is no word of the name: free', () => {
    // Letters that are none of a staff word's look-alikes (no i, l, m, o, r, s, t, a), so they disguise nothing.
    const letters = fc.stringMatching(/^[b-hjknpqu-z]{1,4}$/);
    for (const word of STAFF) {
      fc.assert(
        fc.property(letters, letters, beyond, boundary, (left, right, rest, gap) => {
          const name = `${left}${word}${right}${gap}${rest.join('')}`;
          expect({ name, word: staffWordIn(name) }).toEqual({ name, word: undefined });
        }),
        { numRuns: 500 },
      );
    }
  });
});
