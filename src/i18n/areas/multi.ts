/**
 * Adds the multi-shop order texts (locales/areas/multi) to the messages. Imported by the multi pages and
 * the cart's entry, so the texts travel with them, not in the start-up code.
 */
import { addAreaMessages } from '../index';
import { multi as zhCN } from '../../../locales/areas/multi/zh-CN';
import { multi as en } from '../../../locales/areas/multi/en';
import { multi as zhTW } from '../../../locales/areas/multi/zh-TW';
import { multi as es } from '../../../locales/areas/multi/es';
import { multi as fr } from '../../../locales/areas/multi/fr';

addAreaMessages('multi', { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr });
