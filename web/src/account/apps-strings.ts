/**
 * The account page's apps (docs/api/apps-and-oauth.md) in English, Swedish and Russian: "Connected apps", the
 * apps a person lets act for them (connected-apps-section.tsx), and "Your apps", the apps a developer registered
 * (my-apps-section.tsx). What each scope lets an app do is web/src/oauth/strings.ts's, as the consent page says it.
 */
import { translations } from '../i18n';

/** An app's kind, as OAuthApp.confidential tells it (docs/api/apps-and-oauth.md#public-and-confidential-apps). */
export type AppKind = 'public' | 'confidential';

const en = {
  cancel: 'Cancel',
  connected: {
    heading: 'Connected apps',
    about:
      'Apps you let act for you, and what each may do. Revoking one ends its access at once, open connections included; it would have to ask you again.',
    none: 'No connected apps.',
    /** ConnectedApp.approvedAt: the newest approval of the app. */
    approvedAt: (when: string) => `approved ${when}`,
    lastUsed: (when: string) => `last used ${when}`,
    revoke: 'Revoke',
    revokeQuestion: (app: string) => `Revoke the access of ${app}?`,
    revokeAbout: 'Its tokens stop working at once. To use it again, you would approve it anew.',
    revokeYes: 'Revoke access',
  },
  mine: {
    heading: 'Your apps',
    about:
      'For developers: your own apps, which ask people for access with OAuth 2.0. A public app (a web page, or a program people run) has no secret and proves each request with PKCE; a confidential one (with a server) gets a client secret.',
    none: 'No apps registered.',
    name: 'Name',
    clientId: 'Client ID',
    redirectUris: 'Redirect URIs',
    redirectUrisHint:
      'One per line, at most 10: https://…, http://127.0.0.1/… (any port), or a scheme of your app such as com.example.app:/callback.',
    confidential: 'Confidential: it has a server that keeps a client secret',
    kind: { public: 'public', confidential: 'confidential' } satisfies Record<AppKind, string>,
    registeredAt: (when: string) => `registered ${when}`,
    disabled: (when: string) =>
      `Disabled by an operator ${when}: nobody can approve it, and every approval of it has ended.`,
    registerHeading: 'Register an app',
    register: 'Register app',
    registered: (name: string) => `“${name}” is registered: its client ID is in the list.`,
    secretLabel: (name: string) => `The client secret of “${name}”`,
    edit: 'Edit',
    save: 'Save',
    newSecret: 'New secret',
    newSecretQuestion: (name: string) => `Replace the client secret of “${name}”?`,
    newSecretAbout:
      'The old secret stops working at once: your server needs the new one to exchange codes and refresh tokens.',
    newSecretYes: 'Replace secret',
    remove: 'Delete',
    removeQuestion: (name: string) => `Delete “${name}”?`,
    removeAbout: 'Everyone who approved it loses it at once: its tokens stop working. This cannot be undone.',
    removeYes: 'Delete app',
  },
};

