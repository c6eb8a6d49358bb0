/**
 * `webhooks`, and the delivery log as the API reads it (docs/correspondence.md#webhooks): registrations, pings and
 * reading a webhook's deliveries with their attempts. The webhooks module owns `webhooks`, `webhook_deliveries` and
 * `webhook_delivery_attempts`: the worker's statements are in src/webhooks/webhook-deliveries.repository.ts, the
 * deliveries of player events are queued by src/webhooks/sql/webhook-outbox.ts. What leaves here is in the app's
 * shapes (WebhookInfo, DeliveryInfo), never a secret.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PlayerEventKind } from '../notifications/player-event-kinds';
import { Prisma, Webhook, WebhookDelivery, WebhookDeliveryAttempt } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import {
  AttemptError,
  DeliveryKind,
  DeliveryStatus,
  PLAYER_EVENT_KINDS,
  parseAttemptError,
  parseDeliveryKind,
  parseDeliveryStatus,
} from './webhook-policy';
import { webhookEventId } from './webhook-request';

/** A webhook as the API shows it: never its secret. */
export interface WebhookInfo {
  readonly id: string;
  readonly url: string;
  readonly events: PlayerEventKind[];
  readonly createdAt: Date;
}

export interface AttemptInfo {
  readonly number: number;
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly error: AttemptError | null;
  readonly durationMs: number;
}

export interface DeliveryInfo {
  readonly id: string;
  readonly eventId: string;
  readonly kind: DeliveryKind;
  readonly gameId: string | null;
  readonly status: DeliveryStatus;
  readonly attemptCount: number;
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly attempts: AttemptInfo[];
}

/** A registration to store, checked already (src/webhooks/webhook-policy.ts). */
export interface WebhookRegistration {
  readonly url: string;
  readonly secret: string;
  readonly events: readonly string[];
  readonly createdAt: Date;
}

/**
 * Deletes every webhook of a player — their deliveries and attempts go with them (ON DELETE CASCADE) — inside
 * the caller's transaction: a deleted account's (docs/api/players-and-accounts.md#deleteaccount), with its
 * tokens in the same commit (src/players/players.repository.ts).
 */
export async function deleteWebhooksOf(tx: Prisma.TransactionClient, playerId: string): Promise<void> {
  await tx.webhook.deleteMany({ where: { playerId } });
}

@Injectable()
export class WebhooksRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Registers a webhook of the player's, once `decide` allowed it on the number the player has: registrations of
   * one player are made one at a time, so that two at once cannot both pass a limit. A refusal is thrown.
   */
  async create(
    playerId: string,
    registration: WebhookRegistration,
    decide: (existing: number) => Error | null,
  ): Promise<WebhookInfo> {
    const created = await this.prisma.$transaction(async (tx) => {
      // NO KEY: the foreign keys to the player (games, moves) never wait for this lock.
      await tx.$queryRaw`SELECT 1 FROM players WHERE id = ${playerId}::uuid FOR NO KEY UPDATE`;
      const count = await tx.webhook.count({ where: { playerId } });
      const refusal = decide(count);
      if (refusal !== null) throw refusal;
      return tx.webhook.create({
        data: {
          id: randomUUID(),
          playerId,
          url: registration.url,
          secret: registration.secret,
          events: [...registration.events],
          createdAt: registration.createdAt,
        },
      });
    });
    return toWebhook(created);
  }

  /** The player's webhooks, oldest first. */
  async list(playerId: string): Promise<WebhookInfo[]> {
    const rows = await this.prisma.webhook.findMany({
      where: { playerId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toWebhook);
  }

  /** Deletes the player's webhook `id` with its deliveries and their attempts; false when they have none such. */
  async delete(playerId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.webhook.deleteMany({ where: { id, playerId } });
    return count > 0;
  }

  /** Whether the player has the webhook `webhookId`. */
  async owns(playerId: string, webhookId: string): Promise<boolean> {
    const found = await this.prisma.webhook.findFirst({
      where: { id: webhookId, playerId },
      select: { id: true },
    });
    return found !== null;
  }

  /**
   * Up to `take` of the webhook's deliveries, newest first, older than the delivery `before` (none: from the
   * newest), each with its attempts in order.
   */
  async deliveries(webhookId: string, before: bigint | null, take: number): Promise<DeliveryInfo[]> {
    // The deliveries and their attempts are two reads (Prisma's include); one REPEATABLE READ snapshot keeps a
    // worker's record (attempt and status in one commit) from landing between them, which would show a delivery
    // PENDING with its attempt already answered and the claim's lease as its next attempt.
    const rows = await this.prisma.$transaction(
      (tx) =>
        tx.webhookDelivery.findMany({
          where: { webhookId, ...(before === null ? {} : { id: { lt: before } }) },
          orderBy: { id: 'desc' },
          take,
          include: { attempts: { orderBy: { attempt: 'asc' } } },
        }),
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
    );
    return rows.map(toDelivery);
  }

  /** Queues a PING to the webhook, due at `now`. */
  async ping(webhookId: string, now: Date): Promise<DeliveryInfo> {
    const row = await this.prisma.webhookDelivery.create({
      data: { webhookId, kind: 'PING', createdAt: now, nextAttemptAt: now },
      include: { attempts: true },
    });
    return toDelivery(row);
  }
}

function toWebhook(row: Webhook): WebhookInfo {
  return {
    id: row.id,
    url: row.url,
    events: PLAYER_EVENT_KINDS.filter((kind) => row.events.includes(kind)),
    createdAt: row.createdAt,
  };
}

function toDelivery(row: WebhookDelivery & { attempts: WebhookDeliveryAttempt[] }): DeliveryInfo {
  const id = row.id.toString();
  return {
    id,
    eventId: webhookEventId({ deliveryId: id, eventId: row.eventId?.toString() ?? null }),
    kind: parseDeliveryKind(row.kind),
    gameId: row.gameId,
    status: parseDeliveryStatus(row.status),
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
    attempts: row.attempts.map((attempt) => ({
      number: attempt.attempt,
      attemptedAt: attempt.attemptedAt,
      statusCode: attempt.statusCode,
      error: attempt.error === null ? null : parseAttemptError(attempt.error),
      durationMs: attempt.durationMs,
    })),
  };
}
