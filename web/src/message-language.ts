/** The page's languages (web/src/i18n.ts) as the API names the language of messages and pushes (MessageLanguage). */
import type { MessageLanguage } from './generated/graphql';
import type { Language } from './i18n';

export const MESSAGE_LANGUAGE = { en: 'EN', sv: 'SV', ru: 'RU' } as const satisfies Record<
  Language,
  MessageLanguage
>;
