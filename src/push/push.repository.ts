/**
 * The push module's tables (docs/architecture.md#who-writes-what): `push_subscriptions`, `push_deliveries` (besides
 * the outbox fragment of src/push/sql/push-outbox.ts, which queues them with each player event) and `vapid_keys`.
 * It decides nothing: the worker (src/push/push-worker.ts) and the service say what to write.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { SettingsColumns } from '../notifications/notification-settings.repository';
import { MAX_SUBSCRIPTIONS, type SubscriptionInput } from './push-policy';
import type { VapidJwk, VapidPair } from './vapid';

/** A device's subscription as the account page lists it. */
export interface StoredSubscription {
  readonly id: string;
  readonly device: string;
  readonly sessionId: string | null;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

/** A claimed push, with everything sending (or not sending) it needs. */
export interface ClaimedPush extends SettingsColumns {
  readonly id: string;
  readonly attempt_count: number;
  readonly kind: string;
  readonly game_id: string | null;
  readonly subscription_id: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly player_id: string;
  /** The game as it is now (null columns: no game, or it is gone). */
  readonly game_status: string | null;
  readonly current_player_id: string | null;
  readonly deadline: Date | null;
  /** The other players seated in the game, by seat. */
  readonly opponents: string[] | null;
  /** A later push of the same game waits for this device: it says what this one would, and more recently. */
  readonly superseded: boolean;
  /** The session that subscribed was ended (signed out, a new password, the account disabled). */
  readonly signed_out: boolean;
}

/** What becomes of a claimed push, as the worker decided (guarded by the attempt it claimed). */
export type PushOutcome =
  | { readonly kind: 'sent'; readonly status: number; readonly at: Date }
  | {
      readonly kind: 'retry';
      readonly status: number | null;
      readonly error: string | null;
      readonly at: Date;
    }
  | { readonly kind: 'failed'; readonly status: number | null; readonly error: string | null }
  | { readonly kind: 'skipped' }
  /** Quiet hours: due again at `until`, the attempt not counted. */
  | { readonly kind: 'held'; readonly until: Date }
  /** The subscription is gone (404/410, or its session ended): it goes, with its pushes. */
  | { readonly kind: 'gone' };

const CLAIM = `
  WITH due AS (
    SELECT d.id,
           ns.time_zone, ns.language, ns.quiet_from, ns.quiet_to, ns.kinds,
           g.status AS game_status, g.current_player_id, g.deadline,
           (SELECT array_agg(p.username ORDER BY gp.seat) FROM game_players gp JOIN players p ON p.id = gp.player_id
             WHERE gp.game_id = d.game_id AND gp.player_id <> s.player_id) AS opponents,
           EXISTS (SELECT 1 FROM push_deliveries n
                    WHERE n.subscription_id = d.subscription_id AND n.game_id = d.game_id AND n.id > d.id)
             AS superseded,
           coalesce(t.revoked_at IS NOT NULL, false) AS signed_out
      FROM push_deliveries d
      JOIN push_subscriptions s ON s.id = d.subscription_id
      LEFT JOIN notification_settings ns ON ns.player_id = s.player_id
      LEFT JOIN games g ON g.id = d.game_id
      LEFT JOIN tokens t ON t.id = s.session_id
     WHERE d.status = 'PENDING' AND d.next_attempt_at <= $1 AND d.attempt_count < $2
     ORDER BY d.next_attempt_at
     LIMIT $3
     FOR UPDATE OF d SKIP LOCKED)
  UPDATE push_deliveries d
     SET attempt_count = d.attempt_count + 1, next_attempt_at = $4
    FROM due, push_subscriptions s
   WHERE d.id = due.id AND s.id = d.subscription_id
  RETURNING d.id::text AS id, d.attempt_count, d.kind, d.game_id, s.id AS subscription_id, s.endpoint, s.p256dh,
            s.auth, s.player_id, due.time_zone, due.language, due.quiet_from, due.quiet_to, due.kinds,
            due.game_status, due.current_player_id, due.deadline, due.opponents, due.superseded,
            due.signed_out`;

/** Only while the push is still at the attempt that was claimed: a worker that outlived its lease changes nothing. */
const GUARD = `id = $1 AND attempt_count = $2 AND status = 'PENDING'`;

@Injectable()
export class PushRepository {
  constructor(private readonly prisma: PrismaService) {}

  // ---- subscriptions ---------------------------------------------------------------------------------------------

  /**
   * Stores a device's subscription for `playerId`, made with session `sessionId`. The same endpoint subscribed
   * again (a new key, or another account on the same browser) is that subscription, now this one's. Beyond
   * MAX_SUBSCRIPTIONS the player's least recently used ones go.
   */
  async subscribe(
    playerId: string,
    sessionId: string,
    input: SubscriptionInput,
    device: string,
    at: Date,
  ): Promise<StoredSubscription> {
    return this.prisma.$transaction(async (tx) => {
      const stored = await tx.pushSubscription.upsert({
        where: { endpoint: input.endpoint },
        create: {
          id: randomUUID(),
          playerId,
          sessionId,
          endpoint: input.endpoint,
          p256dh: input.p256dh,
          auth: input.auth,
          device,
          createdAt: at,
        },
        update: { playerId, sessionId, p256dh: input.p256dh, auth: input.auth, device, createdAt: at },
      });
      const surplus = await tx.pushSubscription.findMany({
        where: { playerId },
        orderBy: [{ lastUsedAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }],
        skip: MAX_SUBSCRIPTIONS,
        select: { id: true },
      });
      if (surplus.length > 0)
        await tx.pushSubscription.deleteMany({ where: { id: { in: surplus.map((row) => row.id) } } });
      return stored;
    });
  }

