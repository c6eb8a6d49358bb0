/**
 * Chat around a game (docs/social.md#chat): the two rooms, quick phrases, private notes, muting, reports and the
 * moderators' actions. Who may do what is src/chat/domain/chat-policy.ts; this reads the facts it needs (the game,
 * blocks, mutes, a restriction), maps a refusal to its API error, and writes through the repository.
 */
import { Injectable } from '@nestjs/common';
import type { Viewer } from '../auth/viewer';
import { guestRefused } from '../auth/guest-refusals';
import { Clock } from '../clock/clock';
import { ApiError } from '../errors/api-error';
import type { GameRecord } from '../games/domain/game-record';
import { GamesService } from '../games/games.service';
import { checkedReason } from '../moderation/decisions';
import type { AdminActor } from '../moderation/vocabulary';
import { EventBus } from '../notifications/event-bus';
import { PlayersService } from '../players/players.service';
import { SocialRepository } from '../social/social.repository';
import { ChatLimited, ChatMessageRecord, ChatReportRecord, ChatRepository } from './chat.repository';
import {
  CHAT_REFUSAL_MESSAGES,
  CHAT_ROOMS,
  MAX_NOTE_LENGTH,
  MAX_REPORT_DETAILS,
  categoryRefusal,
  contentOf,
  readRefusal,
  writeRefusal,
  type ChatReader,
  type ChatRefusal,
  type ChatRoom,
  type GamePhase,
  type QuickPhrase,
  type ReportCategory,
} from './domain/chat-policy';

/** A room as one reader sees it. */
export interface ChatRoomView {
  readonly gameId: string;
  readonly room: ChatRoom;
  /** The reader muted this game's chat: no messages are shown. */
  readonly muted: boolean;
  readonly messages: readonly ChatMessageRecord[];
}

/** A message pushed to a subscriber: a new one, or one a moderator hid (its content gone). */
export type ChatPush = ChatMessageRecord;

