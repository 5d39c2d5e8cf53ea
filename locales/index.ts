/** The resources of every language, keyed by language code (C§1). */
import type { Language } from '../src/domain/language';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { zhCN } from './zh-CN';
import { zhTW } from './zh-TW';

/** Complete locales; the others are shells that fall back to en (C§1). */
export const COMPLETE_LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

/** The start-up messages of every language, under one `translation` tree each. */
export const resources = {
  'zh-CN': { translation: zhCN },
  en: { translation: en },
  'zh-TW': { translation: zhTW },
  es: { translation: es },
  fr: { translation: fr },
} as const satisfies Record<Language, { translation: object }>;

export type { LocaleMessages, SourceMessages, OrderStatusLabel } from './zh-CN';
