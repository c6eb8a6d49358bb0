/**
 * What the chat panel keeps of a room, as pure functions (unit-tested in test/unit/web/chat-lines.test.ts): which
 * rooms a reader has, and one room's messages as reads, pushes and my own answers arrive in any order — each once,
 * oldest first, without those a moderator hid (docs/social.md#chat).
 */
import type { ChatLineFragment, ChatRoom } from '../generated/graphql';
import { MAX_MESSAGE_LENGTH, type ChatRoom as PolicyRoom } from '../../../src/chat/domain/chat-policy';

export type ChatLine = ChatLineFragment;

/** The rooms in the order the panel shows them (the server's list: src/chat/domain/chat-policy.ts). */
export const ROOMS = ['PLAYERS', 'SPECTATORS'] as const satisfies readonly ChatRoom[] & readonly PolicyRoom[];

export { MAX_MESSAGE_LENGTH };

/**
 * The rooms a reader of the game's page has, first the one shown first: a seated player their players' room, and
 * once the game is over the spectators' too; everyone else the spectators' room (chat-policy.ts readRefusal).
 */
export function roomsFor(seated: boolean, over: boolean): readonly ChatRoom[] {
  if (!seated) return ['SPECTATORS'];
  return over ? ['PLAYERS', 'SPECTATORS'] : ['PLAYERS'];
}

/** Message ids are increasing decimal numbers (docs/schema.graphql ChatMessage.id), compared without rounding. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The room's messages with `incoming` added: each id once (a later copy replaces the earlier: my own answer and
 * its push are the same message), oldest first, without hidden ones — those pushed with `hidden` true and those
 * in `hiddenIds` (a read that left before a moderator hid a message may still answer it).
 */
export function mergeLines(
  shown: readonly ChatLine[],
  incoming: readonly ChatLine[],
  hiddenIds: ReadonlySet<string> = new Set(),
): ChatLine[] {
  const byId = new Map<string, ChatLine>();
  for (const line of [...shown, ...incoming]) byId.set(line.id, line);
  return [...byId.values()]
    .filter((line) => !line.hidden && !hiddenIds.has(line.id))
    .sort((a, b) => compareIds(a.id, b.id));
}

/** A text's length as the server counts it: code points of the trimmed text (chat-policy.ts textRefusal). */
export function textLength(text: string): number {
  return [...text.trim()].length;
}

/** Whether a draft may be sent: something to say, and not too much. */
export function sendable(text: string): boolean {
  const length = textLength(text);
  return length > 0 && length <= MAX_MESSAGE_LENGTH;
}
