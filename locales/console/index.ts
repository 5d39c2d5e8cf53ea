/** The staff console's five message trees (console/src/i18n.ts reads them). */
import type { Language } from '../../src/domain/language';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { zhCN, type ConsoleMessages } from './zh-CN';
import { zhTW } from './zh-TW';

export type { ConsoleMessages } from './zh-CN';

export const CONSOLE_MESSAGES: Readonly<Record<Language, ConsoleMessages>> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr };
