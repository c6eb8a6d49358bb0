/**
 * The texts of third-party apps (docs/api/apps-and-oauth.md) in the three languages: the consent page at
 * /oauth/authorize, and what each scope lets an app do, which the account page's "Connected apps" says too.
 * What a scope allows is said as docs/api/apps-and-oauth.md#scopes says it, so the page promises nothing more.
 */
import { translations } from '../i18n';
import type { TokenScope } from '../generated/graphql';
import type { DestinationKind } from './request';

const en = {
  /** What each scope lets an app do, after "It asks to:". ADMIN is never granted to an app; named all the same. */
  scope: {
    GAME_READ: 'see your games, events and profile',
    GAME_PLAY: 'create, join and play games and chat in your name',
    BOT_PLAY: 'play as your bot account',
    ADMIN: 'moderate the server (never granted to an app)',
  } satisfies Record<TokenScope, string>,
  /** An app and who registered it; null when the owner's account was deleted (OAuthAppSummary.ownerName). */
  appBy: (app: string, owner: string | null) =>
    owner === null ? `${app}, by an account that no longer exists` : `${app}, by ${owner}`,
  heading: (app: string) => `Allow ${app} to use your account?`,
  asksTo: 'It asks to:',
  sentBackTo: {
    web: (name: string) => `You will be sent back to ${name}.`,
    device: (name: string) => `You will be sent back to a program on this device (${name}).`,
    app: (name: string) => `You will be sent back to the app ${name} on this device.`,
  } satisfies Record<DestinationKind, (name: string) => string>,
  about:
    'Approve only an app you trust. It never sees your password, and it acts for you until you revoke it under Connected apps on your account page.',
  approve: 'Approve',
  deny: 'Deny',
  signInFirst: 'Sign in or sign up to answer: you come back here after.',
  guest:
    'A guest cannot let apps act for them. Keep your account first (a name and a password), then approve.',
  keepAccount: 'Keep this account',
  sending: 'Taking you back to the app…',
  problemHeading: 'This request cannot be approved',
  /** problem.returnTo null: no valid app or redirect URI, so the page sends nobody anywhere. */
  problemNowhere:
    'The link that brought you here is not right, so nothing is sent anywhere. Go back to the app and try again.',
  /** problem.returnTo set: the app got its request wrong and can be told so. */
  problemReturn: 'The app made a mistake in its request. You can go back and tell it.',
  returnToApp: 'Return to the app',
};

export const strings = translations(en, {
  sv: {
    scope: {
      GAME_READ: 'se dina partier, händelser och din profil',
      GAME_PLAY: 'skapa, gå med i och spela partier och chatta i ditt namn',
      BOT_PLAY: 'spela som ditt botkonto',
      ADMIN: 'moderera servern (ges aldrig till en app)',
    },
    appBy: (app, owner) =>
      owner === null ? `${app}, av ett konto som inte längre finns` : `${app}, av ${owner}`,
    heading: (app) => `Låta ${app} använda ditt konto?`,
    asksTo: 'Appen vill:',
    sentBackTo: {
      web: (name) => `Du skickas sedan tillbaka till ${name}.`,
      device: (name) => `Du skickas sedan tillbaka till ett program på den här enheten (${name}).`,
      app: (name) => `Du skickas sedan tillbaka till appen ${name} på den här enheten.`,
    },
    about:
      'Godkänn bara en app du litar på. Den ser aldrig ditt lösenord, och den agerar åt dig tills du återkallar den under Anslutna appar på kontosidan.',
    approve: 'Godkänn',
    deny: 'Neka',
    signInFirst: 'Logga in eller skapa ett konto för att svara: du kommer tillbaka hit efteråt.',
    guest:
      'En gäst kan inte låta appar agera åt sig. Behåll ditt konto först (ett namn och ett lösenord) och godkänn sedan.',
    keepAccount: 'Behåll kontot',
    sending: 'Skickar dig tillbaka till appen…',
    problemHeading: 'Den här begäran kan inte godkännas',
    problemNowhere:
      'Länken som förde dig hit stämmer inte, så ingenting skickas någonstans. Gå tillbaka till appen och försök igen.',
    problemReturn: 'Appen har gjort fel i sin begäran. Du kan gå tillbaka och tala om det för den.',
    returnToApp: 'Tillbaka till appen',
  },
  ru: {
    scope: {
      GAME_READ: 'видеть ваши партии, события и профиль',
      GAME_PLAY: 'создавать партии, присоединяться к ним, играть и писать в чат от вашего имени',
      BOT_PLAY: 'играть от имени вашего аккаунта бота',
      ADMIN: 'модерировать сервер (приложениям не выдаётся никогда)',
    },
    appBy: (app, owner) => (owner === null ? `${app}, аккаунт автора удалён` : `${app}, автор: ${owner}`),
    heading: (app) => `Разрешить приложению ${app} пользоваться вашим аккаунтом?`,
    asksTo: 'Приложение просит разрешения:',
    sentBackTo: {
      web: (name) => `Затем вы вернётесь на ${name}.`,
      device: (name) => `Затем вы вернётесь в программу на этом устройстве (${name}).`,
      app: (name) => `Затем вы вернётесь в приложение ${name} на этом устройстве.`,
    },
    about:
      'Разрешайте доступ только приложениям, которым доверяете. Ваш пароль приложение не увидит, а действовать от вашего имени будет, пока вы не отзовёте доступ в разделе «Подключённые приложения» на странице аккаунта.',
    approve: 'Разрешить',
    deny: 'Отказать',
    signInFirst: 'Войдите или зарегистрируйтесь, чтобы ответить: затем вы вернётесь сюда.',
    guest:
      'Гость не может разрешать приложениям действовать от своего имени. Сначала сохраните аккаунт (имя и пароль), затем разрешите доступ.',
    keepAccount: 'Сохранить аккаунт',
    sending: 'Возвращаем вас в приложение…',
    problemHeading: 'Этот запрос нельзя одобрить',
    problemNowhere:
      'Ссылка, которая привела вас сюда, неверна, поэтому никуда ничего не отправляется. Вернитесь в приложение и попробуйте снова.',
    problemReturn: 'Приложение ошиблось в своём запросе. Вы можете вернуться и сообщить ему об этом.',
    returnToApp: 'Вернуться в приложение',
  },
});
