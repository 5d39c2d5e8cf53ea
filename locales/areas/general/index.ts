/**
 * The general area's texts in every language. The browser build and the tests add them all with the
 * pages (src/i18n/areas/general.ts); the mini programs carry only the default language (English too
 * in the overseas build) and receive the others with the start-up messages of user/messages, as they
 * do the rest of a language they do not carry (the main package's size).
 */
import type { Language } from '../../../src/domain/language';
import { general as zhCN } from './zh-CN';
import { general as en } from './en';
import { general as zhTW } from './zh-TW';
import { general as es } from './es';
import { general as fr } from './fr';

export const generalByLanguage: Record<Language, object> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr };
