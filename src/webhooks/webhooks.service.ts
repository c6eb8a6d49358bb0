/**
 * Registering webhooks and reading their delivery log (docs/correspondence.md#webhooks). Delivering is the worker's
 * (webhook-worker.ts); deliveries of events are queued by a database trigger, pings here.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { isUuid } from '../common/ids';
import { withStatus } from '../auth/access-gate';
import { ApiError } from '../errors/api-error';
import { RateLimiter } from '../http/rate-limiter';
import type { PlayerEventKind } from '../notifications/event-bus';
import { Prisma, Webhook, WebhookDelivery, WebhookDeliveryAttempt } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { WEBHOOK_NETWORK, type WebhookNetwork, checkWebhookDestination } from './webhook-destination';
import { WebhookWorker } from './webhook-worker';
import {
  AttemptError,
  DeliveryKind,
  DeliveryStatus,
  MAX_WEBHOOKS_PER_PLAYER,
  PING_LIMITS,
  PLAYER_EVENT_KINDS,
  checkWebhookEvents,
  checkWebhookSecret,
  checkWebhookUrl,
  parseAttemptError,
  parseDeliveryKind,
  parseDeliveryStatus,
} from './webhook-policy';
import { webhookEventId } from './webhook-request';

export const MAX_DELIVERIES_PAGE = 100;

/**
 * Deletes every webhook of a player — their deliveries and attempts go with them (ON DELETE CASCADE) — inside
 * the caller's transaction: a deleted account's (docs/api.md#deleteaccount), with its tokens in the same commit.
 */
export async function deleteWebhooksOf(tx: Prisma.TransactionClient, playerId: string): Promise<void> {
  await tx.webhook.deleteMany({ where: { playerId } });
}
const DEFAULT_DELIVERIES_PAGE = 20;

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

export interface NewWebhook {
  readonly url: string;
  readonly secret: string;
  /** Null: every kind. */
  readonly events: readonly string[] | null;
}

@Injectable()
export class WebhooksService {
  /** Test pings counted per webhook and per player, on the app's clock (docs/correspondence.md#webhooks). */
  private readonly pingsPerWebhook = new RateLimiter(PING_LIMITS.perWebhook, () =>
    this.clock.now().getTime(),
  );
  private readonly pingsPerPlayer = new RateLimiter(PING_LIMITS.perPlayer, () => this.clock.now().getTime());

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly worker: WebhookWorker,
    @Inject(WEBHOOK_NETWORK) private readonly network: WebhookNetwork,
  ) {}

  async create(playerId: string, input: NewWebhook): Promise<WebhookInfo> {
    const url = checkWebhookUrl(input.url, this.network.allowed);
    const secret = checkWebhookSecret(input.secret);
    const events = checkWebhookEvents(input.events);
    // Last: the only check that waits (for a name to resolve).
    await checkWebhookDestination(url, this.network);
    const created = await this.prisma.$transaction(async (tx) => {
      // Registrations of one player, one at a time, so that two at once cannot both pass the limit. NO KEY: the
      // foreign keys to the player (games, moves) never wait for this lock.
      await tx.$queryRaw`SELECT 1 FROM players WHERE id = ${playerId}::uuid FOR NO KEY UPDATE`;
      const count = await tx.webhook.count({ where: { playerId } });
      if (count >= MAX_WEBHOOKS_PER_PLAYER) {
        throw new ApiError(
          'BAD_USER_INPUT',
          `at most ${MAX_WEBHOOKS_PER_PLAYER} webhooks per player: delete one first`,
        );
      }
      return tx.webhook.create({
        data: { id: randomUUID(), playerId, url, secret, events, createdAt: this.clock.now() },
      });
    });
    return toWebhook(created);
  }

  async list(playerId: string): Promise<WebhookInfo[]> {
    const rows = await this.prisma.webhook.findMany({
      where: { playerId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toWebhook);
  }

  /** Deletes the webhook with its pending deliveries and its log; an attempt in flight still completes. */
  async delete(playerId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) throw notFound();
    const { count } = await this.prisma.webhook.deleteMany({ where: { id, playerId } });
    if (count === 0) throw notFound();
    return true;
  }

  /** The webhook's deliveries, newest first, each with its attempts in order. */
  /**
   * A page of a webhook's delivery log, newest first: the deliveries older than `after` (a delivery id, the
   * previous page's last), one more than `first` so that the caller knows whether another page follows.
   */
  async deliveries(
    playerId: string,
    webhookId: string,
    first: number | null,
    after: string | null,
  ): Promise<{ deliveries: DeliveryInfo[]; hasNextPage: boolean }> {
    const size = first ?? DEFAULT_DELIVERIES_PAGE;
    if (!Number.isInteger(size) || size < 1 || size > MAX_DELIVERIES_PAGE) {
      throw new ApiError('BAD_USER_INPUT', `first must be 1–${MAX_DELIVERIES_PAGE}`, { field: 'first' });
    }
    if (after !== null && !/^\d{1,18}$/.test(after)) {
      throw new ApiError('BAD_USER_INPUT', 'after: a cursor of this list (a delivery id)', {
        field: 'after',
      });
    }
    await this.owned(playerId, webhookId);
    // The deliveries and their attempts are two reads (Prisma's include); one REPEATABLE READ snapshot keeps a
    // worker's record (attempt and status in one commit) from landing between them, which would show a delivery
    // PENDING with its attempt already answered and the claim's lease as its next attempt.
    const rows = await this.prisma.$transaction(
      (tx) =>
        tx.webhookDelivery.findMany({
          where: { webhookId, ...(after === null ? {} : { id: { lt: BigInt(after) } }) },
          orderBy: { id: 'desc' },
          take: size + 1,
          include: { attempts: { orderBy: { attempt: 'asc' } } },
        }),
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
    );
    return { deliveries: rows.slice(0, size).map(toDelivery), hasNextPage: rows.length > size };
  }

  /**
   * Queues a PING to the webhook and sends it at once: to check a receiver and its signature check. Within the ping
   * limits only (PING_LIMITS): one over them is refused with nothing queued.
   */
  async ping(playerId: string, webhookId: string): Promise<DeliveryInfo> {
    await this.owned(playerId, webhookId);
    this.admitPing(playerId, webhookId);
    const now = this.clock.now();
    const row = await this.prisma.webhookDelivery.create({
      data: { webhookId, kind: 'PING', createdAt: now, nextAttemptAt: now },
      include: { attempts: true },
    });
    this.worker.wake();
    return toDelivery(row);
  }

  /**
   * Counts a ping on its webhook and its player, or refuses it (RATE_LIMITED, HTTP 429 with Retry-After, as the
   * request rate limit) when either has none left; a refused ping counts on neither. No await between the look and
   * the count, so two pings at once cannot both take the last one.
   */
  private admitPing(playerId: string, webhookId: string): void {
    const exhausted = [
      { limit: PING_LIMITS.perWebhook, state: this.pingsPerWebhook.peek(webhookId), per: 'webhook' },
      { limit: PING_LIMITS.perPlayer, state: this.pingsPerPlayer.peek(playerId), per: 'player' },
    ].filter(({ state }) => state.remaining === 0);
    if (exhausted.length > 0) {
      const retryAfter = Math.max(...exhausted.map(({ state }) => state.resetSeconds));
      const { limit, per } = exhausted[0]!;
      throw withStatus(
        new ApiError(
          'RATE_LIMITED',
          `too many test pings: at most ${limit.requests} per ${per} every ${limit.windowSeconds / 60} minutes; ` +
            `try again in ${retryAfter} s`,
          { retryAfter },
        ),
        429,
        { 'Retry-After': String(retryAfter) },
      );
    }
    this.pingsPerWebhook.take(webhookId);
    this.pingsPerPlayer.take(playerId);
  }

  private async owned(playerId: string, webhookId: string): Promise<void> {
    if (!isUuid(webhookId)) throw notFound();
    const found = await this.prisma.webhook.findFirst({
      where: { id: webhookId, playerId },
      select: { id: true },
    });
    if (found === null) throw notFound();
  }
}

/** Someone else's webhook is as unknown as one that does not exist. */
function notFound(): ApiError {
  return new ApiError('NOT_FOUND', 'no such webhook');
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
