import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { listEnum, sameNames } from '../graphql/list-enum';
import { PageInfoType } from '../graphql/page-info';
import { PLAYER_EVENT_KINDS } from './player-event-kinds';

export const PlayerEventKind = listEnum(PLAYER_EVENT_KINDS, sameNames(PLAYER_EVENT_KINDS), {
  name: 'PlayerEventKind',
  description: 'What happened to a player.',
  values: {
    YOUR_TURN: { description: 'A game is waiting for your move.' },
    GAME_STARTED: { description: 'A game you sit in was dealt.' },
    GAME_OVER: { description: 'A game you sit in finished or was aborted.' },
    CHALLENGE_RECEIVED: { description: 'Someone created a game inviting you (accept with joinGame).' },
    REMINDER: { description: '80 % of your turn’s time is used up.' },
    GAME_UNRATED: {
      description: 'A rated game you sit in was made unrated (Game.unratedReason says why).',
    },
  },
});
export type PlayerEventKind = (typeof PLAYER_EVENT_KINDS)[number];

@ObjectType('PlayerEvent', {
  description:
    'Something that happened to the signed-in player: pushed by myEvents, listed by playerEvents, sent to webhooks.',
})
export class PlayerEventType {
  @Field(() => ID, { description: 'The event id: increasing; the same id a webhook delivery carries.' })
  id!: string;
  @Field(() => PlayerEventKind, { description: 'What happened.' }) kind!: PlayerEventKind;
  @Field(() => ID, { nullable: true, description: 'The game it is about.' }) gameId!: string | null;
  // `game`, that game as the viewer may see it, is added by the games module, which sits above this one
  // (src/games/api/player-event-game.resolver.ts; docs/architecture.md, "Layout of a module").
  @Field({ description: 'When it happened.' }) createdAt!: Date;
}

@ObjectType('PlayerEventEdge', { description: 'A player event in a list, with its cursor.' })
export class PlayerEventEdgeType {
  @Field({ description: 'Pass as `after` to continue after this event (it is the event’s id).' })
  cursor!: string;
  @Field(() => PlayerEventType, { description: 'The event.' }) node!: PlayerEventType;
}

@ObjectType('PlayerEventConnection', { description: 'A page of your events, oldest first.' })
export class PlayerEventConnectionType {
  @Field(() => [PlayerEventEdgeType], { description: 'The events of this page.' })
  edges!: PlayerEventEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}

@ObjectType('Dashboard', { description: 'Counts for a player’s start page.' })
export class DashboardType {
  @Field(() => Int, { description: 'Active games where it is your turn.' }) myTurn!: number;
  @Field(() => Int, { description: 'Active games where someone else is to move.' }) opponentsTurn!: number;
  @Field(() => Int, { description: 'Games you created or joined that wait for more players.' })
  waitingForPlayers!: number;
  @Field(() => Int, { description: 'Waiting games that invite you (challenges to accept or decline).' })
  invitations!: number;
  @Field(() => Date, { nullable: true, description: 'The earliest deadline among your turns, if any.' })
  nextDeadline!: Date | null;
  @Field(() => Int, {
    description: 'Your events not yet marked read (markEventsRead), counted up to 100: show "99+" beyond.',
  })
  unreadEvents!: number;
}

@ObjectType('NotificationCentre', {
  description: 'Your latest events, newest first, and which of them you have read (markEventsRead).',
})
export class NotificationCentreType {
  @Field(() => [PlayerEventType], { description: 'Your latest events, newest first.' })
  events!: PlayerEventType[];
  @Field(() => String, {
    nullable: true,
    description: 'Events with an id up to this one are read (ids compare as numbers); null: none is.',
  })
  readUpTo!: string | null;
  @Field(() => Int, { description: 'How many events are unread, counted up to 100.' })
  unread!: number;
}