  async subscriptionsOf(playerId: string): Promise<StoredSubscription[]> {
    return this.prisma.pushSubscription.findMany({
      where: { playerId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, device: true, sessionId: true, createdAt: true, lastUsedAt: true },
    });
  }

  /** Removes one of the player's subscriptions; false when there is no such one. */
  async unsubscribe(playerId: string, id: string): Promise<boolean> {
    return (await this.prisma.pushSubscription.deleteMany({ where: { id, playerId } })).count > 0;
  }

  /** Sign-out: the device that signed out is told nothing more. */
  async unsubscribeSession(sessionId: string): Promise<void> {
    await this.prisma.pushSubscription.deleteMany({ where: { sessionId } });
  }

  // ---- deliveries ------------------------------------------------------------------------------------------------

  /** A TEST push to each of the player's devices, due at once; how many were queued. */
  async queueTest(playerId: string, at: Date): Promise<number> {
    const { rowCount } = await this.prisma.pool.query(
      `INSERT INTO push_deliveries (subscription_id, event_id, kind, game_id, next_attempt_at, created_at)
       SELECT id, NULL, 'TEST', NULL, $2, $2 FROM push_subscriptions WHERE player_id = $1`,
      [playerId, at],
    );
    return rowCount ?? 0;
  }

  /**
   * Claims up to `limit` pushes due at `now` with fewer than `maxAttempts` attempts, each due again at `leaseUntil`
   * should its outcome never be recorded.
   */
  async claim(now: Date, maxAttempts: number, limit: number, leaseUntil: Date): Promise<ClaimedPush[]> {
    const { rows } = await this.prisma.pool.query<ClaimedPush>(CLAIM, [now, maxAttempts, limit, leaseUntil]);
    return rows;
  }

  /** Records what became of claimed push `push`. */
  async record(
    push: Pick<ClaimedPush, 'id' | 'attempt_count' | 'subscription_id'>,
    outcome: PushOutcome,
  ): Promise<void> {
    const guard = [push.id, push.attempt_count];
    const pool = this.prisma.pool;
    switch (outcome.kind) {
      case 'sent':
        await pool.query(
          `WITH sent AS (UPDATE push_deliveries SET status = 'SENT', next_attempt_at = NULL, last_status = $3,
                                                    last_error = NULL
                          WHERE ${GUARD} RETURNING subscription_id)
           UPDATE push_subscriptions SET last_used_at = $4 WHERE id IN (SELECT subscription_id FROM sent)`,
          [...guard, outcome.status, outcome.at],
        );
        return;
      case 'retry':
        await pool.query(
          `UPDATE push_deliveries SET next_attempt_at = $3, last_status = $4, last_error = $5 WHERE ${GUARD}`,
          [...guard, outcome.at, outcome.status, outcome.error],
        );
        return;
      case 'failed':
        await pool.query(
          `UPDATE push_deliveries SET status = 'FAILED', next_attempt_at = NULL, last_status = $3, last_error = $4
            WHERE ${GUARD}`,
          [...guard, outcome.status, outcome.error],
        );
        return;
      case 'skipped':
        await pool.query(
          `UPDATE push_deliveries SET status = 'SKIPPED', next_attempt_at = NULL WHERE ${GUARD}`,
          guard,
        );
        return;
      case 'held':
        await pool.query(
          `UPDATE push_deliveries SET next_attempt_at = $3, attempt_count = attempt_count - 1 WHERE ${GUARD}`,
          [...guard, outcome.until],
        );
        return;
      case 'gone':
        await pool.query('DELETE FROM push_subscriptions WHERE id = $1', [push.subscription_id]);
        return;
      default: {
        const never: never = outcome;
        return never;
      }
    }
  }

  /**
   * Housekeeping: pushes whose last attempt was claimed and never recorded are given up; finished pushes older than
   * `before` go (they are no one's record: a push is sent or not). How many of each.
   */
  async housekeep(
    now: Date,
    maxAttempts: number,
    before: Date,
  ): Promise<{ gaveUp: number; removed: number }> {
    const gaveUp = await this.prisma.pool.query(
      `UPDATE push_deliveries SET status = 'FAILED', next_attempt_at = NULL, last_error = 'lost'
        WHERE status = 'PENDING' AND attempt_count >= $2 AND next_attempt_at <= $1`,
      [now, maxAttempts],
    );
    const removed = await this.prisma.pool.query(
      `DELETE FROM push_deliveries WHERE status <> 'PENDING' AND created_at < $1`,
      [before],
    );
    return { gaveUp: gaveUp.rowCount ?? 0, removed: removed.rowCount ?? 0 };
  }

  // ---- the VAPID pair --------------------------------------------------------------------------------------------

  /** The stored pair: `candidate` stored first if there is none yet (the first copy to ask wins). */
  async vapidPair(candidate: VapidPair, at: Date): Promise<VapidPair> {
    await this.prisma.pool.query(
      `INSERT INTO vapid_keys (id, public_key, private_jwk, created_at) VALUES (true, $1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [candidate.publicKey, JSON.stringify(candidate.privateJwk), at],
    );
    const { rows } = await this.prisma.pool.query<{ public_key: string; private_jwk: VapidJwk }>(
      'SELECT public_key, private_jwk FROM vapid_keys WHERE id',
    );
    const row = rows[0]!;
    return { publicKey: row.public_key, privateJwk: row.private_jwk };
  }
}

/** An account's tombstone (src/players/players.repository.ts): its devices are told nothing more. */
export async function deletePushSubscriptionsOf(
  tx: Prisma.TransactionClient,
  playerId: string,
): Promise<void> {
  await tx.pushSubscription.deleteMany({ where: { playerId } });
}
