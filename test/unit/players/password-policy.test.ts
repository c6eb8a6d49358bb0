/**
 * The rules for a new password (src/players/password-policy.ts), after NIST SP 800-63B revision 4: length in
 * code points of the NFKC form, 15 to 200; no composition rules; common and breached passwords, the username and
 * passwords built on it, repetitions and runs refused. Property tests for the invariants, examples for the
 * attack.
 */
import fc from 'fast-check';
import { dictionary } from '@zxcvbn-ts/language-common';
import {
  MAX_PASSWORD,
  MIN_PASSWORD,
  PasswordProblem,
  normalizePassword,
  passwordProblem,
  passwordProblemMessage,
} from '../../../src/players/password-policy';

const WORDS = dictionary['diceware-common'];

/** A passphrase of `count` diceware words, separated by spaces: the kind of password the rules are for. */
const passphrase = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .uniqueArray(fc.constantFrom(...WORDS), { minLength: min, maxLength: max })
    .map((words) => words.join(' '));

const username = fc.stringMatching(/^[A-Za-z0-9_-]{3,20}$/);

function kind(password: string, name = 'x_0_x'): PasswordProblem['kind'] | null {
  return passwordProblem(password, name)?.kind ?? null;
}

describe('a new password', () => {
  it('the attack: aaaaaaaa, the username itself and four emoji (eight UTF-16 units) are refused', () => {
    expect(passwordProblem('aaaaaaaa', 'someone')).toEqual({ kind: 'tooShort', length: 8 });
    expect(passwordProblem('🐉🦄🐙🦊', 'someone')).toEqual({ kind: 'tooShort', length: 4 });
    expect(kind('Correct_Horse_Staple', 'correct_horse_staple')).toBe('username');
  });

  it('is measured in code points of its NFKC form: fewer than 15 is too short, more than 200 too long', () => {
    const emoji = fc.constantFrom(...'🐉🦄🐙🦊🐝🦉🐢🦀🐳🦋🐌🦔🦩🐧🦒🦘🦥🦦🦨🦡');
    fc.assert(
      fc.property(fc.array(emoji, { minLength: 1, maxLength: MIN_PASSWORD - 1 }), (points) => {
        expect(passwordProblem(points.join(''), 'someone')).toEqual({
          kind: 'tooShort',
          length: points.length,
        });
      }),
    );
    // Ligatures and full-width letters count as what they normalise to: ﬃ is three letters.
    expect(passwordProblem('ﬃﬃﬃﬃﬃ', 'someone')).not.toEqual(expect.objectContaining({ kind: 'tooShort' }));
    expect(passwordProblem('ｂｉｇ ｆｏｘ', 'someone')).toEqual({ kind: 'tooShort', length: 7 });
    fc.assert(
      fc.property(passphrase(40, 60), (long) => {
        const text = long.slice(0, MAX_PASSWORD);
        expect(kind(text)).not.toBe('tooLong');
        expect(kind(`${text}${text}`.slice(0, MAX_PASSWORD + 1))).toBe('tooLong');
      }),
      { numRuns: 50 },
    );
  });

  it('has no composition rules: passphrases of lower-case words are accepted', () => {
    fc.assert(
      fc.property(passphrase(3, 8), (password) => {
        fc.pre([...password].length >= MIN_PASSWORD);
        expect(passwordProblem(password, 'x_0_x')).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('is one password in every Unicode form (NFKC): composed, decomposed, compatibility characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        const normalized = normalizePassword(text);
        expect(normalizePassword(text.normalize('NFD'))).toBe(normalized);
        expect(normalizePassword(text.normalize('NFKD'))).toBe(normalized);
        expect(normalizePassword(normalized)).toBe(normalized);
      }),
    );
    expect(normalizePassword('Ｃafe\u0301')).toBe('Café');
  });

  it('may not be built on the username: the username with fewer than 15 characters added, in any case, is refused', () => {
    fc.assert(
      fc.property(
        username,
        fc.string({ maxLength: MIN_PASSWORD - 1 }),
        fc.string({ maxLength: MIN_PASSWORD - 1 }),
        fc.boolean(),
        (name, before, after, upper) => {
          fc.pre([...before, ...after].length < MIN_PASSWORD);
          const password = before + (upper ? name.toUpperCase() : name.toLowerCase()) + after;
          expect(['tooShort', 'tooLong', 'common', 'username']).toContain(kind(password, name));
        },
      ),
    );
    // With enough of its own, a password may contain the username.
    expect(kind('alice in wonderland, chapter two', 'alice')).toBeNull();
  });

  it('is not on the list of common and breached passwords, in any case', () => {
    const long = dictionary['passwords-common'].filter((password) => [...password].length >= MIN_PASSWORD);
    expect(long.length).toBeGreaterThan(10);
    for (const password of long) {
      expect(kind(password)).toBe('common');
      expect(kind(password.toUpperCase())).toBe('common');
    }
  });

  it('is not a few characters repeated, nor a run of consecutive characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: MIN_PASSWORD - 1, unit: 'grapheme-ascii' }),
        fc.nat({ max: 40 }),
        (piece, extra) => {
          const points = [...piece];
          const length = Math.max(MIN_PASSWORD, points.length * 2) + extra;
          const password = Array.from({ length }, (_, index) => points[index % points.length]).join('');
          expect(['common', 'username', 'repeated', 'tooLong']).toContain(kind(password));
        },
      ),
    );
    expect(kind('123456789012345')).toBe('sequence');
    expect(kind('987654321098765')).toBe('sequence');
    expect(kind('abcdefghijklmnopq')).toBe('sequence');
    expect(kind('zyxwvutsrqponmlk')).toBe('sequence');
    expect(kind('abcdefghijklmnoq')).toBeNull();
    // A long piece repeated twice is two copies of a good password.
    expect(kind('horse battery staple horse battery staple')).toBeNull();
  });

  it('is refused with a message that names the rule and never the password', () => {
    const samples = [
      'aaaaaaaa',
      'x'.repeat(201),
      'passwordpassword',
      'zzzzzzzzzzzzzzzzzz',
      '123456789012345',
    ];
    for (const password of samples) {
      const problem = passwordProblem(password, 'someone');
      expect(problem).not.toBeNull();
      const message = passwordProblemMessage(problem!);
      expect(message).not.toContain(password);
      expect(message.length).toBeGreaterThan(20);
    }
    expect(passwordProblemMessage({ kind: 'username' })).toMatch(/username/);
  });
});
