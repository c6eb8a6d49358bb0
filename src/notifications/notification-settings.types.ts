import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { listEnum } from '../graphql/list-enum';
import { MESSAGE_LANGUAGES, type MessageLanguage } from './notification-settings';
import { PlayerEventKind } from './player-events.types';

export const MessageLanguageEnum = listEnum(
  MESSAGE_LANGUAGES,
  { en: 'EN', sv: 'SV', ru: 'RU' },
  {
    name: 'MessageLanguage',
    description: 'The language your notifications are written in.',
    values: {
      en: { description: 'English.' },
      sv: { description: 'Swedish.' },
      ru: { description: 'Russian.' },
    },
  },
);

@ObjectType('QuietHours', {
  description: 'Hours when pushes wait (except a deadline reminder whose deadline falls inside them).',
})
export class QuietHoursType {
  @Field(() => Int, { description: 'Start, in minutes after midnight in your time zone (0–1439).' })
  from!: number;
  @Field(() => Int, { description: 'End (exclusive), minutes after midnight; before `from`: past midnight.' })
  to!: number;
}

@InputType('QuietHoursInput', { description: 'Quiet hours, in minutes after midnight in your time zone.' })
export class QuietHoursInput {
  @Field(() => Int, { description: 'Start (0–1439).' })
  from!: number;
  @Field(() => Int, {
    description: 'End, exclusive (0–1439, not equal to from; before from: past midnight).',
  })
  to!: number;
}

@ObjectType('NotificationSettings', {
  description: 'How you are told of what happens in your games (docs/correspondence.md#preferences).',
})
export class NotificationSettingsType {
  @Field({ description: 'Your IANA time zone (Europe/Stockholm): quiet hours are in it.' })
  timeZone!: string;
  @Field(() => MessageLanguageEnum, { description: 'The language of pushes.' })
  language!: MessageLanguage;
  @Field(() => QuietHoursType, { nullable: true, description: 'Quiet hours; null: none.' })
  quietHours!: QuietHoursType | null;
  @Field(() => [PlayerEventKind], {
    description: 'The kinds the web client shows as notifications in the page.',
  })
  pageKinds!: PlayerEventKind[];
  @Field({ description: 'Whether pageKinds are the defaults (they follow the defaults as these change).' })
  pageKindsDefault!: boolean;
  @Field(() => [PlayerEventKind], { description: 'The kinds pushed to your devices (pushSubscriptions).' })
  pushKinds!: PlayerEventKind[];
  @Field({ description: 'Whether pushKinds are the defaults.' })
  pushKindsDefault!: boolean;
  @Field(() => [PlayerEventKind], {
    description:
      'The kinds mailed to your verified address, one mail each (your turn: at most one a game in 12 hours).',
  })
  mailKinds!: PlayerEventKind[];
  @Field({ description: 'Whether mailKinds are the defaults (none: the digest is mail enough).' })
  mailKindsDefault!: boolean;
  @Field(() => Int, {
    nullable: true,
    description:
      'When the daily digest of games awaiting your move is mailed, in minutes after midnight in your time zone ' +
      '(sent only when there is one); null: no digest.',
  })
  digestMinute!: number | null;
}
