/** The bell's and the notification centre's texts (web/src/centre/) in the three languages (web/src/i18n.ts). */
import { plural, translations } from '../i18n';
import type { PlayerEventKind } from '../generated/graphql';

const en = {
  /** The bell's name for a screen reader, with the count its badge shows (the API counts up to 100: "99+"). */
  bell: (count: number) =>
    count === 0
      ? 'Notifications: nothing unread'
      : count >= 100
        ? 'Notifications: more than 99 unread'
        : plural(count, { other: 'Notifications: {n} unread' }),
  heading: 'Notifications',
  none: 'Nothing has happened yet.',
  markAllRead: 'Mark all read',
  unread: 'new',
  close: 'Close',
  theGame: 'the game',
  kind: {
    YOUR_TURN: 'Your turn',
    GAME_STARTED: 'A game started',
    GAME_OVER: 'A game is over',
    CHALLENGE_RECEIVED: 'An invitation',
    REMINDER: 'Most of the time for a move is used',
    GAME_UNRATED: 'A rated game was made unrated',
  } satisfies Record<PlayerEventKind, string>,
};

export const strings = translations(en, {
  sv: {
    bell: (count) =>
      count === 0
        ? 'Aviseringar: inget oläst'
        : count >= 100
          ? 'Aviseringar: fler än 99 olästa'
          : plural(count, { one: 'Aviseringar: {n} oläst', other: 'Aviseringar: {n} olästa' }),
    heading: 'Aviseringar',
    none: 'Inget har hänt än.',
    markAllRead: 'Markera alla som lästa',
    unread: 'ny',
    close: 'Stäng',
    theGame: 'partiet',
    kind: {
      YOUR_TURN: 'Din tur',
      GAME_STARTED: 'Ett parti har börjat',
      GAME_OVER: 'Ett parti är slut',
      CHALLENGE_RECEIVED: 'En inbjudan',
      REMINDER: 'Det mesta av tiden för ett drag är använd',
      GAME_UNRATED: 'Ett rankat parti blev orankat',
    },
  },
  ru: {
    bell: (count) =>
      count === 0
        ? 'Уведомления: непрочитанных нет'
        : count >= 100
          ? 'Уведомления: больше 99 непрочитанных'
          : plural(count, {
              one: 'Уведомления: {n} непрочитанное',
              few: 'Уведомления: {n} непрочитанных',
              many: 'Уведомления: {n} непрочитанных',
              other: 'Уведомления: {n} непрочитанного',
            }),
    heading: 'Уведомления',
    none: 'Пока ничего не произошло.',
    markAllRead: 'Отметить все прочитанными',
    unread: 'новое',
    close: 'Закрыть',
    theGame: 'партия',
    kind: {
      YOUR_TURN: 'Ваш ход',
      GAME_STARTED: 'Партия началась',
      GAME_OVER: 'Партия окончена',
      CHALLENGE_RECEIVED: 'Приглашение',
      REMINDER: 'Время на ход почти вышло',
      GAME_UNRATED: 'Рейтинговая партия стала товарищеской',
    },
  },
});
