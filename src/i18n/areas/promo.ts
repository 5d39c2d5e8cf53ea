/**
 * Adds the promotions texts (locales/areas/promo) to the messages. Imported by the pages of the area, so
 * the texts travel in their subpackage, not in the start-up code.
 */
import { addAreaMessages } from '../index';
import { promo as zhCN } from '../../../locales/areas/promo/zh-CN';
import { promo as en } from '../../../locales/areas/promo/en';
import { promo as zhTW } from '../../../locales/areas/promo/zh-TW';
import { promo as es } from '../../../locales/areas/promo/es';
import { promo as fr } from '../../../locales/areas/promo/fr';

addAreaMessages('promo', { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr });
