/**
 * H5 messages (APP-4 start-up size): only the default language is in the start-up code; every other
 * language is its own async chunk, fetched when the customer's language is chosen (the switch
 * happens once it has arrived; the app waits for the start language before its first render).
 */
import type { DeepPartial } from '../../locales/deep-partial';
import type { LocaleMessages } from '../../locales';
import type { Language } from '../domain/language';
import { zhCN } from '../../locales/zh-CN';

export const bundledMessages: Partial<Record<Language, DeepPartial<LocaleMessages>>> = { 'zh-CN': zhCN };

/** Fetches the messages of a language as a separate chunk. */
export function fetchMessages(lang: Language): Promise<DeepPartial<LocaleMessages>> {
  switch (lang) {
    case 'en':
      return import(/* webpackChunkName: "locale-en" */ '../../locales/en').then((m) => m.en);
    case 'zh-TW':
      return import(/* webpackChunkName: "locale-zh-TW" */ '../../locales/zh-TW').then((m) => m.zhTW);
    case 'es':
      return import(/* webpackChunkName: "locale-es" */ '../../locales/es').then((m) => m.es);
    case 'fr':
      return import(/* webpackChunkName: "locale-fr" */ '../../locales/fr').then((m) => m.fr);
    default:
      return Promise.resolve(zhCN);
  }
}
