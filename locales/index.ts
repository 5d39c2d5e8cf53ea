/** The resources of every language, keyed by language code (C§1). */
import type { Language } from '../src/domain/language';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
// zh-CN's whole start-up tree: what its start-up code bundles and what its subpackage pages add
import { zhCN } from './subpackages';
import { zhTW } from './zh-TW';

/**
 * Complete locales: all five carry every key of the zh-CN source tree (docs/decisions.md, "Five complete languages", beyond
 * C§1's shell locales); en stays the fallback of a key a fetched copy could lack.
 */
export const COMPLETE_LANGUAGES: readonly Language[] = ['zh-CN', 'en', 'zh-TW', 'es', 'fr'];

/** The start-up messages of every language, under one `translation` tree each. */
export const resources = {
  'zh-CN': { translation: zhCN },
  en: { translation: en },
  'zh-TW': { translation: zhTW },
  es: { translation: es },
  fr: { translation: fr },
} as const satisfies Record<Language, { translation: object }>;

export type { LocaleMessages, SourceMessages, OrderStatusLabel } from './zh-CN';
export { zhCN };
