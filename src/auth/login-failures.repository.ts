/**
 * The failed sign-in counts (src/auth/login-throttle.ts) in `login_failures`, the only code that writes it: every app
 * copy reads and adds to the same counts, so N copies allow no more attempts than one. Each count's key is stored as
 * its SHA-256 (no username or address in the clear). A count is forgotten FORGET_AFTER_MS after its last failure —
 * read as absent, restarted at one by the next failure — and forgotten rows are removed a few at a time as failures
 * are written, so the table holds about an hour of failures.
 */
import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { FORGET_AFTER_MS, type Failures } from './login-throttle';

/** Forgotten rows removed with each failure written: more than a failure adds, so the table cannot grow for long. */
const PRUNE_BATCH = 100;

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The last failure a count still remembers at `now` must be after this. */
function forgetBefore(now: Date): Date {
  return new Date(now.getTime() - FORGET_AFTER_MS);
}

@Injectable()
export class LoginFailuresRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The counts under `keys` that are not forgotten at `now`, by key. */
  async read(keys: readonly string[], now: Date): Promise<Map<string, Failures>> {
    const hashes = keys.map(keyHash);
    const { rows } = await this.prisma.pool.query<{ key_hash: string; count: number; last_at: Date }>(
      'SELECT key_hash, count, last_at FROM login_failures WHERE key_hash = ANY($1::text[]) AND last_at > $2',
      [hashes, forgetBefore(now)],
    );
    const byHash = new Map(rows.map((row) => [row.key_hash, row]));
    const counts = new Map<string, Failures>();
    keys.forEach((key, index) => {
      const row = byHash.get(hashes[index]!);
      if (row !== undefined) counts.set(key, { count: row.count, lastAt: row.last_at.getTime() });
    });
    return counts;
  }

  /**
   * One more failure under each of `keys` at `now` (a forgotten count, src/auth/login-throttle.ts `isForgotten`,
   * starts again at one; test/support/login-throttle.ts folds counts the same way in memory),
   * each row changed atomically so that failures at once on several copies all count; and a few forgotten rows of
   * other counts go (never one written here: a statement must not change a row twice).
   */
  async failed(keys: readonly string[], now: Date): Promise<void> {
    await this.prisma.pool.query(
      `WITH counted AS (
         INSERT INTO login_failures AS f (key_hash, count, last_at)
         SELECT unnest($1::text[]), 1, $2
         ON CONFLICT (key_hash) DO UPDATE
           SET count = CASE WHEN f.last_at <= $3 THEN 1 ELSE f.count + 1 END, last_at = $2
         RETURNING 1)
       DELETE FROM login_failures WHERE key_hash IN (
         SELECT key_hash FROM login_failures
          WHERE last_at <= $3 AND key_hash <> ALL($1::text[])
          ORDER BY last_at LIMIT ${PRUNE_BATCH})`,
      [keys.map(keyHash), now, forgetBefore(now)],
    );
  }

  /** Forgets the count under `key` (a success clears its pair). */
  async cleared(key: string): Promise<void> {
    await this.prisma.pool.query('DELETE FROM login_failures WHERE key_hash = $1', [keyHash(key)]);
  }
}
