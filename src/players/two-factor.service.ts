/**
 * Two-factor sign-in (docs/api/players-and-accounts.md#starttwofactor): an account turns it on with a code
 * from an authenticator app (RFC 6238, src/players/totp.ts) and gets ten recovery codes, shown once; from
 * then on `login` asks for a code (TWO_FACTOR_REQUIRED without one), each code taken once. Turning it off
 * needs the password and a code.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { ApiError } from '../errors/api-error';
import { acceptedStep, newRecoveryCodes, newSecret, otpauthUri, recoveryHash } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

const ISSUER = 'Malice';

export interface TwoFactorStatus {
  readonly enabled: boolean;
  readonly recoveryCodesLeft: number;
}

@Injectable()
export class TwoFactorService {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly clock: Clock,
  ) {}

  async status(playerId: string): Promise<TwoFactorStatus> {
    const stored = await this.repository.of(playerId);
    return { enabled: stored?.enabledAt != null, recoveryCodesLeft: stored?.recoveryCodesLeft ?? 0 };
  }

  /** A new secret to scan; not in force until confirmed. */
  async start(playerId: string, username: string): Promise<{ secret: string; uri: string }> {
    const secret = newSecret();
    if (!(await this.repository.start(playerId, secret, this.clock.now())))
      throw new ApiError('BAD_USER_INPUT', 'two-factor sign-in is on already: turn it off first');
    return { secret, uri: otpauthUri(secret, username, ISSUER) };
  }

  /** Turns it on with a code of the new secret; the recovery codes, to show once. */
  async confirm(playerId: string, code: string): Promise<string[]> {
    const stored = await this.repository.of(playerId);
    if (stored === null || stored.enabledAt !== null)
      throw new ApiError('BAD_USER_INPUT', 'start two-factor sign-in first (startTwoFactor)');
    const step = acceptedStep(stored.secret, code.trim(), this.clock.now(), stored.lastStep);
    if (step === null)
      throw new ApiError('BAD_USER_INPUT', 'that code is not the app’s code now', { field: 'code' });
    const codes = newRecoveryCodes();
    if (!(await this.repository.enable(playerId, step, codes.map(recoveryHash), this.clock.now())))
      throw new ApiError('BAD_USER_INPUT', 'two-factor sign-in is on already');
    return codes;
  }

  /** Whether the account asks for a second factor. */
  async required(playerId: string): Promise<boolean> {
    return (await this.repository.of(playerId))?.enabledAt != null;
  }

  /** Takes `code` (an app's code, or a recovery code) for the account; whether it was good. Each is taken once. */
  async take(playerId: string, code: string): Promise<boolean> {
    const stored = await this.repository.of(playerId);
    if (stored === null || stored.enabledAt === null) return false;
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const step = acceptedStep(stored.secret, trimmed, this.clock.now(), stored.lastStep);
      return step !== null && (await this.repository.takeStep(playerId, step));
    }
    return trimmed.length <= 20 && this.repository.takeRecovery(playerId, recoveryHash(trimmed));
  }

  /** Turns it off (the caller checked the password); `code` must be good. */
  async disable(playerId: string, code: string): Promise<void> {
    if (!(await this.take(playerId, code)))
      throw new ApiError('BAD_USER_INPUT', 'that code is not good', { field: 'code' });
    await this.repository.remove(playerId);
  }
}
