/**
 * Web Push over GraphQL (docs/correspondence.md#web-push): the key to subscribe with, and a player's devices.
 * Devices are managed with a session token (a device is a signed-in browser).
 */
import { Args, Context, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { requireSession } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { MAX_ENDPOINT_LENGTH, MAX_SUBSCRIPTIONS } from './push-policy';
import type { StoredSubscription } from './push.repository';
import { PushService } from './push.service';
import { PushSubscriptionType, WebPushType } from './push.types';

const ACTION = 'push subscriptions are managed';

@Resolver(() => PushSubscriptionType)
export class PushResolver {
  constructor(private readonly push: PushService) {}

  @Query(() => WebPushType, { description: 'What a browser needs to subscribe to Web Push. Anyone may ask.' })
  async webPush(): Promise<WebPushType> {
    return { publicKey: await this.push.publicKey() };
  }

  @Mutation(() => PushSubscriptionType, {
    description:
      'Get your notifications on this device by Web Push: pass what the browser’s pushManager.subscribe gave ' +
      `(PushSubscription.toJSON()). The same endpoint again updates it. At most ${MAX_SUBSCRIPTIONS} devices: ` +
      'beyond, the least recently used goes. Which kinds are pushed: notificationSettings. Needs a session token.',
  })
  async subscribePush(
    @Context() context: RequestContext,
    @Args('endpoint', {
      description: `The push service’s URL for this device (https, at most ${MAX_ENDPOINT_LENGTH} characters).`,
    })
    endpoint: string,
    @Args('p256dh', { description: 'keys.p256dh: the device’s P-256 public key, base64url.' }) p256dh: string,
    @Args('auth', { description: 'keys.auth: the 16-byte auth secret, base64url.' }) auth: string,
    @Args('userAgent', {
      type: () => String,
      nullable: true,
      description: 'navigator.userAgent, to name the device on your account page; only the name is kept.',
    })
    userAgent: string | null,
  ): Promise<PushSubscriptionType> {
    const player = requireSession(context, ACTION);
    const stored = await this.push.subscribe(
      player.id,
      context.viewer.tokenId!,
      { endpoint, p256dh, auth },
      userAgent,
    );
    return toSubscription(stored, context.viewer.tokenId);
  }

  @Query(() => [PushSubscriptionType], {
    description: 'Your devices that get notifications by Web Push, oldest first. Needs a session token.',
  })
  async pushSubscriptions(@Context() context: RequestContext): Promise<PushSubscriptionType[]> {
    const player = requireSession(context, ACTION);
    return (await this.push.list(player.id)).map((stored) => toSubscription(stored, context.viewer.tokenId));
  }

  @Mutation(() => Boolean, {
    description:
      'Stop Web Push to one of your devices (NOT_FOUND when it is not yours). Needs a session token.',
  })
  async unsubscribePush(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The subscription’s id.' }) id: string,
  ): Promise<boolean> {
    return this.push.unsubscribe(requireSession(context, ACTION).id, id);
  }

  @Mutation(() => Int, {
    description:
      'Send a test notification to each of your devices at once (quiet hours do not hold it); how many devices. ' +
      'A few every ten minutes (RATE_LIMITED beyond). Needs a session token.',
  })
  async testPush(@Context() context: RequestContext): Promise<number> {
    return this.push.test(requireSession(context, ACTION).id);
  }
}

function toSubscription(stored: StoredSubscription, sessionId: string | null): PushSubscriptionType {
  return {
    id: stored.id,
    device: stored.device,
    createdAt: stored.createdAt,
    lastUsedAt: stored.lastUsedAt,
    thisSession: stored.sessionId !== null && stored.sessionId === sessionId,
  };
}
