import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('WebPush', { description: 'What a browser needs to subscribe to Web Push from this server.' })
export class WebPushType {
  @Field({
    description:
      'The server’s VAPID public key (RFC 8292), base64url: pass it as applicationServerKey to pushManager.subscribe.',
  })
  publicKey!: string;
}

@ObjectType('PushSubscription', {
  description:
    'A device that gets your notifications by Web Push. It ends when you remove it, sign out on that device, or ' +
    'the push service says it is gone.',
})
export class PushSubscriptionType {
  @Field(() => ID, { description: 'Stable id (unsubscribePush).' })
  id!: string;

  @Field({ description: 'The browser and system, as its User-Agent named them ("Firefox on Linux").' })
  device!: string;

  @Field({ description: 'When it subscribed.' })
  createdAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When a push last reached its push service; null: never yet.',
  })
  lastUsedAt!: Date | null;

  @Field({ description: 'Whether this session subscribed it (the device you are asking from).' })
  thisSession!: boolean;
}
