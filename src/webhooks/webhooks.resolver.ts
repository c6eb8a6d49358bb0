/**
 * Webhooks over GraphQL (docs/correspondence.md#webhooks). Managed with a session token or an API token with game:play: a bot that
 * plays may also register where its turns are announced (a read-only token may not change anything).
 */
import { Args, Context, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { requirePlayer } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { PlayerEventKind } from '../notifications/player-events.types';
import { refuseGuest } from '../auth/guest-refusals';
import {
  MAX_ATTEMPTS,
  MAX_SECRET_LENGTH,
  MAX_WEBHOOKS_PER_PLAYER,
  MIN_SECRET_LENGTH,
  isSuccess,
} from './webhook-policy';
import { pageInfoOf } from '../graphql/page-info';
import { AFTER_ARG } from '../graphql/page-size';
import {
  WebhookAttemptType,
  WebhookDeliveryConnectionType,
  WebhookDeliveryStatus,
  WebhookDeliveryType,
  WebhookEventKind,
  WebhookType,
} from './webhooks.types';
import {
  AttemptInfo,
  DeliveryInfo,
  MAX_DELIVERIES_PAGE,
  WebhookInfo,
  WebhooksService,
} from './webhooks.service';

@Resolver(() => WebhookType)
export class WebhooksResolver {
  constructor(private readonly service: WebhooksService) {}

  @Mutation(() => WebhookType, {
    description: `Register a URL your events are POSTed to, signed with HMAC-SHA256 and your secret; retried up to ${MAX_ATTEMPTS} times until answered with a 2xx. At most ${MAX_WEBHOOKS_PER_PLAYER} per player. Needs GAME_PLAY.`,
  })
  async createWebhook(
    @Context() context: RequestContext,
    @Args('url', { description: 'An absolute http:// or https:// URL (no user name or password in it).' })
    url: string,
    @Args('secret', {
      description: `${MIN_SECRET_LENGTH}–${MAX_SECRET_LENGTH} characters, used to sign every request. Keep it: it is never shown again.`,
    })
    secret: string,
    @Args('events', {
      type: () => [PlayerEventKind],
      nullable: true,
      description: 'The kinds of your events to deliver (default: all of them).',
    })
    events: PlayerEventKind[] | null,
  ): Promise<WebhookType> {
    const player = requirePlayer(context.viewer, 'game:play');
    refuseGuest(player, 'webhook');
    return toWebhook(await this.service.create(player.id, { url, secret, events: events ?? null }));
  }

  @Query(() => [WebhookType], { description: 'Your webhooks, oldest first (never their secrets).' })
  async webhooks(@Context() context: RequestContext): Promise<WebhookType[]> {
    const player = requirePlayer(context.viewer, 'game:play');
    return (await this.service.list(player.id)).map(toWebhook);
  }

  @Mutation(() => Boolean, {
    description:
      'Delete one of your webhooks, with its pending deliveries and its delivery log. Needs GAME_PLAY.',
  })
  async deleteWebhook(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The webhook’s id.' }) id: string,
  ): Promise<boolean> {
    return this.service.delete(requirePlayer(context.viewer, 'game:play').id, id);
  }

  @Query(() => WebhookDeliveryConnectionType, {
    description:
      'The delivery log of one of your webhooks: its deliveries, newest first, each with its attempts, with cursor pagination.',
  })
  async webhookDeliveries(
    @Context() context: RequestContext,
    @Args('webhookId', { type: () => ID, description: 'The webhook’s id.' }) webhookId: string,
    @Args('first', {
      type: () => Int,
      nullable: true,
      description: `How many, 1–${MAX_DELIVERIES_PAGE} (default 20).`,
    })
    first: number | null,
    @Args('after', AFTER_ARG)
    after: string | null,
  ): Promise<WebhookDeliveryConnectionType> {
    const player = requirePlayer(context.viewer, 'game:play');
    const page = await this.service.deliveries(player.id, webhookId, first, after ?? null);
    return {
      edges: page.deliveries.map((delivery) => ({ cursor: delivery.id, node: toDelivery(delivery) })),
      pageInfo: pageInfoOf(
        page.deliveries.map((delivery) => delivery.id),
        page.hasNextPage,
        after,
      ),
    };
  }

  @Mutation(() => WebhookDeliveryType, {
    description:
      'Send a PING delivery to one of your webhooks now, to check the receiver and its signature check. Needs GAME_PLAY.',
  })
  async testWebhook(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The webhook’s id.' }) id: string,
  ): Promise<WebhookDeliveryType> {
    return toDelivery(await this.service.ping(requirePlayer(context.viewer, 'game:play').id, id));
  }
}

function toWebhook(webhook: WebhookInfo): WebhookType {
  return { ...webhook, events: webhook.events.map((kind) => PlayerEventKind[kind]) };
}

function toDelivery(delivery: DeliveryInfo): WebhookDeliveryType {
  return {
    ...delivery,
    kind: WebhookEventKind[delivery.kind],
    status: WebhookDeliveryStatus[delivery.status],
    attempts: delivery.attempts.map(toAttempt),
  };
}

function toAttempt(attempt: AttemptInfo): WebhookAttemptType {
  return {
    ...attempt,
    succeeded: attempt.statusCode !== null && isSuccess(attempt.statusCode),
  };
}
