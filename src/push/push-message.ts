/**
 * What a push says and how it travels (docs/correspondence.md#web-push), decided purely from the delivery and the
 * game as they are when it is sent. A payload carries nothing a lock screen should not show: the kind, the
 * opponents' names, the time left and a link — never a card. The service worker (web/src/push-payload.ts reads
 * this type) shows it as one notification per game (`tag`), replaced by the next.
 */
import type { MessageLanguage, TellableKind } from '../notifications/notification-settings';

/** What a push can be about: a player event's kind, or the test a player sends to their own devices. */
export type PushKind = TellableKind | 'TEST';

/** The JSON a push carries, version 1 (a type, not an interface: it is JSON, index and all). */
export type PushPayload = {
  readonly v: 1;
  readonly kind: PushKind;
  readonly title: string;
  readonly body: string;
  /** A same-origin path: the game, or the home page. */
  readonly url: string;
  /** One notification per game: a later push of the same game replaces the earlier one. */
  readonly tag: string;
  readonly gameId: string | null;
};

/** The Web Push headers of RFC 8030 a push is sent with. */
export interface PushDelivery {
  /** How long the push service keeps it for an offline device, in seconds. */
  readonly ttl: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces a push of the same topic still waiting at the push service (a game's id, 32 URL-safe characters). */
  readonly topic: string | undefined;
}

/** What a push is built from. */
export interface PushContext {
  readonly kind: PushKind;
  readonly gameId: string | null;
  /** The other players of the game (for a challenge: who sent it). */
  readonly opponents: readonly string[];
  /** The deadline of the turn, when the game has one and it runs. */
  readonly deadline: Date | null;
  readonly now: Date;
  readonly language: MessageLanguage;
}

const DAY_S = 86_400;

/** How each kind travels: a deadline reminder is urgent and lives until the deadline; a game's end can wait. */
export function pushDelivery(
  context: Pick<PushContext, 'kind' | 'gameId' | 'deadline' | 'now'>,
): PushDelivery {
  const topic = context.gameId === null ? undefined : context.gameId.replaceAll('-', '');
  const untilDeadline =
    context.deadline === null
      ? DAY_S
      : Math.max(0, Math.min(DAY_S, Math.floor((context.deadline.getTime() - context.now.getTime()) / 1000)));
  switch (context.kind) {
    case 'YOUR_TURN':
      return { ttl: untilDeadline, urgency: 'normal', topic };
    case 'REMINDER':
      return { ttl: untilDeadline, urgency: 'high', topic };
    case 'CHALLENGE_RECEIVED':
    case 'GAME_STARTED':
      return { ttl: DAY_S, urgency: 'normal', topic };
    case 'GAME_OVER':
      return { ttl: DAY_S, urgency: 'low', topic };
    case 'TEST':
      return { ttl: 600, urgency: 'normal', topic: undefined };
    default: {
      const never: never = context.kind;
      return never;
    }
  }
}

interface Words {
  readonly titles: Readonly<Record<PushKind, string>>;
  readonly against: (names: string) => string;
  readonly from: (names: string) => string;
  readonly left: (time: string) => string;
  readonly testBody: string;
  readonly units: Readonly<Record<'day' | 'hour' | 'minute', (count: number) => string>>;
}

/** Russian's three plural forms: 1 (21, 31…), 2–4 (22–24…), and the rest (5–20, 25–30…). */
function russian(one: string, few: string, many: string): (count: number) => string {
  return (count) => {
    const tens = count % 100;
    const units = count % 10;
    const form = tens >= 11 && tens <= 14 ? many : units === 1 ? one : units >= 2 && units <= 4 ? few : many;
    return `${count} ${form}`;
  };
}

function plain(one: string, other: string): (count: number) => string {
  return (count) => `${count} ${count === 1 ? one : other}`;
}

const WORDS: Readonly<Record<MessageLanguage, Words>> = {
  en: {
    titles: {
      YOUR_TURN: 'Your turn',
      REMINDER: 'Deadline soon',
      GAME_STARTED: 'Game started',
      GAME_OVER: 'Game over',
      CHALLENGE_RECEIVED: 'New challenge',
      TEST: 'Malice',
    },
    against: (names) => `against ${names}`,
    from: (names) => `from ${names}`,
    left: (time) => `${time} left`,
    testBody: 'Notifications reach this device.',
    units: { day: plain('day', 'days'), hour: plain('hour', 'hours'), minute: plain('minute', 'minutes') },
  },
  sv: {
    titles: {
      YOUR_TURN: 'Din tur',
      REMINDER: 'Tiden går snart ut',
      GAME_STARTED: 'Partiet har börjat',
      GAME_OVER: 'Partiet är slut',
      CHALLENGE_RECEIVED: 'Ny utmaning',
      TEST: 'Malice',
    },
    against: (names) => `mot ${names}`,
    from: (names) => `från ${names}`,
    left: (time) => `${time} kvar`,
    testBody: 'Aviseringar når den här enheten.',
    units: { day: plain('dag', 'dagar'), hour: plain('timme', 'timmar'), minute: plain('minut', 'minuter') },
  },
  ru: {
    titles: {
      YOUR_TURN: 'Ваш ход',
      REMINDER: 'Время на ход истекает',
      GAME_STARTED: 'Игра началась',
      GAME_OVER: 'Игра окончена',
      CHALLENGE_RECEIVED: 'Новый вызов',
      TEST: 'Malice',
    },
    against: (names) => `против ${names}`,
    from: (names) => `от ${names}`,
    left: (time) => `осталось ${time}`,
    testBody: 'Уведомления доходят до этого устройства.',
    units: {
      day: russian('день', 'дня', 'дней'),
      hour: russian('час', 'часа', 'часов'),
      minute: russian('минута', 'минуты', 'минут'),
    },
  },
};

/** The time left, in its largest whole unit (at least one minute). */
export function timeLeft(seconds: number, language: MessageLanguage): string {
  const units = WORDS[language].units;
  if (seconds >= DAY_S) return units.day(Math.floor(seconds / DAY_S));
  if (seconds >= 3600) return units.hour(Math.floor(seconds / 3600));
  return units.minute(Math.max(1, Math.floor(seconds / 60)));
}

/** The push for `context`, in the player's language. */
export function pushPayload(context: PushContext): PushPayload {
  const words = WORDS[context.language];
  const names = context.opponents.join(', ');
  const parts: string[] = [];
  if (context.kind === 'TEST') parts.push(words.testBody);
  else if (names !== '')
    parts.push(context.kind === 'CHALLENGE_RECEIVED' ? words.from(names) : words.against(names));
  const timed = context.kind === 'YOUR_TURN' || context.kind === 'REMINDER';
  if (timed && context.deadline !== null && context.deadline.getTime() > context.now.getTime()) {
    const seconds = Math.floor((context.deadline.getTime() - context.now.getTime()) / 1000);
    parts.push(words.left(timeLeft(seconds, context.language)));
  }
  return {
    v: 1,
    kind: context.kind,
    title: words.titles[context.kind],
    body: parts.join(' · '),
    url: context.gameId === null ? '/' : `/games/${context.gameId}`,
    tag: context.gameId === null ? `malice:${context.kind}` : `game:${context.gameId}`,
    gameId: context.gameId,
  };
}
