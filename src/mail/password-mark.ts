/**
 * A fingerprint of a password hash (the first 16 hex digits of its SHA-256), named by a password reset link: the
 * link works only while the password is the one it was made for, so it works once. The mail worker's claim computes
 * the same in SQL (src/mail/mail.repository.ts), so no hash leaves the database for a mail.
 */
import { createHash } from 'node:crypto';

export function passwordMark(passwordHash: string): string {
  return createHash('sha256').update(passwordHash, 'utf8').digest('hex').slice(0, 16);
}
