/**
 * `two_factor`: the players module writes it here and nowhere else (docs/architecture.md#who-writes-what). A code
 * or a recovery code is taken by one guarded statement, so two sign-ins with the same code take it once.
 */
import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export interface StoredTwoFactor {
  readonly secret: string;
  readonly enabledAt: Date | null;
  readonly lastStep: number;
  readonly recoveryCodesLeft: number;
}

@Injectable()
export class TwoFactorRepository {
  constructor(private readonly prisma: PrismaService) {}

  async of(playerId: string): Promise<StoredTwoFactor | null> {
    const row = await this.prisma.twoFactor.findUnique({ where: { playerId } });
    return row === null
      ? null
      : {
          secret: row.secret,
          enabledAt: row.enabledAt,
          lastStep: Number(row.lastStep),
          recoveryCodesLeft: row.recoveryHashes.length,
        };
  }

  /** A new secret, not yet enabled (replacing one not yet enabled). False when one is enabled already. */
  async start(playerId: string, secret: string, at: Date): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      `INSERT INTO two_factor (player_id, secret, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (player_id) DO UPDATE SET secret = $2, created_at = $3, last_step = 0, recovery_hashes = '{}'
        WHERE two_factor.enabled_at IS NULL`,
      [playerId, secret, at],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Enables it with the code of `step` and the recovery codes' hashes; false when it was enabled meanwhile. */
  async enable(
    playerId: string,
    step: number,
    recoveryHashes: readonly string[],
    at: Date,
  ): Promise<boolean> {
    const { count } = await this.prisma.twoFactor.updateMany({
      where: { playerId, enabledAt: null },
      data: { enabledAt: at, lastStep: BigInt(step), recoveryHashes: [...recoveryHashes] },
    });
    return count > 0;
  }

  /** Takes the code of `step` (only later than the last taken); whether it was taken now. */
  async takeStep(playerId: string, step: number): Promise<boolean> {
    const { count } = await this.prisma.twoFactor.updateMany({
      where: { playerId, lastStep: { lt: BigInt(step) } },
      data: { lastStep: BigInt(step) },
    });
    return count > 0;
  }

  /** Takes a recovery code (removes its hash); whether it was there. */
  async takeRecovery(playerId: string, hash: string): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      `UPDATE two_factor SET recovery_hashes = array_remove(recovery_hashes, $2)
        WHERE player_id = $1 AND $2 = ANY (recovery_hashes)`,
      [playerId, hash],
    );
    return (rowCount ?? 0) > 0;
  }

  async remove(playerId: string): Promise<void> {
    await this.prisma.twoFactor.deleteMany({ where: { playerId } });
  }
}

/** An account's tombstone (src/players/players.repository.ts): its second factor goes. */
export async function deleteTwoFactorOf(tx: Prisma.TransactionClient, playerId: string): Promise<void> {
  await tx.twoFactor.deleteMany({ where: { playerId } });
}
