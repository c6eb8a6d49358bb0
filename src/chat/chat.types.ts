/**
 * The chat's GraphQL types (docs/api/social-chat-tournaments.md#chat, docs/social.md#chat).
 */
import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { listEnum, sameNames } from '../graphql/list-enum';
import {
  CHAT_ROOMS,
  QUICK_PHRASES,
  QUICK_PHRASE_WORDS,
  REPORT_CATEGORIES,
  REPORT_RESOLUTIONS,
} from './domain/chat-policy';

export const ChatRoomEnum = listEnum(CHAT_ROOMS, sameNames(CHAT_ROOMS), {
  name: 'ChatRoom',
  description: 'A game’s chat room (docs/social.md#chat).',
  values: {
    PLAYERS: {
      description: 'The players’ room: the game’s seated players only, during the game and after.',
    },
    SPECTATORS: {
      description:
        'The spectators’ room: everyone else signed in; the players read it only once the game is over.',
    },
  },
});

export const QuickPhraseEnum = listEnum(QUICK_PHRASES, sameNames(QUICK_PHRASES), {
  name: 'QuickPhrase',
  description:
    'A quick phrase, sent as its id and shown in each reader’s own language (the English words are given here).',
  values: Object.fromEntries(
    QUICK_PHRASES.map((phrase) => [phrase, { description: `“${QUICK_PHRASE_WORDS[phrase]}”` }]),
  ) as { readonly [K in (typeof QUICK_PHRASES)[number]]: { readonly description: string } },
});

export const ReportCategoryEnum = listEnum(REPORT_CATEGORIES, sameNames(REPORT_CATEGORIES), {
  name: 'ReportCategory',
  description: 'What a report is about.',
  values: {
    ABUSE: { description: 'Insults, threats, hate or harassment.' },
    SPAM: { description: 'Advertising, flooding, links to elsewhere.' },
    OUTSIDE_HELP: {
      description: 'Help from a program or another person during a rated game (rated games only).',
    },
    OTHER: { description: 'Anything else: say what in the details.' },
  },
});

export const ReportResolutionEnum = listEnum(REPORT_RESOLUTIONS, sameNames(REPORT_RESOLUTIONS), {
  name: 'ReportResolution',
  description: 'What a moderator did with a report.',
  values: {
    DISMISSED: { description: 'Nothing to act on.' },
    MESSAGE_HIDDEN: { description: 'The reported message was hidden.' },
    PLAYER_RESTRICTED: { description: 'The reported player was restricted from chatting.' },
  },
});

@ObjectType('ChatMessage', { description: 'A message in a game’s chat room.' })
export class ChatMessageType {
  @Field(() => ID, { description: 'The message’s id (increasing: newer messages have larger ids).' })
  id!: string;

  @Field(() => ID, { description: 'The game’s id.' })
  gameId!: string;

  @Field(() => ChatRoomEnum, { description: 'Its room.' })
  room!: (typeof CHAT_ROOMS)[number];

  @Field({ description: 'Its author’s username.' })
  author!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'What was written, as plain text (never HTML: show it as text, links included); null for a quick phrase ' +
      'and for a hidden message.',
  })
  text!: string | null;

  @Field(() => QuickPhraseEnum, {
    nullable: true,
    description:
      'The quick phrase sent, to show in the reader’s language; null for text and for a hidden message.',
  })
  phrase!: (typeof QUICK_PHRASES)[number] | null;

  @Field({ description: 'When it was written.' })
  createdAt!: Date;

  @Field({
    description:
      'A moderator hid it: its content is gone for everyone. Pushed once when that happens, so open rooms drop it.',
  })
  hidden!: boolean;
}

@ObjectType('ChatRoomPage', { description: 'A page of a chat room, oldest message first.' })
export class ChatRoomPageType {
  @Field(() => ID, { description: 'The game’s id.' })
  gameId!: string;

  @Field(() => ChatRoomEnum, { description: 'The room.' })
  room!: (typeof CHAT_ROOMS)[number];

  @Field({ description: 'You muted this game’s chat (muteGameChat): no messages are given.' })
  muted!: boolean;

  @Field(() => [ChatMessageType], {
    description:
      'The messages, oldest first, without hidden ones and without those of players you block. For older ones, ' +
      'ask again with `before` set to the first id.',
  })
  messages!: ChatMessageType[];
}

@ObjectType('GameNote', { description: 'Your private note on a game: nobody else ever sees it.' })
export class GameNoteType {
  @Field(() => ID, { description: 'The game’s id.' })
  gameId!: string;

  @Field({ description: 'The note.' })
  text!: string;

  @Field({ description: 'When it was last changed.' })
  updatedAt!: Date;
}

@InputType('ChatReportInput', { description: 'A report of a chat message or of a player.' })
export class ChatReportInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The message reported (one you can read); or give username.',
  })
  messageId?: string | null;

  @Field(() => String, { nullable: true, description: 'The player reported; or give messageId.' })
  username?: string | null;

  @Field(() => ID, { nullable: true, description: 'The game a player report is about (optional).' })
  gameId?: string | null;

  @Field(() => ReportCategoryEnum, { description: 'What it is about.' })
  category!: (typeof REPORT_CATEGORIES)[number];

  @Field(() => String, {
    nullable: true,
    description: 'What happened, for the moderators (at most 1000 characters).',
  })
  details?: string | null;
}

@ObjectType('ChatReportContextLine', { description: 'One message as a report keeps it.' })
export class ChatReportContextLineType {
  @Field(() => ID, { description: 'The message’s id.' }) id!: string;
  @Field({ description: 'Its author’s username when it was reported.' }) author!: string;
  @Field(() => String, { nullable: true, description: 'Its text (null for a quick phrase).' }) text!:
    string | null;
  @Field(() => String, { nullable: true, description: 'Its quick phrase (null for text).' }) phrase!:
    string | null;
  @Field({ description: 'When it was written (ISO 8601).' }) at!: string;
}

@ObjectType('ChatReport', {
  description: 'A report in the moderators’ queue (docs/operations.md#moderation).',
})
export class ChatReportType {
  @Field(() => ID, { description: 'The report’s id.' }) id!: string;
  @Field(() => String, { nullable: true, description: 'Who reported (null once their account is deleted).' })
  reporter!: string | null;
  @Field({ description: 'Who was reported.' }) reported!: string;
  @Field(() => ID, { nullable: true, description: 'The message reported, if one was.' }) messageId!:
    string | null;
  @Field(() => ID, { nullable: true, description: 'The game it is about, if any.' }) gameId!: string | null;
  @Field(() => ReportCategoryEnum, { description: 'What it is about.' })
  category!: (typeof REPORT_CATEGORIES)[number];
  @Field(() => String, { nullable: true, description: 'The reporter’s words.' }) details!: string | null;
  @Field(() => [ChatReportContextLineType], {
    description:
      'The reported message and the messages before it in its room, as they were when it was reported.',
  })
  context!: ChatReportContextLineType[];
  @Field({ description: 'When it was filed.' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When a moderator resolved it; null while open.' })
  resolvedAt!: Date | null;
  @Field(() => ReportResolutionEnum, { nullable: true, description: 'What was done; null while open.' })
  resolution!: (typeof REPORT_RESOLUTIONS)[number] | null;
}
