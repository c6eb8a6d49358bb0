/**
 * What a mail says (docs/correspondence.md#e-mail): subject, plain text and HTML, in the player's language
 * (English, Swedish, Russian), with a link to the game and — for the mails a player chose — a link to stop that
 * kind. Pure. Like a push, a mail carries names, time left and links, never a card.
 */
import type { MessageLanguage } from '../notifications/notification-settings';
import { timeLeft } from '../push/push-message';
import type { MailKind } from './mail-policy';

/** A game a mail is about: where it is, against whom, and its deadline. */
export interface MailGame {
  readonly url: string;
  readonly opponents: readonly string[];
  readonly deadline: Date | null;
}

export type MailContent =
  | {
      readonly kind: Exclude<MailKind, 'VERIFY' | 'DIGEST' | 'ADDRESS_CHANGED' | 'RESET'>;
      readonly game: MailGame;
    }
  | { readonly kind: 'VERIFY'; readonly verifyUrl: string }
  | { readonly kind: 'DIGEST'; readonly games: readonly MailGame[] }
  | { readonly kind: 'ADDRESS_CHANGED'; readonly newAddress: string }
  | { readonly kind: 'RESET'; readonly resetUrl: string };

export interface ComposedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

interface Words {
  readonly subjects: Readonly<Record<MailKind, string>>;
  readonly lines: Readonly<
    Record<Exclude<MailKind, 'DIGEST' | 'VERIFY' | 'ADDRESS_CHANGED' | 'RESET'>, (names: string) => string>
  >;
  readonly reset: string;
  readonly resetIgnore: string;
  readonly left: (time: string) => string;
  readonly open: string;
  readonly digestIntro: (count: number) => string;
  readonly verify: string;
  readonly verifyIgnore: string;
  readonly changed: (address: string) => string;
  readonly unsubscribe: string;
}

