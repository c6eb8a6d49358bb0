/**
 * The texts of third-party apps (docs/api/apps-and-oauth.md) in the three languages: the consent page at
 * /oauth/authorize, and what each scope lets an app do, which the account page's "Connected apps" says too.
 * What a scope allows is said as docs/api/apps-and-oauth.md#scopes says it, so the page promises nothing more.
 */
import { translations } from '../i18n';
import type { OAuthProblemReason, TokenScope } from '../generated/graphql';
import type { PlaysAs, DestinationKind } from './request';

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
  /** SCOPE_NOT_FOR_THIS_ACCOUNT: the request is right, the account cannot hold it; going back is a refusal. */
  problemDeclined: 'Nothing is approved. Going back tells the app that you did not approve it.',
  /**
   * Why the request cannot be approved (OAuthAuthorizationProblem.reason, docs/schema.graphql), for the person: the
   * server's English message follows as the technical detail.
   */
  reason: {
    UNKNOWN_APP: 'This app is unknown, or it was disabled.',
    REDIRECT_URI_MISSING: 'The link does not say where to send you back.',
    REDIRECT_URI_NOT_REGISTERED: 'The link would send you back to an address this app never registered.',
    STATE_INVALID: 'The app left out a check that its answer needs to reach it safely.',
    RESPONSE_TYPE_UNSUPPORTED: 'The app asks for a kind of answer this server does not give.',
    SCOPE_INVALID: 'The app asks for no permission, or for one that does not exist or that no app may have.',
    PKCE_REQUIRED: 'The app sent a request this server cannot accept safely.',
    PKCE_METHOD_NOT_S256: 'The app sent a request this server cannot accept safely.',
    PKCE_CHALLENGE_MALFORMED: 'The app sent a request this server cannot accept safely.',
    PKCE_METHOD_WITHOUT_CHALLENGE: 'The app sent a request this server cannot accept safely.',
    SCOPE_NOT_FOR_THIS_ACCOUNT: 'Your account cannot give this app what it asks for.',
  } satisfies Record<OAuthProblemReason, string>,
  /** SCOPE_NOT_FOR_THIS_ACCOUNT said exactly, by what the request asks to play as (playsAs in request.ts). */
  notForThisAccount: {
    bot: 'This app asks to play as a bot account; your account is a person’s.',
    person: 'This app asks to play as a person; your account is a bot account, which plays only as a bot.',
    both: 'This app asks to play both as a person and as a bot account; no account can be both.',
  } satisfies Record<PlaysAs, string>,
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
    problemDeclined: 'Ingenting godkänns. Går du tillbaka får appen veta att du inte godkände den.',
    reason: {
      UNKNOWN_APP: 'Appen är okänd, eller så har den stängts av.',
      REDIRECT_URI_MISSING: 'Länken säger inte vart du ska skickas tillbaka.',
      REDIRECT_URI_NOT_REGISTERED:
        'Länken skulle skicka dig tillbaka till en adress som appen aldrig har registrerat.',
      STATE_INVALID: 'Appen utelämnade en kontroll som svaret behöver för att nå den säkert.',
      RESPONSE_TYPE_UNSUPPORTED: 'Appen ber om en sorts svar som den här servern inte ger.',
      SCOPE_INVALID:
        'Appen ber inte om någon behörighet, eller om en som inte finns eller som ingen app får ha.',
      PKCE_REQUIRED: 'Appen skickade en begäran som den här servern inte kan ta emot på ett säkert sätt.',
      PKCE_METHOD_NOT_S256:
        'Appen skickade en begäran som den här servern inte kan ta emot på ett säkert sätt.',
      PKCE_CHALLENGE_MALFORMED:
        'Appen skickade en begäran som den här servern inte kan ta emot på ett säkert sätt.',
      PKCE_METHOD_WITHOUT_CHALLENGE:
        'Appen skickade en begäran som den här servern inte kan ta emot på ett säkert sätt.',
      SCOPE_NOT_FOR_THIS_ACCOUNT: 'Ditt konto kan inte ge appen det den ber om.',
    },
    notForThisAccount: {
      bot: 'Appen vill spela som ett botkonto; ditt konto tillhör en person.',
      person: 'Appen vill spela som en person; ditt konto är ett botkonto, som bara spelar som bot.',
      both: 'Appen vill spela både som en person och som ett botkonto; inget konto kan vara båda.',
    },
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
    problemDeclined: 'Ничего не разрешено. Если вы вернётесь, приложение узнает, что вы не дали доступ.',
    reason: {
      UNKNOWN_APP: 'Это приложение неизвестно или отключено.',
      REDIRECT_URI_MISSING: 'В ссылке не сказано, куда вас вернуть.',
      REDIRECT_URI_NOT_REGISTERED: 'Ссылка вернула бы вас по адресу, который приложение не регистрировало.',
      STATE_INVALID:
        'Приложение не передало проверочное значение, без которого ответ не дойдёт до него безопасно.',
      RESPONSE_TYPE_UNSUPPORTED: 'Приложение просит ответ такого вида, какого этот сервер не даёт.',
      SCOPE_INVALID:
        'Приложение не просит никаких разрешений или просит такие, которых нет или которые приложениям не выдаются.',
      PKCE_REQUIRED: 'Приложение прислало запрос, который этот сервер не может безопасно принять.',
      PKCE_METHOD_NOT_S256: 'Приложение прислало запрос, который этот сервер не может безопасно принять.',
      PKCE_CHALLENGE_MALFORMED: 'Приложение прислало запрос, который этот сервер не может безопасно принять.',
      PKCE_METHOD_WITHOUT_CHALLENGE:
        'Приложение прислало запрос, который этот сервер не может безопасно принять.',
      SCOPE_NOT_FOR_THIS_ACCOUNT: 'Ваш аккаунт не может дать приложению то, что оно просит.',
    },
    notForThisAccount: {
      bot: 'Приложение хочет играть от имени аккаунта бота, а ваш аккаунт — аккаунт человека.',
      person:
        'Приложение хочет играть от имени человека, а ваш аккаунт — аккаунт бота, который играет только как бот.',
      both: 'Приложение хочет играть и как человек, и как бот; ни один аккаунт не может быть и тем и другим.',
    },
    returnToApp: 'Вернуться в приложение',
  },
});
