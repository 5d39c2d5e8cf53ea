/**
 * The staff console's five message trees (console/src/i18n.ts reads them): the base tree of
 * ./<lang>.ts joined with the trees of each later part (./floor, ./availability, ./summary), each
 * typed against its own zh-CN source.
 */
import type { Language } from '../../src/domain/language';
import * as availability from './availability/zh-CN';
import { en as availabilityEn } from './availability/en';
import { es as availabilityEs } from './availability/es';
import { fr as availabilityFr } from './availability/fr';
import { zhTW as availabilityZhTW } from './availability/zh-TW';
import { en } from './en';
import { es } from './es';
import * as floor from './floor/zh-CN';
import { en as floorEn } from './floor/en';
import { es as floorEs } from './floor/es';
import { fr as floorFr } from './floor/fr';
import { zhTW as floorZhTW } from './floor/zh-TW';
import { fr } from './fr';
import * as summary from './summary/zh-CN';
import { en as summaryEn } from './summary/en';
import { es as summaryEs } from './summary/es';
import { fr as summaryFr } from './summary/fr';
import { zhTW as summaryZhTW } from './summary/zh-TW';
import { zhCN, type ConsoleMessages as BaseMessages } from './zh-CN';
import { zhTW } from './zh-TW';

export type ConsoleMessages = BaseMessages & floor.FloorMessages & availability.AvailabilityMessages & summary.SummaryMessages;

export const CONSOLE_MESSAGES: Readonly<Record<Language, ConsoleMessages>> = {
  'zh-CN': { ...zhCN, ...floor.zhCN, ...availability.zhCN, ...summary.zhCN },
  en: { ...en, ...floorEn, ...availabilityEn, ...summaryEn },
  'zh-TW': { ...zhTW, ...floorZhTW, ...availabilityZhTW, ...summaryZhTW },
  es: { ...es, ...floorEs, ...availabilityEs, ...summaryEs },
  fr: { ...fr, ...floorFr, ...availabilityFr, ...summaryFr },
};