const WORDS: Readonly<Record<MessageLanguage, Words>> = {
  en: {
    subjects: {
      YOUR_TURN: 'Your turn in Malice',
      REMINDER: 'Your time to move runs out soon',
      GAME_STARTED: 'Your game of Malice has started',
      GAME_OVER: 'Your game of Malice is over',
      CHALLENGE_RECEIVED: 'You are challenged to a game of Malice',
      DIGEST: 'Games waiting for your move',
      VERIFY: 'Confirm your e-mail address for Malice',
      ADDRESS_CHANGED: 'Your Malice e-mail address was changed',
      RESET: 'Reset your Malice password',
    },
    reset:
      'Follow this link to choose a new password (it works for an hour, once; every session and API token of the account ends):',
    resetIgnore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    lines: {
      YOUR_TURN: (names) => `It is your turn against ${names}.`,
      REMINDER: (names) => `Your time to move against ${names} runs out soon.`,
      GAME_STARTED: (names) => `Your game against ${names} has started.`,
      GAME_OVER: (names) => `Your game against ${names} is over.`,
      CHALLENGE_RECEIVED: (names) => `${names} challenges you to a game.`,
    },
    left: (time) => `${time} left.`,
    open: 'Open the game',
    digestIntro: (count) =>
      count === 1 ? 'One game waits for your move:' : `${count} games wait for your move:`,
    verify: 'Follow this link to confirm that this is your address (it works for 24 hours):',
    verifyIgnore: 'If you did not ask for this, ignore this mail: nothing will be sent to you.',
    changed: (address) =>
      `Your account's e-mail address was changed to ${address}. If you did not do this, sign in and change your password.`,
    unsubscribe: 'Stop these mails',
  },
  sv: {
    subjects: {
      YOUR_TURN: 'Din tur i Malice',
      REMINDER: 'Tiden för ditt drag går snart ut',
      GAME_STARTED: 'Ditt parti Malice har börjat',
      GAME_OVER: 'Ditt parti Malice är slut',
      CHALLENGE_RECEIVED: 'Du är utmanad till ett parti Malice',
      DIGEST: 'Partier som väntar på ditt drag',
      VERIFY: 'Bekräfta din e-postadress för Malice',
      ADDRESS_CHANGED: 'Din e-postadress för Malice har ändrats',
      RESET: 'Byt ditt lösenord för Malice',
    },
    reset:
      'Följ länken för att välja ett nytt lösenord (den fungerar i en timme, en gång; alla sessioner och API-nycklar för kontot avslutas):',
    resetIgnore: 'Om du inte bad om detta kan du bortse från brevet: lösenordet förblir som det är.',
    lines: {
      YOUR_TURN: (names) => `Det är din tur mot ${names}.`,
      REMINDER: (names) => `Tiden för ditt drag mot ${names} går snart ut.`,
      GAME_STARTED: (names) => `Ditt parti mot ${names} har börjat.`,
      GAME_OVER: (names) => `Ditt parti mot ${names} är slut.`,
      CHALLENGE_RECEIVED: (names) => `${names} utmanar dig till ett parti.`,
    },
    left: (time) => `${time} kvar.`,
    open: 'Öppna partiet',
    digestIntro: (count) =>
      count === 1 ? 'Ett parti väntar på ditt drag:' : `${count} partier väntar på ditt drag:`,
    verify: 'Följ länken för att bekräfta att adressen är din (den fungerar i 24 timmar):',
    verifyIgnore: 'Om du inte bad om detta kan du bortse från brevet: inget skickas till dig.',
    changed: (address) =>
      `E-postadressen för ditt konto ändrades till ${address}. Om det inte var du: logga in och byt lösenord.`,
    unsubscribe: 'Sluta skicka sådana brev',
  },
  ru: {
    subjects: {
      YOUR_TURN: 'Ваш ход в Malice',
      REMINDER: 'Время на ваш ход скоро истекает',
      GAME_STARTED: 'Ваша игра в Malice началась',
      GAME_OVER: 'Ваша игра в Malice окончена',
      CHALLENGE_RECEIVED: 'Вас вызвали на игру в Malice',
      DIGEST: 'Игры ждут вашего хода',
      VERIFY: 'Подтвердите адрес почты для Malice',
      ADDRESS_CHANGED: 'Адрес почты в Malice изменён',
      RESET: 'Сброс пароля Malice',
    },
    reset:
      'Перейдите по ссылке, чтобы выбрать новый пароль (она действует час, один раз; все сеансы и ключи API учётной записи завершатся):',
    resetIgnore: 'Если вы этого не просили, не обращайте внимания на письмо: пароль останется прежним.',
    lines: {
      YOUR_TURN: (names) => `Ваш ход в игре против ${names}.`,
      REMINDER: (names) => `Время на ход в игре против ${names} скоро истекает.`,
      GAME_STARTED: (names) => `Ваша игра против ${names} началась.`,
      GAME_OVER: (names) => `Ваша игра против ${names} окончена.`,
      CHALLENGE_RECEIVED: (names) => `${names} вызывает вас на игру.`,
    },
    left: (time) => `Осталось ${time}.`,
    open: 'Открыть игру',
    digestIntro: (count) => `Игр, ждущих вашего хода: ${count}.`,
    verify: 'Перейдите по ссылке, чтобы подтвердить, что это ваш адрес (ссылка действует 24 часа):',
    verifyIgnore: 'Если вы этого не просили, не обращайте внимания на письмо: вам ничего не придёт.',
    changed: (address) =>
      `Адрес почты вашей учётной записи изменён на ${address}. Если это были не вы, войдите и смените пароль.`,
    unsubscribe: 'Больше не присылать такие письма',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function leftLine(words: Words, language: MessageLanguage, deadline: Date | null, now: Date): string | null {
  if (deadline === null || deadline.getTime() <= now.getTime()) return null;
  return words.left(timeLeft(Math.floor((deadline.getTime() - now.getTime()) / 1000), language));
}

/** A paragraph of text and HTML, or a link. */
type Part = { readonly text: string } | { readonly link: string; readonly label: string };

function render(subject: string, parts: readonly Part[], unsubscribe: Part | null): ComposedMail {
  const all = unsubscribe === null ? parts : [...parts, unsubscribe];
  const text = all.map((part) => ('text' in part ? part.text : `${part.label}: ${part.link}`)).join('\n\n');
  const html = all
    .map((part) =>
      'text' in part
        ? `<p>${escapeHtml(part.text)}</p>`
        : `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`,
    )
    .join('\n');
  return {
    subject,
    text: `${text}\n`,
    html: `<!doctype html>\n<html><body style="font-family: sans-serif">\n${html}\n</body></html>\n`,
  };
}

/** The mail of `content` in `language` at `now`; `unsubscribeUrl` for a mail the player chose (null otherwise). */
export function composeMail(
  content: MailContent,
  language: MessageLanguage,
  now: Date,
  unsubscribeUrl: string | null,
): ComposedMail {
  const words = WORDS[language];
  const subject = words.subjects[content.kind];
  const stop = unsubscribeUrl === null ? null : { link: unsubscribeUrl, label: words.unsubscribe };
  switch (content.kind) {
    case 'VERIFY':
      return render(
        subject,
        [
          { text: words.verify },
          { link: content.verifyUrl, label: content.verifyUrl },
          { text: words.verifyIgnore },
        ],
        null,
      );
    case 'ADDRESS_CHANGED':
      return render(subject, [{ text: words.changed(content.newAddress) }], null);
    case 'RESET':
      return render(
        subject,
        [
          { text: words.reset },
          { link: content.resetUrl, label: content.resetUrl },
          { text: words.resetIgnore },
        ],
        null,
      );
    case 'DIGEST': {
      const parts: Part[] = [{ text: words.digestIntro(content.games.length) }];
      for (const game of content.games) {
        const left = leftLine(words, language, game.deadline, now);
        parts.push({
          text: [words.lines.YOUR_TURN(game.opponents.join(', ')), left]
            .filter((line) => line !== null)
            .join(' '),
        });
        parts.push({ link: game.url, label: words.open });
      }
      return render(subject, parts, stop);
    }
    default: {
      const line = words.lines[content.kind](content.game.opponents.join(', '));
      const timed = content.kind === 'YOUR_TURN' || content.kind === 'REMINDER';
      const left = timed ? leftLine(words, language, content.game.deadline, now) : null;
      return render(
        subject,
        [{ text: left === null ? line : `${line} ${left}` }, { link: content.game.url, label: words.open }],
        stop,
      );
    }
  }
}
