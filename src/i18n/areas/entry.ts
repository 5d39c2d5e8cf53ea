/**
 * Adds the shop list texts of a launch without a shop (locales/areas/entry) to the messages. Imported by
 * store/list, so the texts travel in the store subpackage, not in the start-up code.
 */
import { addAreaMessages } from '../index';
import { entry as zhCN } from '../../../locales/areas/entry/zh-CN';
import { entry as en } from '../../../locales/areas/entry/en';
import { entry as zhTW } from '../../../locales/areas/entry/zh-TW';
import { entry as es } from '../../../locales/areas/entry/es';
import { entry as fr } from '../../../locales/areas/entry/fr';

addAreaMessages('entry', { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr });
