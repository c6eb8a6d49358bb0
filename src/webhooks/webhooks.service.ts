/**
 * Registering webhooks and reading their delivery log (docs/correspondence.md#webhooks). Delivering is the worker's
 * (webhook-worker.ts); deliveries of events are queued with the events (src/webhooks/sql/webhook-outbox.ts), pings
 * here. The statements are src/webhooks/webhooks.repository.ts's.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { isUuid } from '../common/ids';
import { withStatus } from '../auth/access-gate';
import { ApiError } from '../errors/api-error';
import { RateLimiter } from '../http/rate-limiter';
import { WEBHOOK_NETWORK, type WebhookNetwork, checkWebhookDestination } from './webhook-destination';
import { WebhookWorker } from './webhook-worker';
import {
  MAX_WEBHOOKS_PER_PLAYER,
  PING_LIMITS,
  checkWebhookEvents,
  checkWebhookSecret,
  checkWebhookUrl,
} from './webhook-policy';
import { DeliveryInfo, WebhookInfo, WebhooksRepository } from './webhooks.repository';

export type { AttemptInfo, DeliveryInfo, WebhookInfo } from './webhooks.repository';

export const MAX_DELIVERIES_PAGE = 100;
const DEFAULT_DELIVERIES_PAGE = 20;

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
    private readonly webhooks: WebhooksRepository,
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
    // Counted under the player's lock (registrations of one player take turns), so that two at once cannot both
    // pass the limit.
    return this.webhooks.create(playerId, { url, secret, events, createdAt: this.clock.now() }, (count) =>
      count >= MAX_WEBHOOKS_PER_PLAYER
        ? new ApiError(
            'BAD_USER_INPUT',
            `at most ${MAX_WEBHOOKS_PER_PLAYER} webhooks per player: delete one first`,
          )
        : null,
    );
  }

  async list(playerId: string): Promise<WebhookInfo[]> {
    return this.webhooks.list(playerId);
  }

  /** Deletes the webhook with its pending deliveries and its log; an attempt in flight still completes. */
  async delete(playerId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) throw notFound();
    if (!(await this.webhooks.delete(playerId, id))) throw notFound();
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
    const rows = await this.webhooks.deliveries(webhookId, after === null ? null : BigInt(after), size + 1);
    return { deliveries: rows.slice(0, size), hasNextPage: rows.length > size };
  }

  /**
   * Queues a PING to the webhook and sends it at once: to check a receiver and its signature check. Within the ping
   * limits only (PING_LIMITS): one over them is refused with nothing queued.
   */
  async ping(playerId: string, webhookId: string): Promise<DeliveryInfo> {
    await this.owned(playerId, webhookId);
    this.admitPing(playerId, webhookId);
    const now = this.clock.now();
    const delivery = await this.webhooks.ping(webhookId, now);
    this.worker.wake();
    return delivery;
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
    if (!(await this.webhooks.owns(playerId, webhookId))) throw notFound();
  }
}

/** Someone else's webhook is as unknown as one that does not exist. */
function notFound(): ApiError {
  return new ApiError('NOT_FOUND', 'no such webhook');
}