export const strings = translations(en, {
  sv: {
    cancel: 'Avbryt',
    connected: {
      heading: 'Anslutna appar',
      about:
        'Appar som du låter agera åt dig, och vad var och en får göra. Att återkalla en app avslutar dess åtkomst direkt, även öppna anslutningar; den måste då fråga dig igen.',
      none: 'Inga anslutna appar.',
      approvedAt: (when) => `godkänd ${when}`,
      lastUsed: (when) => `senast använd ${when}`,
      revoke: 'Återkalla',
      revokeQuestion: (app) => `Återkalla åtkomsten för ${app}?`,
      revokeAbout:
        'Dess token slutar fungera direkt. För att använda den igen måste du godkänna den på nytt.',
      revokeYes: 'Återkalla åtkomst',
    },
    mine: {
      heading: 'Dina appar',
      about:
        'För utvecklare: dina egna appar, som ber andra om åtkomst med OAuth 2.0. En publik app (en webbsida, eller ett program som folk kör) har ingen hemlighet och bevisar varje begäran med PKCE; en konfidentiell app (med en server) får en klienthemlighet.',
      none: 'Inga registrerade appar.',
      name: 'Namn',
      clientId: 'Klient-ID',
      redirectUris: 'Omdirigeringsadresser',
      redirectUrisHint:
        'En per rad, högst 10: https://…, http://127.0.0.1/… (valfri port), eller ett schema för din app som com.example.app:/callback.',
      confidential: 'Konfidentiell: den har en server som förvarar en klienthemlighet',
      kind: { public: 'publik', confidential: 'konfidentiell' },
      registeredAt: (when) => `registrerad ${when}`,
      disabled: (when) =>
        `Avstängd av en operatör ${when}: ingen kan godkänna den, och alla godkännanden av den har upphört.`,
      registerHeading: 'Registrera en app',
      register: 'Registrera app',
      registered: (name) => `”${name}” är registrerad: dess klient-ID finns i listan.`,
      secretLabel: (name) => `Klienthemligheten för ”${name}”`,
      edit: 'Ändra',
      save: 'Spara',
      newSecret: 'Ny hemlighet',
      newSecretQuestion: (name) => `Byta klienthemligheten för ”${name}”?`,
      newSecretAbout:
        'Den gamla hemligheten slutar fungera direkt: din server behöver den nya för att byta koder och förnya token.',
      newSecretYes: 'Byt hemlighet',
      remove: 'Ta bort',
      removeQuestion: (name) => `Ta bort ”${name}”?`,
      removeAbout:
        'Alla som godkänt den förlorar den direkt: dess token slutar fungera. Det går inte att ångra.',
      removeYes: 'Ta bort appen',
    },
  },
  ru: {
    cancel: 'Отмена',
    connected: {
      heading: 'Подключённые приложения',
      about:
        'Приложения, которым вы разрешили действовать от вашего имени, и что каждому из них можно. Отзыв доступа прекращает его сразу, в том числе на открытых соединениях; приложению придётся снова спросить вас.',
      none: 'Подключённых приложений нет.',
      approvedAt: (when) => `доступ разрешён ${when}`,
      lastUsed: (when) => `последнее использование ${when}`,
      revoke: 'Отозвать',
      revokeQuestion: (app) => `Отозвать доступ приложения ${app}?`,
      revokeAbout:
        'Его токены сразу перестанут работать. Чтобы пользоваться им снова, придётся заново разрешить доступ.',
      revokeYes: 'Отозвать доступ',
    },
    mine: {
      heading: 'Ваши приложения',
      about:
        'Для разработчиков: ваши собственные приложения, которые просят у людей доступ по OAuth 2.0. Публичное приложение (веб-страница или программа, которую запускают люди) не имеет секрета и подтверждает каждый запрос через PKCE; конфиденциальное (со своим сервером) получает секрет клиента.',
      none: 'Зарегистрированных приложений нет.',
      name: 'Название',
      clientId: 'ID клиента',
      redirectUris: 'Адреса перенаправления',
      redirectUrisHint:
        'По одному в строке, не больше 10: https://…, http://127.0.0.1/… (любой порт) или схема вашего приложения, например com.example.app:/callback.',
      confidential: 'Конфиденциальное: у него есть сервер, который хранит секрет клиента',
      kind: { public: 'публичное', confidential: 'конфиденциальное' },
      registeredAt: (when) => `зарегистрировано ${when}`,
      disabled: (when) =>
        `Отключено оператором ${when}: никто не может разрешить ему доступ, и все выданные разрешения прекращены.`,
      registerHeading: 'Регистрация приложения',
      register: 'Зарегистрировать приложение',
      registered: (name) => `«${name}» зарегистрировано: его ID клиента — в списке.`,
      secretLabel: (name) => `Секрет клиента «${name}»`,
      edit: 'Изменить',
      save: 'Сохранить',
      newSecret: 'Новый секрет',
      newSecretQuestion: (name) => `Заменить секрет клиента «${name}»?`,
      newSecretAbout:
        'Старый секрет сразу перестанет работать: вашему серверу нужен новый, чтобы обменивать коды и обновлять токены.',
      newSecretYes: 'Заменить секрет',
      remove: 'Удалить',
      removeQuestion: (name) => `Удалить «${name}»?`,
      removeAbout:
        'Все, кто разрешил ему доступ, сразу его теряют: его токены перестают работать. Это нельзя отменить.',
      removeYes: 'Удалить приложение',
    },
  },
});