@Injectable()
export class ChatService {
  constructor(
    private readonly chat: ChatRepository,
    private readonly games: GamesService,
    private readonly social: SocialRepository,
    private readonly players: PlayersService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async send(
    viewer: Viewer,
    gameId: string,
    room: ChatRoom,
    text: string | null,
    phrase: QuickPhrase | null,
  ): Promise<ChatMessageRecord> {
    const game = await this.games.get(gameId);
    const content = contentOf(text, phrase);
    if (typeof content === 'string') throw chatError(content);
    const me = viewer.player;
    const reader = readerOf(game, viewer);
    const now = this.clock.now();
    const [restricted, blockedWithOpponent] =
      me === null
        ? [null, false]
        : await Promise.all([
            this.chat.restrictedUntil(me.id, now),
            room === 'PLAYERS'
              ? this.social.blockedWithAny(me.id, opponentsOf(game, me.id))
              : Promise.resolve(false),
          ]);
    const refusal = writeRefusal(
      reader,
      room,
      phaseOf(game),
      { isGuest: me?.isGuest ?? false, restricted: restricted !== null, blockedWithOpponent },
      content,
    );
    if (refusal === 'restricted') {
      throw new ApiError('CHAT_RESTRICTED', CHAT_REFUSAL_MESSAGES.restricted, {
        until: restricted === 'never' || restricted === null ? null : restricted.toISOString(),
      });
    }
    if (refusal !== null) throw chatError(refusal);
    const written = await this.chat.write(game.id, room, me!.id, content, now);
    if (isLimited(written)) {
      throw new ApiError('RATE_LIMITED', 'too many chat messages: wait a little', {
        retryAfter: written.retryAfter,
      });
    }
    return written;
  }

  /** Up to `first` messages of a room before `before`, oldest first: none of a muted game, none of blocked players. */
  async read(
    viewer: Viewer,
    gameId: string,
    room: ChatRoom,
    first: number,
    before: string | null,
  ): Promise<ChatRoomView> {
    const game = await this.games.get(gameId);
    const refusal = readRefusal(readerOf(game, viewer), room, phaseOf(game));
    if (refusal !== null) throw chatError(refusal);
    const me = viewer.player;
    const [muted, blocked] =
      me === null
        ? [false, []]
        : await Promise.all([this.chat.muted(game.id, me.id), this.social.blockedIds(me.id)]);
    const messages = muted ? [] : await this.chat.page(game.id, room, first, before, blocked);
    return { gameId: game.id, room, muted, messages };
  }

  /**
   * The messages written or hidden in the game's rooms from now on that the viewer may read at the time each comes
   * (the spectators' room opens to the players when the game is over), leaving out a muted game's and those of
   * players the viewer blocks.
   */
  async subscribe(viewer: Viewer, gameId: string): Promise<AsyncIterableIterator<ChatPush>> {
    const game = await this.games.get(gameId);
    const readable = CHAT_ROOMS.some(
      (room) => readRefusal(readerOf(game, viewer), room, phaseOf(game)) === null,
    );
    if (!readable) throw chatError('notSeated');
    const announced = await this.bus.subscribeChat(game.id);
    const me = viewer.player;
    const chat = this.chat;
    const games = this.games;
    const social = this.social;
    async function* visible(): AsyncGenerator<ChatPush> {
      for await (const { messageId } of announced) {
        const message = await chat.message(messageId);
        if (message === null) continue;
        const now = await games.get(message.gameId);
        if (readRefusal(readerOf(now, viewer), message.room, phaseOf(now)) !== null) continue;
        if (me !== null) {
          const [muted, blocked] = await Promise.all([chat.muted(game.id, me.id), social.blockedIds(me.id)]);
          if (muted || blocked.includes(message.authorId)) continue;
        }
        yield message;
      }
    }
    const pushes = visible();
    const endPushes = pushes.return.bind(pushes);
    // Ending the subscription ends the bus's iterator first (its watch is released): the generator may be waiting
    // on it, and an async generator's own return waits for that.
    return Object.assign(pushes, {
      return: async (value?: unknown): Promise<IteratorResult<ChatPush>> => {
        await announced.return?.();
        return endPushes(value as undefined);
      },
    });
  }

  async mute(playerId: string, gameId: string, muted: boolean): Promise<boolean> {
    const game = await this.games.get(gameId);
    await this.chat.setMuted(game.id, playerId, muted, this.clock.now());
    return muted;
  }

  async note(playerId: string, gameId: string): Promise<{ text: string; updatedAt: Date } | null> {
    const game = await this.games.get(gameId);
    return this.chat.note(game.id, playerId);
  }

  /** Sets one's private note on a game (any game one can read); an empty text removes it. */
  async setNote(
    playerId: string,
    gameId: string,
    text: string,
  ): Promise<{ text: string; updatedAt: Date } | null> {
    const game = await this.games.get(gameId);
    const trimmed = text.trim();
    if ([...trimmed].length > MAX_NOTE_LENGTH) {
      throw new ApiError('BAD_USER_INPUT', `a note holds at most ${MAX_NOTE_LENGTH} characters`, {
        field: 'text',
      });
    }
    const now = this.clock.now();
    await this.chat.setNote(game.id, playerId, trimmed, now);
    return trimmed.length === 0 ? null : { text: trimmed, updatedAt: now };
  }

  /**
   * Reports a message (one the reporter can read) or a player, for the moderators' queue, with the message's room
   * kept as it is now.
   */
  async report(
    viewer: Viewer,
    input: {
      readonly messageId: string | null;
      readonly username: string | null;
      readonly gameId: string | null;
      readonly category: ReportCategory;
      readonly details: string | null;
    },
  ): Promise<string> {
    const me = viewer.player!;
    const details = input.details?.trim() ?? '';
    if ([...details].length > MAX_REPORT_DETAILS) {
      throw new ApiError('BAD_USER_INPUT', `details hold at most ${MAX_REPORT_DETAILS} characters`, {
        field: 'details',
      });
    }
    if ((input.messageId === null) === (input.username === null)) {
      throw new ApiError('BAD_USER_INPUT', 'report either a message (messageId) or a player (username)');
    }
    let reportedId: string;
    let game: GameRecord | null = null;
    if (input.messageId !== null) {
      const message = await this.chat.message(input.messageId);
      if (message === null) throw new ApiError('NOT_FOUND', 'no such message');
      game = await this.games.get(message.gameId);
      // Only what one can read can be reported (no probing of rooms one does not see).
      if (readRefusal(readerOf(game, viewer), message.room, phaseOf(game)) !== null) {
        throw new ApiError('NOT_FOUND', 'no such message');
      }
      reportedId = message.authorId;
    } else {
      const player = await this.players.named(input.username!);
      reportedId = player.id;
      if (input.gameId !== null) game = await this.games.get(input.gameId);
    }
    if (reportedId === me.id) throw new ApiError('BAD_USER_INPUT', 'you cannot report yourself');
    const wrongCategory = categoryRefusal(input.category, game?.rated ?? null);
    if (wrongCategory !== null) throw new ApiError('BAD_USER_INPUT', wrongCategory, { field: 'category' });
    const filed = await this.chat.report({
      reporterId: me.id,
      reportedId,
      messageId: input.messageId,
      gameId: game?.id ?? null,
      category: input.category,
      details: details.length === 0 ? null : details,
      at: this.clock.now(),
    });
    if (filed === 'alreadyReported')
      throw new ApiError('BAD_USER_INPUT', 'you reported this message already');
    if (filed === 'tooManyReports') {
      throw new ApiError('RATE_LIMITED', 'too many reports today', { retryAfter: 3600 });
    }
    return filed.id;
  }

  reports(open: boolean, first: number, after: string | null): Promise<ChatReportRecord[]> {
    return this.chat.reports(open, first, after);
  }

  async hideMessage(actor: AdminActor, messageId: string, reason: string): Promise<ChatMessageRecord> {
    const text = checkedReason(reason);
    const message = await this.chat.message(messageId);
    if (message === null) throw new ApiError('NOT_FOUND', 'no such message');
    const at = this.clock.now();
    await this.chat.moderate(
      { kind: 'hide', messageId: message.id, gameId: message.gameId },
      audit(actor, 'hideChatMessage', at, message.authorId, message.gameId, `message ${message.id}: ${text}`),
    );
    return { ...message, hiddenAt: message.hiddenAt ?? at };
  }

  /** Restricts a player from chatting for `days` days, or for good (null). */
  async restrict(
    actor: AdminActor,
    username: string,
    days: number | null,
    reason: string,
  ): Promise<Date | null> {
    const text = checkedReason(reason);
    if (days !== null && (!Number.isInteger(days) || days < 1 || days > 3650)) {
      throw new ApiError('BAD_USER_INPUT', 'days is a whole number from 1 to 3650, or null for good', {
        field: 'days',
      });
    }
    const player = await this.players.named(username);
    const at = this.clock.now();
    const until = days === null ? null : new Date(at.getTime() + days * 86_400_000);
    await this.chat.moderate(
      { kind: 'restrict', playerId: player.id, until },
      audit(actor, 'restrictChat', at, player.id, null, text),
    );
    return until;
  }

  async unrestrict(actor: AdminActor, username: string, reason: string): Promise<boolean> {
    const text = checkedReason(reason);
    const player = await this.players.named(username);
    const at = this.clock.now();
    const was = await this.chat.restrictedUntil(player.id, at);
    await this.chat.moderate(
      { kind: 'unrestrict', playerId: player.id },
      audit(actor, 'unrestrictChat', at, player.id, null, text),
    );
    return was !== null;
  }

  async dismissReport(actor: AdminActor, reportId: string, reason: string): Promise<boolean> {
    const text = checkedReason(reason);
    const report = await this.chat.reportById(reportId);
    if (report === null) throw new ApiError('NOT_FOUND', 'no such report');
    if (!report.open) return false;
    await this.chat.moderate(
      { kind: 'dismiss', reportId },
      audit(
        actor,
        'dismissChatReport',
        this.clock.now(),
        report.reportedId,
        report.gameId,
        `report ${reportId}: ${text}`,
      ),
    );
    return true;
  }
}

function audit(
  actor: AdminActor,
  action: 'hideChatMessage' | 'restrictChat' | 'unrestrictChat' | 'dismissChatReport',
  at: Date,
  targetPlayerId: string,
  targetGameId: string | null,
  reason: string,
) {
  return { actor, action, at, targetPlayerId, targetGameId, targetTokenId: null, reason };
}

/** Who reads a game's chat: one of its seated players, someone else signed in, or an anonymous spectator. */
function readerOf(game: GameRecord, viewer: Viewer): ChatReader {
  const me = viewer.player;
  if (me === null) return { kind: 'anonymous' };
  return game.players.some((seat) => seat.playerId === me.id) ? { kind: 'player' } : { kind: 'spectator' };
}

function phaseOf(game: GameRecord): GamePhase {
  return game.status === 'WAITING' || game.status === 'ACTIVE' ? 'RUNNING' : 'OVER';
}

function opponentsOf(game: GameRecord, playerId: string): string[] {
  return game.players.map((seat) => seat.playerId).filter((id) => id !== playerId);
}

function isLimited(written: ChatMessageRecord | ChatLimited): written is ChatLimited {
  return 'limited' in written;
}

/** The API error of a chat refusal. */
function chatError(refusal: ChatRefusal): ApiError {
  switch (refusal) {
    case 'signInToChat':
      return new ApiError('UNAUTHENTICATED', CHAT_REFUSAL_MESSAGES.signInToChat);
    case 'notSeated':
    case 'spectatorsRoomWhilePlaying':
      return new ApiError('FORBIDDEN', CHAT_REFUSAL_MESSAGES[refusal], { refusal });
    case 'guestText':
      return guestRefused('chatText');
    case 'restricted':
      return new ApiError('CHAT_RESTRICTED', CHAT_REFUSAL_MESSAGES.restricted);
    case 'blocked':
      return new ApiError('BLOCKED', CHAT_REFUSAL_MESSAGES.blocked);
    case 'empty':
    case 'tooLong':
    case 'controlCharacters':
    case 'textAndPhrase':
      return new ApiError('BAD_USER_INPUT', CHAT_REFUSAL_MESSAGES[refusal], { field: 'text', refusal });
    default:
      return unreachable(refusal);
  }
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${String(value)}`);
}
