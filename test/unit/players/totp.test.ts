/**
 * One-time passwords (src/players/totp.ts) against RFC 6238's own test values (Appendix B, SHA-1, the last six of
 * its eight digits), a code taken once and within a step either side, and recovery codes.
 */
import {
  acceptedStep,
  base32,
  codeAt,
  newRecoveryCodes,
  otpauthUri,
  recoveryHash,
  stepAt,
} from '../../../src/players/totp';

const SECRET = base32(Buffer.from('12345678901234567890', 'ascii'));

it('gives RFC 6238’s codes', () => {
  expect(SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  for (const [seconds, code] of [
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ] as const) {
    expect(codeAt(SECRET, stepAt(new Date(seconds * 1000)))).toBe(code);
  }
});

it('takes a code of the step before, now or after, once, and nothing else', () => {
  const at = new Date(1234567890 * 1000);
  const step = stepAt(at);
  expect(acceptedStep(SECRET, codeAt(SECRET, step), at, 0)).toBe(step);
  expect(acceptedStep(SECRET, codeAt(SECRET, step - 1), at, 0)).toBe(step - 1);
  expect(acceptedStep(SECRET, codeAt(SECRET, step + 1), at, 0)).toBe(step + 1);
  expect(acceptedStep(SECRET, codeAt(SECRET, step - 2), at, 0)).toBeNull();
  // Taken already (the last step taken is this one): refused.
  expect(acceptedStep(SECRET, codeAt(SECRET, step), at, step)).toBeNull();
  expect(acceptedStep(SECRET, '12345', at, 0)).toBeNull();
  expect(acceptedStep(SECRET, 'abcdef', at, 0)).toBeNull();
});

it('makes ten recovery codes, different, kept as hashes that ignore case and spaces', () => {
  const codes = newRecoveryCodes();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  expect(recoveryHash(` ${codes[0]!.toUpperCase()} `)).toBe(recoveryHash(codes[0]!));
  expect(otpauthUri(SECRET, 'ann', 'Malice')).toBe(
    `otpauth://totp/Malice%3Aann?secret=${SECRET}&issuer=Malice&algorithm=SHA1&digits=6&period=30`,
  );
});
