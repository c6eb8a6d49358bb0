/**
 * Chat over GraphQL (docs/api/social-chat-tournaments.md#chat, docs/social.md#chat): thin; ChatService
 * decides and writes.
 */
import { Args, Context, ID, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { requirePlayer, requireReadable } from '../auth/auth.service';
import { AccessGate } from '../auth/access-gate';
import type { RequestContext } from '../auth/viewer';
import { withRelease } from '../common/async-iterators';
import { ApiError } from '../errors/api-error';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSize } from '../graphql/page-size';
import { requireAdmin } from '../moderation/moderation.resolver';
import type { ChatMessageRecord, ChatReportRecord } from './chat.repository';
import { ChatService } from './chat.service';
import {
  ChatMessageType,
  ChatReportInput,
  ChatReportType,
  ChatRoomEnum,
  ChatRoomPageType,
  GameNoteType,
  QuickPhraseEnum,
} from './chat.types';
import {
  MAX_CHAT_PAGE,
  MAX_MESSAGE_LENGTH,
  MAX_NOTE_LENGTH,
  MESSAGES_PER_WINDOW,
  MESSAGE_WINDOW_SECONDS,
  type ChatRoom,
  type QuickPhrase,
} from './domain/chat-policy';

const GAME_ID = { type: () => ID, description: 'The game’s id.' } as const;
const ROOM = { type: () => ChatRoomEnum, description: 'The room.' } as const;
const REASON = { description: 'Why (1–500 characters): kept in the audit log.' } as const;

@Resolver()
export class ChatResolver {
  constructor(
    private readonly chat: ChatService,
    private readonly gate: AccessGate,
  ) {}

  @Mutation(() => ChatMessageType, {
    description:
      'Write to a game’s chat room: `text` (plain text, at most ' +
      `${MAX_MESSAGE_LENGTH} characters) or a quick \`phrase\`, not both. The players write in PLAYERS; everyone ` +
      'else signed in writes in SPECTATORS (the players only once the game is over). BLOCKED in the players’ room ' +
      'when a block stands between the players; CHAT_RESTRICTED when a moderator restricted you; guests send ' +
      `quick phrases only (GUEST_NOT_ALLOWED); RATE_LIMITED past ${MESSAGES_PER_WINDOW} messages in ` +
      `${MESSAGE_WINDOW_SECONDS} s. Needs GAME_PLAY.`,
  })
  async sendChatMessage(
    @Context() context: RequestContext,
    @Args('gameId', GAME_ID) gameId: string,
    @Args('room', ROOM) room: ChatRoom,
    @Args('text', { type: () => String, nullable: true, description: 'Plain text.' }) text: string | null,
    @Args('phrase', { type: () => QuickPhraseEnum, nullable: true, description: 'A quick phrase.' })
    phrase: QuickPhrase | null,
  ): Promise<ChatMessageType> {
    requirePlayer(context.viewer, 'game:play');
    return toMessage(await this.chat.send(context.viewer, gameId, room, text ?? null, phrase ?? null));
  }

  @Query(() => ChatRoomPageType, {
    description:
      'A page of a game’s chat room, oldest first (the newest page unless `before` is given). The players’ room is ' +
      'its players’ only; the spectators’ room is everyone’s but the players’ while the game runs (FORBIDDEN).',
  })
  async gameChat(
    @Context() context: RequestContext,
    @Args('gameId', GAME_ID) gameId: string,
    @Args('room', ROOM) room: ChatRoom,
    @Args('before', { type: () => ID, nullable: true, description: 'Only messages older than this id.' })
    before: string | null,
    @Args('last', {
      type: () => Int,
      nullable: true,
      description: `How many of the newest, 1–${MAX_CHAT_PAGE} (default 50).`,
    })
    last: number | null,
  ): Promise<ChatRoomPageType> {
    requireReadable(context.viewer);
    const size = last ?? 50;
    if (!Number.isInteger(size) || size < 1 || size > MAX_CHAT_PAGE) {
      throw new ApiError('BAD_USER_INPUT', `last must be 1–${MAX_CHAT_PAGE}`, { field: 'last' });
    }
    if (before !== null && before !== undefined && !/^[0-9]{1,18}$/.test(before)) {
      throw new ApiError('BAD_USER_INPUT', 'before is a message id', { field: 'before' });
    }
    const view = await this.chat.read(context.viewer, gameId, room, size, before ?? null);
    return {
      gameId: view.gameId,
      room: view.room,
      muted: view.muted,
      messages: view.messages.map(toMessage),
    };
  }

