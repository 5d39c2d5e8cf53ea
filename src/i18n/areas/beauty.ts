/**
 * Adds the appointment texts (locales/areas/beauty) to the messages. Imported by the appointment card
 * and the service-user page, so the texts travel with them, not in the start-up code.
 */
import { addAreaMessages } from '../index';
import { beauty as zhCN } from '../../../locales/areas/beauty/zh-CN';
import { beauty as en } from '../../../locales/areas/beauty/en';
import { beauty as zhTW } from '../../../locales/areas/beauty/zh-TW';
import { beauty as es } from '../../../locales/areas/beauty/es';
import { beauty as fr } from '../../../locales/areas/beauty/fr';

addAreaMessages('beauty', { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr });
