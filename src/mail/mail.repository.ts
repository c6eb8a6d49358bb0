/**
 * The mail module's tables (docs/architecture.md#who-writes-what): `mail_addresses`, `mail_outbox` (besides the
 * outbox fragment of src/mail/sql/mail-outbox.ts, queued with each player event) and `server_keys`. It decides
 * nothing: the worker (src/mail/mail-worker.ts) and the service say what to write.
 */
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { SettingsColumns } from '../notifications/notification-settings.repository';
import type { ServiceMailKind } from './mail-policy';

/** A player's address as stored. */
export interface StoredAddress {
  readonly address: string;
  readonly verifiedAt: Date | null;
  readonly bouncedAt: Date | null;
  readonly changedAt: Date;
}

/** A claimed mail, with what deciding and sending it need. */
export interface ClaimedMail extends SettingsColumns {
  readonly id: string;
  readonly player_id: string;
  readonly kind: string;
  readonly game_id: string | null;
  readonly to_address: string | null;
  readonly attempt_count: number;
  readonly created_at: Date;
  /** The player's address now (null: none), and whether it may be mailed. */
  readonly address: string | null;
  readonly verified: boolean;
  readonly bounced: boolean;
  /** The account is deleted or disabled. */
  readonly inactive: boolean;
  /** A fingerprint of the password hash (src/mail/password-mark.ts computes the same). */
  readonly password_mark: string;
  readonly game_status: string | null;
  readonly current_player_id: string | null;
  readonly deadline: Date | null;
  readonly opponents: string[] | null;
  /** A mail of the same kind and game was sent to the player within TURN_MAIL_GAP_MS. */
  readonly recently_mailed: boolean;
}

/** A game awaiting the player's move, for the digest. */
export interface AwaitingGame {
  readonly id: string;
  readonly deadline: Date | null;
  readonly opponents: string[];
}

/** A player whose digest may be due: their settings' columns and when the last one went. */
export interface DigestCandidate extends SettingsColumns {
  readonly player_id: string;
  readonly digest_sent_at: Date | null;
}

export type MailOutcome =
  | { readonly kind: 'sent'; readonly at: Date }
  | { readonly kind: 'retry'; readonly error: string; readonly at: Date }
  | { readonly kind: 'failed'; readonly error: string }
  /** The recipient was refused for good: the address bounced, and mail to it stops. */
  | { readonly kind: 'bounced'; readonly error: string; readonly address: string; readonly at: Date }
  | { readonly kind: 'skipped'; readonly why: string }
  | { readonly kind: 'held'; readonly until: Date };

const CLAIM = `
  WITH due AS (
    SELECT m.id, a.address, a.verified_at IS NOT NULL AS verified, a.bounced_at IS NOT NULL AS bounced,
           (pl.deleted_at IS NOT NULL OR pl.disabled_at IS NOT NULL) AS inactive,
           -- A fingerprint of the password hash, never the hash: a reset link names the password it replaces.
           left(encode(sha256(convert_to(coalesce(pl.password_hash, ''), 'UTF8')), 'hex'), 16) AS password_mark,
           ns.time_zone, ns.language, ns.quiet_from, ns.quiet_to, ns.kinds, ns.digest_minute,
           g.status AS game_status, g.current_player_id, g.deadline,
           (SELECT array_agg(p.username ORDER BY gp.seat) FROM game_players gp JOIN players p ON p.id = gp.player_id
             WHERE gp.game_id = m.game_id AND gp.player_id <> m.player_id) AS opponents,
           EXISTS (SELECT 1 FROM mail_outbox s
                    WHERE s.player_id = m.player_id AND s.kind = m.kind AND s.game_id = m.game_id
                      AND s.status = 'SENT' AND s.sent_at > $1::timestamptz - $5 * interval '1 millisecond')
             AS recently_mailed
      FROM mail_outbox m
      JOIN players pl ON pl.id = m.player_id
      LEFT JOIN mail_addresses a ON a.player_id = m.player_id
      LEFT JOIN notification_settings ns ON ns.player_id = m.player_id
      LEFT JOIN games g ON g.id = m.game_id
     WHERE m.status = 'PENDING' AND m.next_attempt_at <= $1 AND m.attempt_count < $2
     ORDER BY m.next_attempt_at
     LIMIT $3
     FOR UPDATE OF m SKIP LOCKED)
  UPDATE mail_outbox m SET attempt_count = m.attempt_count + 1, next_attempt_at = $4
    FROM due WHERE m.id = due.id
  RETURNING m.id::text AS id, m.player_id, m.kind, m.game_id, m.to_address, m.attempt_count, m.created_at,
            due.address, due.verified, due.bounced, due.inactive, due.password_mark, due.time_zone, due.language, due.quiet_from,
            due.quiet_to, due.kinds, due.digest_minute, due.game_status, due.current_player_id, due.deadline,
            due.opponents, due.recently_mailed`;

const GUARD = `id = $1 AND attempt_count = $2 AND status = 'PENDING'`;

/** Players with a verified address and a digest on, with at least one game awaiting their move. */
const DIGEST_CANDIDATES = `
  SELECT a.player_id, a.digest_sent_at, ns.time_zone, ns.language, ns.quiet_from, ns.quiet_to, ns.kinds,
         ns.digest_minute
    FROM mail_addresses a
    LEFT JOIN notification_settings ns ON ns.player_id = a.player_id
   WHERE a.verified_at IS NOT NULL AND a.bounced_at IS NULL
     AND (ns.player_id IS NULL OR ns.digest_minute IS NOT NULL)
     AND (a.digest_sent_at IS NULL OR a.digest_sent_at < $1::timestamptz - interval '20 hours')
     AND EXISTS (SELECT 1 FROM games g WHERE g.status = 'ACTIVE' AND g.current_player_id = a.player_id)
   LIMIT 500`;

@Injectable()
export class MailRepository {
  constructor(private readonly prisma: PrismaService) {}

  // ---- addresses -------------------------------------------------------------------------------------------------

  async addressOf(playerId: string): Promise<StoredAddress | null> {
    return this.prisma.mailAddress.findUnique({
      where: { playerId },
      select: { address: true, verifiedAt: true, bouncedAt: true, changedAt: true },
    });
  }

  /**
   * A new address for the player, unverified, with its verification mail queued (and, when a verified address is
   * replaced, a notice to that one) in one transaction.
   */
  async changeAddress(
    playerId: string,
    address: string,
    previous: StoredAddress | null,
    at: Date,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.mailAddress.upsert({
        where: { playerId },
        create: { playerId, address, changedAt: at },
        update: { address, verifiedAt: null, bouncedAt: null, changedAt: at },
      });
      await queue(tx, playerId, 'VERIFY', address, at);
      if (previous !== null && previous.verifiedAt !== null && previous.address !== address)
        await queue(tx, playerId, 'ADDRESS_CHANGED', previous.address, at);
    });
  }

  /** Another verification mail to the player's address as it is. */
  async queueVerification(playerId: string, address: string, at: Date): Promise<void> {
    await queue(this.prisma, playerId, 'VERIFY', address, at);
  }

  /** A password reset mail to the player's verified address, unless RESET_CAP went today; whether queued. */
  async queueReset(playerId: string, cap: number, at: Date): Promise<boolean> {
    const since = new Date(at.getTime() - 86_400_000);
    const sent = await this.prisma.mailOutbox.count({
      where: { playerId, kind: 'RESET', createdAt: { gte: since } },
    });
    if (sent >= cap) return false;
    await queue(this.prisma, playerId, 'RESET', null, at);
    return true;
  }

  /** Marks the address verified if it still is `address`; whether it was. */
  async verify(playerId: string, address: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.mailAddress.updateMany({
      where: { playerId, address },
      data: { verifiedAt: at, bouncedAt: null },
    });
    return count > 0;
  }

  async removeAddress(playerId: string): Promise<boolean> {
    return (await this.prisma.mailAddress.deleteMany({ where: { playerId } })).count > 0;
  }

  /** Verification mails queued since `since`, to `address` and to any address of the player. */
  async verificationsSince(
    playerId: string,
    address: string,
    since: Date,
  ): Promise<{ toAddress: number; byPlayer: number }> {
    const [toAddress, byPlayer] = await Promise.all([
      this.prisma.mailOutbox.count({
        where: { kind: 'VERIFY', toAddress: address, createdAt: { gte: since } },
      }),
      this.prisma.mailOutbox.count({ where: { kind: 'VERIFY', playerId, createdAt: { gte: since } } }),
    ]);
    return { toAddress, byPlayer };
  }

  // ---- the outbox ------------------------------------------------------------------------------------------------

  async claim(
    now: Date,
    maxAttempts: number,
    limit: number,
    leaseUntil: Date,
    turnGapMs: number,
  ): Promise<ClaimedMail[]> {
    const { rows } = await this.prisma.pool.query<ClaimedMail>(CLAIM, [
      now,
      maxAttempts,
      limit,
      leaseUntil,
      turnGapMs,
    ]);
    return rows;
  }

  async record(
    mail: Pick<ClaimedMail, 'id' | 'attempt_count' | 'player_id'>,
    outcome: MailOutcome,
  ): Promise<void> {
    const guard = [mail.id, mail.attempt_count];
    const pool = this.prisma.pool;
    switch (outcome.kind) {
      case 'sent':
        await pool.query(
          `UPDATE mail_outbox SET status = 'SENT', next_attempt_at = NULL, sent_at = $3, last_error = NULL WHERE ${GUARD}`,
          [...guard, outcome.at],
        );
        return;
      case 'retry':
        await pool.query(`UPDATE mail_outbox SET next_attempt_at = $3, last_error = $4 WHERE ${GUARD}`, [
          ...guard,
          outcome.at,
          outcome.error,
        ]);
        return;
      case 'failed':
        await pool.query(
          `UPDATE mail_outbox SET status = 'FAILED', next_attempt_at = NULL, last_error = $3 WHERE ${GUARD}`,
          [...guard, outcome.error],
        );
        return;
      case 'bounced':
        await pool.query(
          `WITH failed AS (UPDATE mail_outbox SET status = 'FAILED', next_attempt_at = NULL, last_error = $3
                            WHERE ${GUARD} RETURNING player_id)
           UPDATE mail_addresses SET bounced_at = $5
            WHERE player_id IN (SELECT player_id FROM failed) AND address = $4`,
          [...guard, outcome.error, outcome.address, outcome.at],
        );
        return;
      case 'skipped':
        await pool.query(
          `UPDATE mail_outbox SET status = 'SKIPPED', next_attempt_at = NULL, last_error = $3 WHERE ${GUARD}`,
          [...guard, outcome.why],
        );
        return;
      case 'held':
        await pool.query(
          `UPDATE mail_outbox SET next_attempt_at = $3, attempt_count = attempt_count - 1 WHERE ${GUARD}`,
          [...guard, outcome.until],
        );
        return;
      default: {
        const never: never = outcome;
        return never;
      }
    }
  }

  /** Housekeeping: lost last attempts given up; finished mails older than `before` removed. */
  async housekeep(now: Date, maxAttempts: number, before: Date): Promise<void> {
    await this.prisma.pool.query(
      `UPDATE mail_outbox SET status = 'FAILED', next_attempt_at = NULL, last_error = 'lost'
        WHERE status = 'PENDING' AND attempt_count >= $2 AND next_attempt_at <= $1`,
      [now, maxAttempts],
    );
    await this.prisma.pool.query(`DELETE FROM mail_outbox WHERE status <> 'PENDING' AND created_at < $1`, [
      before,
    ]);
  }

  // ---- the digest ------------------------------------------------------------------------------------------------

  async digestCandidates(now: Date): Promise<DigestCandidate[]> {
    return (await this.prisma.pool.query<DigestCandidate>(DIGEST_CANDIDATES, [now])).rows;
  }

  /** Queues the player's digest and notes it sent, unless another copy did since `lastSent`; whether queued. */
  async queueDigest(playerId: string, lastSent: Date | null, at: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.mailAddress.updateMany({
        where: { playerId, digestSentAt: lastSent },
        data: { digestSentAt: at },
      });
      if (count === 0) return false;
      await queue(tx, playerId, 'DIGEST', null, at);
      return true;
    });
  }

  /** The games awaiting the player's move, soonest deadline first. */
  async awaiting(playerId: string): Promise<AwaitingGame[]> {
    const { rows } = await this.prisma.pool.query<AwaitingGame>(
      `SELECT g.id, g.deadline,
              coalesce((SELECT array_agg(p.username ORDER BY gp.seat) FROM game_players gp
                          JOIN players p ON p.id = gp.player_id
                         WHERE gp.game_id = g.id AND gp.player_id <> $1), '{}') AS opponents
         FROM games g WHERE g.status = 'ACTIVE' AND g.current_player_id = $1
        ORDER BY g.deadline NULLS LAST, g.id LIMIT 50`,
      [playerId],
    );
    return rows;
  }

  // ---- the link secret -------------------------------------------------------------------------------------------

  /** The named secret, made once by whichever copy asks first. */
  async secret(name: string, at: Date): Promise<string> {
    await this.prisma.pool.query(
      'INSERT INTO server_keys (name, secret, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
      [name, randomBytes(32).toString('base64url'), at],
    );
    const { rows } = await this.prisma.pool.query<{ secret: string }>(
      'SELECT secret FROM server_keys WHERE name = $1',
      [name],
    );
    return rows[0]!.secret;
  }
}

type Queuing = Pick<Prisma.TransactionClient, 'mailOutbox'>;

/** A service mail (not a player event's), due at once. */
async function queue(
  db: Queuing,
  playerId: string,
  kind: ServiceMailKind,
  toAddress: string | null,
  at: Date,
): Promise<void> {
  await db.mailOutbox.create({ data: { playerId, kind, toAddress, nextAttemptAt: at, createdAt: at } });
}

/** An account's tombstone (src/players/players.repository.ts): its address and queued mails go. */
export async function deleteMailOf(tx: Prisma.TransactionClient, playerId: string): Promise<void> {
  await tx.mailAddress.deleteMany({ where: { playerId } });
  await tx.mailOutbox.deleteMany({ where: { playerId } });
}