  @Subscription(() => ChatMessageType, {
    description:
      'The messages written in a game’s rooms from now on that you may read (and a message once a moderator hides ' +
      'it, with `hidden` true), leaving out those of a game you muted and of players you block. Read the room with ' +
      '`gameChat` first, and again after a reconnection. Over graphql-ws; as NDJSON at /api/stream/game/{id}/chat.',
    resolve: (payload: ChatMessageRecord | undefined): ChatMessageType => {
      if (payload === undefined) {
        throw new ApiError(
          'BAD_USER_INPUT',
          'subscriptions are served over graphql-ws: open a WebSocket on the /graphql path',
        );
      }
      return toMessage(payload);
    },
  })
  async chatMessages(
    @Context() context: RequestContext,
    @Args('gameId', GAME_ID) gameId: string,
  ): Promise<AsyncIterableIterator<ChatMessageRecord>> {
    requireReadable(context.viewer);
    const release = this.gate.watchGame(context.viewer, gameId);
    try {
      return withRelease(await this.chat.subscribe(context.viewer, gameId), release);
    } catch (error) {
      release();
      throw error;
    }
  }

  @Mutation(() => Boolean, {
    description:
      'Mute (or unmute) a game’s chat for yourself: its rooms show you nothing. Answers the new setting.',
  })
  async muteGameChat(
    @Context() context: RequestContext,
    @Args('gameId', GAME_ID) gameId: string,
    @Args('muted', { description: 'True to mute, false to hear it again.' }) muted: boolean,
  ): Promise<boolean> {
    return this.chat.mute(requirePlayer(context.viewer, 'game:play').id, gameId, muted);
  }

  @Query(() => GameNoteType, {
    nullable: true,
    description: 'Your private note on a game; null when you have none.',
  })
  async gameNote(
    @Context() context: RequestContext,
    @Args('gameId', GAME_ID) gameId: string,
  ): Promise<GameNoteType | null> {
    const note = await this.chat.note(requirePlayer(context.viewer, 'game:read').id, gameId);
    return note === null ? null : { gameId, ...note };
  }

  @Mutation(() => GameNoteType, {
    nullable: true,
    description: `Write your private note on a game (at most ${MAX_NOTE_LENGTH} characters); an empty text removes it (null).`,
  })
  async setGameNote(
    @Context() context: RequestContext,
    @Args('gameId', GAME_ID) gameId: string,
    @Args('text', { description: 'The note.' }) text: string,
  ): Promise<GameNoteType | null> {
    const note = await this.chat.setNote(requirePlayer(context.viewer, 'game:play').id, gameId, text);
    return note === null ? null : { gameId, ...note };
  }

  @Mutation(() => ID, {
    description:
      'Report a chat message (one you can read) or a player to the moderators: the message and the room before it ' +
      'are kept with the report as they are now. OUTSIDE_HELP only about a rated game. At most 20 reports a day ' +
      '(RATE_LIMITED), once per message. Answers the report’s id. Needs GAME_PLAY.',
  })
  async reportChat(
    @Context() context: RequestContext,
    @Args('input', { type: () => ChatReportInput, description: 'What is reported.' }) input: ChatReportInput,
  ): Promise<string> {
    requirePlayer(context.viewer, 'game:play');
    return this.chat.report(context.viewer, {
      messageId: input.messageId ?? null,
      username: input.username ?? null,
      gameId: input.gameId ?? null,
      category: input.category,
      details: input.details ?? null,
    });
  }

  @Query(() => [ChatReportType], {
    description:
      'Admin: the chat reports — open ones oldest first (the queue), or resolved ones newest first. Needs an ADMIN token.',
  })
  async adminChatReports(
    @Context() context: RequestContext,
    @Args('open', { defaultValue: true, description: 'Open reports (true) or resolved ones (false).' })
    open: boolean,
    @Args('after', {
      type: () => ID,
      nullable: true,
      description: 'The last report id of the previous page.',
    })
    after: string | null,
    @Args('first', {
      type: () => Int,
      nullable: true,
      description: `Page size, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
    })
    first: number | null,
  ): Promise<ChatReportType[]> {
    requireAdmin(context.viewer);
    const size = pageSize(first);
    if (after !== null && after !== undefined && !/^[0-9]{1,18}$/.test(after)) {
      throw new ApiError('BAD_USER_INPUT', 'after is a report id', { field: 'after' });
    }
    return (await this.chat.reports(open, size, after ?? null)).map(toReport);
  }

  @Mutation(() => ChatMessageType, {
    description:
      'Admin: hide a chat message from everyone (its open reports are resolved MESSAGE_HIDDEN); audited. Needs an ADMIN token.',
  })
  async adminHideChatMessage(
    @Context() context: RequestContext,
    @Args('messageId', { type: () => ID, description: 'The message’s id.' }) messageId: string,
    @Args('reason', REASON) reason: string,
  ): Promise<ChatMessageType> {
    return toMessage(await this.chat.hideMessage(requireAdmin(context.viewer), messageId, reason));
  }

  @Mutation(() => Date, {
    nullable: true,
    description:
      'Admin: restrict a player from chatting for `days` days, or for good (days null; answers null, else when it ' +
      'ends); their open reports are resolved PLAYER_RESTRICTED; audited. Needs an ADMIN token.',
  })
  async adminRestrictChat(
    @Context() context: RequestContext,
    @Args('username', { description: 'The player’s username (any case).' }) username: string,
    @Args('days', { type: () => Int, nullable: true, description: '1–3650, or null for good.' })
    days: number | null,
    @Args('reason', REASON) reason: string,
  ): Promise<Date | null> {
    return this.chat.restrict(requireAdmin(context.viewer), username, days ?? null, reason);
  }

  @Mutation(() => Boolean, {
    description:
      'Admin: lift a player’s chat restriction; false when there was none. Audited. Needs an ADMIN token.',
  })
  async adminUnrestrictChat(
    @Context() context: RequestContext,
    @Args('username', { description: 'The player’s username (any case).' }) username: string,
    @Args('reason', REASON) reason: string,
  ): Promise<boolean> {
    return this.chat.unrestrict(requireAdmin(context.viewer), username, reason);
  }

  @Mutation(() => Boolean, {
    description:
      'Admin: close a report with no action; false when it was closed already. Audited. Needs an ADMIN token.',
  })
  async adminDismissChatReport(
    @Context() context: RequestContext,
    @Args('reportId', { type: () => ID, description: 'The report’s id.' }) reportId: string,
    @Args('reason', REASON) reason: string,
  ): Promise<boolean> {
    return this.chat.dismissReport(requireAdmin(context.viewer), reportId, reason);
  }
}

function toMessage(message: ChatMessageRecord): ChatMessageType {
  const hidden = message.hiddenAt !== null;
  return {
    id: message.id,
    gameId: message.gameId,
    room: message.room,
    author: message.authorName,
    text: hidden ? null : message.text,
    phrase: hidden ? null : message.phrase,
    createdAt: message.createdAt,
    hidden,
  };
}

function toReport(report: ChatReportRecord): ChatReportType {
  return {
    id: report.id,
    reporter: report.reporterName,
    reported: report.reportedName,
    messageId: report.messageId,
    gameId: report.gameId,
    category: report.category,
    details: report.details,
    context: [...report.context],
    createdAt: report.createdAt,
    resolvedAt: report.resolvedAt,
    resolution: report.resolution,
  };
}
