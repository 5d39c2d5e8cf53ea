/**
 * Where the messages come from: here (the tests and the server's node) every language is bundled,
 * so a language switch is synchronous (C§1). The H5 build resolves `message-catalog.h5.ts` (the default
 * language, the others as chunks) and the mini programs `message-catalog.weapp.ts` / `message-catalog.alipay.ts`
 * (the default language, the others fetched from the server and kept on the device).
 */
import { resources } from '../../locales';
import type { DeepPartial } from '../../locales/deep-partial';
import type { LocaleMessages } from '../../locales';
import type { Language } from '../domain/language';

/** The languages whose messages are part of the start-up code. */
export const bundledMessages: Partial<Record<Language, DeepPartial<LocaleMessages>>> = {
  'zh-CN': resources['zh-CN'].translation,
  en: resources.en.translation,
  'zh-TW': resources['zh-TW'].translation,
  es: resources.es.translation,
  fr: resources.fr.translation,
};

/** Fetches the messages of a language that is not bundled (never called here: all are). */
export function fetchMessages(lang: Language): Promise<DeepPartial<LocaleMessages>> {
  return Promise.resolve(resources[lang].translation);
}
