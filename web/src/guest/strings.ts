/** The guest's texts — the landing page, "Play the computer", keeping the account — in the three languages. */
import { translations } from '../i18n';

const en = {
  heading: 'Spite and Malice, in your browser',
  pitch: 'Empty your pay-off pile before your opponent does. Play the computer now: no account needed.',
  playComputer: 'Play the computer',
  learn: 'Learn to play',
  starting: 'Dealing…',
  haveAccount: 'Have an account?',
  signIn: 'Sign in',
  signUp: 'Sign up',
  /** The home page of a player with no game yet. */
  firstGame: 'No games yet. Start one against the computer, or learn the rules first.',
  /** The bar over every page while the account is a guest's. */
  guestNote: (name: string) => `You are playing as ${name}, a guest.`,
  guestShort: (name: string) => `${name} (guest) ·`,
  keep: 'Keep this account',
  keepHeading: 'Keep your account',
  keepAbout:
    'Choose a name and a password: your games stay yours, and you can play people, rated games and invitations.',
  keepSubmit: 'Keep it',
  keepCancel: 'Not now',
  signOutWarning:
    'A guest has no password: once signed out, this account and its games cannot be reached again. Sign out anyway?',
};

export const strings = translations(en, {
  sv: {
    heading: 'Illvilja och elakhet i webbläsaren',
    pitch: 'Töm din trave innan motståndaren tömmer sin. Spela mot datorn nu: inget konto behövs.',
    playComputer: 'Spela mot datorn',
    learn: 'Lär dig spela',
    starting: 'Delar ut…',
    haveAccount: 'Har du ett konto?',
    signIn: 'Logga in',
    signUp: 'Skapa konto',
    firstGame: 'Inga partier än. Starta ett mot datorn, eller lär dig reglerna först.',
    guestNote: (name) => `Du spelar som ${name}, en gäst.`,
    guestShort: (name) => `${name} (gäst) ·`,
    keep: 'Behåll kontot',
    keepHeading: 'Behåll ditt konto',
    keepAbout:
      'Välj ett namn och ett lösenord: dina partier förblir dina, och du kan spela mot andra, rankade partier och inbjudningar.',
    keepSubmit: 'Behåll',
    keepCancel: 'Inte nu',
    signOutWarning:
      'En gäst har inget lösenord: när du loggat ut går kontot och dess partier inte att nå igen. Logga ut ändå?',
  },
  ru: {
    heading: 'Злоба прямо в браузере',
    pitch:
      'Избавьтесь от своей расчётной пачки раньше соперника. Сыграйте с компьютером сейчас — без регистрации.',
    playComputer: 'Играть с компьютером',
    learn: 'Научиться играть',
    starting: 'Раздаём…',
    haveAccount: 'Уже есть аккаунт?',
    signIn: 'Войти',
    signUp: 'Зарегистрироваться',
    firstGame: 'Партий пока нет. Начните партию с компьютером или сначала изучите правила.',
    guestNote: (name) => `Вы играете как ${name}, гость.`,
    guestShort: (name) => `${name} (гость) ·`,
    keep: 'Сохранить аккаунт',
    keepHeading: 'Сохраните аккаунт',
    keepAbout:
      'Выберите имя и пароль: ваши партии останутся вашими, и вы сможете играть с людьми, в рейтинговые партии и по приглашениям.',
    keepSubmit: 'Сохранить',
    keepCancel: 'Не сейчас',
    signOutWarning:
      'У гостя нет пароля: после выхода этот аккаунт и его партии станут недоступны. Всё равно выйти?',
  },
});
