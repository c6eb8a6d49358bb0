/**
 * The texts of a forgotten password's two pages (web/src/recovery/) in English, Swedish and Russian
 * (web/src/i18n.ts). They promise what the API does (docs/api/players-and-accounts.md#requestpasswordreset, #resetpassword): the
 * answer to a request is the same whether or not the account has an address, a link works for an hour, once, and a
 * new password ends every session and API token of the account.
 */
import { translations } from '../i18n';

const en = {
  forgotHeading: 'Forgot your password?',
  forgotAbout:
    'Give your username: if the account has a verified e-mail address, a link to choose a new password is mailed to it.',
  send: 'Mail me a link',
  sent: 'If the account has a verified e-mail address, a link is on its way. It works for an hour.',
  noAddress:
    'No verified address on the account? Then nobody can send you one: an account without an address cannot be recovered.',
  backToSignIn: 'Back to sign in',
  resetHeading: 'Choose a new password',
  resetAbout: 'Every session and API token of the account ends with it: you sign in again everywhere.',
  newPassword: 'New password',
  submit: 'Set the new password',
  done: 'Your password is changed. Sign in with your new password.',
  signIn: 'Sign in',
  noToken: 'This page needs the link from the mail, whole: open it from the mail again.',
  badLink: 'This link no longer works: it expired (after an hour), was used, or a newer one replaced it.',
  askAgain: 'Ask for a new link',
};

export const strings = translations(en, {
  sv: {
    forgotHeading: 'Glömt ditt lösenord?',
    forgotAbout:
      'Ange ditt användarnamn: om kontot har en bekräftad e-postadress mejlas en länk dit där du väljer ett nytt lösenord.',
    send: 'Mejla mig en länk',
    sent: 'Om kontot har en bekräftad e-postadress är en länk på väg. Den fungerar i en timme.',
    noAddress:
      'Ingen bekräftad adress på kontot? Då kan ingen skicka dig någon länk: ett konto utan adress kan inte återställas.',
    backToSignIn: 'Tillbaka till inloggningen',
    resetHeading: 'Välj ett nytt lösenord',
    resetAbout: 'Alla sessioner och API-nycklar för kontot upphör samtidigt: du loggar in igen överallt.',
    newPassword: 'Nytt lösenord',
    submit: 'Spara det nya lösenordet',
    done: 'Lösenordet är bytt. Logga in med ditt nya lösenord.',
    signIn: 'Logga in',
    noToken: 'Sidan behöver hela länken från brevet: öppna den från brevet igen.',
    badLink:
      'Länken fungerar inte längre: den har gått ut (efter en timme), använts, eller ersatts av en nyare.',
    askAgain: 'Be om en ny länk',
  },
  ru: {
    forgotHeading: 'Забыли пароль?',
    forgotAbout:
      'Укажите имя пользователя: если у аккаунта есть подтверждённый адрес электронной почты, на него придёт ссылка для выбора нового пароля.',
    send: 'Прислать ссылку',
    sent: 'Если у аккаунта есть подтверждённый адрес электронной почты, ссылка уже в пути. Она действует час.',
    noAddress:
      'У аккаунта нет подтверждённого адреса? Тогда прислать ссылку некуда: аккаунт без адреса восстановить нельзя.',
    backToSignIn: 'Вернуться ко входу',
    resetHeading: 'Новый пароль',
    resetAbout: 'Вместе с ним завершаются все сеансы и API-токены аккаунта: войдите заново везде.',
    newPassword: 'Новый пароль',
    submit: 'Сохранить новый пароль',
    done: 'Пароль изменён. Войдите с новым паролем.',
    signIn: 'Войти',
    noToken: 'Этой странице нужна ссылка из письма целиком: откройте её из письма ещё раз.',
    badLink:
      'Ссылка больше не действует: истёк её срок (час), она уже использована или её заменила более новая.',
    askAgain: 'Запросить новую ссылку',
  },
});
