/**
 * What a new password must be, after NIST SP 800-63B revision 4 (§3.1.1.2, passwords), for a password used
 * alone — the only kind of sign-in this service has. Pure.
 *
 * - Length is counted in Unicode code points of the normalised password (NFKC, as the standard advises, so that
 *   the same password typed on two keyboards or systems is the same password): at least 15, at most 200 (the
 *   standard asks for a maximum of at least 64). Any character is allowed, spaces and emoji included.
 * - No composition rules (no "a digit and a capital"): the standard forbids them.
 * - Refused, because they are the first guesses of an attacker: passwords on a list of common and breached ones
 *   (the `passwords-common` list of `@zxcvbn-ts/language-common`, shipped inside the package, compared without
 *   regard to case); the username, or the username with too little added to it (what is left without it must
 *   still be 15 code points); and the "repetitive or sequential characters" the standard names: a short piece
 *   repeated (`aaaaaaaaaaaaaaa`, `abcabcabcabcabc`) or one run of consecutive characters (`123456789012345`,
 *   `abcdefghijklmnop`).
 *
 * These rules apply to a password being chosen (register); signing in checks only that it matches, so an account
 * keeps a password chosen under older rules.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD = 15;
export const MAX_PASSWORD = 200;
/**
 * The most UTF-16 units a password may be sent as, before normalisation: a bound on the work one sign-in may ask
 * for, far above any password register accepts (200 code points are at most 400 units, and NFKC shrinks text by
 * a small factor at most, a Hangul syllable being three jamo).
 */
export const MAX_PASSWORD_INPUT = 1_000;

export type PasswordProblem =
  | { readonly kind: 'tooShort'; readonly length: number }
  | { readonly kind: 'tooLong' }
  | { readonly kind: 'common' }
  | { readonly kind: 'username' }
  | { readonly kind: 'repeated' }
  | { readonly kind: 'sequence' };

const COMMON: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].map((password) => normalizePassword(password).toLowerCase()),
);

/** The form a password is hashed and verified in: NFKC, so that equivalent spellings are one password. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** What is wrong with `password` as a new password for `username`, or null when it may be used. */
export function passwordProblem(password: string, username: string): PasswordProblem | null {
  if (password.length > MAX_PASSWORD_INPUT) return { kind: 'tooLong' };
  const normalized = normalizePassword(password);
  const length = codePoints(normalized).length;
  if (length < MIN_PASSWORD) return { kind: 'tooShort', length };
  if (length > MAX_PASSWORD) return { kind: 'tooLong' };
  const folded = normalized.toLowerCase();
  if (COMMON.has(folded)) return { kind: 'common' };
  const name = normalizePassword(username).toLowerCase();
  if (name.length > 0 && codePoints(folded.split(name).join('')).length < MIN_PASSWORD) {
    return { kind: 'username' };
  }
  const points = codePoints(folded);
  const piece = period(points);
  if (piece * 2 <= points.length && piece < MIN_PASSWORD) return { kind: 'repeated' };
  if (isRun(points)) return { kind: 'sequence' };
  return null;
}

/** The message a client sees; it never repeats the password. */
export function passwordProblemMessage(problem: PasswordProblem): string {
  switch (problem.kind) {
    case 'tooShort':
      return (
        `a password is at least ${MIN_PASSWORD} characters (this one has ${problem.length}); ` +
        'a few words you will remember make a good one'
      );
    case 'tooLong':
      return `a password is at most ${MAX_PASSWORD} characters`;
    case 'common':
      return 'that password is on a list of common and breached passwords: choose another';
    case 'username':
      return (
        'a password cannot be your username, or your username with a few characters added: ' +
        `without it, it must still have ${MIN_PASSWORD} characters`
      );
    case 'repeated':
      return 'a password cannot be a few characters repeated';
    case 'sequence':
      return 'a password cannot be a run of consecutive characters, such as 123456… or abcdef…';
  }
}

function codePoints(text: string): number[] {
  return Array.from(text, (char) => char.codePointAt(0)!);
}

/** The length of the shortest piece that, repeated, makes `points` (the last copy may be cut short). */
function period(points: readonly number[]): number {
  for (let candidate = 1; candidate < points.length; candidate++) {
    if (points.every((point, index) => point === points[index % candidate])) return candidate;
  }
  return points.length;
}

const ZERO = 0x30;
const NINE = 0x39;

/** Consecutive code points all the way, up or down (digits wrap around: …8 9 0 1…). */
function isRun(points: readonly number[]): boolean {
  /** 1 or -1 for a step to the next or previous character, 0 for any other. */
  const step = (from: number, to: number): number => {
    const digits = from >= ZERO && from <= NINE && to >= ZERO && to <= NINE;
    const difference = digits ? (to - from + 10) % 10 : to - from;
    if (difference === 1) return 1;
    return difference === -1 || (digits && difference === 9) ? -1 : 0;
  };
  const direction = step(points[0]!, points[1]!);
  return (
    direction !== 0 && points.slice(1).every((point, index) => step(points[index]!, point) === direction)
  );
}
