/**
 * The friends page's texts (web/src/friends/) in the three languages (web/src/i18n.ts). Its buttons' words are the
 * player page's (web/src/players/strings.ts `social`), written once there; the presets' names and "ann to move" are
 * the client's (web/src/strings.ts).
 */
import { translations } from '../i18n';
import type { FeedList, FriendsList } from './lists';

const en = {
  title: 'Friends',
  about: 'Friends are players you follow who follow you back. Follow or block a player from their page.',
  list: {
    friends: 'Friends',
    following: 'Following',
    followers: 'Followers',
    blocked: 'Blocked',
  } satisfies Record<FriendsList, string>,
  empty: {
    friends:
      'No friends yet: follow players from their pages, and those who follow you back are your friends.',
    following: 'You do not follow anyone yet.',
    followers: 'Nobody follows you yet.',
    blocked: 'You have not blocked anyone.',
  } satisfies Record<FriendsList, string>,
  /** The feed of the games of players I follow (./followed-games.tsx). */
  feed: {
    title: 'Games of players I follow',
    noneFollowed: 'Follow players from their pages, and their games show here.',
    list: {
      playing: 'Playing now',
      results: 'Latest results',
    } satisfies Record<FeedList, string>,
    empty: {
      playing: 'Nobody you follow is playing now.',
      results: 'Nobody you follow has finished a game yet.',
    } satisfies Record<FeedList, string>,
    /** Between the players' names. */
    versus: 'vs',
    won: (name: string) => `${name} won`,
    draw: 'draw',
    /** Before the end time, for screen readers and the eye alike. */
    ended: 'ended',
  },
};

export const strings = translations(en, {
  sv: {
    title: 'Vänner',
    about:
      'Vänner är spelare du följer som följer dig tillbaka. Följ eller blockera en spelare från spelarens sida.',
    list: {
      friends: 'Vänner',
      following: 'Följer',
      followers: 'Följare',
      blocked: 'Blockerade',
    },
    empty: {
      friends:
        'Inga vänner än: följ spelare från deras sidor, och de som följer dig tillbaka är dina vänner.',
      following: 'Du följer ingen än.',
      followers: 'Ingen följer dig än.',
      blocked: 'Du har inte blockerat någon.',
    },
    feed: {
      title: 'Partier med spelare jag följer',
      noneFollowed: 'Följ spelare från deras sidor, så visas deras partier här.',
      list: {
        playing: 'Spelar nu',
        results: 'Senaste resultat',
      },
      empty: {
        playing: 'Ingen du följer spelar just nu.',
        results: 'Ingen du följer har spelat klart ett parti än.',
      },
      versus: 'mot',
      won: (name) => `${name} vann`,
      draw: 'oavgjort',
      ended: 'slutade',
    },
  },
  ru: {
    title: 'Друзья',
    about:
      'Друзья — игроки, на которых вы подписаны и которые подписаны на вас. Подписаться на игрока или заблокировать его можно на его странице.',
    list: {
      friends: 'Друзья',
      following: 'Подписки',
      followers: 'Подписчики',
      blocked: 'Заблокированные',
    },
    empty: {
      friends:
        'Друзей пока нет: подпишитесь на игроков на их страницах, и те, кто подпишется на вас в ответ, станут друзьями.',
      following: 'Вы пока ни на кого не подписаны.',
      followers: 'На вас пока никто не подписан.',
      blocked: 'Вы никого не заблокировали.',
    },
    feed: {
      title: 'Партии игроков из ваших подписок',
      noneFollowed: 'Подпишитесь на игроков на их страницах, и их партии появятся здесь.',
      list: {
        playing: 'Играют сейчас',
        results: 'Последние результаты',
      },
      empty: {
        playing: 'Сейчас никто из ваших подписок не играет.',
        results: 'Никто из ваших подписок ещё не доиграл ни одной партии.',
      },
      versus: 'против',
      won: (name) => `победа: ${name}`,
      draw: 'ничья',
      ended: 'окончена',
    },
  },
});
