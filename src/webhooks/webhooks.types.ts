import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { PlayerEventKind } from '../notifications/player-events.types';
import { PageInfoType } from '../graphql/page-info';
import { listEnum, sameNames } from '../graphql/list-enum';
import {
  ATTEMPT_ERRORS,
  DELIVERY_KINDS,
  DELIVERY_STATUSES,
  DURATION_STEP_MS,
  MAX_ATTEMPTS,
} from './webhook-policy';

export const WebhookEventKind = listEnum(DELIVERY_KINDS, sameNames(DELIVERY_KINDS), {
  name: 'WebhookEventKind',
  description:
    'What a webhook delivery carries: a player event (PlayerEventKind), or a ping from testWebhook.',
  values: {
    YOUR_TURN: { description: 'A game is waiting for your move.' },
    GAME_STARTED: { description: 'A game you sit in was dealt.' },
    GAME_OVER: { description: 'A game you sit in finished or was aborted.' },
    CHALLENGE_RECEIVED: { description: 'Someone created a game inviting you.' },
    REMINDER: { description: '80 % of your turn’s time is used up.' },
    GAME_UNRATED: { description: 'A rated game you sit in was made unrated.' },
    PING: { description: 'A test delivery asked for with testWebhook (no game).' },
  },
});
export type WebhookEventKind = (typeof DELIVERY_KINDS)[number];

export const WebhookDeliveryStatus = listEnum(DELIVERY_STATUSES, sameNames(DELIVERY_STATUSES), {
  name: 'WebhookDeliveryStatus',
  description: 'Where a webhook delivery stands.',
  values: {
    PENDING: {
      description: 'Not delivered yet: being sent, or waiting for its next attempt (nextAttemptAt).',
    },
    SUCCEEDED: { description: 'The receiver answered with a 2xx status.' },
    FAILED: { description: `Given up after ${MAX_ATTEMPTS} attempts without a 2xx answer.` },
  },
});
export type WebhookDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

@ObjectType('Webhook', {
  description: 'A URL your events are POSTed to, signed with your secret (which is never shown again).',
})
export class WebhookType {
  @Field(() => ID, { description: 'Stable id (deleteWebhook, webhookDeliveries, testWebhook).' })
  id!: string;

  @Field({ description: 'Where the events are POSTed.' })
  url!: string;

  @Field(() => [PlayerEventKind], { description: 'The kinds of your events delivered here.' })
  events!: PlayerEventKind[];

  @Field({ description: 'When it was registered.' })
  createdAt!: Date;
}

@ObjectType('WebhookAttempt', { description: 'One attempt at a delivery, in the delivery log.' })
export class WebhookAttemptType {
  @Field(() => Int, { description: 'The attempt’s number, from 1.' })
  number!: number;

  @Field({ description: 'When it was sent (the time in its x-malice-timestamp header).' })
  attemptedAt!: Date;

  @Field(() => Int, { nullable: true, description: 'The HTTP status of the answer; null when none came.' })
  statusCode!: number | null;

  @Field(() => String, {
    nullable: true,
    description: `Why no answer came, as one of ${ATTEMPT_ERRORS.join(', ')} (nothing more precise); null when one did.`,
  })
  error!: string | null;

  @Field(() => Int, {
    description: `How long it took, in milliseconds, rounded to ${DURATION_STEP_MS} ms; 0 when it was refused before anything was sent.`,
  })
  durationMs!: number;

  @Field({ description: 'True when the answer was a 2xx status (the delivery succeeded).' })
  succeeded!: boolean;
}

@ObjectType('WebhookDelivery', { description: 'One event (or ping) sent to one webhook, with its attempts.' })
export class WebhookDeliveryType {
  @Field(() => ID, { description: 'The delivery’s id: the x-malice-delivery header.' })
  id!: string;

  @Field(() => ID, {
    description:
      'The x-malice-event-id header and the body’s id: the player event’s id (PlayerEvent.id), or ping-<delivery id>.',
  })
  eventId!: string;

  @Field(() => WebhookEventKind, { description: 'What it carries: the x-malice-event header.' })
  kind!: WebhookEventKind;

  @Field(() => ID, { nullable: true, description: 'The game the event is about, if any.' })
  gameId!: string | null;

  @Field(() => WebhookDeliveryStatus, { description: 'Delivered, still trying, or given up.' })
  status!: WebhookDeliveryStatus;

  @Field(() => Int, { description: `Attempts made so far (at most ${MAX_ATTEMPTS}); one may be in flight.` })
  attemptCount!: number;

  @Field(() => Date, {
    nullable: true,
    description: 'When the next attempt is due (PENDING only); null once SUCCEEDED or FAILED.',
  })
  nextAttemptAt!: Date | null;

  @Field({ description: 'When the event happened (the body’s createdAt).' })
  createdAt!: Date;

  @Field(() => [WebhookAttemptType], { description: 'The attempts that came back, in order.' })
  attempts!: WebhookAttemptType[];
}

@ObjectType('WebhookDeliveryEdge', { description: 'A delivery in a webhook’s log, with its cursor.' })
export class WebhookDeliveryEdgeType {
  @Field({ description: 'Pass as `after` to continue after this delivery (it is the delivery’s id).' })
  cursor!: string;
  @Field(() => WebhookDeliveryType, { description: 'The delivery.' }) node!: WebhookDeliveryType;
}

@ObjectType('WebhookDeliveryConnection', { description: 'A page of a webhook’s delivery log, newest first.' })
export class WebhookDeliveryConnectionType {
  @Field(() => [WebhookDeliveryEdgeType], { description: 'The deliveries of this page.' })
  edges!: WebhookDeliveryEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}
