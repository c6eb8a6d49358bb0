/**
 * The built-in bots' names, and every name that looks like one, are reserved: a person registered as
 * `GreedyB0t` or `Random_Bot` would pass for the built-in opponent in every listing. So are the staff's words
 * (`STAFF_WORDS`): `Admin1` or `mod_team` would pass for the people who run the service. Pure.
 *
 * Names are compared by their skeleton, after Unicode's confusable skeletons (UTS #39): compatibility forms and
 * accents removed (NFKD), case folded, each look-alike character folded to the Latin letter it passes for (`0` →
 * `o`, `1`, `i` and `|` → `l`, Cyrillic `о` → `o`, …), and everything that is not a letter dropped (separators,
 * and anything else that reads as a gap). A second skeleton also folds letter pairs that read as one letter
 * (`rn` → `m`). A name is reserved when either of its skeletons contains the same skeleton of a built-in bot's
 * name. The list of bots is BUILTIN_BOTS, so a new bot level is reserved with it.
 */
import { BUILTIN_BOTS, BuiltinBot } from './builtin-bots';

/** Characters that pass for a Latin letter, with that letter (lower case: folding comes after lower-casing). */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Digits and signs, as in "leet" spellings.
    '0': 'o',
    '1': 'l',
    '2': 'z',
    '3': 'e',
    '4': 'a',
    '5': 's',
    '6': 'g',
    '7': 't',
    '8': 'b',
    '9': 'g',
    $: 's',
    '@': 'a',
    '!': 'l',
    '|': 'l',
    '+': 't',
    '€': 'e',
    // Latin letters that pass for one another: i, l (and 1, |) are one stroke.
    i: 'l',
    ı: 'l',
    ɡ: 'g',
    // Cyrillic.
    а: 'a',
    в: 'b',
    г: 'r',
    е: 'e',
    ё: 'e',
    з: 'e',
    і: 'l',
    ї: 'l',
    ј: 'j',
    к: 'k',
    м: 'm',
    н: 'h',
    о: 'o',
    п: 'n',
    р: 'p',
    с: 'c',
    т: 't',
    у: 'y',
    х: 'x',
    ь: 'b',
    ѕ: 's',
    ԁ: 'd',
    ԛ: 'q',
    ԝ: 'w',
    // Greek.
    α: 'a',
    β: 'b',
    γ: 'y',
    ε: 'e',
    η: 'n',
    ι: 'l',
    κ: 'k',
    ν: 'v',
    ο: 'o',
    ρ: 'p',
    τ: 't',
    υ: 'u',
    χ: 'x',
  }),
);

/** Letter pairs that read as one letter, folded in the second skeleton. */
const PAIRS: readonly (readonly [pair: string, letter: string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
];

/** The name's two skeletons: look-alikes folded and non-letters dropped; then also letter pairs folded. */
export function skeletons(name: string): readonly [string, string] {
  let single = '';
  for (const char of name.normalize('NFKD').toLowerCase()) {
    const letter = LOOK_ALIKES.get(char) ?? char;
    if (letter >= 'a' && letter <= 'z') single += letter;
  }
  let paired = single;
  for (const [pair, letter] of PAIRS) paired = paired.split(pair).join(letter);
  return [single, paired];
}

const RESERVED = BUILTIN_BOTS.map((bot) => ({ bot, skeletons: skeletons(bot.username) }));

/** The built-in bot whose name `name` is or looks like, or undefined for a name anyone may take. */
export function builtinBotLookAlike(name: string): BuiltinBot | undefined {
  const [single, paired] = skeletons(name);
  return RESERVED.find(({ skeletons: [botSingle, botPaired] }) => {
    return single.includes(botSingle) || paired.includes(botPaired);
  })?.bot;
}

/** Words kept for the people who run the service: a player named after one would pass for them. */
export const STAFF_WORDS = [
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
export type StaffWord = (typeof STAFF_WORDS)[number];

const STAFF = STAFF_WORDS.map((word) => ({ word, skeletons: skeletons(word) }));

/** Splits a name into its words' candidates at separators (anything but a letter or a digit). */
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const DIGIT = /\p{N}/u;

/**
 * Every stretch of `part` (a name's piece between separators) that a reader may take for a word of its own: one
 * that begins at its start or just after a digit and ends at its end or just before one. A digit may be a gap
 * (`admin1`) or a letter in disguise (`adm1n`), so both readings are tried.
 */
function wordsOf(part: string): string[] {
  const chars = [...part];
  const starts = [0, ...chars.flatMap((char, index) => (DIGIT.test(char) ? [index + 1] : []))];
  const ends = [chars.length, ...chars.flatMap((char, index) => (DIGIT.test(char) ? [index] : []))];
  return starts.flatMap((start) =>
    ends.filter((end) => end > start).map((end) => chars.slice(start, end).join('')),
  );
}

/**
 * The staff word `name` reads as, or undefined for a name anyone may take. A name is a staff word when its
 * skeleton (look-alikes folded, separators dropped, as for the bots) is one's — `Adm1n`, `a.d.m.i.n`, `R00T`,
 * `rnoderator` — or when one of its words is: a word stands between separators, digits or the name's ends
 * (`Admin1`, `mod_team`, `Support-2`, `x_4dmin`). A staff word inside a longer word is no word of the name:
 * `Badminton`, `Modig`, `Rooted` and `Systematic` are free. Unlike the bots' names, never by containment.
 */
export function staffWordIn(name: string): StaffWord | undefined {
  return reservedWordIn(name, STAFF);
}

/** The word `name` reads as among `reserved` (staffWordIn says how a name is read), or undefined. */
function reservedWordIn<Word extends string>(
  name: string,
  reserved: readonly { readonly word: Word; readonly skeletons: readonly [string, string] }[],
): Word | undefined {
  const candidates = [name, ...name.split(SEPARATORS).flatMap(wordsOf)];
  for (const candidate of candidates) {
    const [single, paired] = skeletons(candidate);
    const found = reserved.find(
      ({ skeletons: [wordSingle, wordPaired] }) => single === wordSingle || paired === wordPaired,
    );
    if (found !== undefined) return found.word;
  }
  return undefined;
}

/**
 * The guests' namespace (src/players/guest-policy.ts): a name that reads as the word "guest", the way staffWordIn
 * reads a name — `Guest-123456`, `guest_7`, `GUE5T` — is kept for guests, so no person passes for a visitor and no
 * guest's name is ever taken. `Guestbook` and `Guests` are free.
 */
const GUEST = [{ word: 'guest', skeletons: skeletons('guest') }] as const;

export function isGuestNamespace(name: string): boolean {
  return reservedWordIn(name, GUEST) !== undefined;
}
