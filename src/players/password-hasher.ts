/**
 * The one place passwords are hashed and checked — sign-up, sign-in, password change, the password that confirms an
 * account's deletion, and the command line's create-admin: argon2id through @node-rs/argon2 (prebuilt binaries per
 * platform: no compiler, no install script), m = 19 MiB, t = 2, p = 1, the OWASP baseline.
 *
 * A hash takes one core for about 50 ms, so a burst of sign-ins could take every core from the games. At most
 * `PASSWORD_MAX_CONCURRENT_HASHES` run at once in this app copy; one more is refused at once with RATE_LIMITED
 * (HTTP 429, `Retry-After: 1`) rather than queued, since a queue would only hand its wait to every request behind
 * it (docs/operations.md#password-hashing).
 */
import { Inject, Injectable } from '@nestjs/common';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { withStatus } from '../auth/access-gate';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError } from '../errors/api-error';

/** How long a refused caller is told to wait: a slot frees within a hash's time. */
const RETRY_AFTER_SECONDS = 1;

@Injectable()
export class PasswordHasher {
  private readonly max: number;
  private running = 0;
  /**
   * A hash to check against when the username is unknown, so that both failures take the same time: made once, at
   * start, outside the bound (nothing else hashes then).
   */
  readonly decoy: Promise<string> = argon2Hash('decoy-password');

  constructor(@Inject(RUNTIME_CONFIG) config: RuntimeConfig) {
    this.max = config.passwordHashing.maxConcurrent;
  }

  /** The stored form of `password` (already normalised: password-policy.ts). */
  hash(password: string): Promise<string> {
    return this.run(() => argon2Hash(password));
  }

  /** Whether any of `candidates` (a password as normalised, and as typed) is the one `hash` was made of: one slot. */
  matches(hash: string, candidates: readonly string[]): Promise<boolean> {
    return this.run(async () => {
      for (const candidate of candidates) {
        if (await argon2Verify(hash, candidate).catch(() => false)) return true;
      }
      return false;
    });
  }

  /** Runs `hashing` in a slot of its own, or refuses at once when every slot is taken (RATE_LIMITED, 429). */
  async run<T>(hashing: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      throw withStatus(
        new ApiError(
          'RATE_LIMITED',
          `the server is checking too many passwords at once; try again in ${RETRY_AFTER_SECONDS} s`,
          { retryAfter: RETRY_AFTER_SECONDS },
        ),
        429,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    this.running++;
    try {
      return await hashing();
    } finally {
      this.running--;
    }
  }
}
