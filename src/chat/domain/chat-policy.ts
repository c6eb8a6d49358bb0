/**
 * Who may read and write which chat room of a game, and what a message may be (docs/social.md#chat). Pure: the
 * service reads the facts (the seats, the game's status, blocks, mutes, a restriction) and asks here.
 */

/** A game's two rooms: its players', and its spectators' (which the players do not see while the game runs). */
export const CHAT_ROOMS = ['PLAYERS', 'SPECTATORS'] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];

/**
 * The quick phrases, sent as ids and shown in each reader's language (the web client's words; docs/social.md#chat
 * lists the English ones), for people who share no language. A guest may send these and nothing else.
 */
export const QUICK_PHRASES = [
  'HELLO',
  'GOOD_LUCK',
  'HAVE_FUN',
  'YOUR_TURN',
  'TAKE_YOUR_TIME',
  'THANKS',
  'WELL_PLAYED',
  'OOPS',
  'SORRY',
  'GOOD_GAME',
  'REMATCH',
  'BYE',
] as const;
export type QuickPhrase = (typeof QUICK_PHRASES)[number];

/** The English words of each phrase: the API's description and the documentation. */
export const QUICK_PHRASE_WORDS = {
  HELLO: 'Hello!',
  GOOD_LUCK: 'Good luck!',
  HAVE_FUN: 'Have fun!',
  YOUR_TURN: 'Your turn.',
  TAKE_YOUR_TIME: 'Take your time.',
  THANKS: 'Thanks!',
  WELL_PLAYED: 'Well played!',
  OOPS: 'Oops.',
  SORRY: 'Sorry.',
  GOOD_GAME: 'Good game!',
  REMATCH: 'Rematch?',
  BYE: 'Bye!',
} as const satisfies Readonly<Record<QuickPhrase, string>>;

/** What a report is about. OUTSIDE_HELP (help from a program or a person during play) only for rated games. */
export const REPORT_CATEGORIES = ['ABUSE', 'SPAM', 'OUTSIDE_HELP', 'OTHER'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** What a moderator did with a report. */
export const REPORT_RESOLUTIONS = ['DISMISSED', 'MESSAGE_HIDDEN', 'PLAYER_RESTRICTED'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** The longest message, in characters (code points). */
export const MAX_MESSAGE_LENGTH = 400;
/** The longest private note. */
export const MAX_NOTE_LENGTH = 2000;
/** The longest report details. */
export const MAX_REPORT_DETAILS = 1000;
/** A player may send this many messages in a game per window… */
export const MESSAGES_PER_WINDOW = 5;
/** …of this many seconds. */
export const MESSAGE_WINDOW_SECONDS = 15;
/** And this many in one game per day, all rooms together. */
export const MESSAGES_PER_GAME_PER_DAY = 200;
/** A player may file this many reports a day. */
export const REPORTS_PER_DAY = 20;
/** How many messages before a reported one are kept with the report. */
export const REPORT_CONTEXT_MESSAGES = 10;
/** The longest page of messages one read answers. */
export const MAX_CHAT_PAGE = 100;

/** Whether the game still runs (waiting for players or being played): the spectators' room is closed to players. */
export type GamePhase = 'RUNNING' | 'OVER';

/** Why someone may not read or write a room. */
export type ChatRefusal =
  | 'signInToChat'
  | 'notSeated'
  | 'spectatorsRoomWhilePlaying'
  | 'guestText'
  | 'restricted'
  | 'blocked'
  | 'empty'
  | 'tooLong'
  | 'controlCharacters'
  | 'textAndPhrase';

export const CHAT_REFUSAL_MESSAGES = {
  signInToChat: 'sign in to chat',
  notSeated: 'only the game’s players read and write the players’ room',
  spectatorsRoomWhilePlaying:
    'the players do not see the spectators’ room while the game runs (it opens to them when the game is over)',
  guestText: 'guests may send quick phrases only: keep this account with a name and a password to write',
  restricted: 'a moderator has restricted you from chatting',
  blocked: 'you and the other player block one another: the players’ chat is off',
  empty: 'the message is empty',
  tooLong: `a message holds at most ${MAX_MESSAGE_LENGTH} characters`,
  controlCharacters: 'a message holds no control characters but line breaks',
  textAndPhrase: 'send either text or a quick phrase, not both',
} as const satisfies Readonly<Record<ChatRefusal, string>>;

/** Who reads: a seated player, someone else signed in, or an anonymous spectator. */
export type ChatReader =
  { readonly kind: 'player' } | { readonly kind: 'spectator' } | { readonly kind: 'anonymous' };

/** Whether `reader` may read `room` of a game in `phase`; null when they may, else why not. */
export function readRefusal(reader: ChatReader, room: ChatRoom, phase: GamePhase): ChatRefusal | null {
  switch (room) {
    case 'PLAYERS':
      // The players' room is a private conversation: nobody else reads it, during the game or after.
      return reader.kind === 'player' ? null : 'notSeated';
    case 'SPECTATORS':
      return reader.kind === 'player' && phase === 'RUNNING' ? 'spectatorsRoomWhilePlaying' : null;
    default:
      return unreachable(room);
  }
}

/** The facts about a writer that the room does not say. */
export interface WriterFacts {
  readonly isGuest: boolean;
  readonly restricted: boolean;
  /** In the players' room: a block stands between the writer and another seated player (either way). */
  readonly blockedWithOpponent: boolean;
}

/** Whether `writer` may write `message` to `room`; null when they may. The text is judged by `textRefusal`. */
export function writeRefusal(
  reader: ChatReader,
  room: ChatRoom,
  phase: GamePhase,
  facts: WriterFacts,
  message: ChatContent,
): ChatRefusal | null {
  if (reader.kind === 'anonymous') return 'signInToChat';
  const unreadable = readRefusal(reader, room, phase);
  if (unreadable !== null) return unreadable;
  if (facts.restricted) return 'restricted';
  if (room === 'PLAYERS' && facts.blockedWithOpponent) return 'blocked';
  if (message.kind === 'text' && facts.isGuest) return 'guestText';
  return message.kind === 'text' ? textRefusal(message.text) : null;
}

/** A message's content: text or a quick phrase. */
export type ChatContent =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'phrase'; readonly phrase: QuickPhrase };

/**
 * The content a request names: exactly one of text and phrase. The text is trimmed (a message of spaces is empty).
 */
export function contentOf(text: string | null, phrase: QuickPhrase | null): ChatContent | ChatRefusal {
  if (text !== null && phrase !== null) return 'textAndPhrase';
  if (phrase !== null) return { kind: 'phrase', phrase };
  return { kind: 'text', text: (text ?? '').trim() };
}

// Control characters but tab and line breaks: they would hide or reorder what a reader sees.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/u;

/** Whether a message's text is one we store (length in code points; links stay text: the clients never render HTML). */
export function textRefusal(text: string): ChatRefusal | null {
  if (text.length === 0) return 'empty';
  if ([...text].length > MAX_MESSAGE_LENGTH) return 'tooLong';
  if (CONTROL.test(text)) return 'controlCharacters';
  return null;
}

/** Whether a message by `authorId` is shown to a reader who blocks or is blocked by some players. */
export function shownTo(authorId: string, hiddenFromReader: ReadonlySet<string>): boolean {
  return !hiddenFromReader.has(authorId);
}

/** A report's category is allowed for the game it is about: outside help only in rated games. */
export function categoryRefusal(category: ReportCategory, ratedGame: boolean | null): string | null {
  if (category === 'OUTSIDE_HELP' && ratedGame !== true)
    return 'outside help is reported for rated games only';
  return null;
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${String(value)}`);
}
